import { describe, expect, it } from 'vitest';
import { SEED_PAGES } from '../../content/pages';
import { blockPageMeta } from './block-page';

const about = SEED_PAGES.find((p) => p.path === '/about');
if (!about) throw new Error('no /about in the seed');
const ID = '0b6f5d1e-3c2a-4d8e-9f10-112233445566';

describe("a block page's share image", () => {
  it('is a library image’s 1200 × 630 JPEG card, with its size', () => {
    const meta = blockPageMeta({ ...about, image: `/media/images/${ID}/1440.webp` }, '/about');
    expect(meta.image).toBe(`/media/images/${ID}/card.jpg`);
    expect(meta.imageSize).toEqual({ width: 1200, height: 630 });
  });

  it('is any other image as given, without a size it cannot know', () => {
    const meta = blockPageMeta({ ...about, image: 'https://cdn.example/photo.png' }, '/about');
    expect(meta.image).toBe('https://cdn.example/photo.png');
    expect(meta.imageSize).toBeUndefined();
  });

  it('is left to the site’s share card when the page has none', () => {
    const { image: _none, ...bare } = about;
    expect(blockPageMeta(bare, '/about').image).toBeUndefined();
  });
});
