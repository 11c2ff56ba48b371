import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { SWRConfig } from 'swr';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Image } from '@agency/shared';
import BlogListPage from './blog-list-page';
import { fakeApi, makePost, pageBody } from './testing/fake-api';
import { postsInfiniteFallbackKey } from './api';
import { listPostsKey } from '../../lib/api-keys';
import { preloadDeferred } from '../../lib/deferred';

// Rendering whole pages in jsdom is slow on a shared 2-core machine.
vi.setConfig({ testTimeout: 20_000 });

/** An IntersectionObserver the test triggers by hand. */
class ManualObserver {
  static instances: ManualObserver[] = [];
  targets: Element[] = [];
  constructor(private readonly cb: IntersectionObserverCallback) {
    ManualObserver.instances.push(this);
  }
  observe(el: Element) {
    this.targets.push(el);
  }
  unobserve() {}
  disconnect() {
    this.targets = [];
  }
  takeRecords() {
    return [];
  }
  /** Pretend every observed element scrolled into view. */
  static reveal() {
    for (const o of ManualObserver.instances) {
      if (o.targets.length === 0) continue;
      const entries = o.targets.map(
        (target) => ({ target, isIntersecting: true }) as unknown as IntersectionObserverEntry,
      );
      o.cb(entries, o as unknown as IntersectionObserver);
    }
  }
}

const renderList = (fallback: Record<string, unknown> = {}, at = '/blog') =>
  render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0, fallback }}>
      <MemoryRouter initialEntries={[at]}>
        <BlogListPage />
      </MemoryRouter>
    </SWRConfig>,
  );

// The list is a deferred part: its code loads before the first render, as in the server entry.
beforeAll(() => preloadDeferred());

beforeEach(() => {
  ManualObserver.instances = [];
  vi.stubGlobal('IntersectionObserver', ManualObserver);
});
afterEach(() => vi.unstubAllGlobals());

const pages = [
  [
    makePost({ title: 'One', content: '<p>First <b>bold</b> text</p>' }),
    makePost({ title: 'Two' }),
    makePost({ title: 'Three' }),
    makePost({ title: 'Four' }),
  ],
  [makePost({ title: 'Five' }), makePost({ title: 'Six' })],
];

