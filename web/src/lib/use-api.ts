import useSWR from 'swr';
import type { ResponseOf } from './api-client';
import { listPostsKey } from './api-keys';

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
