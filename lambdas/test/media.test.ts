import { randomUUID } from 'node:crypto';
import { HeadObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { describe, expect, it } from 'vitest';
import { imageKeys, MEDIA_LIMITS, mediaKeys, type Image, type MediaItem } from '@agency/shared';
import { DynamoMediaRepository } from '../src/modules/media/adapters/media-repository';
import type { MediaRecord } from '../src/modules/media/domain/ports';
import { expireUploads } from '../src/local/jobs/upload-expiry-job';
import { allowBrowserUploads } from '../src/local/provisioning/provision';
import { LOCAL_CREDENTIALS, LOCAL_REGION } from '../src/local/stand-ins/credentials';
import type { TestStack } from './harness';
import { stackForFile } from './stack-for-file';
import { PNG_1PX, PNG_POLYGLOT } from './support/images';
import { photoJpeg } from './support/photos';

let stack: TestStack;
let token = '';
stackForFile((started) => ({ stack, token } = started), { signInAdmin: true });

interface UploadForm {
  id: string;
  url: string;
  fields: Record<string, string>;
  expires_at: string;
}

async function presign(filename: string, contentType: string, size: number): Promise<UploadForm> {
  const res = await stack.invoke('createUpload', {
    token,
    json: { filename, content_type: contentType, size },
  });
  expect(res.status, res.body).toBe(201);
  return (res.json as { data: UploadForm }).data;
}

/** POST the form to the bucket over HTTP, fields then the file, as a browser does. */
async function post(
  form: Pick<UploadForm, 'url' | 'fields'>,
  bytes: Buffer,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: string; headers: Headers }> {
  const data = new FormData();
  for (const [k, v] of Object.entries(form.fields)) data.append(k, v);
  data.append('file', new Blob([bytes]), 'upload');
  const res = await fetch(form.url, { method: 'POST', body: data, headers });
  return { status: res.status, body: await res.text(), headers: res.headers };
}

async function exists(key: string): Promise<boolean> {
  try {
    await stack.clients.s3.send(
      new HeadObjectCommand({ Bucket: stack.env.MEDIA_BUCKET, Key: key }),
    );
    return true;
  } catch {
    return false;
  }
}

const errorOf = (json: unknown) => (json as { error: string }).error;
const confirm = (id: string) => stack.invoke('confirmUpload', { token, json: { id } });

describe('createUpload', () => {
  it('gives a form for uploads/<id> that expires in five minutes and fixes type and file name', async () => {
    const before = Date.now();
    const form = await presign('holiday photo.png', 'image/png', 1000);
    expect(form.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(form.url).toBe(`${stack.env.AWS_ENDPOINT_URL_S3}/${stack.env.MEDIA_BUCKET}`);
    expect(form.fields.key).toBe(mediaKeys.upload(form.id));
    expect(form.fields['Content-Type']).toBe('image/png');
    expect(form.fields['x-amz-meta-filename']).toBe('holiday%20photo.png');
    const expires = Date.parse(form.expires_at) - before;
    expect(expires).toBeGreaterThan(MEDIA_LIMITS.uploadSeconds * 1000 - 5000);
    expect(expires).toBeLessThanOrEqual(MEDIA_LIMITS.uploadSeconds * 1000 + 1000);
    const policy = JSON.parse(Buffer.from(form.fields.Policy ?? '', 'base64').toString()) as {
      conditions: unknown[];
    };
    expect(policy.conditions).toContainEqual(['content-length-range', 1, MEDIA_LIMITS.maxBytes]);
    expect(policy.conditions).toContainEqual(['eq', '$Content-Type', 'image/png']);
    expect(policy.conditions).toContainEqual({ key: mediaKeys.upload(form.id) });
    expect(policy.conditions).toContainEqual({ bucket: stack.env.MEDIA_BUCKET });
  });

  it('refuses a file announced larger than 20 MB with 413 naming it, and a type not accepted with 400', async () => {
    const big = await stack.invoke('createUpload', {
      token,
      json: { filename: 'huge.jpg', content_type: 'image/jpeg', size: MEDIA_LIMITS.maxBytes + 1 },
    });
    expect(big.status).toBe(413);
    expect(errorOf(big.json)).toBe('file huge.jpg: must be at most 20 MB');
    const heic = await stack.invoke('createUpload', {
      token,
      json: { filename: 'photo.heic', content_type: 'image/heic', size: 100 },
    });
    expect(heic.status).toBe(400);
    expect(errorOf(heic.json)).toMatch(/^content_type: must be a JPEG, PNG, WebP, GIF or AVIF/);
  });
});

describe('the bucket enforces the form as S3 does', () => {
  it('stores an upload that follows the form, with its type and file name', async () => {
    const form = await presign('tiny.png', 'image/png', PNG_1PX.length);
    const res = await post(form, PNG_1PX);
    expect(res.status, res.body).toBe(204);
    const head = await stack.clients.s3.send(
      new HeadObjectCommand({ Bucket: stack.env.MEDIA_BUCKET, Key: mediaKeys.upload(form.id) }),
    );
    expect(head.ContentLength).toBe(PNG_1PX.length);
    expect(head.ContentType).toBe('image/png');
    expect(head.Metadata?.filename).toBe('tiny.png');
  });

  it('refuses a form for one id writing another key (someone else’s upload)', async () => {
    const mine = await presign('a.png', 'image/png', PNG_1PX.length);
    const theirs = randomUUID();
    const res = await post(
      { url: mine.url, fields: { ...mine.fields, key: mediaKeys.upload(theirs) } },
      PNG_1PX,
    );
    expect(res.status).toBe(403);
    expect(res.body).toContain('<Code>AccessDenied</Code>');
    expect(res.body).toContain(
      `Invalid according to Policy: Policy Condition failed: ["eq", "$key", "${mediaKeys.upload(mine.id)}"]`,
    );
    expect(await exists(mediaKeys.upload(theirs))).toBe(false);
    expect(await exists(mediaKeys.upload(mine.id))).toBe(false);
  });

  it('refuses another type, another file name, an extra field and a forged signature', async () => {
    const form = await presign('a.png', 'image/png', PNG_1PX.length);
    const cases: [Record<string, string>, number, string][] = [
      [
        { 'Content-Type': 'text/html' },
        403,
        'Policy Condition failed: ["eq", "$Content-Type", "image/png"]',
      ],
      [{ 'x-amz-meta-filename': 'b.png' }, 403, 'Policy Condition failed'],
      [{ 'x-amz-meta-evil': '1' }, 403, 'Extra input fields: x-amz-meta-evil'],
      [{ 'X-Amz-Signature': '0'.repeat(64) }, 403, '<Code>SignatureDoesNotMatch</Code>'],
      [
        {
          Policy: Buffer.from('{"expiration":"2999-01-01T00:00:00Z","conditions":[]}').toString(
            'base64',
          ),
        },
        403,
        '<Code>SignatureDoesNotMatch</Code>',
      ],
    ];
    for (const [change, status, text] of cases) {
      const res = await post({ url: form.url, fields: { ...form.fields, ...change } }, PNG_1PX);
      expect(res.status, JSON.stringify(change)).toBe(status);
      expect(res.body, JSON.stringify(change)).toContain(text);
    }
    expect(await exists(mediaKeys.upload(form.id))).toBe(false);
  });

  it('refuses more than 20 MB and an empty file with S3’s size errors', async () => {
    const form = await presign('big.jpg', 'image/jpeg', MEDIA_LIMITS.maxBytes);
    const tooBig = await post(form, Buffer.alloc(MEDIA_LIMITS.maxBytes + 1, 0xff));
    expect(tooBig.status).toBe(400);
    expect(tooBig.body).toContain('<Code>EntityTooLarge</Code>');
    expect(tooBig.body).toContain(`<MaxSizeAllowed>${MEDIA_LIMITS.maxBytes}</MaxSizeAllowed>`);
    const empty = await post(form, Buffer.alloc(0));
    expect(empty.status).toBe(400);
    expect(empty.body).toContain('<Code>EntityTooSmall</Code>');
    expect(await exists(mediaKeys.upload(form.id))).toBe(false);
  });

  it('refuses a form once it has expired', async () => {
    // A form signed as if ten minutes ago: valid signature, expiration five minutes past.
    const { createPresignedPost } = await import('@aws-sdk/s3-presigned-post');
    const client = new S3Client({
      region: LOCAL_REGION,
      credentials: LOCAL_CREDENTIALS,
      endpoint: stack.env.AWS_ENDPOINT_URL_S3,
      forcePathStyle: true,
      systemClockOffset: -10 * 60 * 1000,
    });
    const key = mediaKeys.upload(randomUUID());
    const form = await createPresignedPost(client, {
      Bucket: stack.env.MEDIA_BUCKET,
      Key: key,
      Expires: MEDIA_LIMITS.uploadSeconds,
    });
    client.destroy();
    const res = await post(form, PNG_1PX);
    expect(res.status).toBe(403);
    expect(res.body).toContain('Invalid according to Policy: Policy expired.');
    expect(await exists(key)).toBe(false);
  });

  it('lets the site’s origin POST across origins (CORS), and only it', async () => {
    const origin = 'http://localhost:3999';
    await allowBrowserUploads({ s3: stack.env.AWS_ENDPOINT_URL_S3 }, [origin]);
    const url = `${stack.env.AWS_ENDPOINT_URL_S3}/${stack.env.MEDIA_BUCKET}`;
    const preflight = (from: string) =>
      fetch(url, {
        method: 'OPTIONS',
        headers: { origin: from, 'access-control-request-method': 'POST' },
      });
    const allowed = await preflight(origin);
    expect(allowed.status).toBe(200);
    expect(allowed.headers.get('access-control-allow-methods')).toContain('POST');
    expect((await preflight('https://evil.example')).status).toBe(403);

    const form = await presign('cors.png', 'image/png', PNG_1PX.length);
    const ok = await post(form, PNG_1PX, { origin });
    expect(ok.status).toBe(204);
    expect(ok.headers.get('access-control-allow-origin')).toBeTruthy();
    // A refusal is readable by the page too, so the admin can say why.
    const refused = await post(form, Buffer.alloc(0), { origin });
    expect(refused.status).toBe(400);
    expect(refused.headers.get('access-control-allow-origin')).toBeTruthy();
  });
});

describe('the whole flow, with the real image function', () => {
  it('presign → multipart POST to the bucket → confirm → listed, variants made, upload gone; delete removes every object', async () => {
    const photo = await photoJpeg({ width: 2000, height: 1500, seed: 13 });
    const form = await presign('Sommer am See.jpg', 'image/jpeg', photo.length);
    expect((await post(form, photo)).status).toBe(204);

    const confirmed = await confirm(form.id);
    expect(confirmed.status, confirmed.body).toBe(201);
    const item = (confirmed.json as { data: MediaItem }).data;
    expect(item).toMatchObject({
      id: form.id,
      width: 2000,
      height: 1500,
      format: 'jpg',
      filename: 'Sommer am See.jpg',
      bytes: photo.length,
      created_by: expect.any(String),
      used_by: [],
      src: `/media/images/${form.id}/original.jpg`,
    });
    expect(item.placeholder).toMatch(/^data:image\/webp;base64,/);
    for (const key of imageKeys(item)) expect(await exists(key), key).toBe(true);
    expect(await exists(mediaKeys.upload(form.id))).toBe(false);

    // Confirming again (a retried request) answers the same image.
    const again = await confirm(form.id);
    expect(again.status).toBe(201);
    expect((again.json as { data: MediaItem }).data.id).toBe(form.id);

    const list = await stack.invoke('listMedia', { token, query: { page: 1 } });
    const listed = (list.json as { results: MediaItem[] }).results;
    expect(listed[0]).toEqual(item);

    const deleted = await stack.invoke('deleteMedia', { token, json: { id: form.id } });
    expect(deleted.status).toBe(200);
    for (const key of imageKeys(item)) expect(await exists(key), key).toBe(false);
  });
});

describe('confirmUpload refusals', () => {
  it('refuses text claimed as a PNG with 415 naming the file, and deletes it', async () => {
    const form = await presign('notes.png', 'image/png', 20);
    expect((await post(form, Buffer.from('just some text, honest'))).status).toBe(204);
    const res = await confirm(form.id);
    expect(res.status).toBe(415);
    expect(errorOf(res.json)).toBe('file notes.png: must be a JPEG, PNG, WebP, GIF or AVIF image');
    expect(await exists(mediaKeys.upload(form.id))).toBe(false);
  });

  it('refuses an image/script polyglot with 415 and deletes it', async () => {
    const form = await presign('poly.png', 'image/png', PNG_POLYGLOT.length);
    expect((await post(form, PNG_POLYGLOT)).status).toBe(204);
    const res = await confirm(form.id);
    expect(res.status).toBe(415);
    expect(errorOf(res.json)).toMatch(/^file poly\.png: /);
    expect(await exists(mediaKeys.upload(form.id))).toBe(false);
  });

  it('refuses an object over 20 MB put there some other way with 413, and deletes it', async () => {
    const id = randomUUID();
    const bytes = Buffer.alloc(MEDIA_LIMITS.maxBytes + 1);
    PNG_1PX.copy(bytes);
    await stack.clients.s3.send(
      new PutObjectCommand({
        Bucket: stack.env.MEDIA_BUCKET,
        Key: mediaKeys.upload(id),
        Body: bytes,
        ContentType: 'image/png',
      }),
    );
    const res = await confirm(id);
    expect(res.status).toBe(413);
    expect(errorOf(res.json)).toBe(`file ${id}: must be at most 20 MB`);
    expect(await exists(mediaKeys.upload(id))).toBe(false);
  });

  it('answers 404 for an id never issued, and 400 for something that is not an id', async () => {
    const res = await confirm(randomUUID());
    expect(res.status).toBe(404);
    const bad = await confirm('../images/x');
    expect(bad.status).toBe(400);
    expect(errorOf(bad.json)).toMatch(/^id: /);
  });
});

describe('unconfirmed uploads', () => {
  it('are deleted by the expiry job once a day old, and not before', async () => {
    const form = await presign('left.png', 'image/png', PNG_1PX.length);
    expect((await post(form, PNG_1PX)).status).toBe(204);
    const key = mediaKeys.upload(form.id);
    const job = { s3: stack.clients.s3, bucket: stack.env.MEDIA_BUCKET };
    expect((await expireUploads(job)).deleted).not.toContain(key);
    expect(await exists(key)).toBe(true);
    const dayLater = new Date(Date.now() + MEDIA_LIMITS.unconfirmedDays * 86_400_000 + 60_000);
    expect((await expireUploads({ ...job, now: dayLater })).deleted).toContain(key);
    expect(await exists(key)).toBe(false);
  });
});

/** A processed image as the image function leaves it: a record and every object of its keys. */
async function seedImage(filename: string, createdAt: string): Promise<MediaRecord> {
  const image: Image = {
    id: randomUUID(),
    width: 1000,
    height: 500,
    format: 'jpg',
    placeholder: 'data:image/webp;base64,AAAA',
  };
  for (const Key of imageKeys(image))
    await stack.clients.s3.send(
      new PutObjectCommand({ Bucket: stack.env.MEDIA_BUCKET, Key, Body: Buffer.from(Key) }),
    );
  const record: MediaRecord = {
    ...image,
    filename,
    bytes: 1234,
    created_at: createdAt,
    created_by: 'admin',
    used_by: [],
  };
  expect(await new DynamoMediaRepository().put(record)).toBe(true);
  return record;
}

describe('listMedia and deleteMedia', () => {
  it('lists images newest first with where each is used, and deletes only unused ones', async () => {
    const older = await seedImage('older.jpg', '2026-01-01T00:00:00.000Z');
    const newer = await seedImage('newer.jpg', '2026-02-01T00:00:00.000Z');
    const created = await stack.invoke('createPost', {
      token,
      multipart: { title: 'Uses the image', slug: 'uses-the-image', content: '<p>x</p>' },
    });
    expect(created.status).toBe(201);
    const postId = (created.json as { data: { id: number } }).data.id;
    expect(await new DynamoMediaRepository().claim(older.id, postId)).toBe(true);

    const list = await stack.invoke('listMedia', { token, query: { page: 1 } });
    expect(list.status).toBe(200);
    expect(list.headers['cache-control']).toContain('no-store');
    const results = (list.json as { results: MediaItem[] }).results;
    const ours = results.filter((r) => r.id === older.id || r.id === newer.id);
    expect(ours.map((r) => r.filename)).toEqual(['newer.jpg', 'older.jpg']);
    expect(ours[1]).toMatchObject({
      src: `/media/images/${older.id}/original.jpg`,
      width: 1000,
      height: 500,
      bytes: 1234,
      used_by: [{ id: postId, title: 'Uses the image', slug: 'uses-the-image' }],
    });
    expect(ours[0]?.used_by).toEqual([]);

    const refused = await stack.invoke('deleteMedia', { token, json: { id: older.id } });
    expect(refused.status).toBe(409);
    expect(errorOf(refused.json)).toContain('“Uses the image”');
    for (const key of imageKeys(older)) expect(await exists(key), key).toBe(true);

    const deleted = await stack.invoke('deleteMedia', { token, json: { id: newer.id } });
    expect(deleted.status, deleted.body).toBe(200);
    for (const key of imageKeys(newer)) expect(await exists(key), key).toBe(false);
    const again = await stack.invoke('deleteMedia', { token, json: { id: newer.id } });
    expect(again.status).toBe(404);
  });

  it('pages the library with links to the neighbouring pages', async () => {
    for (let i = 0; i < 25; i++)
      await seedImage(`page-${i}.jpg`, `2025-01-01T00:00:${String(i).padStart(2, '0')}.000Z`);
    const first = await stack.invoke('listMedia', { token, query: { page: 1 } });
    const page1 = first.json as { results: MediaItem[]; next: string | null; previous: null };
    expect(page1.results).toHaveLength(24);
    expect(page1.next).toBe('/api/user/media/list?page=2');
    expect(page1.previous).toBeNull();
    const second = await stack.invoke('listMedia', { token, query: { page: 2 } });
    const page2 = second.json as { results: MediaItem[]; previous: string | null };
    expect(page2.previous).toBe('/api/user/media/list?page=1');
    const seen = new Set([...page1.results, ...page2.results].map((r) => r.id));
    expect(seen.size).toBe(page1.results.length + page2.results.length);
  });
});

describe('only administrators', () => {
  it('get 401 without a token and 403 as a signed-in non-admin, on all four operations', async () => {
    const userToken = await stack.userToken();
    const id = randomUUID();
    const calls = [
      ['createUpload', { json: { filename: 'a.png', content_type: 'image/png', size: 10 } }],
      ['confirmUpload', { json: { id } }],
      ['listMedia', { query: { page: 1 } }],
      ['deleteMedia', { json: { id } }],
    ] as const;
    for (const [name, input] of calls) {
      const anonymous = await stack.invoke(name, input);
      expect(anonymous.status, name).toBe(401);
      const user = await stack.invoke(name, { ...input, token: userToken });
      expect(user.status, name).toBe(403);
    }
  });
});
