import { SPECIAL_SLUGS } from '@agency/shared';
import { pageHref } from '../../config/pages';

/** Site path of a post: the career article lives without the /blog prefix, every other one under /blog. */
export const postPath = (slug: string): string =>
  slug === SPECIAL_SLUGS.career ? `/${SPECIAL_SLUGS.career}` : pageHref('post', { slug });

/** Site path of a banner or other media reference: absolute URLs and site paths pass through. */
export const mediaSrc = (ref: string): string =>
  /^(https?:)?\/\//i.test(ref) || ref.startsWith('/') ? ref : `/${ref}`;
