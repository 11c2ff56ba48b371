/**
 * The page registry's leaf: every page's paths, how it is served and the links to it (`pagePath`,
 * `pageHref`). Page and content modules import this file; it imports no page, so the pages and the
 * registry never import each other. Each page's code lives in the map of page modules
 * (src/app/page-modules.ts), keyed by the same page ids, which only the router, the server render,
 * prerender and the build read. The marketing pages are data (features/pages renders their blocks):
 * one entry, `blockPage`, takes every path no other page does.
 */
import { matchPath } from 'react-router';
import { SPECIAL_SLUGS, type OperationName } from '@agency/shared';

/**
 * How a page reaches the visitor: `prerendered` (static HTML written at build time), `rendered` (the
 * render handler answers it at the origin), or `app` (client-only admin: the SPA shell, never
 * server-rendered, never crawled).
 */
export type PageKind = 'prerendered' | 'rendered' | 'app';

export interface PageEntry {
  /** Route patterns in react-router syntax (`/blog/:slug`); the first is where links to the page go. */
  readonly paths: readonly string[];
  readonly kind: PageKind;
  /** The page opens with a dark hero under the header, which then starts transparent. */
  readonly overHero?: true;
  /** `false`: a prerendered page kept out of the sitemap and closed to crawlers (app pages always are). */
  readonly listed?: false;
  /**
   * The page's paths are data, not code: the block pages, whose paths are the seed's at build time
   * and the published pages' at run time. Its one path pattern (`/*`) matches what no other page does.
   */
  readonly dataPaths?: true;
  /**
   * An admin page's main operation: the navigation shows the page, and the page opens, only for
   * roles that may use it (shared `mayUse`); others see which part their role does not include.
   */
  readonly operation?: OperationName;
}

/**
 * The one page registry: every page's paths and how it is served. The route table, prerender, the
 * render handler's routes, the sitemap, robots.txt and the edge's path lists
 * (dist-server/site-pages.json) are all derived from it; links to a page take its path from here
 * (`pagePath`, `pageHref`). A page's module is in src/app/page-modules.ts under the same id.
 */
export const pages = {
  thankYou: {
    paths: ['/thank-you-alchem'],
    kind: 'prerendered',
    overHero: true,
    listed: false,
  },
  blogList: {
    paths: ['/blog'],
    kind: 'rendered',
  },
  // The career article is a post published outside /blog (its slug is its path).
  post: {
    paths: ['/blog/:slug', `/${SPECIAL_SLUGS.career}`],
    kind: 'rendered',
  },
  login: {
    paths: ['/creative-login'],
    kind: 'app',
  },
  adminList: {
    paths: ['/admin'],
    kind: 'app',
    operation: 'listPosts',
  },
  dashboard: {
    paths: ['/admin/dashboard'],
    kind: 'app',
    operation: 'getDashboard',
  },
  // The site's own cookieless analytics; range and filter in the query (`?range=7d&campaign=spring`).
  analytics: {
    paths: ['/admin/analytics'],
    kind: 'app',
    operation: 'getAnalytics',
  },
  leads: {
    paths: ['/admin/leads'],
    kind: 'app',
    operation: 'listLeads',
  },
  // Linked from the lead e-mail and the webhook message (shared adminLeadPath writes the same path).
  lead: {
    paths: ['/admin/leads/:id'],
    kind: 'app',
    operation: 'getLead',
  },
  taxonomy: {
    paths: ['/admin/taxonomy'],
    kind: 'app',
    operation: 'listCategories',
  },
  media: {
    paths: ['/admin/media'],
    kind: 'app',
    operation: 'listMedia',
  },
  account: {
    paths: ['/admin/account'],
    kind: 'app',
    operation: 'getUserData',
  },
  team: {
    paths: ['/admin/team'],
    kind: 'app',
    operation: 'listTeam',
  },
  // The redirect manager, and the 404 log as its second view (`?view=not-found`).
  redirects: {
    paths: ['/admin/redirects'],
    kind: 'app',
    operation: 'listRedirects',
  },
  // Marketing pages as blocks: the list, the editor and the preview of one page (named by
  // `?path=`, since a page's path has slashes of its own), and the site-wide settings.
  pageList: {
    paths: ['/admin/pages'],
    kind: 'app',
    operation: 'listPages',
  },
  pageEditor: {
    paths: ['/admin/pages/edit'],
    kind: 'app',
    operation: 'updatePage',
  },
  pagePreview: {
    paths: ['/admin/pages/preview'],
    kind: 'app',
    operation: 'getPage',
  },
  siteSettings: {
    paths: ['/admin/pages/settings'],
    kind: 'app',
    operation: 'updateSiteSettings',
  },
  audit: {
    paths: ['/admin/audit'],
    kind: 'app',
    operation: 'listAudit',
  },
  postEditor: {
    paths: ['/add-blog', '/edit-blog/:slug'],
    kind: 'app',
    operation: 'createPost',
  },
  preview: {
    paths: ['/preview/:id'],
    kind: 'app',
    operation: 'previewPost',
  },
  // Last: the marketing pages (home, about, services, landing pages, pages staff add) are records of
  // blocks; a path no page above takes is a block page if one is published there, else not found.
  blockPage: {
    paths: ['/*'],
    kind: 'prerendered',
    overHero: true,
    dataPaths: true,
  },
} as const satisfies Record<string, PageEntry>;

