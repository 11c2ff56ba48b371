/**
 * Redirects at the edge: the rules both sides agree on. The API stores a redirect under the key the
 * CloudFront Function looks a request up by (its path, lower-case, without a trailing slash), and
 * the store's value is the compact string `<status> <target>` the function reads.
 */

/** The statuses a redirect may answer with. */
export const REDIRECT_STATUSES = [301, 302, 307, 308] as const;
export type RedirectStatus = (typeof REDIRECT_STATUSES)[number];

/**
 * CloudFront KeyValueStore's limits (a key of at most 512 bytes, a value of at most 1 KB, 5 MB in
 * all, keys and values counted), and the redirect manager's pages and notes.
 */
export const REDIRECT_LIMITS = {
  keyMaxBytes: 512,
  valueMaxBytes: 1024,
  storeMaxBytes: 5 * 1024 * 1024,
  noteMax: 200,
  searchMax: 100,
  pageSize: 50,
} as const;

/** The 404 log: entries per page, referrer hosts kept per path, a report's path limit. */
export const NOT_FOUND_LOG = {
  pageSize: 50,
  topReferrers: 5,
  /** Referrer hosts counted per path at most (the rest are counted as no referrer). */
  referrersKept: 20,
  pathMax: 512,
  /** Reports per client IP and window; past it a report is accepted and not counted. */
  rateLimit: { max: 30, windowMs: 10 * 60 * 1000 },
  /** Days an entry nobody hit again stays in the log. */
  retentionDays: 90,
} as const;

/** Where the admin area and the API live: never the source of a redirect. */
export const REDIRECT_RESERVED_PREFIXES = ['/admin', '/api', '/creative-login'] as const;

/** Bytes of a string in UTF-8, as the store counts them. */
export const utf8Bytes = (value: string): number => new TextEncoder().encode(value).length;

/**
 * A site path as the edge looks it up: as a browser sends it (the URL parser's work: dot segments
 * resolved, percent-encoded, so `/café` is `/caf%C3%A9`), lower-case, repeated slashes one, no
 * trailing slash but for `/`. Query and fragment are not part of it (the caller refuses them in a
 * source).
 */
export function normaliseRedirectPath(path: string): string {
  let decoded = path;
  try {
    decoded = decodeURI(path);
  } catch {
    // A stray `%` stays as written, as a browser sends it.
  }
  // Leading slashes made one first: `//host/x` must stay a path, not become another host.
  const pathname = new URL(`/${decoded.replace(/^\/+/, '')}`, 'https://site.invalid').pathname;
  const key = pathname
    .toLowerCase()
    .replace(/\/{2,}/g, '/')
    .replace(/\/+$/, '');
  return key === '' ? '/' : key;
}

/** Whether a source is a site path: starts with one `/`, no query, fragment or white space. */
export const isSitePath = (value: string): boolean => /^\/(?!\/)[^?#\s\\]*$/.test(value);

/** Whether a target is a site path (query and fragment allowed) or an https:// address. */
export function isRedirectTarget(value: string): boolean {
  if (/\s|\\/.test(value)) return false;
  if (value.startsWith('/')) return !value.startsWith('//');
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && url.hostname !== '';
  } catch {
    return false;
  }
}

/**
 * The path a site-path target leads to, as a store key (its query and fragment left out); null for
 * an https:// address.
 */
export function targetKey(to: string): string | null {
  if (!to.startsWith('/')) return null;
  return normaliseRedirectPath(to.replace(/[?#].*$/s, ''));
}

/** A target as stored: a site path keeps its query and fragment, its path loses a trailing slash. */
export function normaliseTarget(to: string): string {
  if (!to.startsWith('/')) return to;
  const at = to.search(/[?#]/);
  const path = at === -1 ? to : to.slice(0, at);
  const rest = at === -1 ? '' : to.slice(at);
  const trimmed = path.length > 1 ? path.replace(/\/+$/, '') : path;
  return (trimmed === '' ? '/' : trimmed) + rest;
}

/** The store's value of a redirect: `<status> <target>`, what the CloudFront Function parses. */
export const redirectValue = (status: RedirectStatus, to: string): string => `${status} ${to}`;

/**
 * The edge store's values that are not redirects, under the same keys (a page's path): `page`, a
 * marketing page published at runtime, which the edge serves as `<path>/index.html` like a
 * prerendered one; `gone`, a retired page the build still lists as prerendered, which the edge
 * answers with the not-found page (404). The edge function (edge-function.cloudfront.js) reads
 * these words as they are written here.
 */
export const EDGE_PAGE_VALUES = { page: 'page', gone: 'gone' } as const;

/** Read a store value back; null when it is not one this code writes. */
export function parseRedirectValue(value: string): { status: RedirectStatus; to: string } | null {
  const m = /^(\d{3}) (\S+)$/.exec(value);
  if (!m) return null;
  const status = REDIRECT_STATUSES.find((s) => String(s) === m[1]);
  return status === undefined || m[2] === undefined ? null : { status, to: m[2] };
}

/** The host of a referrer address (lower-case), or null for none or something that is not an http(s) URL. */
export function referrerHost(referrer: string | undefined): string | null {
  if (!referrer) return null;
  try {
    const url = new URL(referrer);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    return url.hostname.toLowerCase() || null;
  } catch {
    return null;
  }
}
