import { fileTypeFromBuffer } from 'file-type';
import { POST_LIMITS } from '@agency/shared';
import type { UploadedFile } from '../lib/body';
import { tooLarge, unsupportedType } from '../lib/errors';

/** A banner image whose bytes were checked: what to store and under which type. */
export interface CheckedImage {
  bytes: Buffer;
  ext: 'jpg' | 'png' | 'webp' | 'gif' | 'avif';
  contentType: string;
}

const ACCEPTED: Record<string, CheckedImage['ext']> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/gif': 'gif',
  'image/avif': 'avif',
};

export const BANNER_TYPE_MESSAGE = 'must be a JPEG, PNG, WebP, GIF or AVIF image';

/**
 * Markup that makes an image a polyglot a browser or server might run if served with the wrong type.
 * Every marker is long enough not to turn up by chance in compressed pixel data: a two-byte marker
 * such as `<%` appears in about one PNG/JPEG in eight and refused ordinary photos.
 */
const POLYGLOT_MARKERS =
  /<\s*(script|html|body|svg|iframe|object|embed)\b|<\?php|<!doctype\s+html/i;
const EDGE_BYTES = 4096;

/**
 * Check an uploaded banner: at most POST_LIMITS.bannerMaxBytes, an image type recognised by its
 * bytes (the file name and claimed type are ignored), and no markup hidden at its start or end.
 */
export async function checkBanner(
  file: UploadedFile,
  field = 'banner_image',
): Promise<CheckedImage> {
  if (file.bytes.length > POST_LIMITS.bannerMaxBytes) {
    throw tooLarge(`must be at most ${POST_LIMITS.bannerMaxBytes / 1024 / 1024} MB`, field);
  }
  const detected = await fileTypeFromBuffer(file.bytes);
  const ext = detected ? ACCEPTED[detected.mime] : undefined;
  if (!detected || !ext) throw unsupportedType(BANNER_TYPE_MESSAGE, field);
  const head = file.bytes.subarray(0, EDGE_BYTES).toString('latin1');
  const tail = file.bytes.subarray(Math.max(0, file.bytes.length - EDGE_BYTES)).toString('latin1');
  if (POLYGLOT_MARKERS.test(head) || POLYGLOT_MARKERS.test(tail))
    throw unsupportedType(BANNER_TYPE_MESSAGE, field);
  return { bytes: file.bytes, ext, contentType: detected.mime };
}
