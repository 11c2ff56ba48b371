import { randomUUID } from 'node:crypto';
import {
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
} from '@aws-sdk/client-s3';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MEDIA_CACHE_CONTROL,
  SOCIAL_CARD,
  VARIANT_MIME,
  imageKeys,
  mediaKeys,
  titleCardKey,
} from '@agency/shared';
import {
  LambdaImageProcessor,
  LambdaTitleCards,
} from '../src/modules/media/adapters/image-processor';
import { resetEnv } from '../src/platform/env';
import { handlerMode } from '../src/local/functions/handler-modules';
import { LOCAL_NAMES } from '../src/local/provisioning/provision';
import { startTestStack, type TestStack } from './harness';
import { photoJpeg } from './support/photos';

/**
 * The image function as the upload confirmation reaches it: LambdaImageProcessor sends Invoke to
 * the Lambda API stand-in, which runs the worker (source, or its bundle with LOCAL_HANDLERS=bundles)
 * against the S3 stand-in.
 */
let stack: TestStack;
const bucket = LOCAL_NAMES.bucket;
const images = new LambdaImageProcessor();

beforeAll(async () => {
  stack = await startTestStack();
});
afterAll(async () => {
  await stack?.stop();
});

async function upload(id: string, body: Buffer): Promise<void> {
  await stack.clients.s3.send(
    new PutObjectCommand({ Bucket: bucket, Key: mediaKeys.upload(id), Body: body }),
  );
}

async function keysUnder(prefix: string): Promise<string[]> {
  const out = await stack.clients.s3.send(
    new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix }),
  );
  return (out.Contents ?? []).map((o) => o.Key ?? '').sort();
}

describe('the image function through the local Lambda API', () => {
  it('turns an upload into every variant in the bucket, cached for good, and keeps the upload', async () => {
    const id = randomUUID();
    await upload(id, await photoJpeg({ width: 1600, height: 1200, seed: 3 }));
    const result = await images.process({ id });
    if (!result.ok) throw new Error(result.error);
    expect(result.image).toMatchObject({ id, width: 1600, height: 1200, format: 'jpg' });

    expect(await keysUnder(mediaKeys.folder(id))).toEqual(imageKeys(result.image).sort());
    for (const key of imageKeys(result.image)) {
      const head = await stack.clients.s3.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
      const ext = key.slice(key.lastIndexOf('.') + 1) as keyof typeof VARIANT_MIME;
      expect({ key, type: head.ContentType, cache: head.CacheControl }).toEqual({
        key,
        type: VARIANT_MIME[ext],
        cache: MEDIA_CACHE_CONTROL,
      });
    }
    const variant = await stack.clients.s3.send(
      new GetObjectCommand({ Bucket: bucket, Key: mediaKeys.variant(id, 960, 'avif') }),
    );
    const bytes = await variant.Body?.transformToByteArray();
    const meta = await sharp(Buffer.from(bytes ?? [])).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['heif', 960, 720]);
    // Deleting the upload is the caller's decision (it registers the image first).
    expect(await keysUnder(mediaKeys.upload(id))).toEqual([mediaKeys.upload(id)]);
  });

  it('answers why for bytes it cannot read, and writes nothing', async () => {
    const id = randomUUID();
    await upload(id, Buffer.from('%PDF-1.7 not an image at all'));
    const result = await images.process({ id });
    expect(result).toEqual({
      ok: false,
      error: expect.stringMatching(/^could not be read as an image/),
    });
    expect(await keysUnder(mediaKeys.folder(id))).toEqual([]);
  });

  it('answers, not fails, for an upload that does not exist or an id that is not one', async () => {
    await expect(images.process({ id: randomUUID() })).resolves.toEqual({
      ok: false,
      error: 'was not uploaded, or the upload has expired',
    });
    await expect(images.process({ id: '../../etc/passwd' })).resolves.toEqual({
      ok: false,
      error: expect.stringMatching(/^id: /),
    });
  });

  // A bundle reads its settings once, in its own module: the broken setting reaches only the source.
  it.skipIf(handlerMode() === 'bundles')(
    'reports a failure of the function as Lambda does, and the caller throws',
    async () => {
      const id = randomUUID();
      await upload(id, await photoJpeg({ width: 300, height: 200 }));
      const bucketName = process.env.MEDIA_BUCKET;
      process.env.MEDIA_BUCKET = 'no-such-bucket';
      resetEnv();
      try {
        await expect(images.process({ id })).rejects.toThrow(
          /image function failed \(Unhandled\): .*NoSuchBucket/,
        );
      } finally {
        process.env.MEDIA_BUCKET = bucketName;
        resetEnv();
      }
    },
  );
});

