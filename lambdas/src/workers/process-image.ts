import * as z from 'zod';
import { MEDIA_LIMITS, mediaId } from '@agency/shared';
import { S3MediaObjects } from '../adapters/media-objects';
import { makeVariants } from '../domain/image-variants';
import { UPLOAD_CHANGED, type ProcessImageResult } from '../domain/media-ports';
import { logger } from '../lib/logger';

/**
 * The image function (`process-image`): reads `uploads/<id>`, writes every variant under
 * `images/<id>/` and answers the processed image. Invoked synchronously by the upload confirmation
 * (and the post writers and the migration job), so the variants exist before the image is
 * registered. It never deletes the upload: the caller decides what happens to it. Its grants are
 * GetObject on `uploads/*` and PutObject on `images/*`, nothing else.
 */
const log = logger.child({ service: 'process-image' });

// `etag`: the bytes the caller checked; a form posted again since is other bytes, refused here.
const request = z.object({ id: mediaId, etag: z.string().min(1).optional() });
const objects = new S3MediaObjects();

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
  const { id, etag } = parsed.data;
  const started = performance.now();
  const input = await objects.readUpload(id, etag);
  if (!input) return { ok: false, error: 'was not uploaded, or the upload has expired' };
  if (input === 'changed') {
    log.warn('upload changed after it was checked', { id });
    return { ok: false, error: UPLOAD_CHANGED };
  }
  // The confirmation checks the size first; this guards the memory of the function itself.
  if (input.length > MEDIA_LIMITS.maxBytes)
    return { ok: false, error: `is larger than ${MEDIA_LIMITS.maxBytes / 1024 / 1024} MB` };
  const result = await makeVariants(id, input);
  if (!result.ok) {
    log.info('image refused', { id, bytes: input.length, error: result.error });
    return result;
  }
  await objects.putImageObjects(result.objects);
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
