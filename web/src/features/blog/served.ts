import { useContext } from 'react';
import type { Image, Post, PostLink } from '@agency/shared';
import type { ResponseOf } from '../../lib/api-client';
import { ApiFallbackContext } from '../../lib/api-fallback';
import { getPostKey, listPostsKey } from '../../lib/api-keys';

/**
 * The API answers the render handler rendered this page with (`lib/api-fallback.ts`), read without
 * SWR: a blog page's first load shows them as they are and fetches nothing. The page's own server
 * wrote them from answers the contract checked; these guards check the fields the page reads.
 */

/** One page of the public post list as the API answers it. */
export type PostPage = ResponseOf<'listPosts'>;

/** The single-post answer, or a clean "no such post" that SSR fallback data can carry too. */
export type PostResult =
  | {
      found: true;
      post: Post;
      prev_post: PostLink | null;
      next_post: PostLink | null;
      inline_images: Image[];
    }
  | { found: false };

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

const isPost = (value: unknown): value is Post =>
  isRecord(value) &&
  typeof value.id === 'number' &&
  typeof value.slug === 'string' &&
  typeof value.title === 'string' &&
  typeof value.content === 'string' &&
  typeof value.created_at === 'string' &&
  typeof value.views === 'number';

const isPostLink = (value: unknown): boolean =>
  value === null || (isRecord(value) && typeof value.slug === 'string');

export const isPostResult = (value: unknown): value is PostResult =>
  isRecord(value) &&
  (value.found === false ||
    (value.found === true &&
      isPost(value.post) &&
      isPostLink(value.prev_post) &&
      isPostLink(value.next_post)));

export const isPostPage = (value: unknown): value is PostPage =>
  isRecord(value) && Array.isArray(value.results) && value.results.every(isPost);

/** The post `slug` as this page was rendered with it, if it was. */
export function useServedPost(slug: string): PostResult | undefined {
  const served = useContext(ApiFallbackContext)[getPostKey(slug)];
  return isPostResult(served) ? served : undefined;
}

/** Page `page` of the post list as this page was rendered with it, if it was. */
export function useServedPostsPage(page: number): PostPage | undefined {
  const served = useContext(ApiFallbackContext)[listPostsKey(page)];
  return isPostPage(served) ? served : undefined;
}
