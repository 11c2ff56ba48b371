import sharp, { type Sharp, type SharpOptions } from 'sharp';
import {
  IMAGE_TYPE_MESSAGE,
  MODERN_FORMATS,
  SOCIAL_CARD,
  VARIANT_MIME,
  mediaKeys,
  variantWidths,
  type FallbackFormat,
  type Image,
  type VariantFormat,
} from '@agency/shared';

/**
 * Turns the bytes of an uploaded image into every object the pages serve: the full-size original
 * and each responsive width in AVIF, WebP and the fallback format, the social card and the
 * placeholder. Pure: it reads bytes and returns objects, so it is tested without a bucket.
 *
 * Every output is encoded from the decoded pixels, so none carries the upload's metadata: sharp
 * writes no EXIF, XMP, IPTC or ICC profile unless asked to (pixels are converted to sRGB instead),
 * which drops camera serials and GPS positions along with the colour profile.
 */

/**
 * Encoder settings, measured on a photo-like 4000 × 3000 JPEG (test/support/photos.ts) on the
 * development machine: the whole set takes about 3 s of CPU (under 2 s on two free cores) and the
 * 960-wide AVIF is about 30 KB (WebP 46 KB, JPEG 69 KB), far under the 100 KB a mobile page may
 * spend on its largest image. At 960 px, AVIF effort 3 costs 0.22 s for 30 KB where effort 4 costs
 * 0.9 s for 28 KB and effort 2 gives 36 KB; 4:2:0 chroma saves a tenth at no visible cost on
 * photos; WebP effort 4 is the knee of its curve; mozjpeg makes the fallback a tenth smaller.
 */
export const ENCODING = {
  avif: { quality: 50, effort: 3, chromaSubsampling: '4:2:0' },
  webp: { quality: 75, effort: 4 },
  jpg: { quality: 80, mozjpeg: true },
  /**
   * The full-size original, which pages never show (they use the variants): mozjpeg's trellis
   * search on 12 megapixels took 0.74 s of CPU, a fifth of the whole set, for a file 28 % smaller
   * than these tables alone give in 0.16 s (48 megapixels: 3.3 s against 1.1 s).
   */
  originalJpg: { quality: 80, quantisationTable: 3 },
  png: { compressionLevel: 8, adaptiveFiltering: true },
  card: { quality: 82, mozjpeg: true },
  /** About 16 px wide: a data URL of a few hundred bytes, blurred again by the page. */
  placeholder: { width: 16, quality: 50, blur: 0.6 },
} as const;

/**
 * The largest image decoded: a 20 MB file can declare far more pixels than the function's memory
 * holds (a decompression bomb). 100 megapixels is above any phone or DSLR photo. Measured: a
 * 48-megapixel JPEG turned by its EXIF orientation peaks at about 1 GB and 10 s of CPU, so the
 * largest accepted image stays near 2 GB, inside a 3 GB function.
 */
export const MAX_INPUT_PIXELS = 100_000_000;

/**
 * The decoders an upload may use: the accepted types, nothing else sharp reads (SVG, TIFF, PDF,
 * HEIC…). The confirmation checks the bytes' signature first; this holds even if a caller did not.
 */
const ACCEPTED_DECODERS = new Set(['jpeg', 'png', 'webp', 'gif', 'heif']);

/** One object to write to the media bucket. */
export interface ImageObject {
  key: string;
  body: Buffer;
  contentType: string;
}

export type VariantsResult =
  { ok: true; image: Image; objects: ImageObject[] } | { ok: false; error: string };

// autoOrient turns the pixels upright from the EXIF Orientation tag before anything else, and an
// animated GIF or WebP is read as its first frame (pages: 1 is sharp's default).
const inputOptions: SharpOptions = { autoOrient: true, limitInputPixels: MAX_INPUT_PIXELS };

function encode(pipeline: Sharp, format: VariantFormat, original = false): Sharp {
  switch (format) {
    case 'avif':
      return pipeline.avif(ENCODING.avif);
    case 'webp':
      return pipeline.webp(ENCODING.webp);
    case 'jpg':
      // JPEG has no alpha: an opaque image with an alpha channel loses it here.
      return pipeline
        .flatten({ background: '#ffffff' })
        .jpeg(original ? ENCODING.originalJpg : ENCODING.jpg);
    case 'png':
      return pipeline.png(ENCODING.png);
  }
}

const tooLarge = `is larger than ${MAX_INPUT_PIXELS / 1_000_000} megapixels`;

/** Why sharp refused the bytes, as the end of "file photo.jpg: …". */
function readError(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  if (/pixel limit/i.test(message)) return tooLarge;
  return `could not be read as an image (${message.replace(/\s+/g, ' ').trim()})`;
}

/**
 * Every object of image `id` from the uploaded `input`, or why it cannot be read. Never throws for
 * bad bytes: a corrupt or unsupported file is an answer, not a failure of the function.
 */
export async function makeVariants(id: string, input: Buffer): Promise<VariantsResult> {
  let width: number;
  let height: number;
  let format: FallbackFormat;
  try {
    const meta = await sharp(input, inputOptions).metadata();
    // HEIF is accepted only as AVIF (AV1); an HEVC photo (HEIC) is not one of the types.
    if (
      !ACCEPTED_DECODERS.has(meta.format) ||
      (meta.format === 'heif' && meta.compression !== 'av1')
    )
      return { ok: false, error: IMAGE_TYPE_MESSAGE };
    ({ width, height } = meta.autoOrient);
    // Refused from the header, before any pixel is decoded.
    if (width * height > MAX_INPUT_PIXELS) return { ok: false, error: tooLarge };
    // An alpha channel is not transparency: many PNGs carry one that is opaque everywhere.
    const transparent = meta.hasAlpha && !(await sharp(input, inputOptions).stats()).isOpaque;
    format = transparent ? 'png' : 'jpg';
  } catch (error) {
    return { ok: false, error: readError(error) };
  }

  const base = sharp(input, inputOptions);
  const jobs: Promise<ImageObject>[] = [];
  const add = (key: string, contentType: string, pipeline: Sharp) =>
    jobs.push(pipeline.toBuffer().then((body) => ({ key, body, contentType })));

  add(mediaKeys.original(id, format), VARIANT_MIME[format], encode(base.clone(), format, true));
  for (const w of variantWidths(width))
    for (const f of [...MODERN_FORMATS, format])
      add(mediaKeys.variant(id, w, f), VARIANT_MIME[f], encode(base.clone().resize(w), f));
  // The card is cropped to fill 1200 × 630 (a smaller image is enlarged: the networks that show it
  // want that size), centred on the region that draws the eye rather than the geometric centre.
  add(
    mediaKeys.card(id),
    VARIANT_MIME.jpg,
    base
      .clone()
      .resize(SOCIAL_CARD.width, SOCIAL_CARD.height, { fit: 'cover', position: 'attention' })
      .flatten({ background: '#ffffff' })
      .jpeg(ENCODING.card),
  );
  const placeholder = base
    .clone()
    .resize(ENCODING.placeholder.width)
    .blur(ENCODING.placeholder.blur)
    .webp({ quality: ENCODING.placeholder.quality })
    .toBuffer();

  try {
    const [objects, tiny] = await Promise.all([Promise.all(jobs), placeholder]);
    return {
      ok: true,
      image: {
        id,
        width,
        height,
        format,
        placeholder: `data:image/webp;base64,${tiny.toString('base64')}`,
      },
      objects,
    };
  } catch (error) {
    // The header read, but the pixel data did not (a truncated or damaged file).
    return { ok: false, error: readError(error) };
  }
}
