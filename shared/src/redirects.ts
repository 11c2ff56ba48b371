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
  /**
   * Room of the store kept for the pages' entries (EDGE_PAGE_VALUES, written by publishing into the
   * same store): redirects may take the rest, so publishing never finds the store full.
   */
  pageReserveBytes: 512 * 1024,
  noteMax: 200,
  searchMax: 100,
  pageSize: 50,
} as const;

/** The most bytes redirects may take in the edge store (keys and values): its size less the pages' room. */
export const REDIRECT_BUDGET_BYTES =
  REDIRECT_LIMITS.storeMaxBytes - REDIRECT_LIMITS.pageReserveBytes;

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

/** Bytes of a string in UTF-8, as the store counts them. */
export const utf8Bytes = (value: string): number => new TextEncoder().encode(value).length;

/*
 * One normalisation of addresses, the same in the API (a redirect's stored source), the
 * KeyValueStore's keys and the edge function (edge-function.cloudfront.js: `canonical`, a copy of
 * `canonicalAddress` in the function's own JavaScript, tied to this one by a test over random
 * Unicode paths):
 * - percent-escapes are decoded as UTF-8 where they are valid (an invalid sequence stays as it is,
 *   its hex upper-case); an escaped delimiter stays escaped (`%2F` is not `/`, `%3D` not `=`: RFC
 *   3986's reserved characters a path may hold plainly), any other escaped character is that
 *   character (`%7E` is `~`, `%3C` is the `<` every browser escapes);
 * - the text is Unicode NFC, then lower-cased as JavaScript's toLowerCase() does (keys only), then
 *   NFC again (lower-casing may leave a decomposed pair);
 * - then written back in ASCII: unreserved characters, sub-delimiters, `:`, `@` and `/` as they
 *   are, everything else (non-ASCII, spaces, `%`, `|`, …) as UTF-8 percent-escapes, hex upper-case.
 * A key then has repeated slashes made one and no trailing slash.
 */