describe('share cards drawn from titles, through the local Lambda API', () => {
  const cards = new LambdaTitleCards();

  it('draws a 1200 × 630 JPEG per title into cards/, cached for good, once however often it is asked', async () => {
    const title = `Growth you can measure ${randomUUID()}`;
    const card = { title, site: 'Alchem Digital' };
    const key = titleCardKey(card);
    // The same card twice in one call, then again: one object, written once.
    await cards.draw([card, card]);
    const first = await stack.clients.s3.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
    expect({ type: first.ContentType, cache: first.CacheControl }).toEqual({
      type: 'image/jpeg',
      cache: MEDIA_CACHE_CONTROL,
    });
    const got = await stack.clients.s3.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
    const bytes = Buffer.from((await got.Body?.transformToByteArray()) ?? []);
    const meta = await sharp(bytes).metadata();
    expect({ format: meta.format, width: meta.width, height: meta.height }).toEqual({
      format: 'jpeg',
      ...SOCIAL_CARD,
    });
    await cards.draw([card]);
    const again = await stack.clients.s3.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
    expect(again.ETag).toBe(first.ETag);
    expect(again.LastModified).toEqual(first.LastModified);
  });

  it('draws each title apart, and a changed title is a new card', async () => {
    const a = { title: `Web apps ${randomUUID()}`, site: 'Alchem Digital' };
    const b = { ...a, title: `${a.title}!` };
    await cards.draw([a, b]);
    const bodies = await Promise.all(
      [a, b].map(async (card) => {
        const out = await stack.clients.s3.send(
          new GetObjectCommand({ Bucket: bucket, Key: titleCardKey(card) }),
        );
        return Buffer.from((await out.Body?.transformToByteArray()) ?? []);
      }),
    );
    expect(titleCardKey(a)).not.toBe(titleCardKey(b));
    const [first, second] = bodies;
    expect(first && second && first.equals(second)).toBe(false);
  });

  it('refuses a card without a title, naming the field, and draws nothing', async () => {
    await expect(cards.draw([{ title: '   ', site: 'Alchem Digital' }])).rejects.toThrow(
      /cards\.0\.title/,
    );
  });
});

describe('the Lambda API stand-in', () => {
  const invoke = (name: string, body: string, headers: Record<string, string> = {}) =>
    fetch(`${stack.env.AWS_ENDPOINT_URL_LAMBDA}/2015-03-31/functions/${name}/invocations`, {
      method: 'POST',
      body,
      headers,
    });

  it('finds a function by its ARN too, and answers 404 ResourceNotFoundException for an unknown one', async () => {
    const arn = encodeURIComponent('arn:aws:lambda:eu-west-1:123456789012:function:process-image');
    const byArn = await invoke(arn, JSON.stringify({ id: 'x' }));
    expect(byArn.status).toBe(200);
    expect(await byArn.json()).toEqual({ ok: false, error: expect.stringMatching(/^id: /) });

    const unknown = await invoke('create-post', '{}');
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get('x-amzn-errortype')).toBe('ResourceNotFoundException');
  });

  it('answers an Event invocation at once with 202 and runs the function afterwards', async () => {
    const id = randomUUID();
    await upload(id, await photoJpeg({ width: 320, height: 240 }));
    const response = await invoke('process-image', JSON.stringify({ id }), {
      'x-amz-invocation-type': 'Event',
    });
    expect(response.status).toBe(202);
    expect(await response.text()).toBe('');
    for (let i = 0; i < 100 && (await keysUnder(mediaKeys.folder(id))).length === 0; i++)
      await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await keysUnder(mediaKeys.folder(id))).toContain(mediaKeys.card(id));
  });

  it('refuses a payload that is not JSON, as Lambda does', async () => {
    const response = await invoke('process-image', '{not json');
    expect(response.status).toBe(400);
    expect(response.headers.get('x-amzn-errortype')).toBe('InvalidRequestContentException');
  });
});
