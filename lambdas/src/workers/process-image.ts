import type { S3Client } from '@aws-sdk/client-s3';
import * as z from 'zod';
import { MEDIA_CACHE_CONTROL, MEDIA_LIMITS, mediaId, mediaKeys } from '@agency/shared';
import { s3Client } from '../adapters/clients';
import { makeVariants, type ImageObject } from '../domain/image-variants';
import type { ProcessImageResult } from '../domain/media-ports';
import { mediaBucket } from '../lib/env';
import { logger } from '../lib/logger';

/**
 * The image function (`process-image`): reads `uploads/<id>`, writes every variant under
 * `images/<id>/` and answers the processed image. Invoked synchronously by the upload confirmation
 * (and the post writers and the migration job), so the variants exist before the image is
 * registered. It never deletes the upload: the caller decides what happens to it. Its grants are
 * GetObject on `uploads/*` and PutObject on `images/*`, nothing else.
 */
const log = logger.child({ service: 'process-image' });

const request = z.object({ id: mediaId });

/** Objects written at once: enough to keep the network busy, few enough to hold the memory down. */
const PUT_CONCURRENCY = 6;

async function readUpload(s3: S3Client, id: string): Promise<Buffer | null> {
  const { GetObjectCommand } = await import('@aws-sdk/client-s3');
  try {
    const out = await s3.send(
      new GetObjectCommand({ Bucket: mediaBucket(), Key: mediaKeys.upload(id) }),
    );
    if (!out.Body) return null;
    return Buffer.from(await out.Body.transformToByteArray());
  } catch (error) {
    if (error instanceof Error && error.name === 'NoSuchKey') return null;
    throw error;
  }
}

async function writeObjects(s3: S3Client, objects: ImageObject[]): Promise<void> {
  const { PutObjectCommand } = await import('@aws-sdk/client-s3');
  const queue = [...objects];
  const worker = async () => {
    for (let next = queue.shift(); next; next = queue.shift())
      await s3.send(
        new PutObjectCommand({
          Bucket: mediaBucket(),
          Key: next.key,
          Body: next.body,
          ContentType: next.contentType,
          ContentLength: next.body.length,
          CacheControl: MEDIA_CACHE_CONTROL,
        }),
      );
  };
  await Promise.all(Array.from({ length: PUT_CONCURRENCY }, worker));
}

/**
 * Lambda entry. Bad bytes and a missing upload are answers (`ok: false`); only an outage of the
 * bucket throws, which the Lambda API reports to the caller as a function error.
 */
export const handler = async (event: unknown): Promise<ProcessImageResult> => {
  const parsed = request.safeParse(event);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return { ok: false, error: `${issue?.path.join('.') || 'request'}: ${issue?.message}` };
  }
  const { id } = parsed.data;
  const started = performance.now();
  const s3 = await s3Client();
  const input = await readUpload(s3, id);
  if (!input) return { ok: false, error: 'was not uploaded, or the upload has expired' };
  // The confirmation checks the size first; this guards the memory of the function itself.
  if (input.length > MEDIA_LIMITS.maxBytes)
    return { ok: false, error: `is larger than ${MEDIA_LIMITS.maxBytes / 1024 / 1024} MB` };
  const result = await makeVariants(id, input);
  if (!result.ok) {
    log.info('image refused', { id, bytes: input.length, error: result.error });
    return result;
  }
  await writeObjects(s3, result.objects);
  log.info('image processed', {
    id,
    bytes: input.length,
    width: result.image.width,
    height: result.image.height,
    objects: result.objects.length,
    ms: Math.round(performance.now() - started),
  });
  return { ok: true, image: result.image };
};
