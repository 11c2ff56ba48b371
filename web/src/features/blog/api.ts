import { useContext, useRef } from 'react';
import useSWR from 'swr';
import useSWRInfinite, { unstable_serialize } from 'swr/infinite';
import { ApiError, callApi } from '../../lib/api-client';
import { ApiFallbackContext } from '../../lib/api-fallback';
import { getPostKey, listPostsKey, pageOfListPostsKey } from '../../lib/api-keys';
import { isPostPage, type PostPage, type PostResult } from './served';

export type { PostPage, PostResult } from './served';

/**
 * useSWRInfinite's key function of the public list read from page `start` on (`/blog?page=N`
 * starts at N): page start + index, until the previous page had no `next`.
 */
export const postsInfiniteKey =
  (start: number) =>
  (index: number, previous: PostPage | null): string | null =>
    previous && previous.next === null ? null : listPostsKey(start + index);

/** The key useSWRInfinite stores the list from page `start` under: SSR fallback for `/blog` goes here. */
export const postsInfiniteFallbackKey = (start = 1): string =>
  unstable_serialize(postsInfiniteKey(start));

/**
 * Fetch one post; a 404 becomes `{ found: false }`, every other failure throws ApiError. The public
 * read is the GET the edge caches by slug; with an admin's token, the spec's POST (drafts too).
 */
export async function fetchPost(slug: string, token?: string): Promise<PostResult> {
  try {
    const { data } = token
      ? await callApi('getPost', { body: { slug }, token })
      : await callApi('getPublishedPost', { query: { slug } });
    return { found: true, ...data };
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return { found: false };
    throw err;
  }
}

/** Fetch one page of the post list. */
export const fetchPostsPage = (page: number, token?: string): Promise<PostPage> =>
  callApi('listPosts', { query: { page }, token });

/** One post by slug; renders synchronously from SSR fallback data when present. */
export function usePost(slug: string) {
  return useSWR<PostResult, ApiError>(getPostKey(slug), () => fetchPost(slug), {
    revalidateOnFocus: false,
  });
}

/**
 * One page of the public post list: the related-posts carousel, the post preview and the home
 * teaser read page 1, so they share one cache entry (and the post page's SSR fallback). Null: none.
 */
export function useListPosts(page: number | null) {
  return useSWR<PostPage, ApiError>(
    page === null ? null : listPostsKey(page),
    () => fetchPostsPage(page ?? 1),
    { revalidateOnFocus: false },
  );
}

/**
 * The infinite public list, from page `start` on. A page the server rendered the list with (the
 * SSR fallback, under the page's own key) answers that page's first fetch: SWR keeps each page of an
 * infinite list in a cache entry of its own, which the fallback does not fill, so waking the list
 * would otherwise fetch again what the page already shows. Later fetches of it (a retry) go to the API.
 */
export function useInfinitePosts(start = 1) {
  // The answers the page was rendered with (read as served.ts reads them, checked by its guard).
  const rendered = useContext(ApiFallbackContext);
  const served = useRef(new Set<string>());
  return useSWRInfinite<PostPage, ApiError>(
    postsInfiniteKey(start),
    (key: string) => {
      const page = rendered[key];
      if (isPostPage(page) && !served.current.has(key)) {
        served.current.add(key);
        return Promise.resolve(page);
      }
      return fetchPostsPage(pageOfListPostsKey(key) ?? 1);
    },
    {
      revalidateOnFocus: false,
      revalidateFirstPage: false,
    },
  );
}
