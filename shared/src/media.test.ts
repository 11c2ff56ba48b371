import { describe, expect, it } from 'vitest';
import {
  imageKeys,
  inlineSrc,
  libraryImageIds,
  parseInlineSrc,
  pictureSources,
  variantWidths,
} from './media';

const id = '3f2b8c1e-9a4d-4c5e-8f6a-1b2c3d4e5f60';

describe('image variants', () => {
  it('never upscales: widths stop at the image, capped at the largest', () => {
    expect(variantWidths(4000)).toEqual([480, 960, 1440, 1920]);
    expect(variantWidths(1920)).toEqual([480, 960, 1440, 1920]);
    expect(variantWidths(1000)).toEqual([480, 960, 1000]);
    expect(variantWidths(300)).toEqual([300]);
  });
  it('lists AVIF then WebP sources and a fallback near 960 px', () => {
    const p = pictureSources({ id, width: 4000, height: 3000, format: 'jpg' });
    expect(p.sources.map((s) => s.type)).toEqual(['image/avif', 'image/webp']);
    expect(p.sources[0]?.srcset).toBe(
      [480, 960, 1440, 1920].map((w) => `/media/images/${id}/${w}.avif ${w}w`).join(', '),
    );
    expect(p.src).toBe(`/media/images/${id}/960.jpg`);
  });
  it('reads an inline image back from the src it is stored with', () => {
    const src = inlineSrc({ id, width: 1200, format: 'png' });
    expect(src).toBe(`/media/images/${id}/1200.png`);
    expect(parseInlineSrc(src)).toEqual({ id, width: 1200, format: 'png' });
    expect(parseInlineSrc('https://example.com/a.png')).toBeNull();
    expect(parseInlineSrc(`/media/images/${id}/1200.gif`)).toBeNull();
  });
  it('knows every key of an image', () => {
    const keys = imageKeys({ id, width: 1000, format: 'jpg' });
    expect(keys).toHaveLength(2 + 3 * 3);
    expect(keys).toContain(`images/${id}/original.jpg`);
    expect(keys).toContain(`images/${id}/card.jpg`);
    expect(keys).toContain(`images/${id}/1000.webp`);
  });
});

describe('libraryImageIds', () => {
  const other = 'a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d';
  it('finds library images in any field of any shape: block images, rich text, links, share images', () => {
    const content = {
      title: 'Home',
      image: `/media/images/${id}/card.jpg`,
      blocks: [
        {
          type: 'portfolioCarousel',
          hidden: true,
          items: [{ thumb: `/media/images/${id}/original.jpg` }],
        },
        { type: 'prose', body: `<p><img src="/media/images/${other}/1920.jpg" alt=""></p>` },
        {
          type: 'cta',
          action: { href: `https://www.example.com/media/images/${other}/original.png` },
        },
      ],
    };
    expect([...libraryImageIds(content)].sort()).toEqual([id, other].sort());
  });

  it('ignores site assets, uploads and ids that are not image ids', () => {
    expect([
      ...libraryImageIds({
        a: '/assets/img/portfolio/shop.webp',
        b: `/media/uploads/${id}`,
        c: '/media/images/not-an-id/original.jpg',
        n: 42,
        z: null,
      }),
    ]).toEqual([]);
  });
});
