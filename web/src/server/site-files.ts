/**
 * What the build and the edge learn from the page registry (src/config/pages.ts) and the seed's
 * block pages (src/content/pages): the paths to prerender, the sitemap's pages, robots.txt, the
 * edge's path lists (site-pages.json); and from the map of page modules (src/app/page-modules.ts)
 * the source modules whose chunks a server-rendered page preloads.
 */
import { parseSitePages, type SitePages } from '@agency/shared/edge';
import { env } from '../lib/env';
import { pageModules } from '../app/page-modules';
import { SEED_PAGES } from '../content/pages';
import {
  edgePattern,
  NOT_FOUND_PATH,
  pageEntries,
  pageForPath,
  renderedFiles,
  type PageEntry,
  type PageKind,
} from '../config/pages';

/** The registry's entries, the block pages (the home page first) ahead of the fixed ones. */
const entries = [...pageEntries].sort(
  ([, a], [, b]) => Number(!a.dataPaths) - Number(!b.dataPaths),
);

/** The paths of the registry's pages that pass `test`; a page whose paths are data has the seed's. */
const pathsOf = (test: (entry: PageEntry) => boolean): string[] =>
  entries.flatMap(([, entry]) =>
    !test(entry) ? [] : entry.dataPaths ? SEED_PAGES.map((p) => p.path) : entry.paths,
  );
const ofKind = (kind: PageKind) => (entry: PageEntry) => entry.kind === kind;

/**
 * The prerendered pages written from code, not data (the thank-you page, then the not-found page):
 * what publishing the site settings renders again besides every block page.
 */
export const fixedPrerenderedPaths: readonly string[] = [
  ...pathsOf((entry) => entry.kind === 'prerendered' && !entry.dataPaths),
  NOT_FOUND_PATH,
];

/** Paths written as static HTML at build time: the seed's block pages, the fixed pages, the not-found page. */
export const prerenderedPaths: readonly string[] = [
  ...pathsOf(ofKind('prerendered')),
  NOT_FOUND_PATH,
];

/**
 * Prerendered pages listed in the sitemap at build time (the render handler lists the live pages
 * and adds the blog and its posts).
 */
export const sitemapPaths: readonly string[] = pathsOf(
  (entry) => entry.kind === 'prerendered' && entry.listed !== false,
);

/** Fixed pages listed in the sitemap whatever pages are published (none today: thank-you is unlisted). */
export const fixedSitemapPaths: readonly string[] = pathsOf(
  (entry) => entry.kind === 'prerendered' && entry.listed !== false && !entry.dataPaths,
);

/** robots.txt: client-only pages and unlisted ones are closed to crawlers; the sitemap is named. */
export function robotsTxt(siteUrl: string): string {
  // `/edit-blog/:slug` closes the whole prefix; a rule already closed by a shorter one is left out.
  const rules = pathsOf((entry) => entry.kind === 'app' || entry.listed === false).map((path) =>
    edgePattern(path).replace(/\*$/, ''),
  );
  const disallow = rules.filter(
    (rule, i) =>
      !rules.some((other, j) => j !== i && other.length < rule.length && rule.startsWith(other)),
  );
  return [
    'User-agent: *',
    ...disallow.map((rule) => `Disallow: ${rule}`),
    '',
    `Sitemap: ${siteUrl.replace(/\/+$/, '')}${renderedFiles.sitemap}`,
    '',
  ].join('\n');
}

/**
 * The pages as the edge must know them (dist-server/site-pages.json): prerendered paths, what the
 * render handler answers (its pages and files), the admin pages the app shell answers, and the
 * third parties this build's pages load (for the edge's CSP).
 */
export function sitePages(): SitePages {
  return parseSitePages({
    prerendered: pathsOf(ofKind('prerendered')),
    rendered: [...pathsOf(ofKind('rendered')).map(edgePattern), ...Object.values(renderedFiles)],
    app: pathsOf(ofKind('app')).map(edgePattern),
    notFound: NOT_FOUND_PATH,
    thirdParties: {
      googleMapsKey: env.VITE_GOOGLE_MAPS_KEY,
      chatWidgetUrl: env.VITE_CHAT_WIDGET_URL,
      conversionPixelUrl: env.VITE_CONVERSION_PIXEL_URL,
    },
  });
}

/**
 * Source modules (keys of Vite's build manifest) whose chunks the page at a path needs: its page
 * module (a block page's data rides in its HTML); none for the not-found page (nor for an admin
 * page in the server build, which serves it the empty shell).
 */
export function pageSources(path: string): string[] {
  const page = pageForPath(path);
  const source = page && pageModules[page].source;
  return source ? [source] : [];
}
