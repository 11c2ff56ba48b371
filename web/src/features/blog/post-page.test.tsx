import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { MemoryRouter, Route, Routes, StaticRouter } from 'react-router';
import { SWRConfig } from 'swr';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { SPECIAL_SLUGS, type Image } from '@agency/shared';
import PostPage from './post-page';
import { fakeApi, makePost, pageBody } from './testing/fake-api';
import type { PostResult } from './api';
import { getPostKey, listPostsKey } from '../../lib/api-keys';
import { preloadDeferred } from '../../lib/deferred';
import { VIEWED_POSTS_KEY } from './view-count';

// Rendering whole pages in jsdom is slow on a shared 2-core machine.
vi.setConfig({ testTimeout: 20_000 });

const renderAt = (path: string, fallback: Record<string, unknown> = {}) =>
  render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0, fallback }}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/blog/:slug" element={<PostPage />} />
          <Route path={`/${SPECIAL_SLUGS.career}`} element={<PostPage />} />
        </Routes>
      </MemoryRouter>
    </SWRConfig>,
  );

// The page's deferred parts (its body, the post fetched in the browser) load before the first render,
// as in the server entry, so a render from fallback data is synchronous.
beforeAll(() => preloadDeferred());

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('post page', () => {
  it('shows the article with breadcrumb, author, views, and only the pager links that exist', async () => {
    const post = makePost({ slug: 'alpha', title: 'Alpha article', views: 7 });
    fakeApi({
      getPublishedPost: () => ({
        body: {
          data: { post, prev_post: null, next_post: { slug: 'beta', title: 'Beta article' } },
        },
      }),
      listPosts: () => ({ body: pageBody([post, makePost({ title: 'Other one' })], 1, false) }),
      increaseView: () => ({ body: { data: { views: 8 } } }),
    });
    renderAt('/blog/alpha');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Alpha article' }),
    ).toBeInTheDocument();
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(crumbs).toHaveTextContent('Home');
    expect(crumbs).toHaveTextContent('Blog');
    expect(screen.getByRole('link', { name: /Next.*Beta article/ })).toHaveAttribute(
      'href',
      '/blog/beta',
    );
    expect(screen.queryByRole('link', { name: /Previous/ })).toBeNull();
    expect(screen.getByText('Asha Rao')).toBeInTheDocument();
    // Related carousel excludes the current post.
    expect(await screen.findByRole('link', { name: 'Other one' })).toBeInTheDocument();
    expect(screen.queryAllByRole('link', { name: 'Alpha article' })).toHaveLength(0);
    expect(screen.getAllByRole('link', { name: /^Share on / })).toHaveLength(4);
  });

  it('counts a view once per browser and shows the returned count', async () => {
    const post = makePost({ slug: 'gamma', views: 41 });
    const api = fakeApi({
      getPublishedPost: () => ({ body: { data: { post, prev_post: null, next_post: null } } }),
      listPosts: () => ({ body: pageBody([post], 1, false) }),
      increaseView: () => ({ body: { data: { views: 42 } } }),
    });
    const first = renderAt('/blog/gamma');
    expect(await screen.findByText('41 views')).toBeInTheDocument();
    expect(await screen.findByText('42 views')).toBeInTheDocument();
    expect(api.calls('increaseView')).toHaveLength(1);
    expect(api.calls('increaseView')[0]?.body).toEqual({ slug: 'gamma' });
    expect(JSON.parse(localStorage.getItem(VIEWED_POSTS_KEY) ?? '[]')).toEqual(['gamma']);
    first.unmount();

    // Back on the post, its page a copy from before the view (as the edge keeps it for minutes):
    // not counted again, and the count the server answered then shows instead of the older one.
    renderAt('/blog/gamma');
    expect(await screen.findByText('41 views')).toBeInTheDocument();
    await act(() => new Promise((r) => setTimeout(r, 350)));
    expect(api.calls('increaseView')).toHaveLength(1);
    expect(screen.getByText('42 views')).toBeInTheDocument();
  });

  it('counts the view of a page the browser prerenders only once it is shown', async () => {
    const post = makePost({ slug: 'delta', views: 5 });
    const api = fakeApi({
      getPublishedPost: () => ({ body: { data: { post, prev_post: null, next_post: null } } }),
      listPosts: () => ({ body: pageBody([post], 1, false) }),
      increaseView: () => ({ body: { data: { views: 6 } } }),
    });
    Object.defineProperty(document, 'prerendering', { configurable: true, value: true });
    try {
      renderAt('/blog/delta');
      expect(await screen.findByText('5 views')).toBeInTheDocument();
      await act(() => new Promise((r) => setTimeout(r, 350)));
      expect(api.calls('increaseView')).toHaveLength(0);
      Object.defineProperty(document, 'prerendering', { configurable: true, value: false });
      document.dispatchEvent(new Event('prerenderingchange'));
      expect(await screen.findByText('6 views')).toBeInTheDocument();
      expect(api.calls('increaseView')).toHaveLength(1);
    } finally {
      Reflect.deleteProperty(document, 'prerendering');
    }
  });

  it('renders synchronously from SWR fallback data and serves the career article on its unprefixed path', () => {
    const post = makePost({ slug: SPECIAL_SLUGS.career, title: 'Career article' });
    fakeApi({
      increaseView: () => ({ body: { data: { views: 1 } } }),
      listPosts: () => ({ body: pageBody([], 1, false) }),
    });
    const result: PostResult = {
      found: true,
      post,
      prev_post: { slug: 'p', title: 'Earlier' },
      next_post: null,
      inline_images: [],
    };
    renderAt(`/${SPECIAL_SLUGS.career}`, { [getPostKey(SPECIAL_SLUGS.career)]: result });
    expect(screen.getByRole('heading', { level: 1, name: 'Career article' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Previous.*Earlier/ })).toHaveAttribute(
      'href',
      '/blog/p',
    );
    expect(screen.queryByRole('link', { name: /Next/ })).toBeNull();
  });

  it('shows the not-found content for an unknown slug, and asks the API for nothing else', async () => {
    const api = fakeApi({
      getPublishedPost: () => ({ status: 404, body: { error: 'Post not found.' } }),
      listPosts: () => ({ body: pageBody([], 1, false) }),
    });
    renderAt('/blog/nope');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    await new Promise((r) => setTimeout(r, 20));
    // The 404 log counts the render function's 404 from the edge's access log, not from the page.
    expect(
      api.requests.map((r) => r.op).filter((op) => op !== 'getPublishedPost' && op !== 'listPosts'),
    ).toEqual([]);
    const urls = vi.mocked(globalThis.fetch).mock.calls.map(([input]) => String(input));
    expect(urls.filter((u) => u.includes('not-found'))).toEqual([]);
  });

  it('shows the extension icon box on the file-icons article', async () => {
    const post = makePost({ slug: SPECIAL_SLUGS.fileIcons });
    fakeApi({
      getPublishedPost: () => ({ body: { data: { post, prev_post: null, next_post: null } } }),
      listPosts: () => ({ body: pageBody([], 1, false) }),
      increaseView: () => ({ body: { data: { views: 1 } } }),
    });
    renderAt(`/blog/${SPECIAL_SLUGS.fileIcons}`);
    const box = await screen.findByPlaceholderText('search pdf, docx etc');
    expect(screen.getByRole('img', { name: 'default file icon' })).toHaveAttribute(
      'src',
      '/api/extension-image/default',
    );
    fireEvent.change(box, { target: { value: 'PDF' } });
    await waitFor(() =>
      expect(screen.getByRole('img', { name: 'pdf file icon' })).toHaveAttribute(
        'src',
        '/api/extension-image/pdf',
      ),
    );
  });

  it('hydrates the server-rendered article without a mismatch, then sanitises the body in the browser', async () => {
    const post = makePost({
      slug: 'hydrate',
      title: 'Hydrated',
      content: '<p>Safe <img src="x" onerror="alert(1)"> text.</p>',
    });
    fakeApi({
      listPosts: () => ({ body: pageBody([post], 1, false) }),
      increaseView: () => ({ body: { data: { views: 6 } } }),
    });
    const fallback = {
      [getPostKey('hydrate')]: {
        found: true,
        post,
        prev_post: null,
        next_post: null,
        inline_images: [],
      } satisfies PostResult,
    };
    const tree = (router: 'server' | 'client') => {
      const routes = (
        <Routes>
          <Route path="/blog/:slug" element={<PostPage />} />
        </Routes>
      );
      return (
        <SWRConfig value={{ provider: () => new Map(), fallback }}>
          {router === 'server' ? (
            <StaticRouter location="/blog/hydrate">{routes}</StaticRouter>
          ) : (
            <MemoryRouter initialEntries={['/blog/hydrate']}>{routes}</MemoryRouter>
          )}
        </SWRConfig>
      );
    };
    const html = renderToString(tree('server'));
    // The server keeps the stored HTML as is (the API sanitised it on write).
    expect(html).toContain('onerror');
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    const recoverable = vi.fn();
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    const root = hydrateRoot(container, tree('client'), { onRecoverableError: recoverable });
    await waitFor(() =>
      expect(container.querySelector('.post__body img')).not.toHaveAttribute('onerror'),
    );
    expect(recoverable).not.toHaveBeenCalled();
    expect(consoleError.mock.calls.filter((c) => /hydrat/i.test(String(c[0])))).toEqual([]);
    expect(container.querySelector('h1')).toHaveTextContent('Hydrated');
    act(() => root.unmount());
    container.remove();
    consoleError.mockRestore();
  });
  it('serves the banner and inline photos as <picture>s, the same before and after hydration', async () => {
    const banner: Image = {
      id: 'c0ffee00-1234-4abc-8def-0123456789ab',
      width: 4000,
      height: 3000,
      format: 'jpg',
      placeholder: 'data:image/webp;base64,UklGRg==',
    };
    const inline = 'b0a7d1e2-5555-4aaa-9bbb-0123456789cd';
    const post = makePost({
      slug: 'photos',
      title: 'Photos',
      banner,
      content: `<p>Intro <img src="x" onerror="alert(1)">.</p><p><img src="/media/images/${inline}/1920.jpg" width="3000" height="2000" alt="Harbour"></p>`,
    });
    const other = makePost({ title: 'Other photo', banner: { ...banner, id: inline } });
    fakeApi({
      listPosts: () => ({ body: pageBody([post, other], 1, false) }),
      increaseView: () => ({ body: { data: { views: 6 } } }),
    });
    const fallback = {
      [getPostKey('photos')]: {
        found: true,
        post,
        prev_post: null,
        next_post: null,
        inline_images: [],
      },
      [listPostsKey(1)]: pageBody([post, other], 1, false),
    };
    const tree = (router: 'server' | 'client') => {
      const routes = (
        <Routes>
          <Route path="/blog/:slug" element={<PostPage />} />
        </Routes>
      );
      return (
        <SWRConfig value={{ provider: () => new Map(), fallback }}>
          {router === 'server' ? (
            <StaticRouter location="/blog/photos">{routes}</StaticRouter>
          ) : (
            <MemoryRouter initialEntries={['/blog/photos']}>{routes}</MemoryRouter>
          )}
        </SWRConfig>
      );
    };
    const container = document.createElement('div');
    container.innerHTML = renderToString(tree('server'));
    document.body.append(container);
    const inlineSources = () =>
      container
        .querySelector('.post__body picture source[type="image/avif"]')
        ?.getAttribute('srcset');
    // The banner: the largest paint, loaded at once, sized to the article column.
    const img = container.querySelector('img.post__banner');
    expect(img?.parentElement?.tagName).toBe('PICTURE');
    expect(img?.getAttribute('fetchpriority')).toBe('high');
    expect(img?.getAttribute('loading')).toBe('eager');
    expect(img?.getAttribute('alt')).toBe('Photos');
    expect(img?.getAttribute('sizes')).toBe('(max-width: 860px) calc(100vw - 40px), 820px');
    const served = inlineSources();
    expect(served).toContain(`/media/images/${inline}/1920.avif 1920w`);
    expect(container.querySelector('.related__card picture img')?.getAttribute('loading')).toBe(
      'lazy',
    );
    const recoverable = vi.fn();
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    const root = hydrateRoot(container, tree('client'), { onRecoverableError: recoverable });
    // Once live the body is sanitised again (the handler goes) and rebuilt with the same sources.
    await waitFor(() =>
      expect(container.querySelector('.post__body img[src="x"]')).not.toHaveAttribute('onerror'),
    );
    expect(inlineSources()).toBe(served);
    expect(recoverable).not.toHaveBeenCalled();
    expect(consoleError.mock.calls.filter((c) => /hydrat/i.test(String(c[0])))).toEqual([]);
    act(() => root.unmount());
    container.remove();
    consoleError.mockRestore();
  });
});
