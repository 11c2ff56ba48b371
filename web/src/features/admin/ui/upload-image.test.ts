import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { vi } from 'vitest';
import { MEDIA_LIMITS } from '@agency/shared';
import { callApi } from '../../../lib/api-client';
import { fakeApi } from '../../blog/testing/fake-api';
import { fakeBucket, makeMediaItem, signIn, uploadForm } from '../shell/testing';
import { checkImageFile, uploadImage, UploadError, type UploadStage } from './upload-image';

/** The admin API as the hook gives it, for a signed-in admin. */
const api: Parameters<typeof uploadImage>[0] = (name, options) =>
  callApi(name, { ...options, token: 'tok-123' });

const photo = (bytes = 2048, name = 'photo.jpg', type = 'image/jpeg') =>
  new File([new Uint8Array(bytes)], name, { type });

const ID = '3f2a1b4c-5d6e-4f70-8a9b-0c1d2e3f4a5b';
const ID2 = '9e8d7c6b-5a49-4382-9716-f5e4d3c2b1a0';

beforeEach(() => signIn());
afterEach(() => vi.unstubAllGlobals());

describe('uploadImage', () => {
  it('asks for a form, posts its fields then the file to the bucket, and confirms it', async () => {
    const item = makeMediaItem({ id: ID });
    const server = fakeApi({
      createUpload: () => uploadForm(ID),
      confirmUpload: () => ({ status: 201, body: { data: item } }),
    });
    const bucket = fakeBucket();
    const stages: UploadStage[] = [];
    const file = photo();
    await expect(uploadImage(api, file, { onStage: (s) => stages.push(s) })).resolves.toEqual(item);

    expect(server.calls('createUpload')[0]?.body).toEqual({
      filename: 'photo.jpg',
      content_type: 'image/jpeg',
      size: '2048',
    });
    expect(bucket.posts).toHaveLength(1);
    expect(bucket.posts[0]?.url).toBe('http://bucket.test/media');
    // S3 takes the policy's fields before the file, in the order they were issued.
    expect(bucket.posts[0]?.fields.map(([k]) => k)).toEqual([
      'key',
      'Content-Type',
      'Policy',
      'X-Amz-Signature',
    ]);
    expect(bucket.posts[0]?.file).toBe(file);
    expect(server.calls('confirmUpload')[0]?.body).toEqual({ id: ID });
    expect(stages).toEqual([
      { kind: 'uploading', fraction: 0 },
      { kind: 'uploading', fraction: 0.5 },
      { kind: 'processing' },
    ]);
  });

  it('refuses a file of another type or over 20 MB before sending anything, in the server’s words', async () => {
    const server = fakeApi({});
    const heic = photo(10, 'IMG_0001.heic', 'image/heic');
    // The page shows the file's name beside the message: the message does not repeat it.
    expect(checkImageFile(heic)).toBe('Must be a JPEG, PNG, WebP, GIF or AVIF image.');
    await expect(uploadImage(api, heic)).rejects.toMatchObject({
      name: 'UploadError',
      filename: 'IMG_0001.heic',
    });
    const huge = photo(MEDIA_LIMITS.maxBytes + 1, 'big.png', 'image/png');
    await expect(uploadImage(api, huge)).rejects.toMatchObject({
      filename: 'big.png',
      message: 'Must be at most 20 MB.',
    });
    expect(checkImageFile(photo(MEDIA_LIMITS.maxBytes))).toBeNull();
    expect(server.requests).toEqual([]);
  });

  it('keeps which file the server refused (415, 413), its message without the name', async () => {
    fakeApi({
      createUpload: () => uploadForm(ID),
      confirmUpload: () => ({
        status: 415,
        body: {
          error: 'file notes.png: must be a JPEG, PNG, WebP, GIF or AVIF image',
          field: 'file',
          code: 'unsupported-type',
        },
      }),
    });
    fakeBucket();
    const err = await uploadImage(api, photo(20, 'notes.png', 'image/png')).catch(
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(UploadError);
    expect(err).toMatchObject({
      status: 415,
      filename: 'notes.png',
      message: 'Must be a JPEG, PNG, WebP, GIF or AVIF image.',
    });

    fakeApi({
      createUpload: () => ({
        status: 413,
        body: { error: 'file a.jpg: must be at most 20 MB', field: 'file', code: 'too-large' },
      }),
    });
    await expect(uploadImage(api, photo(20, 'a.jpg'))).rejects.toMatchObject({
      status: 413,
      filename: 'a.jpg',
      message: 'Must be at most 20 MB.',
    });
  });

  it('retries once with a fresh form when the bucket answers 403 (an expired form)', async () => {
    let forms = 0;
    const server = fakeApi({
      createUpload: () => uploadForm([ID, ID2][forms++] ?? ID2),
      confirmUpload: (req) => ({ status: 201, body: { data: makeMediaItem({ id: req.body.id }) } }),
    });
    const denied = '<Error><Code>AccessDenied</Code><Message>Request has expired</Message></Error>';
    const bucket = fakeBucket((_post, i) =>
      i === 0 ? { status: 403, body: denied } : { status: 204 },
    );
    const item = await uploadImage(api, photo());
    expect(item.id).toBe(ID2);
    expect(bucket.posts.map((p) => p.fields[0]?.[1])).toEqual([`uploads/${ID}`, `uploads/${ID2}`]);
    expect(server.calls('confirmUpload').map((c) => c.body.id)).toEqual([ID2]);
  });

  it('gives up after the second 403, and reads S3’s EntityTooLarge as the size limit', async () => {
    fakeApi({ createUpload: () => uploadForm(ID) });
    const bucket = fakeBucket(() => ({
      status: 403,
      body: '<Error><Code>AccessDenied</Code></Error>',
    }));
    await expect(uploadImage(api, photo(10, 'x.jpg'))).rejects.toMatchObject({
      status: 403,
      filename: 'x.jpg',
      message: 'The upload was refused (AccessDenied); please try again.',
    });
    expect(bucket.posts).toHaveLength(2);

    fakeBucket(() => ({ status: 400, body: '<Error><Code>EntityTooLarge</Code></Error>' }));
    await expect(uploadImage(api, photo(10, 'y.jpg'))).rejects.toMatchObject({
      filename: 'y.jpg',
      message: 'Must be at most 20 MB.',
    });
  });

  it('cancels: the bucket request is aborted and nothing is confirmed', async () => {
    const server = fakeApi({ createUpload: () => uploadForm(ID) });
    const bucket = fakeBucket(undefined, 50);
    const controller = new AbortController();
    const pending = uploadImage(api, photo(), {
      signal: controller.signal,
      onStage: (s) => {
        if (s.kind === 'uploading' && s.fraction > 0) controller.abort();
      },
    });
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    expect(bucket.aborted).toHaveLength(1);
    expect(server.calls('confirmUpload')).toEqual([]);
  });
});
