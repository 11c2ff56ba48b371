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
  // The cached post read (`?slug=`) of every post at once: the changed posts and the neighbours
  // whose previous/next links they move, whichever those are, in one invalidation path.
  if (slugs.length > 0) paths.add(`${contract.getPublishedPost.path}*`);
  for (const slug of slugs) {
    for (const section of sections) paths.add(`${section}/${slug}`);
    if (postPaths.has(`/${slug}`) && rendered.includes(`/${slug}`)) paths.add(`/${slug}`);
  }
  return [...paths];
}
