/**
 * SWR keys of the public API answers pages show, shared by the hooks that fetch them and by the
 * render handler, which embeds the answers a page was rendered with under the same keys. Names, not
 * paths, so code that only reads those answers needs no contract.
 */

/** One page of the public post list. */
export const listPostsKey = (page: number): string => `listPosts:${page}`;

/** One post by slug. */
export const getPostKey = (slug: string): string => `getPost:${slug}`;

/** The page number of a `listPostsKey`, or null for any other key. */
export function pageOfListPostsKey(key: string): number | null {
  const m = /^listPosts:(\d+)$/.exec(key);
  return m?.[1] ? Number(m[1]) : null;
}
