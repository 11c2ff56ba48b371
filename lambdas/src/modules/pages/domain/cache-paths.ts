import { contract, SPECIAL_SLUGS } from '@agency/shared';

/**
 * Paths whose cached copies a change to the posts with these slugs makes stale, derived from the
 * patterns the render function answers (`rendered`: the web build's site-pages.json from the page
 * registry, given to invalidating functions as SITE_RENDERED_PATHS), so a page moved in the
 * registry moves here too:
 * - a listing: an exact path whose prefix pattern is rendered too (`/blog` with `/blog/*`) gives
 *   `/blog*`, its pages and query strings included;
 * - a post page pattern (`/blog/*`) gives `/blog/<slug>` per slug;
 * - a post's own path outside it (a special slug's `/<slug>`) only when that post changes;
 * - any other rendered path (the sitemap, the feed) always;
 * and the API's public post list and (when posts changed) post read, which CloudFront caches too. Its own module so that writers
 * other than the post handlers can use it without bundling the post sanitiser.
 */
export function pathsToInvalidate(slugs: readonly string[], rendered: readonly string[]): string[] {
  const sections = rendered.filter((p) => p.endsWith('/*')).map((p) => p.slice(0, -2));
  const postPaths = new Set(Object.values(SPECIAL_SLUGS).map((slug) => `/${slug}`));
  const always = rendered.flatMap((p) => {
    if (p.endsWith('/*') || postPaths.has(p)) return [];
    return sections.includes(p) ? [`${p}*`] : [p];
  });
  const paths = new Set([...always, `${contract.listPosts.path}*`]);
  // The cached post read of every post at once (`/api/user/post/get*`), on purpose. CloudFront
  // could drop one post's read (a path may carry a query string, `…/get?slug=<slug>`, the whole
  // cache key of the postRead policy), but the stale reads are the changed posts' and those of the
  // neighbours whose previous/next links they move: the posts beside each one's old list position
  // and beside its new one (a rename, a reschedule, a trash, a publish). Only the post domain's
  // writes know those positions, and they hand the CDN slugs alone (posts/domain/ports.ts `Cdn`);
  // a slug-only list would leave a neighbour's read stale for up to the policy's max TTL. One
  // wildcard is also one path on the bill, where exact reads would be up to five a post.
  if (slugs.length > 0) paths.add(`${contract.getPublishedPost.path}*`);
  for (const slug of slugs) {
    for (const section of sections) paths.add(`${section}/${slug}`);
    if (postPaths.has(`/${slug}`) && rendered.includes(`/${slug}`)) paths.add(`/${slug}`);
  }
  return [...paths];
}
