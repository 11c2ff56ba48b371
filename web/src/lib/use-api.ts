import useSWR from 'swr';
import type { ResponseOf } from './api-client';

/** SWR key of one page of the public post list (a name, not a path, so the contract stays out of page chunks). */
export const listPostsKey = (page: number): string => `listPosts:${page}`;

/** One page of the public post list (home teaser); the API client loads with the first request. */
export function useListPosts(page = 1) {
  return useSWR<ResponseOf<'listPosts'>, Error>(
    listPostsKey(page),
    async () => (await import('./api-client')).callApi('listPosts', { query: { page } }),
    {
      revalidateOnFocus: false,
    },
  );
}
