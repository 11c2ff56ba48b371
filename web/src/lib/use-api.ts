import useSWR from 'swr';
import { buildPath, type OperationName } from '@agency/shared';
import { callApi, type ResponseOf } from './api-client';

/**
 * The SWR cache key of a GET operation: its path and query (the same string the server entry
 * puts in `swrFallback`, so prerendered data hydrates without a refetch).
 */
export const apiKey = (name: OperationName, params?: Record<string, string>, query?: Record<string, string | number>): string => buildPath(name, params, query);

/** One page of the public post list (home teaser, related posts). */
export function useListPosts(page = 1) {
  return useSWR<ResponseOf<'listPosts'>, Error>(apiKey('listPosts', {}, { page }), () => callApi('listPosts', { query: { page } }), {
    revalidateOnFocus: false,
  });
}
