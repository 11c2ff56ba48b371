import type { Font } from 'opentype.js';
import sharp from 'sharp';
import { SOCIAL_CARD, type TitleCard } from '@agency/shared';
import { ENCODING } from './image-variants';

/**
 * The share card drawn from a page's title: 1200 × 630, the brand's dark ground and accent, the
 * site's name above the title in large bold type. Every letter is drawn as an outline of the
 * shipped font (opentype.js), so the SVG sharp rasterises holds paths only: no font lookup, no
 * fontconfig, the same pixels on a laptop and in Lambda. Pure: text and fonts in, JPEG out.
 */

/** The bold fonts a card is drawn with, tried in order for every character (latin, then latin-ext). */
export type CardFonts = readonly Font[];

/** The drawing's measures, in pixels of the 1200 × 630 card. */
export const CARD_LAYOUT = {
  margin: 90,
  background: '#141821',
  accent: '#c23a1d',
  title: { color: '#ffffff', sizes: [72, 60, 50], maxLines: [3, 3, 4], lineHeight: 1.18, top: 250 },
  site: { color: '#e6e8ee', size: 34, baseline: 128 },
} as const;

const WIDTH = SOCIAL_CARD.width;
const HEIGHT = SOCIAL_CARD.height;
const TEXT_WIDTH = WIDTH - 2 * CARD_LAYOUT.margin;
const ELLIPSIS = '…';

/** The first font that has a glyph for `char`, else the first font (which draws its .notdef box). */
function fontFor(char: string, fonts: readonly Font[]): Font {
  const found = fonts.find((f) => f.charToGlyphIndex(char) > 0);
  return found ?? (fonts[0] as Font);
}

/** `text` cut into runs of characters one font draws. */
function runs(text: string, fonts: readonly Font[]): { font: Font; text: string }[] {
  const out: { font: Font; text: string }[] = [];
  for (const char of text) {
    const font = fontFor(char, fonts);
    const last = out[out.length - 1];
    if (last && last.font === font) last.text += char;
    else out.push({ font, text: char });
  }
  return out;
}

const measure = (text: string, fonts: readonly Font[], size: number): number =>
  runs(text, fonts).reduce((sum, r) => sum + r.font.getAdvanceWidth(r.text, size), 0);

/** The outline of one line of text whose baseline starts at (x, y). */
function linePath(text: string, fonts: readonly Font[], size: number, x: number, y: number) {
  let at = x;
  const parts: string[] = [];
  for (const r of runs(text, fonts)) {
    parts.push(r.font.getPath(r.text, at, y, size).toPathData(1));
    at += r.font.getAdvanceWidth(r.text, size);
  }
  return parts.join('');
}

/** The longest start of `text` that fits `width` with an ellipsis after it. */
function withEllipsis(text: string, fonts: readonly Font[], size: number, width: number): string {
  const chars = [...text];
  while (chars.length > 0 && measure(`${chars.join('').trimEnd()}${ELLIPSIS}`, fonts, size) > width)
    chars.pop();
  return `${chars.join('').trimEnd()}${ELLIPSIS}`;
}

/**
 * `text` in lines of at most `width` at `size`, broken between words (a word wider than a line is
 * broken between characters), at most `maxLines`: what does not fit ends the last line with "…".
 */
export function wrapLines(
  text: string,
  fonts: readonly Font[],
  size: number,
  width: number,
  maxLines: number,
): { lines: string[]; cut: boolean } {
  const lines: string[] = [];
  let line = '';
  const words = text.split(/\s+/u).filter(Boolean);
  for (const word of words) {
    const tried = line ? `${line} ${word}` : word;
    if (measure(tried, fonts, size) <= width) {
      line = tried;
      continue;
    }
    if (line) lines.push(line);
    line = word;
    // A word wider than the line: as many characters a line as fit.
    while (measure(line, fonts, size) > width) {
      const chars = [...line];
      let fit = chars.length - 1;
      while (fit > 1 && measure(chars.slice(0, fit).join(''), fonts, size) > width) fit--;
      lines.push(chars.slice(0, fit).join(''));
      line = chars.slice(fit).join('');
    }
  }
  if (line) lines.push(line);
  if (lines.length <= maxLines) return { lines, cut: false };
  const kept = lines.slice(0, maxLines);
  kept[maxLines - 1] = withEllipsis(lines.slice(maxLines - 1).join(' '), fonts, size, width);
  return { lines: kept, cut: true };
}

/** The title's lines at the largest size whose lines all fit (the smallest size cuts what is left). */
function titleLines(title: string, fonts: readonly Font[]): { size: number; lines: string[] } {
  const { sizes, maxLines } = CARD_LAYOUT.title;
  for (const [i, size] of sizes.entries()) {
    const max = maxLines[i] ?? 3;
    const wrapped = wrapLines(title, fonts, size, TEXT_WIDTH, max);
    if (!wrapped.cut || i === sizes.length - 1) return { size, lines: wrapped.lines };
  }
  throw new Error('no title size');
}

/** The card as an SVG of outlines only. */
export function titleCardSvg(card: TitleCard, fonts: CardFonts): string {
  const { margin, background, accent, title, site } = CARD_LAYOUT;
  const { size, lines } = titleLines(card.title.trim(), fonts);
  const step = size * title.lineHeight;
  const titlePaths = lines
    .map((line, i) => linePath(line, fonts, size, margin, title.top + size + i * step))
    .join('');
  const siteLine = wrapLines(card.site.trim(), fonts, site.size, TEXT_WIDTH - 70, 1).lines[0];
  const sitePath = linePath(siteLine ?? '', fonts, site.size, margin + 70, site.baseline);
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">`,
    `<rect width="${WIDTH}" height="${HEIGHT}" fill="${background}"/>`,
    `<circle cx="1080" cy="40" r="300" fill="${accent}" opacity=".35"/>`,
    // The brand's mark (share-card.svg's), at the size of the site's name.
    `<rect x="${margin}" y="${site.baseline - 44}" width="52" height="52" rx="13" fill="${accent}"/>`,
    `<path d="M${margin + 12} ${site.baseline - 3} ${margin + 26} ${site.baseline - 35}l14 32M${margin + 17} ${site.baseline - 13}h18" fill="none" stroke="#fff" stroke-width="5" stroke-linecap="round" stroke-linejoin="round"/>`,
    `<path d="${sitePath}" fill="${site.color}"/>`,
    `<path d="${titlePaths}" fill="${title.color}"/>`,
    `<rect x="${margin}" y="${HEIGHT - 70}" width="120" height="8" rx="4" fill="${accent}"/>`,
    '</svg>',
  ].join('');
}

/** The card as the JPEG link previews show (the same encoder settings as every image's card). */
export async function drawTitleCard(card: TitleCard, fonts: CardFonts): Promise<Buffer> {
  return sharp(Buffer.from(titleCardSvg(card, fonts)))
    .flatten({ background: CARD_LAYOUT.background })
    .jpeg(ENCODING.card)
    .toBuffer();
}
