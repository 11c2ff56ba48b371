import type { Server } from 'node:http';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { HeadObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imageKeys, mediaKeys, type MediaItem } from '@agency/shared';
import { LambdaImageProcessor } from '../../src/modules/media/adapters/image-processor';
import { DynamoMediaRepository } from '../../src/modules/media/adapters/media-repository';
import { createLocalServer } from '../../src/local/edge-server/server';
import type { TestStack } from '../harness';
import { stackForFile } from '../stack-for-file';
import { photoJpeg } from '../support/photos';

/**
 * Probe 9 of the security review: a presigned form stays valid for five minutes, so whoever holds
 * it can post other bytes to the same key after the image was confirmed. What `/media/` serves
 * (cached immutable for a year) must stay the image that was checked and registered.
 */
let stack: TestStack;
let token = '';
stackForFile((started) => ({ stack, token } = started), { signInAdmin: true });

let edge: Server;
let base = '';
let dir = '';
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'upload-swap-'));
  edge = createLocalServer({
    webDist: path.join(dir, 'dist'),
    media: { s3: stack.clients.s3, bucket: stack.env.MEDIA_BUCKET },
  });
  await new Promise<void>((resolve) => edge.listen(0, '127.0.0.1', resolve));
  const address = edge.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  base = `http://127.0.0.1:${address.port}`;
});
afterAll(async () => {
  await new Promise((resolve) => edge?.close(resolve));
  await rm(dir, { recursive: true, force: true });
});

interface UploadForm {
  id: string;
  url: string;
  fields: Record<string, string>;
}

async function presign(size: number): Promise<UploadForm> {
  const res = await stack.invoke('createUpload', {
    token,
    json: { filename: 'team.jpg', content_type: 'image/jpeg', size },
  });
  expect(res.status, res.body).toBe(201);
  return (res.json as { data: UploadForm }).data;
}

async function post(form: UploadForm, bytes: Buffer): Promise<number> {
  const data = new FormData();
  for (const [k, v] of Object.entries(form.fields)) data.append(k, v);
  data.append('file', new Blob([bytes]), 'upload');
  const res = await fetch(form.url, { method: 'POST', body: data });
  await res.text();
  return res.status;
}

const confirm = (id: string) => stack.invoke('confirmUpload', { token, json: { id } });

/** Every object of an image as the edge serves it: key → bytes. */
async function served(item: MediaItem): Promise<Map<string, Buffer>> {
  const out = new Map<string, Buffer>();
  for (const key of imageKeys(item)) {
    const res = await fetch(`${base}/media/${key}`);
    expect(res.status, key).toBe(200);
    out.set(key, Buffer.from(await res.arrayBuffer()));
  }
  return out;
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

describe('a confirmed image cannot be swapped through its upload form', () => {
  it('posting the form again with other bytes and confirming again changes nothing served', async () => {
    const first = await photoJpeg({ width: 640, height: 480, seed: 5 });
    const other = await photoJpeg({ width: 800, height: 600, seed: 77 });
    const form = await presign(first.length);
    expect(await post(form, first)).toBe(204);
    const confirmed = await confirm(form.id);
    expect(confirmed.status, confirmed.body).toBe(201);
    const item = (confirmed.json as { data: MediaItem }).data;
    expect(item).toMatchObject({ width: 640, height: 480, bytes: first.length });
    const before = await served(item);

    // S3 takes the second post: the form is still within its five minutes.
    expect(await post(form, other)).toBe(204);
    const again = await confirm(form.id);
    expect(again.status, again.body).toBe(201);
    expect((again.json as { data: MediaItem }).data).toEqual(item);

    const after = await served(item);
    for (const [key, bytes] of before) expect(after.get(key)?.equals(bytes), key).toBe(true);
    const list = await stack.invoke('listMedia', { token, query: { page: 1 } });
    const listed = (list.json as { results: MediaItem[] }).results.find((r) => r.id === item.id);
    expect(listed).toMatchObject({ width: 640, height: 480, bytes: first.length });
    // The bytes posted after the confirmation are dropped, never kept where they could be picked up.
    expect(await exists(mediaKeys.upload(form.id))).toBe(false);
  });

  it('refuses with 409 an upload whose bytes changed after another confirmation pinned them, making nothing', async () => {
    const photo = await photoJpeg({ width: 320, height: 240, seed: 9 });
    const form = await presign(photo.length);
    expect(await post(form, photo)).toBe(204);
    // A confirmation running at the same moment pinned the bytes it checked (another ETag).
    expect(await new DynamoMediaRepository().pinUpload(form.id, '"0123456789abcdef"')).toBe(true);
    const res = await confirm(form.id);
    expect(res.status, res.body).toBe(409);
    expect((res.json as { error: string }).error).toBe(
      'file team.jpg: was replaced while it was being confirmed: upload it again',
    );
    expect(await exists(mediaKeys.folder(form.id) + 'original.jpg')).toBe(false);
    expect((await stack.invoke('listMedia', { token, query: { page: 1 } })).body).not.toContain(
      form.id,
    );
  });

  it('has the image function refuse bytes other than the ones the confirmation checked', async () => {
    const id = randomUUID();
    await stack.clients.s3.send(
      new PutObjectCommand({
        Bucket: stack.env.MEDIA_BUCKET,
        Key: mediaKeys.upload(id),
        Body: await photoJpeg({ width: 100, height: 100, seed: 2 }),
      }),
    );
    const result = await new LambdaImageProcessor().process({ id, etag: '"0123456789abcdef"' });
    expect(result).toEqual({ ok: false, error: 'changed after it was checked' });
    expect(await exists(`${mediaKeys.folder(id)}original.jpg`)).toBe(false);
  });
});
