import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import * as z from 'zod';
import {
  MEDIA_LIMITS,
  mediaId,
  TITLE_CARD_LIMITS,
  titleCardKey,
  VARIANT_MIME,
  type TitleCard,
} from '@agency/shared';
import { S3MediaObjects } from '../adapters/media-objects';
import { makeVariants } from '../domain/image-variants';
import {
  TITLE_CARDS_PER_CALL,
  UPLOAD_CHANGED,
  type DrawTitleCardsResult,
  type ProcessImageResult,
} from '../domain/ports';
import type { CardFonts } from '../domain/title-card-drawing';
import { logger } from '../../../platform/logger';

/**
 * The image function (`process-image`): reads `uploads/<id>`, writes every variant under
 * `images/<id>/` and answers the processed image. Invoked synchronously by the upload confirmation
 * (and the post writers and the migration job), so the variants exist before the image is
 * registered. It never deletes the upload: the caller decides what happens to it.
 *
 * Asked `{ action: 'drawTitleCards', cards }` by whoever puts a page's HTML (publishing, the settings,
 * the deploy's render), it draws each card from a title that is not in the bucket yet into
 * `cards/<key>.jpg`, with the card font it ships (Open Sans Bold, latin and latin-ext).
 *
 * Its grants are GetObject on `uploads/*`, PutObject on `images/*`, GetObject and PutObject on
 * `cards/*` and listing the bucket (a missing card answers 404, not 403), nothing else.
 */
const log = logger.child({ service: 'process-image' });

// `etag`: the bytes the caller checked; a form posted again since is other bytes, refused here.
const request = z.object({ id: mediaId, etag: z.string().min(1).optional() });
const objects = new S3MediaObjects();

const titleCard = z.object({
  title: z.string().trim().min(1).max(TITLE_CARD_LIMITS.title),
  site: z.string().trim().min(1).max(TITLE_CARD_LIMITS.site),
});
const drawRequest = z.object({
  action: z.literal('drawTitleCards'),
  cards: z.array(titleCard).max(TITLE_CARDS_PER_CALL),
});

/** The card font's files, in the order a character is looked for (the package ships beside the bundle). */
const CARD_FONT_FILES = ['latin', 'latin-ext'].map(
  (subset) => `@fontsource/open-sans/files/open-sans-${subset}-700-normal.woff`,
);

// Loaded on the first card: uploads, most of this function's calls, never parse a font.
let cardFonts: Promise<CardFonts> | null = null;
const loadCardFonts = (): Promise<CardFonts> => {
  cardFonts ??= (async () => {
    // Bundlers and Vitest take the package's ES module build (named exports); Node's own import, as
    // `npm start` runs this source, its UMD build, which Node sees as one default export.
    const opentype = await import('opentype.js');
    const parse = opentype.default?.parse ?? opentype.parse;
    const resolve = createRequire(import.meta.url).resolve;
    return Promise.all(
      CARD_FONT_FILES.map(async (file) => {
        const bytes = await readFile(resolve(file));
        return parse(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
      }),
    );
  })().catch((error: unknown) => {
    cardFonts = null;
    throw error;
  });
  return cardFonts;
};

/** Draw the cards not in the bucket yet; the same card asked twice is drawn once. */
async function drawTitleCards(cards: readonly TitleCard[]): Promise<DrawTitleCardsResult> {
  const started = performance.now();
  const byKey = new Map(cards.map((card) => [titleCardKey(card), card]));
  let drawn = 0;
  for (const [key, card] of byKey) {
    if (await objects.exists(key)) continue;
    const { drawTitleCard } = await import('../domain/title-card-drawing');
    const body = await drawTitleCard(card, await loadCardFonts());
    await objects.putImageObjects([{ key, body, contentType: VARIANT_MIME.jpg }]);
    drawn++;
  }
  log.info('title cards drawn', {
    asked: byKey.size,
    drawn,
    ms: Math.round(performance.now() - started),
  });
  return { ok: true, drawn };
}

/**
 * Lambda entry. Bad bytes and a missing upload are answers (`ok: false`); only an outage of the
 * bucket throws, which the Lambda API reports to the caller as a function error.
 */
export const handler = async (
  event: unknown,
): Promise<ProcessImageResult | DrawTitleCardsResult> => {
  if (typeof event === 'object' && event !== null && 'action' in event) {
    const draw = drawRequest.safeParse(event);
    if (!draw.success) {
      const issue = draw.error.issues[0];
      return { ok: false, error: `${issue?.path.join('.') || 'request'}: ${issue?.message}` };
    }
    return drawTitleCards(draw.data.cards);
  }
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
