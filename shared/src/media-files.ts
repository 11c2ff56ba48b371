/**
 * Images without zod: the limits, types, variant widths and formats, bucket keys and site paths of
 * the media library, and the sources a page lists. Re-exported by `media.ts` beside the schemas;
 * kept apart so the public pages, which only compute paths, never load zod (web/vite.config.ts:
 * a shared module joins the pages' shell only when it imports nothing outside shared/src).
 */

/** Upload limits of the direct-to-bucket flow (the spec's multipart `banner_image` keeps POST_LIMITS). */
export const MEDIA_LIMITS = {
  /** Largest image accepted: a phone or camera photo. */
  maxBytes: 20 * 1024 * 1024,
  /** How long a presigned upload form stays usable. */
  uploadSeconds: 300,
  /** An upload never confirmed is deleted by the bucket's lifecycle rule after this many days. */
  unconfirmedDays: 1,
  filenameMax: 200,
  altMax: 300,
} as const;

/** Image types accepted, by MIME type (checked from the bytes, never from the name), and their extensions. */
export const IMAGE_TYPES = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/gif': 'gif',
  'image/avif': 'avif',
} as const;
export type ImageMime = keyof typeof IMAGE_TYPES;
export const IMAGE_MIMES = Object.keys(IMAGE_TYPES) as ImageMime[];
export const IMAGE_TYPE_MESSAGE = 'must be a JPEG, PNG, WebP, GIF or AVIF image';

/** Widths of the responsive variants; an image never gets one wider than itself (never upscaled). */
export const VARIANT_WIDTHS = [480, 960, 1440, 1920] as const;
/** Modern formats every variant width is written in, best first (the order of `<source>`s). */
export const MODERN_FORMATS = ['avif', 'webp'] as const;
/**
 * The `<img>` fallback format: JPEG, or PNG for an image with transparency. It is the "original
 * format" of the variants (a GIF or an AVIF with alpha falls back to PNG, without to JPEG).
 */
export const FALLBACK_FORMATS = ['jpg', 'png'] as const;
export type ModernFormat = (typeof MODERN_FORMATS)[number];
export type FallbackFormat = (typeof FALLBACK_FORMATS)[number];
export type VariantFormat = ModernFormat | FallbackFormat;
export const VARIANT_MIME: Record<VariantFormat, string> = {
  avif: 'image/avif',
  webp: 'image/webp',
  jpg: 'image/jpeg',
  png: 'image/png',
};

/** The Open Graph / Twitter card crop of every image (JPEG, cover-cropped). */
export const SOCIAL_CARD = { width: 1200, height: 630 } as const;

/** Media objects are written once under a fresh id and never changed: cache them for a year. */
export const MEDIA_CACHE_CONTROL = 'public, max-age=31536000, immutable';

/** Bucket key prefixes: raw uploads waiting for confirmation (expire), and processed images (served). */
export const UPLOAD_PREFIX = 'uploads/';
export const IMAGE_PREFIX = 'images/';
/** Key prefix of the banners uploaded before the media library (moved into it by the migration job). */
export const BANNER_PREFIX = 'banners/';
/** The form of an image id: a random UUID (v4), also the folder of its objects. */
export const MEDIA_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** Where an image's objects live in the media bucket. */
export const mediaKeys = {
  /** The raw upload, before it is checked (never served: the edge serves only `images/`). */
  upload: (id: string) => `${UPLOAD_PREFIX}${id}`,
  /** The full-size image, re-encoded without metadata, in the fallback format. */
  original: (id: string, format: FallbackFormat) => `${IMAGE_PREFIX}${id}/original.${format}`,
  variant: (id: string, width: number, format: VariantFormat) =>
    `${IMAGE_PREFIX}${id}/${width}.${format}`,
  card: (id: string) => `${IMAGE_PREFIX}${id}/card.jpg`,
  /** Every object of an image lives under this prefix (deleting an image deletes them all). */
  folder: (id: string) => `${IMAGE_PREFIX}${id}/`,
} as const;

/**
 * What the paths and sources of a processed image follow from: its id, intrinsic size and fallback
 * format (media.ts's `Image` schema carries these and more).
 */
export interface ImageFile {
  id: string;
  width: number;
  height: number;
  format: FallbackFormat;
}

/** Site path of a media object: CloudFront (and the local edge) serve the bucket under /media/. */
export const mediaPath = (key: string): string => `/media/${key}`;

