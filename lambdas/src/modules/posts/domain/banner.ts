import { IMAGE_TYPES, IMAGE_TYPE_MESSAGE, POST_LIMITS, type ImageMime } from '@agency/shared';
import type { UploadedFile } from '../../../platform/body';
import { tooLarge, unsupportedType } from '../../../platform/errors';

/** A banner image whose bytes were checked: what to store and under which type. */
export interface CheckedImage {
  bytes: Buffer;
  ext: 'jpg' | 'png' | 'webp' | 'gif' | 'avif';
  contentType: string;
}

export const BANNER_TYPE_MESSAGE = IMAGE_TYPE_MESSAGE;

/**
 * Markup that makes an image a polyglot a browser or server might run if served with the wrong type.
 * Every marker is long enough not to turn up by chance in compressed pixel data: a two-byte marker
 * such as `<%` appears in about one PNG/JPEG in eight and refused ordinary photos.
 */
const POLYGLOT_MARKERS =
  /<\s*(script|html|body|svg|iframe|object|embed)\b|<\?php|<!doctype\s+html/i;
/** How many bytes at each end are checked: file-type's own sample size covers every signature we accept. */
export const EDGE_BYTES = 4100;

const isImageMime = (mime: string): mime is ImageMime => Object.hasOwn(IMAGE_TYPES, mime);

/**
 * The image type of a file known only by its first and last EDGE_BYTES (a direct upload is read by
 * ranges, never whole), or null when its signature is not an accepted image or either end hides
 * markup. A file shorter than 2 × EDGE_BYTES may pass the same bytes as head and tail.
 */
export async function imageTypeOfEdges(head: Buffer, tail: Buffer): Promise<ImageMime | null> {
  // Loaded on first check: a post saved without a new banner file never needs it.
  const { fileTypeFromBuffer } = await import('file-type');
  const detected = await fileTypeFromBuffer(head.subarray(0, EDGE_BYTES));
  if (!detected || !isImageMime(detected.mime)) return null;
  const edge = (b: Buffer) => b.toString('latin1');
  if (POLYGLOT_MARKERS.test(edge(head)) || POLYGLOT_MARKERS.test(edge(tail))) return null;
  return detected.mime;
}

/** The first and last EDGE_BYTES of bytes held in memory. */
export const edgesOf = (bytes: Buffer): { head: Buffer; tail: Buffer } => ({
  head: bytes.subarray(0, EDGE_BYTES),
  tail: bytes.subarray(Math.max(0, bytes.length - EDGE_BYTES)),
});

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
  const { head, tail } = edgesOf(file.bytes);
  const mime = await imageTypeOfEdges(head, tail);
  if (!mime) throw unsupportedType(BANNER_TYPE_MESSAGE, field);
  return { bytes: file.bytes, ext: IMAGE_TYPES[mime], contentType: mime };
}
