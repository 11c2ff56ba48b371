/**
 * The admin post list's search and filters. Each post item carries `search`: its title, slug and
 * meta description in searchForm, one field a line, written with every save (modules/posts/adapters/post-store.ts).
 * A search is its words in searchForm, each of which must be in that text.
 */

/** What narrows a list of posts: words of a search, a category, an author. */
export interface PostFilter {
  /** Words in searchForm, each one must be found; none: no search. */
  words: string[];
  category_id?: number;
  author_id?: number;
}

/** The most words a search looks for (the rest are dropped: a filter expression has a size limit). */
export const MAX_SEARCH_WORDS = 8;

/**
 * Text as the search compares it: accents dropped (café is cafe), lower case, hyphens and
 * underscores read as spaces (a slug's words are words), runs of spaces as one.
 */
export const searchForm = (text: string): string =>
  text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[\s\-_]+/g, ' ')
    .trim();

/** The search text of a post: its title, slug and meta description, one a line. */
export const postSearchText = (post: {
  title: string;
  slug: string;
  meta_description?: string | undefined;
}): string => [post.title, post.slug, post.meta_description ?? ''].map(searchForm).join('\n');

/** The filter of a list call: its words, at most MAX_SEARCH_WORDS, and its ids. */
export function postFilter(query: {
  q?: string | undefined;
  category_id?: number | undefined;
  author_id?: number | undefined;
}): PostFilter {
  const words = [
    ...new Set(
      searchForm(query.q ?? '')
        .split(' ')
        .filter(Boolean),
    ),
  ];
  return {
    words: words.slice(0, MAX_SEARCH_WORDS),
    ...(query.category_id === undefined ? {} : { category_id: query.category_id }),
    ...(query.author_id === undefined ? {} : { author_id: query.author_id }),
  };
}

/** Whether a filter narrows anything. */
export const filters = (f: PostFilter | undefined): f is PostFilter =>
  f !== undefined &&
  (f.words.length > 0 || f.category_id !== undefined || f.author_id !== undefined);

/** Whether a post's search text and references pass a filter. */
export const passes = (
  f: PostFilter,
  post: { search: string; category_id: number | null; author_id: number | null },
): boolean =>
  f.words.every((w) => post.search.includes(w)) &&
  (f.category_id === undefined || post.category_id === f.category_id) &&
  (f.author_id === undefined || post.author_id === f.author_id);