/** The variant widths of an image `width` px wide: the standard widths below it, then its own width capped at the largest. */
export function variantWidths(width: number): number[] {
  const max = VARIANT_WIDTHS[VARIANT_WIDTHS.length - 1] as number;
  const top = Math.min(Math.round(width), max);
  return [...VARIANT_WIDTHS.filter((w) => w < top), top];
}

/** One source set: `url 480w, url 960w, …`. */
export const srcset = (img: ImageFile, format: VariantFormat): string =>
  variantWidths(img.width)
    .map((w) => `${mediaPath(mediaKeys.variant(img.id, w, format))} ${w}w`)
    .join(', ');

/** Everything a `<picture>` needs: modern sources best first, and the `<img>` fallback. */
export interface PictureSources {
  sources: { type: string; srcset: string }[];
  src: string;
  srcset: string;
  width: number;
  height: number;
}

export function pictureSources(img: ImageFile): PictureSources {
  const widths = variantWidths(img.width);
  // The fallback `src` is the variant nearest 960 px: what a browser without srcset shows.
  const fallbackWidth = widths.find((w) => w >= 960) ?? (widths[widths.length - 1] as number);
  return {
    sources: MODERN_FORMATS.map((f) => ({ type: VARIANT_MIME[f], srcset: srcset(img, f) })),
    src: mediaPath(mediaKeys.variant(img.id, fallbackWidth, img.format)),
    srcset: srcset(img, img.format),
    width: img.width,
    height: img.height,
  };
}

/** Site path of the image's social card (Open Graph, Twitter). */
export const cardPath = (img: Pick<ImageFile, 'id'>): string => mediaPath(mediaKeys.card(img.id));
/** Site path of the full-size image. */
export const originalPath = (img: Pick<ImageFile, 'id' | 'format'>): string =>
  mediaPath(mediaKeys.original(img.id, img.format));

/**
 * An inline image in a post body is stored as
 * `<img src="/media/images/<id>/<largest width>.<format>" width="<w>" height="<h>" alt="…">`:
 * everything the page needs to rebuild its sources is in the tag. This reads the id and format
 * back from such a `src` (null for anything else, e.g. an external image).
 */
const INLINE_SRC = new RegExp(
  `^/media/${IMAGE_PREFIX}([0-9a-f-]{36})/(\\d+)\\.(${FALLBACK_FORMATS.join('|')})$`,
);
export function parseInlineSrc(
  src: string,
): { id: string; width: number; format: FallbackFormat } | null {
  const m = INLINE_SRC.exec(src);
  if (!m || !MEDIA_ID.test(m[1] as string)) return null;
  return { id: m[1] as string, width: Number(m[2]), format: m[3] as FallbackFormat };
}

/** The `src` an inline image is stored with: its largest fallback variant. */
export const inlineSrc = (img: Pick<ImageFile, 'id' | 'width' | 'format'>): string => {
  const widths = variantWidths(img.width);
  return mediaPath(mediaKeys.variant(img.id, widths[widths.length - 1] as number, img.format));
};

/** Every object key of a processed image: what deleting it removes (no bucket listing needed). */
export function imageKeys(img: Pick<ImageFile, 'id' | 'width' | 'format'>): string[] {
  const formats: VariantFormat[] = [...MODERN_FORMATS, img.format];
  return [
    mediaKeys.original(img.id, img.format),
    mediaKeys.card(img.id),
    ...variantWidths(img.width).flatMap((w) => formats.map((f) => mediaKeys.variant(img.id, w, f))),
  ];
}

const IMAGE_PATH_MARK = '/media/images/';
const IMAGE_PATH_ID =
  /\/media\/images\/([0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12})\//g;

/**
 * Every library image id a stored value shows, wherever it sits: any string of any field (a block's
 * image, a rich text's `<img>`, a page's share image, a logo of the site settings) naming a path
 * under `/media/images/<id>/`. Walking every string rather than the known image fields means a
 * block type added later is counted without a change here.
 */
export function libraryImageIds(value: unknown, into: Set<string> = new Set()): Set<string> {
  if (typeof value === 'string') {
    if (value.includes(IMAGE_PATH_MARK))
      for (const m of value.matchAll(IMAGE_PATH_ID)) into.add(m[1] as string);
  } else if (Array.isArray(value)) for (const v of value) libraryImageIds(v, into);
  else if (value instanceof Set) for (const v of value) libraryImageIds(v, into);
  else if (value && typeof value === 'object')
    for (const v of Object.values(value)) libraryImageIds(v, into);
  return into;
}
