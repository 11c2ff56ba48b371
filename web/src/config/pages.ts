import type { ComponentType } from 'react';
import { matchPath } from 'react-router';
import { SPECIAL_SLUGS, type OperationName } from '@agency/shared';
import { loadServiceLanding } from '../content/services/load';
import { serviceLandingPaths } from './service-menu';

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
  /** The page module as Vite's build manifest names it, so server HTML preloads the page's chunk. */
  readonly source: string;
  /** The page module, in its own chunk in the browser. */
  readonly load: () => Promise<{ default: ComponentType }>;
  /** What the page needs for a path besides its code (a landing page's content), fetched with it. */
  readonly loadData?: (path: string) => Promise<unknown>;
  /** Source modules of that data, by path (preloaded like the page's own chunk). */
  readonly dataSource?: (path: string) => string;
  /** The page opens with a dark hero under the header, which then starts transparent. */
  readonly overHero?: true;
  /** `false`: a prerendered page kept out of the sitemap and closed to crawlers (app pages always are). */
  readonly listed?: false;
  /**
   * An admin page's main operation: the navigation shows the page, and the page opens, only for
   * roles that may use it (shared `mayUse`); others see which part their role does not include.
   */
  readonly operation?: OperationName;
}

/**
 * Client-only pages in the server build: Vite replaces `import.meta.env.SSR` at build time, so the
 * server bundle drops their code (the editor and its dependencies); the server never renders them.
 */
const notOnServer = (): Promise<never> =>
  Promise.reject(new Error('Client-only pages are not part of the server build'));

/**
 * The one page registry: every page's paths, how it is served and its module. The route table, the
 * browser's lazy pages and the server's eager ones, prerender, the render handler's routes, the
 * sitemap, robots.txt and the edge's path lists (dist-server/site-pages.json) are all derived from it;
 * links to a page take its path from here (`pagePath`, `pageHref`).
 */
export const pages = {
  home: {
    paths: ['/'],
    kind: 'prerendered',
    overHero: true,
    source: 'src/features/marketing/home-page.tsx',
    load: () => import('../features/marketing/home-page'),
  },
  about: {
    paths: ['/about'],
    kind: 'prerendered',
    overHero: true,
    source: 'src/features/marketing/about-page.tsx',
    load: () => import('../features/marketing/about-page'),
  },
  services: {
    paths: ['/services'],
    kind: 'prerendered',
    overHero: true,
    source: 'src/features/marketing/services-page.tsx',
    load: () => import('../features/marketing/services-page'),
  },
  portfolio: {
    paths: ['/portfolio'],
    kind: 'prerendered',
    overHero: true,
    source: 'src/features/marketing/portfolio-page.tsx',
    load: () => import('../features/marketing/portfolio-page'),
  },
  contact: {
    paths: ['/contact'],
    kind: 'prerendered',
    overHero: true,
    source: 'src/features/marketing/contact-page.tsx',
    load: () => import('../features/marketing/contact-page'),
  },
  privacy: {
    paths: ['/privacy-policy'],
    kind: 'prerendered',
    overHero: true,
    source: 'src/features/marketing/privacy-page.tsx',
    load: () => import('../features/marketing/privacy-page'),
  },
  // The landing pages' paths are the services menu's links; each one's content is its own module.
  serviceLanding: {
    paths: serviceLandingPaths,
    kind: 'prerendered',
    overHero: true,
    source: 'src/features/marketing/service-landing-route.tsx',
    load: () => import('../features/marketing/service-landing-route'),
    loadData: loadServiceLanding,
    dataSource: (path: string) => `src/content/services${path}.ts`,
  },
  thankYou: {
    paths: ['/thank-you-alchem'],
    kind: 'prerendered',
    overHero: true,
    listed: false,
    source: 'src/features/marketing/thank-you-page.tsx',
    load: () => import('../features/marketing/thank-you-page'),
  },
  blogList: {
    paths: ['/blog'],
    kind: 'rendered',
    source: 'src/features/blog/blog-list-page.tsx',
    load: () => import('../features/blog/blog-list-page'),
  },
  // The career article is a post published outside /blog (its slug is its path).
  post: {
    paths: ['/blog/:slug', `/${SPECIAL_SLUGS.career}`],
    kind: 'rendered',
    source: 'src/features/blog/post-page.tsx',
    load: () => import('../features/blog/post-page'),
  },
  login: {
    paths: ['/creative-login'],
    kind: 'app',
    source: 'src/features/admin/shell/login-page.tsx',
    load: () =>
      import.meta.env.SSR ? notOnServer() : import('../features/admin/shell/login-page'),
  },
  adminList: {
    paths: ['/admin'],
    kind: 'app',
    operation: 'listPosts',
    source: 'src/features/admin/posts/admin-list-page.tsx',
    load: () =>
      import.meta.env.SSR ? notOnServer() : import('../features/admin/posts/admin-list-page'),
  },
  dashboard: {
    paths: ['/admin/dashboard'],
    kind: 'app',
    operation: 'getDashboard',
    source: 'src/features/admin/dashboard/dashboard-page.tsx',
    load: () =>
      import.meta.env.SSR ? notOnServer() : import('../features/admin/dashboard/dashboard-page'),
  },
  leads: {
    paths: ['/admin/leads'],
    kind: 'app',
    operation: 'listLeads',
    source: 'src/features/admin/leads/leads-page.tsx',
    load: () =>
      import.meta.env.SSR ? notOnServer() : import('../features/admin/leads/leads-page'),
  },
  // Linked from the lead e-mail and the webhook message (shared adminLeadPath writes the same path).
  lead: {
    paths: ['/admin/leads/:id'],
    kind: 'app',
    operation: 'getLead',
    source: 'src/features/admin/leads/lead-page.tsx',
    load: () => (import.meta.env.SSR ? notOnServer() : import('../features/admin/leads/lead-page')),
  },
  taxonomy: {
    paths: ['/admin/taxonomy'],
    kind: 'app',
    operation: 'listCategories',
    source: 'src/features/admin/taxonomy/taxonomy-page.tsx',
    load: () =>
      import.meta.env.SSR ? notOnServer() : import('../features/admin/taxonomy/taxonomy-page'),
  },
  media: {
    paths: ['/admin/media'],
    kind: 'app',
    operation: 'listMedia',
    source: 'src/features/admin/media/media-page.tsx',
    load: () =>
      import.meta.env.SSR ? notOnServer() : import('../features/admin/media/media-page'),
  },
  account: {
    paths: ['/admin/account'],
    kind: 'app',
    operation: 'getUserData',
    source: 'src/features/admin/account/account-page.tsx',
    load: () =>
      import.meta.env.SSR ? notOnServer() : import('../features/admin/account/account-page'),
  },
  team: {
    paths: ['/admin/team'],
    kind: 'app',
    operation: 'listTeam',
    source: 'src/features/admin/team/team-page.tsx',
    load: () => (import.meta.env.SSR ? notOnServer() : import('../features/admin/team/team-page')),
  },
  // The redirect manager, and the 404 log as its second view (`?view=not-found`).
  redirects: {
    paths: ['/admin/redirects'],
    kind: 'app',
    operation: 'listRedirects',
    source: 'src/features/admin/redirects/redirects-page.tsx',
    load: () =>
      import.meta.env.SSR ? notOnServer() : import('../features/admin/redirects/redirects-page'),
  },
  audit: {
    paths: ['/admin/audit'],
    kind: 'app',
    operation: 'listAudit',
    source: 'src/features/admin/audit/audit-page.tsx',
    load: () =>
      import.meta.env.SSR ? notOnServer() : import('../features/admin/audit/audit-page'),
  },
  postEditor: {
    paths: ['/add-blog', '/edit-blog/:slug'],
    kind: 'app',
    operation: 'createPost',
    source: 'src/features/admin/posts/post-editor-page.tsx',
    load: () =>
      import.meta.env.SSR ? notOnServer() : import('../features/admin/posts/post-editor-page'),
  },
  preview: {
    paths: ['/preview/:id'],
    kind: 'app',
    operation: 'previewPost',
    source: 'src/features/admin/posts/preview-page.tsx',
    load: () =>
      import.meta.env.SSR ? notOnServer() : import('../features/admin/posts/preview-page'),
  },
} as const satisfies Record<string, PageEntry>;

