import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { portfolioProjects } from './shared-assets';

/** An import's URL in the tests (Vite's dev form: a path from the web package's root) as a file. */
const fileOf = (url: string) =>
  join(import.meta.dirname, '..', '..', '..', url.replace(/\?.*$/, ''));

describe('portfolio images', () => {
  it('are bitmaps drawn from the mock-ups at build: 600 pixels wide on a card, 1200 in the lightbox', async () => {
    for (const project of portfolioProjects) {
      for (const [url, width] of [
        [project.thumb, 600],
        [project.large, 1200],
      ] as const) {
        const meta = await sharp(fileOf(url)).metadata();
        expect({ url, format: meta.format, width: meta.width, height: meta.height }).toEqual({
          url,
          format: 'webp',
          width,
          // The mock-ups are drawn at 10:7, the size the cards and the lightbox reserve.
          height: (width * 7) / 10,
        });
      }
    }
  });
});