export type PageKey = keyof typeof pages;

/** Where unmatched paths are sent; its page is part of the app shell (prerendered as /404 and 404.html). */
export const NOT_FOUND_PATH = '/404';

/**
 * Block pages the code itself links to: breadcrumbs start at home, the services menu ends with the
 * overview, the portfolio carousel leads to the portfolio, the enquiry's thank-you page back home. Their
 * content is data; the seed's test checks each of these is seeded.
 */
export const blockPageLinks = {
  home: '/',
  services: '/services',
  portfolio: '/portfolio',
  contact: '/contact',
} as const;

/** What the render handler answers besides its pages. */
export const renderedFiles = { sitemap: '/sitemap.xml', rss: '/rss.xml' } as const;

const pageKeys = Object.keys(pages).filter((key): key is PageKey => Object.hasOwn(pages, key));

/** The registry's entries in table order. */
export const pageEntries: readonly (readonly [PageKey, PageEntry])[] = pageKeys.map((key) => [
  key,
  pages[key],
]);

/** The route table: every path pattern with its page, in registry order. */
export const routeTable: readonly { path: string; page: PageKey }[] = pageEntries.flatMap(
  ([page, entry]) => entry.paths.map((path) => ({ path, page })),
);

/**
 * The page a concrete path shows, with the path's parameters; undefined for the not-found page's own
 * path. Any other path no fixed page takes is `blockPage`'s (which shows not-found if no page is there).
 */
export function matchPage(
  pathname: string,
): { page: PageKey; params: Record<string, string | undefined> } | undefined {
  if (pathname === NOT_FOUND_PATH) return undefined;
  for (const route of routeTable) {
    const match = matchPath(route.path, pathname);
    if (match) return { page: route.page, params: match.params };
  }
  return undefined;
}

/** The page a concrete path shows, or undefined (not found). */
export function pageForPath(pathname: string): PageKey | undefined {
  return matchPage(pathname)?.page;
}

/**
 * Whether the public site's cookie notice shows at a path: on the public pages, where blog views are
 * counted, and not in the admin app (sign-in included), which counts nothing and whose fixed action
 * bar the notice would cover.
 */
export function showsCookieNotice(pathname: string): boolean {
  const page = pageForPath(pathname);
  return !page || pages[page].kind !== 'app';
}

/** Whether the page at a path opens with a dark hero under the header (the not-found page does). */
export function opensOverHero(pathname: string): boolean {
  const page = pageForPath(pathname);
  const entry: PageEntry | undefined = page ? pages[page] : undefined;
  return entry ? entry.overHero === true : true;
}

/** The address of a page without parameters (its first path; `pageHref` fills parameters). */
export function pagePath(page: PageKey): string {
  const path = pages[page].paths[0];
  if (path === undefined || path.includes(':') || path.includes('*'))
    throw new Error(`Page ${page} has no path without parameters first`);
  return path;
}

/**
 * The address of a page with parameters, from its path that takes exactly those
 * (`pageHref('postEditor', { slug })` → `/edit-blog/<slug>`); values are URI-encoded.
 */
export function pageHref(page: PageKey, params: Record<string, string>): string {
  const names = Object.keys(params).sort().join(',');
  const paramsOf = (path: string) =>
    [...path.matchAll(/:(\w+)/g)]
      .map((m) => m[1])
      .sort()
      .join(',');
  const path = pages[page].paths.find((p) => paramsOf(p) === names);
  if (path === undefined)
    throw new Error(`Page ${page} has no path taking ${names || 'no parameters'}`);
  return path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(params[name] ?? ''));
}

/**
 * A route pattern as the edge writes it: a trailing parameter becomes a prefix (`/blog/*`). The edge
 * matches exact paths and prefixes only, so a parameter anywhere else is refused.
 */
export function edgePattern(path: string): string {
  const pattern = path.replace(/\/:\w+$/, '/*');
  if (pattern.includes(':'))
    throw new Error(`${path}: the edge matches exact paths and prefixes; put the parameter last`);
  return pattern;
}