describe('blog list', () => {
  it('loads pages as the sentinel comes into view and stops at the end of the list', async () => {
    const api = fakeApi({
      listPosts: (req) => {
        const page = Number(req.url.searchParams.get('page'));
        return { body: pageBody(pages[page - 1] ?? [], page, page < pages.length) };
      },
    });
    renderList();
    const list = await screen.findByRole('region', { name: 'Articles' });
    expect(await within(list).findByRole('link', { name: 'One' })).toBeInTheDocument();
    // Excerpt has the tags stripped.
    expect(within(list).getByText('First bold text')).toBeInTheDocument();
    expect(within(list).queryByRole('link', { name: 'Five' })).toBeNull();
    // Sidebar: the first three posts only.
    const sidebar = screen.getByRole('complementary', { name: 'Featured posts' });
    expect(
      within(sidebar)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['One', 'Two', 'Three']);

    act(() => ManualObserver.reveal());
    expect(await within(list).findByRole('link', { name: 'Six' })).toBeInTheDocument();
    expect(api.calls('listPosts').map((r) => r.url.searchParams.get('page'))).toEqual(['1', '2']);
    const end = screen.getByText('You have reached the end of the blog.');
    // In reading order (and so on a phone, where the columns stack) the featured posts come first.
    expect(sidebar.compareDocumentPosition(end) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();

    act(() => ManualObserver.reveal());
    await new Promise((r) => setTimeout(r, 50));
    expect(api.calls('listPosts')).toHaveLength(2);
    expect(within(list).getAllByText('Read more')).toHaveLength(6);
  }, 20_000);

  it('shows an empty state', async () => {
    fakeApi({ listPosts: () => ({ body: pageBody([], 1, false) }) });
    renderList();
    expect(await screen.findByText(/No articles have been published yet/)).toBeInTheDocument();
  });

  it('shows skeletons, then an error with a Retry button that reloads', async () => {
    let fail = true;
    fakeApi({
      listPosts: () =>
        fail
          ? { status: 503, body: { error: 'Service unavailable.' } }
          : { body: pageBody(pages[1] ?? [], 1, false) },
    });
    const { container } = renderList();
    expect(container.querySelectorAll('.skeleton--card').length).toBeGreaterThan(0);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Service unavailable.');
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    await waitFor(() =>
      expect(screen.getAllByRole('link', { name: 'Five' }).length).toBeGreaterThan(0),
    );
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows each processed banner as a <picture> sized to its layout, the first one loaded first', () => {
    const banner = (id: string): Image => ({
      id,
      width: 4000,
      height: 3000,
      format: 'jpg',
      placeholder: 'data:image/webp;base64,UklGRg==',
    });
    const ids = [1, 2].map((n) => `c0ffee00-1234-4abc-8def-00000000000${n}`);
    const page = [
      makePost({ title: 'Photo one', banner: banner(ids[0] ?? '') }),
      makePost({ title: 'Photo two', banner: banner(ids[1] ?? '') }),
      makePost({ title: 'Legacy', banner_image: '/media/banners/old.jpg' }),
    ];
    fakeApi({ listPosts: () => ({ body: pageBody(page, 1, false) }) });
    const { container } = renderList({
      [postsInfiniteFallbackKey()]: [pageBody(page, 1, false)],
    });
    const cards = container.querySelectorAll('.blog-card');
    const first = cards[0]?.querySelector('picture img');
    const second = cards[1]?.querySelector('picture img');
    expect(first?.getAttribute('sizes')).toBe('(max-width: 600px) calc(100vw - 40px), 260px');
    expect(cards[0]?.querySelector('source[type="image/avif"]')?.getAttribute('srcset')).toContain(
      `/media/images/${ids[0]}/960.avif 960w`,
    );
    expect(first?.getAttribute('loading')).toBe('eager');
    expect(first?.getAttribute('fetchpriority')).toBe('high');
    expect(second?.getAttribute('loading')).toBe('lazy');
    expect(second?.getAttribute('fetchpriority')).toBeNull();
    // A banner stored before images had variants stays a plain <img>.
    expect(cards[2]?.querySelector('picture')).toBeNull();
    expect(cards[2]?.querySelector('img')?.getAttribute('src')).toBe('/media/banners/old.jpg');
    // The featured sidebar asks for 96 px wide files.
    const sidebar = screen.getByRole('complementary', { name: 'Featured posts' });
    const thumbs = sidebar.querySelectorAll('picture img');
    expect(thumbs).toHaveLength(2);
    expect(thumbs[0]?.getAttribute('sizes')).toBe('96px');
    expect(thumbs[0]?.getAttribute('loading')).toBe('lazy');
  });

  it('starts at page N on /blog?page=N, links back to the newer posts and scrolls on from N + 1', async () => {
    const three = [makePost({ title: 'Seven' })];
    const api = fakeApi({
      listPosts: (req) => {
        const page = Number(req.url.searchParams.get('page'));
        const all = [...pages, three];
        return { body: pageBody(all[page - 1] ?? [], page, page < all.length) };
      },
    });
    renderList(
      {
        [postsInfiniteFallbackKey(2)]: [pageBody(pages[1] ?? [], 2, true)],
        [listPostsKey(1)]: pageBody(pages[0] ?? [], 1, true),
      },
      '/blog?page=2',
    );
    const list = await screen.findByRole('region', { name: 'Articles' });
    expect(within(list).getByRole('link', { name: 'Five' })).toBeInTheDocument();
    expect(within(list).queryByRole('link', { name: 'One' })).toBeNull();
    expect(within(list).getByRole('link', { name: 'Newer posts' })).toHaveAttribute(
      'href',
      '/blog',
    );
    // Rendered in the browser the list is live: it scrolls, it has no "More posts" link.
    expect(within(list).queryByRole('link', { name: 'More posts' })).toBeNull();
    // The featured posts are still the newest three.
    const sidebar = screen.getByRole('complementary', { name: 'Featured posts' });
    expect(
      within(sidebar)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['One', 'Two', 'Three']);

    act(() => ManualObserver.reveal());
    expect(await within(list).findByRole('link', { name: 'Seven' })).toBeInTheDocument();
    // The next page is N + 1 (SWR may also revalidate the pages it was given).
    const asked = api.calls('listPosts').map((r) => r.url.searchParams.get('page'));
    expect(asked.at(-1)).toBe('3');
    expect(within(list).queryByRole('link', { name: 'One' })).toBeNull();
  });

  it('renders from SWR fallback data without waiting for the network', () => {
    fakeApi({ listPosts: () => ({ body: pageBody(pages[0] ?? [], 1, true) }) });
    renderList({ [postsInfiniteFallbackKey()]: [pageBody(pages[0] ?? [], 1, true)] });
    expect(screen.getAllByRole('link', { name: 'One' }).length).toBeGreaterThan(0);
  });
});
