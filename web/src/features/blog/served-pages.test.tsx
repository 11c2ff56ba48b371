import { act, fireEvent, waitFor } from '@testing-library/react';
import type { ComponentType, Context, ReactElement } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { MemoryRouter, Route, Routes, StaticRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getPostKey, listPostsKey } from '../../lib/api-keys';
import { HYDRATED_ATTR } from '../../lib/early-input';
import type { PostResult } from './api';
import { postsInfiniteFallbackKey } from './api';
import { fakeApi, makePost, pageBody } from './testing/fake-api';
import { VIEWED_POSTS_KEY } from './view-count';
import { installObserver } from '../../test/observer';

/**
 * The first load of a blog page the render handler rendered: the server's HTML (every part rendered,
 * as the server entry does) hydrated by a browser whose parts' code is not loaded yet, as on a
 * real first visit. The browser side imports fresh copies of the app's modules for that.
 */

vi.setConfig({ testTimeout: 20_000 });

type Tree = (
  Page: ComponentType,
  Fallback: Context<Record<string, unknown>>,
  side: 'server' | 'client',
) => ReactElement;

/** Server HTML of `tree`, then hydrated with fresh modules (no part loaded) the way main.tsx does. */
async function firstLoad(
  tree: Tree,
  pageModule: () => Promise<{ default: ComponentType }>,
): Promise<{ container: HTMLElement; errors: unknown[]; unmount: () => void }> {
  // The server: every part loaded before rendering, as the server entry does.
  const ServerPage = (await pageModule()).default;
  await (await import('../../lib/deferred')).preloadDeferred();
  const server = await import('../../lib/api-fallback');
  const container = document.createElement('div');
  container.innerHTML = renderToString(tree(ServerPage, server.ApiFallbackContext, 'server'));
  document.body.append(container);
  // The browser: the same modules, fresh, with no part's code loaded yet.
  vi.resetModules();
  const Page = (await pageModule()).default;
  const browser = await import('../../lib/api-fallback');
  (await import('../../lib/deferred')).deferUntilNeeded();
  const errors: unknown[] = [];
  let root: ReturnType<typeof hydrateRoot> | undefined;
  await act(async () => {
    root = hydrateRoot(container, tree(Page, browser.ApiFallbackContext, 'client'), {
      onRecoverableError: (err) => errors.push(err),
    });
  });
  return {
    container,
    errors,
    unmount: () => {
      act(() => root?.unmount());
      container.remove();
    },
  };
}

const part = (container: HTMLElement, name: string) =>
  container.querySelector(`[data-deferred="${name}"]`);

beforeEach(() => localStorage.clear());
afterEach(async () => {
  const { releaseDeferred } = await import('../../lib/deferred');
  releaseDeferred();
  vi.unstubAllGlobals();
});

describe('a post page on its first load', () => {
  it('shows the post it was rendered with, fetches nothing but the view, and hydrates its body at the first input', async () => {
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
    const tree: Tree = (Page, Fallback, side) => {
      const routes = (
        <Routes>
          <Route path="/blog/:slug" element={<Page />} />
        </Routes>
      );
      return (
        <Fallback.Provider value={fallback}>
          {side === 'server' ? (
            <StaticRouter location="/blog/served">{routes}</StaticRouter>
          ) : (
            <MemoryRouter initialEntries={['/blog/served']}>{routes}</MemoryRouter>
          )}
        </Fallback.Provider>
      );
    };
    const page = await firstLoad(tree, () => import('./post-page'));
    const { container } = page;

    // The view is counted (once, remembered), and the count shown follows.
    await waitFor(() =>
      expect(container.querySelector('.post__views')).toHaveTextContent('10 views'),
    );
    expect(api.calls('increaseView').map((r) => r.body)).toEqual([{ slug: 'served' }]);
    expect(JSON.parse(localStorage.getItem(VIEWED_POSTS_KEY) ?? '[]')).toEqual(['served']);
    // Nothing else is fetched: the page shows what it was rendered with.
    expect(api.requests.map((r) => r.op)).toEqual(['increaseView']);
    expect(container.querySelector('h1')).toHaveTextContent('Served article');
    expect(container.querySelector('a[rel="next"]')).toHaveAttribute('href', '/blog/next-one');

    // The body and the carousel are still the server's HTML; the carousel waits to be seen.
    expect(part(container, 'post-body')).not.toHaveAttribute(HYDRATED_ATTR);
    expect(container.querySelector('.post__body img')).toHaveAttribute('onerror');
    expect(part(container, 'related-posts')).not.toHaveAttribute(HYDRATED_ATTR);
    expect(io.observed()).toContain(container.querySelector('.related'));
    expect(io.observed()).not.toContain(container.querySelector('.post__body'));

    // The first input loads the body, which hydrates in place and is sanitised again.
    await act(async () => fireEvent.pointerDown(window));
    await waitFor(() => expect(part(container, 'post-body')).toHaveAttribute(HYDRATED_ATTR));
    await waitFor(() =>
      expect(container.querySelector('.post__body img')).not.toHaveAttribute('onerror'),
    );
    await waitFor(() => expect(part(container, 'related-posts')).toHaveAttribute(HYDRATED_ATTR));
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
    const tree: Tree = (Page, Fallback, side) => {
      const routes = (
        <Routes>
          <Route path="/blog/:slug" element={<Page />} />
        </Routes>
      );
      return (
        <Fallback.Provider value={{}}>
          {side === 'server' ? (
            <StaticRouter location="/blog/late">{routes}</StaticRouter>
          ) : (
            <MemoryRouter initialEntries={['/blog/late']}>{routes}</MemoryRouter>
          )}
        </Fallback.Provider>
      );
    };
    const page = await firstLoad(tree, () => import('./post-page'));
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
    const tree: Tree = (Page, Fallback, side) => (
      <Fallback.Provider value={fallback}>
        {side === 'server' ? (
          <StaticRouter location="/blog">
            <Page />
          </StaticRouter>
        ) : (
          <MemoryRouter initialEntries={['/blog']}>
            <Page />
          </MemoryRouter>
        )}
      </Fallback.Provider>
    );
    const page = await firstLoad(tree, () => import('./blog-list-page'));
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
    expect(api.calls('listPosts').map((r) => r.url.searchParams.get('page'))).toContain('2');
    expect(container.querySelectorAll('.blog-card')).toHaveLength(3);
    expect(page.errors).toEqual([]);
    page.unmount();
  });
});
