/**
 * The addresses no redirect may take: what the site itself serves there (its built scripts and
 * styles, images, root files, the not-found page), the API, the admin area and its sign-in page.
 * One list, read by the API (a redirect from any of them is refused with 409 naming the reason) and
 * by the edge function (its CONFIG.reserved: it never answers a redirect there, whatever the
 * KeyValueStore holds). A reserved path reserves itself and every path under it. Paths are store
 * keys (normaliseRedirectPath: lower-case, percent-encoded), so `/ASSETS/x` or `/%61ssets/x` are
 * reserved too. No import but plain data: the shared package's root (the web app) reads it as well.
 */

/** Viewer prefixes of the API and of the media bucket. */
export const API_PREFIX = '/api';
export const MEDIA_PREFIX = '/media';
/** Key prefix of the build's hashed assets in the site bucket. */
export const ASSETS_PREFIX = 'assets/';
/** The site bucket's key of the empty app shell the admin pages are answered with. */
export const SHELL_KEY = '/spa.html';

/** Why a path is reserved; each reason has the sentence the API answers with (RESERVED_MESSAGES). */
export type ReservedReason =
  'asset' | 'media' | 'file' | 'well-known' | 'not-found' | 'api' | 'admin' | 'sign-in';

export interface ReservedSource {
  path: string;
  reason: ReservedReason;
}

/** The sentence of a 409 at `from`, after the address: "/robots.txt is a file the site itself serves …". */
export const RESERVED_MESSAGES: Record<ReservedReason, string> = {
  asset:
    'is a file the site itself serves (its scripts and styles): a redirect there would break every page',
  media: 'is where the site serves its images: a redirect there would break them',
  file: 'is a file the site itself serves (robots.txt, the sitemap, the feed, the icon, the page shells): it is never redirected',
  'well-known':
    'is reserved for the site’s well-known files (security.txt, app links): it is never redirected',
  'not-found': 'is the site’s not-found page: it is never redirected',
  api: 'is the site’s API, which is never redirected',
  admin: 'is the admin area, which is never redirected',
  'sign-in': 'is the sign-in page, which is never redirected',
};

/** The sign-in page and the admin area's root (the web app's page registry names the same). */
export const SIGN_IN_PATH = '/creative-login';
export const ADMIN_PATH = '/admin';
/** The not-found page's path when no build says otherwise (SitePages.notFound). */
export const NOT_FOUND_PATH = '/404';

/**
 * The reserved sources every build has: the build's asset folder and the media prefix (the edge's
 * own behaviours), the API, the admin and sign-in pages, `/.well-known/`, and the files the build
 * writes at the root (web/scripts/prerender.ts: the shells, robots.txt, the static sitemap; the
 * render function's sitemap and feed) with the icon browsers ask for.
 */
export const RESERVED_SOURCES: readonly ReservedSource[] = [
  { path: `/${ASSETS_PREFIX.replace(/\/$/, '')}`, reason: 'asset' },
  { path: MEDIA_PREFIX, reason: 'media' },
  { path: API_PREFIX, reason: 'api' },
  { path: ADMIN_PATH, reason: 'admin' },
  { path: SIGN_IN_PATH, reason: 'sign-in' },
  { path: '/.well-known', reason: 'well-known' },
  { path: NOT_FOUND_PATH, reason: 'not-found' },
  { path: '/404.html', reason: 'not-found' },
  { path: '/index.html', reason: 'file' },
  { path: SHELL_KEY, reason: 'file' },
  { path: '/robots.txt', reason: 'file' },
  { path: '/sitemap.xml', reason: 'file' },
  { path: '/sitemap-static.xml', reason: 'file' },
  { path: '/rss.xml', reason: 'file' },
  { path: '/favicon.ico', reason: 'file' },
  // Every public page names it (speculation-rules.ts); a redirect would turn prerendering off.
  { path: '/speculation-rules.json', reason: 'file' },
];

/** Whether a path's last segment names a file (`/rss.xml`, not `/blog`). */
const isFileName = (path: string): boolean => /\/[^/]*[^/.]\.[a-z0-9]+$/i.test(path);

/**
 * The reserved sources of a build: the fixed ones, its not-found page, the files its pages list
 * (rendered or prerendered patterns whose last segment has an extension: the sitemap, the feed)
 * and its app screens (admin pages, the sign-in page), from the build's own page lists.
 */
export function reservedSources(pages: {
  prerendered?: readonly string[];
  rendered?: readonly string[];
  app?: readonly string[];
  notFound?: string;
}): ReservedSource[] {
  const out = [...RESERVED_SOURCES];
  const add = (path: string, reason: ReservedReason) => {
    const key = path.replace(/\/\*$/, '').toLowerCase();
    // A path under one already reserved adds nothing (`/admin/leads` under `/admin`).
    if (key && key !== '/' && reservedReason(key, out) === null) out.push({ path: key, reason });
  };
  if (pages.notFound) add(pages.notFound, 'not-found');
  for (const p of [...(pages.rendered ?? []), ...(pages.prerendered ?? [])])
    if (isFileName(p)) add(p, 'file');
  for (const p of pages.app ?? []) add(p, p === SIGN_IN_PATH ? 'sign-in' : 'admin');
  return out;
}

/** The reason a store key (normaliseRedirectPath's form) is reserved, or null: itself or under a reserved path. */
export function reservedReason(
  key: string,
  sources: readonly ReservedSource[] = RESERVED_SOURCES,
): ReservedReason | null {
  const found = sources.find((r) => key === r.path || key.startsWith(`${r.path}/`));
  return found ? found.reason : null;
}
