import { render, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { SWRConfig } from 'swr';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Image } from '@agency/shared';
import { fakeApi, makePost, pageBody } from '../blog/testing/fake-api';
import { BlogTeaser } from './blog-teaser';

afterEach(() => vi.unstubAllGlobals());

describe('home blog teaser', () => {
  it('shows processed banners as lazy <picture>s sized to the carousel, older ones as they were', async () => {
    const banner: Image = {
      id: 'c0ffee00-1234-4abc-8def-0123456789ab',
      width: 1600,
      height: 900,
      format: 'jpg',
      placeholder: 'data:image/webp;base64,UklGRg==',
    };
    fakeApi({
      listPosts: () => ({
        body: pageBody(
          [
            makePost({ title: 'Photo', banner }),
            makePost({ title: 'Older', banner_image: '/media/banners/7.jpg' }),
          ],
          1,
          false,
        ),
      }),
    });
    const { container } = render(
      <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
        <MemoryRouter>
          <BlogTeaser heading="From the blog" />
        </MemoryRouter>
      </SWRConfig>,
    );
    await waitFor(() => expect(container.querySelectorAll('.post-card')).toHaveLength(2));
    const [photo, older] = [...container.querySelectorAll('.post-card')];
    const img = photo?.querySelector('picture > img');
    expect(img?.getAttribute('sizes')).toBe(
      '(max-width: 449.98px) calc(100vw - 82px), (max-width: 1240px) calc(50vw - 57px), 563px',
    );
    expect(img?.getAttribute('loading')).toBe('lazy');
    expect(img?.getAttribute('width')).toBe('1600');
    expect(photo?.querySelector('source[type="image/webp"]')?.getAttribute('srcset')).toBe(
      `/media/images/${banner.id}/480.webp 480w, /media/images/${banner.id}/960.webp 960w, /media/images/${banner.id}/1440.webp 1440w, /media/images/${banner.id}/1600.webp 1600w`,
    );
    expect(older?.querySelector('picture')).toBeNull();
    expect(older?.querySelector('img')?.getAttribute('src')).toBe('/media/banners/7.jpg');
  });
});
