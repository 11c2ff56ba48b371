import { render } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { Image } from '@agency/shared';
import { Picture } from './picture';

const photo: Image = {
  id: 'c0ffee00-1234-4abc-8def-0123456789ab',
  width: 4000,
  height: 3000,
  format: 'jpg',
  placeholder: 'data:image/webp;base64,UklGRh4AAABXRUJQVlA4',
};
const SIZES = '(max-width: 600px) calc(100vw - 40px), 260px';

describe('Picture', () => {
  it('offers AVIF, then WebP, then the JPEG fallback, each with every variant and the same sizes', () => {
    const { container } = render(<Picture image={photo} alt="A street" sizes={SIZES} />);
    const sources = [...container.querySelectorAll('picture > source')];
    expect(sources.map((s) => s.getAttribute('type'))).toEqual(['image/avif', 'image/webp']);
    expect(sources[1]?.getAttribute('srcset')).toBe(
      [480, 960, 1440, 1920].map((w) => `/media/images/${photo.id}/${w}.webp ${w}w`).join(', '),
    );
    const img = container.querySelector('picture > img');
    expect(img?.getAttribute('src')).toBe(`/media/images/${photo.id}/960.jpg`);
    expect(img?.getAttribute('srcset')).toContain(`/media/images/${photo.id}/1920.jpg 1920w`);
    for (const el of [...sources, img]) expect(el?.getAttribute('sizes')).toBe(SIZES);
    expect(img?.getAttribute('alt')).toBe('A street');
  });

  it('reserves the box with the intrinsic size and paints the blurred preview until the image loads', () => {
    const { container } = render(<Picture image={photo} alt="" sizes={SIZES} />);
    const img = container.querySelector('img');
    expect(img?.getAttribute('width')).toBe('4000');
    expect(img?.getAttribute('height')).toBe('3000');
    expect(img?.style.backgroundImage).toBe(`url("${photo.placeholder}")`);
    expect(img?.style.backgroundSize).toBe('cover');
  });

  it('has no preview behind an image with transparency, where it would stay visible', () => {
    const { container } = render(
      <Picture image={{ ...photo, format: 'png' }} alt="" sizes={SIZES} />,
    );
    const img = container.querySelector('img');
    expect(img?.getAttribute('style')).toBeNull();
    expect(img?.getAttribute('src')).toMatch(/960\.png$/);
  });

  it('loads lazily and decodes off the main thread below the fold, at once and first for the largest paint', () => {
    const lazy = renderToString(<Picture image={photo} alt="" sizes={SIZES} />);
    expect(lazy).toContain('loading="lazy"');
    expect(lazy).toContain('decoding="async"');
    expect(lazy).not.toContain('fetchPriority');
    expect(lazy).not.toContain('fetchpriority');
    const first = renderToString(<Picture image={photo} alt="" sizes={SIZES} priority />);
    expect(first).toContain('loading="eager"');
    expect(first).toMatch(/fetchpriority="high"/i);
    expect(first).not.toContain('decoding');
  });

  it('never offers a variant wider than the image', () => {
    const small = { ...photo, width: 700, height: 500 };
    const { container } = render(<Picture image={small} alt="" sizes="96px" />);
    expect(container.querySelector('source')?.getAttribute('srcset')).toBe(
      `/media/images/${photo.id}/480.avif 480w, /media/images/${photo.id}/700.avif 700w`,
    );
    expect(container.querySelector('img')?.getAttribute('src')).toBe(
      `/media/images/${photo.id}/700.jpg`,
    );
  });
});
