import { act, waitFor } from '@testing-library/react';
import type { ComponentType, Context, ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { Route, Routes, StaticRouter } from 'react-router';
import { mutate } from 'swr';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getPostKey, listPostsKey } from '../../lib/api-keys';
import { HYDRATED_ATTR } from '../../lib/early-input';
import { swrFallbackScript } from '../../lib/head';
import { startPageScript } from '../../page-script';
import type { PostResult } from './api';
import { postsInfiniteFallbackKey } from './api';
import { fakeApi, makePost, pageBody } from './testing/fake-api';
import { VIEWED_POSTS_KEY } from './view-count';
import { installObserver } from '../../test/observer';

/**
 * The first load of a blog page the render handler rendered, as islands: the server's HTML (every
 * part rendered, each island as a root of its own, as the server entry does), then in the browser
 * only the islands runtime, with fresh modules (no island's code loaded yet), as on a real visit.
 */

vi.setConfig({ testTimeout: 20_000 });

type Tree = (Page: ComponentType, Fallback: Context<Record<string, unknown>>) => ReactElement;

/** Server HTML of `tree` at `path`, embedded with its SWR data, then the islands runtime started. */
async function firstLoad(
  tree: Tree,
  pageModule: () => Promise<{ default: ComponentType }>,
  path: string,
  fallback: Record<string, unknown>,
): Promise<{ container: HTMLElement; errors: unknown[]; unmount: () => void }> {
  // The server: every part loaded before rendering, as the server entry does.
  const ServerPage = (await pageModule()).default;
  await (await import('../../lib/deferred')).preloadDeferred();
  const { ApiFallbackContext } = await import('../../lib/api-fallback');
  const { IslandCollectorContext } = await import('../../islands/island-root');
  const { renderWithIslands } = await import('../../islands/render-islands');
  const html = renderWithIslands(
    (islands) =>
      renderToString(
        <IslandCollectorContext.Provider value={islands}>
          {tree(ServerPage, ApiFallbackContext)}
        </IslandCollectorContext.Provider>,
      ),
    path,
  );
  window.history.replaceState(null, '', path);
  document.body.innerHTML = `<div id="root" data-path="${path}">${html}</div>${swrFallbackScript(fallback)}`;
  const container = document.getElementById('root') as HTMLElement;
  // The browser: fresh modules, no island's code loaded; React reports mismatches on the console.
  vi.resetModules();
  const errors: unknown[] = [];
  const spy = vi.spyOn(console, 'error').mockImplementation((...args) => errors.push(args));
  const act = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
  act.IS_REACT_ACT_ENVIRONMENT = false;
  (await import('../../lib/early-input')).markLive(container);
  const runtime = await import('../../islands/runtime');
  runtime.markStaticParts(document);
  runtime.startIslands(document);
  return {
    container,
    errors,
    unmount: () => {
      document.body.replaceChildren();
      spy.mockRestore();
      act.IS_REACT_ACT_ENVIRONMENT = true;
    },
  };
}

const part = (container: HTMLElement, name: string) =>
  container.querySelector(`[data-deferred="${name}"]`);

beforeEach(() => localStorage.clear());
afterEach(async () => {
  // SWR's cache outlives the test's fresh modules (node_modules are not reloaded): empty it.
  await mutate(() => true, undefined, { revalidate: false });
  vi.unstubAllGlobals();
});

