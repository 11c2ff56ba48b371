import { SPECIAL_SLUGS } from '@agency/shared';
import { pageHref, pagePath } from '../../config/pages';

/** Site path of a post: the career article lives without the /blog prefix, every other one under /blog. */
export const postPath = (slug: string): string =>
  slug === SPECIAL_SLUGS.career ? `/${SPECIAL_SLUGS.career}` : pageHref('post', { slug });

/** Site path of a banner or other media reference: absolute URLs and site paths pass through. */
export const mediaSrc = (ref: string): string =>
  /^(https?:)?\/\//i.test(ref) || ref.startsWith('/') ? ref : `/${ref}`;

/** The highest `/blog?page=N` read: the API's own limit (shared `pageNumber`). */
const MAX_LIST_PAGE = 100_000;

/**
 * The page of the blog list a query asks for (`?page=N`): 1 without one, null when it is not a
 * whole number from 1 to MAX_LIST_PAGE written plainly (`2`, not `02`, `2.0` or `+2`), so each
 * page of the list has one address.
 */
export function blogListPageOf(query: URLSearchParams): number | null {
  const value = query.get('page');
  if (value === null) return 1;
  if (!/^[1-9]\d{0,5}$/.test(value)) return null;
  const page = Number(value);
  return page <= MAX_LIST_PAGE ? page : null;
}

/** The address of page `page` of the blog list: `/blog`, `/blog?page=2`, … */
export const blogListPageHref = (page: number): string =>
  page <= 1 ? pagePath('blogList') : `${pagePath('blogList')}?page=${page}`;
