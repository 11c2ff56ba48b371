import { act, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SEED_SITE_SETTINGS } from '../../content/site-settings';
import { aboutPage } from '../../content/pages/about';
import { settingsSeen, useSeenSettings } from '../../lib/site-settings';
import BlockRoute from './block-route';
import {
  BlockPagesContext,
  browserPages,
  loadBlockPage,
  pageDataScript,
  parsePageDataHtml,
} from './page-data';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('page data in the HTML', () => {
  it('survives the trip through a script element, markup in texts included', () => {
    const page = { ...aboutPage, title: 'About </script><script>alert(1)</script>' };
    const html = `<div id="root"></div>${pageDataScript({ path: '/about', page, settings: SEED_SITE_SETTINGS })}`;
    expect(html.match(/<\/script>/g)).toHaveLength(1);
    expect(parsePageDataHtml(html)).toEqual({ path: '/about', page, settings: SEED_SITE_SETTINGS });
    expect(parsePageDataHtml('<div id="root"></div>')).toBeUndefined();
  });

  it('fetches another block page’s HTML on navigation and renders its published content', async () => {
    const published = { ...aboutPage, path: '/campaign', title: 'Campaign' };
    published.blocks = published.blocks.map((b) =>
      b.type === 'hero' ? { ...b, title: 'Published since the build' } : b,
    );
    const fetchMock = vi.fn(async () => ({
      redirected: false,
      text: async () =>
        `<html><body><div id="root"></div>${pageDataScript({ path: '/campaign', page: published, settings: SEED_SITE_SETTINGS })}</body></html>`,
    }));
    vi.stubGlobal('fetch', fetchMock);
    // Awaited: the route suspends on the fetched page (use), which resolves inside this act scope.
    await act(async () => {
      render(
        <BlockPagesContext.Provider value={browserPages}>
          <MemoryRouter initialEntries={['/campaign/']}>
            <Suspense fallback={<p>Loading</p>}>
              <Routes>
                <Route path="/*" element={<BlockRoute />} />
              </Routes>
            </Suspense>
          </MemoryRouter>
        </BlockPagesContext.Provider>,
      );
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Published since the build' }),
    ).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock).toHaveBeenCalledWith('/campaign', expect.anything());
    // Fetched once: the page is known afterwards.
    await loadBlockPage('/campaign');
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('reads a page without data (the not-found page’s HTML) as no block page', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => ({
        redirected: false,
        text: async () =>
          `<div id="root"></div>${pageDataScript({ path: '/404', page: null, settings: SEED_SITE_SETTINGS })}`,
      })),
    );
    await expect(loadBlockPage('/gone')).resolves.toBeNull();
  });

  it('takes the site settings of a page fetched on navigation, so a corrected e-mail shows on the next page', async () => {
    function Email() {
      return <p>{useSeenSettings()?.email ?? 'none'}</p>;
    }
    settingsSeen(SEED_SITE_SETTINGS);
    render(<Email />);
    expect(screen.getByText(SEED_SITE_SETTINGS.email)).toBeInTheDocument();
    const corrected = { ...SEED_SITE_SETTINGS, email: 'hello@corrected.example' };
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => ({
        redirected: false,
        text: async () =>
          `<div id="root"></div>${pageDataScript({ path: '/after-settings', page: { ...aboutPage, title: 'After' }, settings: corrected })}`,
      })),
    );
    await act(async () => {
      await loadBlockPage('/after-settings');
    });
    expect(screen.getByText('hello@corrected.example')).toBeInTheDocument();
  });
});