const UNRESERVED = /^[A-Za-z0-9\-._~]$/;
const LITERAL = /^[A-Za-z0-9\-._~!$&'()*+,;=:@/]$/;
const nfc = (text: string): string => text.normalize('NFC');

/** Text written in ASCII (see above); a lone surrogate, which has no UTF-8, is U+FFFD. */
function encodeText(text: string): string {
  let out: string;
  try {
    out = encodeURIComponent(text);
  } catch {
    out = encodeURIComponent(text.replace(/[\ud800-\udfff]/g, '\ufffd'));
  }
  // encodeURIComponent escapes sub-delimiters, `:`, `@` and `/` too: they are written plainly.
  return out.replace(/%(2[46BCF]|3[ABD]|40)/g, (escape) => decodeURIComponent(escape));
}

/** An address's text in the one ASCII form (see above), lower-cased when `lower` (a key). */
export function canonicalAddress(text: string, lower: boolean): string {
  let out = '';
  let run = '';
  const flush = () => {
    out += encodeText(lower ? nfc(nfc(run).toLowerCase()) : nfc(run));
    run = '';
  };
  for (let i = 0; i < text.length;) {
    if (text[i] === '%' && /^[0-9A-Fa-f]{2}$/.test(text.slice(i + 1, i + 3))) {
      const b = parseInt(text.slice(i + 1, i + 3), 16);
      const n = b < 0x80 ? 1 : b >= 0xf5 ? 0 : b >= 0xf0 ? 4 : b >= 0xe0 ? 3 : b >= 0xc2 ? 2 : 0;
      let ch = '';
      try {
        ch = n ? decodeURIComponent(text.slice(i, i + 3 * n)) : '';
      } catch {
        ch = '';
      }
      if (ch && (n > 1 || UNRESERVED.test(ch) || !LITERAL.test(ch))) {
        run += ch;
        i += 3 * n;
      } else {
        flush();
        out += text.slice(i, i + 3).toUpperCase();
        i += 3;
      }
    } else {
      run += text[i];
      i++;
    }
  }
  flush();
  return out;
}

/**
 * A site path as the edge looks it up (a redirect's source, a KeyValueStore key): the one
 * normalisation above, lower-case, repeated slashes one, no trailing slash but for `/`. Query and
 * fragment are not part of it (the caller refuses them in a source; typed `%3F` is a character).
 */
export function normaliseRedirectPath(path: string): string {
  const key = canonicalAddress(path, true)
    .replace(/\/{2,}/g, '/')
    .replace(/\/+$/, '');
  return key === '' ? '/' : key;
}

/** Whether a key has `.` or `..` segments (browsers resolve them before they ask: no request has them). */
const hasDotSegment = (key: string): boolean => /(^|\/)\.\.?(\/|$)/.test(key);

/**
 * What cannot be sent in a `Location` or shown plainly: control characters, format characters
 * (bidi controls, zero-width spaces and joiners, the byte-order mark, soft hyphens), white space,
 * lone surrogates, the invisible Hangul fillers, and the full-width and ideographic full stops that
 * address parsers read as `.`.
 */
const UNSENDABLE = /[\p{Cc}\p{Cf}\p{Cs}\p{Z}\u115F\u1160\u3164\uFFA0\u3002\uFF0E\uFF61]/u;

/** Why an address as typed cannot be one, or null: its invisible or control characters named. */
export function unsendableCharacter(value: string): string | null {
  const m = UNSENDABLE.exec(value);
  if (!m) return null;
  const code = (m[0].codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0');
  return /[\u3002\uFF0E\uFF61]/.test(m[0])
    ? `has a full-width dot (U+${code}), which addresses read as "."`
    : `has an invisible or control character (U+${code}), which cannot be part of an address`;
}

/** Whether a source is a site path: starts with one `/`, no query, fragment, white space or `\\`, no dot segments. */
export const isRedirectSource = (value: string): boolean =>
  /^\/(?!\/)[^?#\s\\]*$/.test(value) && !hasDotSegment(normaliseRedirectPath(value));

/**
 * The host of an https:// target as typed, checked: no user name (`https://site@evil.example`), no
 * escape, no character the URL parser maps to another (`evil。example`, full-width letters): every
 * label as typed is the parsed one lower-cased, or an internationalised label whose parsed form is
 * punycode (`例え` → `xn--r8jz45g`).
 */
function sameHost(typed: string, url: URL): boolean {
  if (url.username || url.password || /[%@\\]/.test(typed)) return false;
  const host = typed.replace(/:\d*$/, '').toLowerCase();
  const labels = host.split('.');
  const parsed = url.hostname.split('.');
  if (labels.length !== parsed.length) return false;
  return labels.every((label, i) => {
    const out = parsed[i] ?? '';
    return /^[\x00-\x7f]*$/.test(label) ? label === out : out.startsWith('xn--');
  });
}

/** Whether a target is a site path (query and fragment allowed) or an https:// address. */
export function isRedirectTarget(value: string): boolean {
  if (/\s|\\/.test(value) || unsendableCharacter(value)) return false;
  if (value.startsWith('/')) {
    if (value.startsWith('//')) return false;
    const key = targetKey(value);
    // Relative to the site it must stay on the site, at a path without dot segments.
    return (
      key !== null &&
      !hasDotSegment(key) &&
      new URL(value, 'https://site.invalid').host === 'site.invalid'
    );
  }
  try {
    const url = new URL(value);
    const typed = /^https:\/\/([^/?#]*)/i.exec(value)?.[1];
    return (
      url.protocol === 'https:' &&
      url.hostname !== '' &&
      typed !== undefined &&
      sameHost(typed, url)
    );
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

/**
 * A target as stored and sent as `Location`, in ASCII: a site path in the one normalisation (its
 * case kept, repeated and trailing slashes dropped), its query and fragment kept, their non-ASCII
 * percent-encoded; an https:// address as the URL parser writes it (its host punycode).
 */
export function normaliseTarget(to: string): string {
  if (!to.startsWith('/')) {
    try {
      return new URL(to).href;
    } catch {
      return to;
    }
  }
  const at = to.search(/[?#]/);
  const path = at === -1 ? to : to.slice(0, at);
  const rest = at === -1 ? '' : to.slice(at);
  const trimmed = canonicalAddress(path, false)
    .replace(/\/{2,}/g, '/')
    .replace(/(.)\/+$/, '$1');
  const hash = rest.indexOf('#');
  const query = hash === -1 ? rest : rest.slice(0, hash);
  const fragment = hash === -1 ? '' : rest.slice(hash + 1);
  const part = (text: string) =>
    text
      .split('?')
      .map((t) => canonicalAddress(t, false))
      .join('?');
  return (trimmed === '' ? '/' : trimmed) + part(query) + (hash === -1 ? '' : `#${part(fragment)}`);
}

/**
 * An address as the admin lists show it: percent-escapes of visible non-ASCII text decoded
 * (`/caf%C3%A9-offer` → `/café-offer`), everything else as stored.
 */
export function readableAddress(address: string): string {
  return address.replace(/(?:%[0-9A-F]{2})+/gi, (run) => {
    let text: string;
    try {
      text = decodeURIComponent(run);
    } catch {
      return run;
    }
    return /[\x00-\x7f]/.test(text) || unsendableCharacter(text) ? run : text;
  });
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