describe('a post page on its first load', () => {
  it('shows the post it was rendered with as islands: fetches nothing but the view, and hydrates the carousel alone when seen', async () => {
    const io = installObserver();
    const post = makePost({
      slug: 'served',
      title: 'Served article',
      views: 9,
      content: '<p>Stored <img src="x" onerror="alert(1)"> body.</p>',
    });
    const api = fakeApi({ increaseView: () => ({ body: { data: { views: 10 } } }) });
    const fallback = {
      [getPostKey('served')]: {
        found: true,
        post,
        prev_post: null,
        next_post: { slug: 'next-one', title: 'Next one' },
        inline_images: [],
      } satisfies PostResult,
      [listPostsKey(1)]: pageBody([post, makePost({ title: 'Another article' })], 1, false),
    };
    const tree: Tree = (Page, Fallback) => (
      <Fallback.Provider value={fallback}>
        <StaticRouter location="/blog/served">
          <Routes>
            <Route path="/blog/:slug" element={<Page />} />
          </Routes>
        </StaticRouter>
      </Fallback.Provider>
    );
    const page = await firstLoad(tree, () => import('./post-page'), '/blog/served', fallback);
    const { container } = page;
    startPageScript(document);

    // The view is counted (once, remembered) by the page script, and the count shown follows.
    await waitFor(() =>
      expect(container.querySelector('.post__views')).toHaveTextContent('10 views'),
    );
    expect(api.calls('increaseView').map((r) => r.body)).toEqual([{ slug: 'served' }]);
    expect(JSON.parse(localStorage.getItem(VIEWED_POSTS_KEY) ?? '[]')).toEqual(['served']);
    // Nothing else is fetched: the page shows what it was rendered with.
    expect(api.requests.map((r) => r.op)).toEqual(['increaseView']);
    expect(container.querySelector('h1')).toHaveTextContent('Served article');
    expect(container.querySelector('a[rel="next"]')).toHaveAttribute('href', '/blog/next-one');

    // The body is the stored HTML (sanitised by the API on write), never hydrated: no island.
    expect(part(container, 'post-body')).not.toHaveAttribute('data-island');
    // The carousel is an island that waits to be seen, then hydrates alone, without a mismatch.
    expect(part(container, 'related-posts')).not.toHaveAttribute(HYDRATED_ATTR);
    expect(io.observed()).toContain(container.querySelector('.related'));
    expect(io.observed()).not.toContain(container.querySelector('.post__body'));
    await act(async () => io.show());
    await waitFor(() => expect(part(container, 'related-posts')).toHaveAttribute(HYDRATED_ATTR), {
      onTimeout: (e) => new Error(`${e.message}\n${JSON.stringify(page.errors)}`),
    });
    expect(page.errors).toEqual([]);
    page.unmount();
  });
  it('fetches the post in the browser when the page came without it (the API was down)', async () => {
    const io = installObserver();
    const post = makePost({ slug: 'late', title: 'Late article' });
    const api = fakeApi({
      getPublishedPost: () => ({ body: { data: { post, prev_post: null, next_post: null } } }),
      listPosts: () => ({ body: pageBody([post], 1, false) }),
      increaseView: () => ({ body: { data: { views: 6 } } }),
    });
    const tree: Tree = (Page, Fallback) => (
      <Fallback.Provider value={{}}>
        <StaticRouter location="/blog/late">
          <Routes>
            <Route path="/blog/:slug" element={<Page />} />
          </Routes>
        </StaticRouter>
      </Fallback.Provider>
    );
    const page = await firstLoad(tree, () => import('./post-page'), '/blog/late', {});
    const { container } = page;
    // What the server could render is a placeholder, which is in view: the post is fetched.
    expect(container.querySelector('.skeleton--post')).not.toBeNull();
    await act(async () => io.show());
    await waitFor(() => expect(container.querySelector('h1')).toHaveTextContent('Late article'));
    expect(api.calls('getPublishedPost').map((r) => r.url.searchParams.get('slug'))).toEqual([
      'late',
    ]);
    await waitFor(() => expect(api.calls('increaseView')).toHaveLength(1));
    expect(page.errors).toEqual([]);
    page.unmount();
  });
});

describe('the blog list on its first load', () => {
  it('keeps the list as rendered until more posts are wanted, then loads the next page', async () => {
    const io = installObserver();
    const first = [makePost({ title: 'One' }), makePost({ title: 'Two' })];
    const second = [makePost({ title: 'Page 2 post' })];
    const api = fakeApi({
      listPosts: (req) =>
        req.url.searchParams.get('page') === '2'
          ? { body: pageBody(second, 2, false) }
          : { body: pageBody(first, 1, true) },
    });
    const fallback = {
      [postsInfiniteFallbackKey()]: [pageBody(first, 1, true)],
      [listPostsKey(1)]: pageBody(first, 1, true),
    };
    const tree: Tree = (Page, Fallback) => (
      <Fallback.Provider value={fallback}>
        <StaticRouter location="/blog">
          <Page />
        </StaticRouter>
      </Fallback.Provider>
    );
    const page = await firstLoad(tree, () => import('./blog-list-page'), '/blog', fallback);
    const { container } = page;

    // Only the load-more sentinel is watched; the posts in view stay the server's HTML.
    expect(part(container, 'blog-list')).not.toHaveAttribute(HYDRATED_ATTR);
    expect(io.observed()).toEqual([container.querySelector('.blog-list__sentinel')]);
    expect(container.querySelectorAll('.blog-card')).toHaveLength(2);
    expect(api.requests).toEqual([]);
    // Without JavaScript (or before the list is live) the next page is a link.
    const more = (): Element | null => container.querySelector('a.blog-list__more');
    expect(more()).toHaveAttribute('href', '/blog?page=2');
    expect(more()).toHaveTextContent('More posts');

    // The sentinel comes near: the list hydrates and, as it is in view, asks for page 2.
    await act(async () => io.show());
    await waitFor(() => expect(part(container, 'blog-list')).toHaveAttribute(HYDRATED_ATTR));
    // Live, the list scrolls on by itself: the link is gone, without a hydration mismatch.
    expect(more()).toBeNull();
    await act(async () => io.show());
    await waitFor(() => expect(container.textContent).toContain('Page 2 post'));
    // Page 1 is what the page was rendered with: waking asks for the next page only.
    expect(api.calls('listPosts').map((r) => r.url.searchParams.get('page'))).toEqual(['2']);
    expect(container.querySelectorAll('.blog-card')).toHaveLength(3);
    expect(page.errors).toEqual([]);
    page.unmount();
  });
});
