import { readFileSync } from 'node:fs';
import * as z from 'zod';
import { thirdPartiesSchema } from './security-headers';

/**
 * A path pattern of the edge: an exact path (`/about`), or a prefix ending in `/*` that matches the
 * prefix followed by at least one more character (`/blog/*` matches `/blog/x`, not `/blog/`).
 * The same syntax as CloudFront's cache-behaviour path patterns, restricted to a trailing `*`.
 */
export const edgePattern = z
  .string()
  .regex(/^\/[^*?]*(\/\*)?$/, 'an edge pattern is /exact/path or /prefix/*');

/**
 * The pages of the web app as the edge (CloudFront and the local server) must know them, and the
 * third parties those pages load. The web
 * build derives it from the page registry and writes it as data to `web/dist-server/site-pages.json`
 * (exported as `@agency/web/site-pages.json`); nothing else lists page paths.
 */
export const sitePagesSchema = z.object({
  /** Paths with a prerendered file in the site bucket: `/` → `/index.html`, `/about` → `/about/index.html`. */
  prerendered: z.array(z.string().regex(/^\/[^*?]*$/)),
  /** Patterns the render function answers at the origin (blog pages, sitemap, feed). */
  rendered: z.array(edgePattern),
  /** Patterns of the client-only admin pages, answered with the empty app shell. */
  app: z.array(edgePattern),
  /** The not-found page's own path (its file is prerendered like a page, and it answers 404). */
  notFound: z.string().regex(/^\/[^*?]*$/),
  /**
   * The third-party services the build was made with (its `VITE_*` settings): the edge's CSP must
   * allow exactly what the pages load, so both come from this one input.
   */
  thirdParties: thirdPartiesSchema.default({}),
});
export type SitePages = z.infer<typeof sitePagesSchema>;
/** Site pages as written or declared: `thirdParties` may be left out (none). */
export type SitePagesInput = z.input<typeof sitePagesSchema>;

/** The site bucket's object of a page's HTML: `/` → `/index.html`, `/about` → `/about/index.html`. */
export const pageObjectPath = (path: string): string =>
  path === '/' ? '/index.html' : `${path}/index.html`;

/** The same as a bucket key, without the leading slash: `/about` → `about/index.html`. */
export const pageObjectKey = (path: string): string => pageObjectPath(path).slice(1);

/**
 * The bucket keys of the pages whose HTML the content table owns, not the build: every page the
 * build prerenders and the not-found page. The publishing code and the deploy's `seed-pages` job
 * render them into the bucket; the bucket deployment (the CDK's, the local stack's) neither writes
 * nor deletes them, so a deploy never puts the build's seed content over what staff published.
 */
export const tablePageKeys = (pages: Pick<SitePages, 'prerendered' | 'notFound'>): string[] => [
  ...new Set([...pages.prerendered, pages.notFound].map(pageObjectKey)),
];

/** Whether a concrete path matches an edge pattern. */
export function matchesPattern(pattern: string, path: string): boolean {
  if (!pattern.endsWith('/*')) return path === pattern;
  const prefix = pattern.slice(0, -1);
  return path.startsWith(prefix) && path.length > prefix.length;
}

/** Parse site pages data (the JSON the web build writes), naming what is wrong. */
export function parseSitePages(value: unknown, source = 'site pages'): SitePages {
  const parsed = sitePagesSchema.safeParse(value);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`${source} is not valid: ${problems}`);
  }
  return parsed.data;
}

/** Read the site pages file the web build wrote (`dist-server/site-pages.json`), naming it when invalid. */
export function readSitePagesFile(file: string): SitePages {
  return parseSitePages(JSON.parse(readFileSync(file, 'utf8')), file);
}

/**
 * The site's own page paths as edge patterns (prerendered, rendered and app pages): what a redirect
 * may not hide. The API gets them as SITE_PAGE_PATHS (JSON), set from the same web build.
 */
export const sitePagePatterns = (pages: SitePages): string[] => [
  ...pages.prerendered,
  ...pages.rendered,
  ...pages.app,
];
