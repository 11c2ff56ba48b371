import { expect } from 'vitest';
import type { MediaItem } from '@agency/shared';
import type { TestStack } from '../harness';

/**
 * Upload an image as the admin does: ask for a presigned POST, post the file straight to the
 * bucket, then confirm it (the image function makes its variants). Answers the library's record.
 */
export async function uploadImage(
  stack: TestStack,
  token: string,
  bytes: Buffer,
  filename = 'photo.jpg',
  type = 'image/jpeg',
): Promise<MediaItem> {
  const form = await stack.invoke('createUpload', {
    token,
    json: { filename, content_type: type, size: bytes.length },
  });
  expect(form.status, form.body).toBe(201);
  const { id, url, fields } = (
    form.json as { data: { id: string; url: string; fields: Record<string, string> } }
  ).data;
  const body = new FormData();
  for (const [k, v] of Object.entries(fields)) body.append(k, v);
  body.append('file', new Blob([bytes], { type }), filename);
  expect((await fetch(url, { method: 'POST', body })).status).toBeLessThan(300);
  const confirmed = await stack.invoke('confirmUpload', { token, json: { id } });
  expect(confirmed.status, confirmed.body).toBe(201);
  return (confirmed.json as { data: MediaItem }).data;
}
