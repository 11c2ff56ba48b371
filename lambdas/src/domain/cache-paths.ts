import { contract, SPECIAL_SLUGS } from '@agency/shared';

/**
 * Pages whose cached copies a change to these slugs makes stale: the blog list and feeds always,
 * and each post's page. Its own module so that writers other than the post handlers (renaming a
 * category or author) can use it without bundling the post sanitiser.
 */
export function pathsToInvalidate(slugs: string[]): string[] {
  const paths = new Set(['/blog*', '/sitemap.xml', '/rss.xml', `${contract.listPosts.path}*`]);
  for (const slug of slugs) {
    paths.add(`/blog/${slug}`);
    if (slug === SPECIAL_SLUGS.career) paths.add(`/${slug}`);
  }
  return [...paths];
}