export type PageKey = keyof typeof pages;

/** Where unmatched paths are sent; its page is part of the app shell (prerendered as /404 and 404.html). */
export const NOT_FOUND_PATH = '/404';

/** What the render handler answers besides its pages. */
export const renderedFiles = { sitemap: '/sitemap.xml', rss: '/rss.xml' } as const;

const pageKeys = Object.keys(pages).filter((key): key is PageKey => Object.hasOwn(pages, key));

/** The registry's entries in table order. */
export const pageEntries: readonly (readonly [PageKey, PageEntry])[] = pageKeys.map((key) => [
  key,
  pages[key],
]);

/** One value per page, derived from its entry (the browser's lazy pages, the server's eager ones). */
export function mapPages<T>(derive: (entry: PageEntry, page: PageKey) => T): Record<PageKey, T> {
  // Object.fromEntries forgets the keys' type; every key of the registry is mapped here.
  const mapped = Object.fromEntries(pageEntries.map(([key, entry]) => [key, derive(entry, key)]));
  return mapped as Record<PageKey, T>;
}

/** The route table: every path pattern with its page, in registry order. */
export const routeTable: readonly { path: string; page: PageKey }[] = pageEntries.flatMap(
  ([page, entry]) => entry.paths.map((path) => ({ path, page })),
);

/** The page a concrete path shows, with the path's parameters; undefined when no page matches. */
export function matchPage(
  pathname: string,
): { page: PageKey; params: Record<string, string | undefined> } | undefined {
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

/** Whether the page at a path opens with a dark hero under the header (the not-found page does). */
export function opensOverHero(pathname: string): boolean {
  const page = pageForPath(pathname);
  const entry: PageEntry | undefined = page ? pages[page] : undefined;
  return entry ? entry.overHero === true : true;
}

/** The address of a page without parameters (its first path; `pageHref` fills parameters). */
export function pagePath(page: PageKey): string {
  const path = pages[page].paths[0];
  if (path === undefined || path.includes(':'))
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
