import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { parse } from 'opentype.js';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { SOCIAL_CARD } from '@agency/shared';
import { CARD_LAYOUT, drawTitleCard, titleCardSvg, wrapLines } from './title-card-drawing';

const resolve = createRequire(import.meta.url).resolve;
const fonts = ['latin', 'latin-ext'].map((subset) => {
  const bytes = readFileSync(
    resolve(`@fontsource/open-sans/files/open-sans-${subset}-700-normal.woff`),
  );
  return parse(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
});
const latin = fonts[0] as (typeof fonts)[number];
const width = SOCIAL_CARD.width - 2 * CARD_LAYOUT.margin;

describe('a share card drawn from a title', () => {
  it('is a 1200 × 630 JPEG of outlines only (no text for a font lookup to miss)', async () => {
    const card = { title: 'Digital Marketing Agency in Chennai', site: 'Alchem Digital' };
    const svg = titleCardSvg(card, fonts);
    expect(svg).not.toMatch(/<text|font-family/);
    const meta = await sharp(await drawTitleCard(card, fonts)).metadata();
    expect({ format: meta.format, width: meta.width, height: meta.height }).toEqual({
      format: 'jpeg',
      ...SOCIAL_CARD,
    });
  });

  it('breaks a title between words into lines that fit, and ends a title too long for the card with …', () => {
    const short = wrapLines('Growth you can measure', fonts, 72, width, 3);
    expect(short).toEqual({ lines: ['Growth you can measure'], cut: false });
    const long = wrapLines(Array(40).fill('branding websites').join(' '), fonts, 50, width, 4);
    expect(long.cut).toBe(true);
    expect(long.lines).toHaveLength(4);
    expect(long.lines[3]).toMatch(/…$/);
    for (const line of long.lines)
      expect(latin.getAdvanceWidth(line, 50)).toBeLessThanOrEqual(width);
  });

  it('breaks a word wider than the card between its characters', () => {
    const { lines } = wrapLines('x'.repeat(40), fonts, 72, width, 3);
    expect(lines.length).toBeGreaterThan(1);
    expect(lines.join('')).toBe('x'.repeat(40));
  });

  it('draws letters of latin-ext (Łódź) from the second font, not as empty boxes', () => {
    const plain = titleCardSvg({ title: 'Lodz', site: 'A' }, fonts);
    const accented = titleCardSvg({ title: 'Łódź', site: 'A' }, fonts);
    const latinOnly = titleCardSvg({ title: 'Łódź', site: 'A' }, [latin]);
    expect(accented).not.toBe(plain);
    expect(accented).not.toBe(latinOnly);
  });

  it('draws the same title the same way every time', () => {
    const card = { title: 'Web apps that last', site: 'Alchem Digital' };
    expect(titleCardSvg(card, fonts)).toBe(titleCardSvg(card, fonts));
  });
});
