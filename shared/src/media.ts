import * as z from 'zod';
import { FALLBACK_FORMATS, MEDIA_ID } from './media-files';

/**
 * Images: the one definition of how uploaded images are checked, where their objects live in the
 * media bucket, which variants exist, and how a page lists them. The handlers, the image function,
 * the admin and the public pages all read it, so a variant the pages ask for is a variant that
 * was generated.
 */
export * from './media-files';

/** An image id: a random UUID (v4), also the folder of its objects. */
export const mediaId = z
  .string()
  .trim()
  .regex(MEDIA_ID, 'must be an image id as the upload call returned it');

/**
 * A processed image as every response carries it: its intrinsic size (after EXIF orientation), the
 * fallback format of its variants and a tiny blurred preview to show until it loads. The widths
 * and keys follow from these (`variantWidths`, `mediaKeys`).
 */
export const image = z.object({
  id: z.string(),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  format: z.enum(FALLBACK_FORMATS),
  /** A `data:image/webp;base64,…` preview a few hundred bytes long, blurred by the page. */
  placeholder: z.string(),
});
export type Image = z.infer<typeof image>;

/** The longest description an image may have (a block's own description field takes as much). */
export const MEDIA_ALT_MAX = 300;
/** The longest search text the media list takes. */
export const MEDIA_SEARCH_MAX = 100;

/** The description of an image as the library keeps it: what a block gets when the image is chosen. */
export const mediaAlt = z
  .string({ error: 'must be a text' })
  .trim()
  .max(MEDIA_ALT_MAX, `must be at most ${MEDIA_ALT_MAX} characters`);

/**
 * One place showing an image: a post (`ref` its slug), a marketing page (`ref` its path) or the site
 * settings (`ref` empty), and which of its copies show it: the draft, the live copy, or a kept
 * revision (posts).
 */
export const mediaUse = z.object({
  kind: z.enum(['post', 'page', 'settings']),
  title: z.string(),
  ref: z.string(),
  copies: z.array(z.enum(['draft', 'live', 'revision', 'retired'])),
});
export type MediaUse = z.infer<typeof mediaUse>;

/** An image in the media library. */
export const mediaItem = image.extend({
  /** Site path of the full-size image. */
  src: z.string(),
  /** Name of the file as uploaded. */
  filename: z.string(),
  /** Size of the upload in bytes. */
  bytes: z.number().int(),
  created_at: z.string(),
  created_by: z.string().nullable(),
  /** Its description ('' when none yet): what a block gets when the image is chosen. */
  alt: z.string(),
  /** Posts whose current version or kept revisions show it. */
  used_by: z.array(z.object({ id: z.number().int(), title: z.string(), slug: z.string() })),
  /**
   * Every place showing it: posts, marketing pages (draft, live copy, hidden blocks included) and
   * the site settings. An image is deletable when this is empty.
   */
  uses: z.array(mediaUse),
});
export type MediaItem = z.infer<typeof mediaItem>;
