import {
  NOT_FOUND_LOG,
  NOT_FOUND_PATH,
  normaliseRedirectPath,
  referrerHost,
  reservedReason,
} from '@agency/shared';
import { pageObjectPath } from '@agency/shared/edge';

/**
 * CloudFront's standard access logs (legacy), as the distribution writes them to the access-log
 * bucket and the local edge server writes them to its stand-in: gzip files of W3C lines, one
 * request a line, fields separated by tabs, `#Version: 1.0` and `#Fields: …` first. The 404 log is
 * built from them: only what the edge really answered 404 is counted.
 */

/** The key prefix of CloudFront's log files in the access-log bucket (the distribution's `logFilePrefix`). */
export const CLOUDFRONT_LOG_PREFIX = 'cloudfront/';

/** The 33 fields of a standard log line, in CloudFront's order (its `#Fields:` line). */
export const CLOUDFRONT_LOG_FIELDS = [
  'date',
  'time',
  'x-edge-location',
  'sc-bytes',
  'c-ip',
  'cs-method',
  'cs(Host)',
  'cs-uri-stem',
  'sc-status',
  'cs(Referer)',
  'cs(User-Agent)',
  'cs-uri-query',
  'cs(Cookie)',
  'x-edge-result-type',
  'x-edge-request-id',
  'x-host-header',
  'cs-protocol',
  'cs-bytes',
  'time-taken',
  'x-forwarded-for',
  'ssl-protocol',
  'ssl-cipher',
  'x-edge-response-result-type',
  'cs-protocol-version',
  'fle-status',
  'fle-encrypted-fields',
  'c-port',
  'time-to-first-byte',
  'x-edge-detailed-result-type',
  'sc-content-type',
  'sc-content-len',
  'sc-range-start',
  'sc-range-end',
] as const;
export type CloudFrontLogField = (typeof CLOUDFRONT_LOG_FIELDS)[number];

/** A log file's first two lines. */
export const CLOUDFRONT_LOG_HEADER = `#Version: 1.0\n#Fields: ${CLOUDFRONT_LOG_FIELDS.join(' ')}\n`;

/**
 * A value as CloudFront writes it in a field: percent-encoded where it is not plain visible ASCII
 * (so a tab, a space or a line break can never split a field), `%` itself as `%25`; `-` for none.
 * A request for `/caf%C3%A9` is logged as `/caf%25C3%25A9`.
 */
export function logField(value: string | null | undefined): string {
  if (value === null || value === undefined || value === '') return '-';
  let out = '';
  for (const byte of new TextEncoder().encode(value))
    out +=
      byte > 0x20 && byte < 0x7f && byte !== 0x25
        ? String.fromCharCode(byte)
        : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  return out;
}

/** A field's value back (one level of percent-encoding undone, as UTF-8); null for `-`. */
export function fieldValue(field: string | undefined): string | null {
  if (field === undefined || field === '-' || field === '') return null;
  const bytes: number[] = [];
  for (let i = 0; i < field.length; i++) {
    const hex = field.slice(i + 1, i + 3);
    if (field[i] === '%' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else bytes.push(...new TextEncoder().encode(field[i]));
  }
  return new TextDecoder().decode(new Uint8Array(bytes));
}

/** The site bucket's key of the not-found page (the edge definition's notFoundKey), which the edge answers unknown paths with. */
export const NOT_FOUND_KEY = pageObjectPath(NOT_FOUND_PATH);

/** The query parameter the edge function names the path with when it answers it with the not-found page. */
export const NOT_FOUND_MARKER = 'nf';

/**
 * The path a logged request asked for. CloudFront may log the URI the viewer sent or the one the
 * edge function sent on (which AWS does is not documented); for an unknown path the function sends
 * on the not-found page's key with a query of one marker, `nf=<the path asked, URI-encoded>`, so:
 * a stem that is the not-found page (its key or its path) gives the marker's path, and stays as it is
 * without one (then reserved: never counted); any other stem is the path asked. A marker a viewer sent
 * itself cannot pass for one: with the not-found page the function answers it 301, with any other
 * path its stem is read, never the query.
 */
export function askedPath(stem: string, query: string | null): string {
  if (stem !== NOT_FOUND_KEY && stem !== NOT_FOUND_PATH) return stem;
  const marker = new RegExp(`^${NOT_FOUND_MARKER}=([^&=]+)$`).exec(query ?? '')?.[1];
  if (marker === undefined) return stem;
  let path: string;
  try {
    path = decodeURIComponent(marker);
  } catch {
    return stem;
  }
  return path.startsWith('/') ? path : stem;
}

/** One request of a log file: what the 404 log needs of it, nothing about the visitor. */
export interface AccessLogRequest {
  method: string;
  /**
   * The path the viewer asked for, as it sent it (percent-encoding and all): the logged stem, or the
   * edge function's marker when the stem is the not-found page it answered with (askedPath).
   */
  path: string;
  status: number;
  /** The Referer header, or null. */
  referrer: string | null;
}

/**
 * The requests of a log file's text. The `#Fields:` line says where each field is (CloudFront's
 * order when a file has none); comment lines and lines without a method, path or status are skipped.
 */
export function parseAccessLog(text: string): AccessLogRequest[] {
  let fields: readonly string[] = CLOUDFRONT_LOG_FIELDS;
  const requests: AccessLogRequest[] = [];
  for (const line of text.split(/\r?\n/)) {
    if (line.startsWith('#Fields:')) {
      fields = line.slice('#Fields:'.length).trim().split(/\s+/);
      continue;
    }
    if (line === '' || line.startsWith('#')) continue;
    const values = line.split('\t');
    const at = (name: CloudFrontLogField) => {
      const i = fields.indexOf(name);
      return i < 0 ? undefined : values[i];
    };
    const method = fieldValue(at('cs-method'));
    const stem = fieldValue(at('cs-uri-stem'));
    const status = Number(at('sc-status'));
    if (!method || !stem || !Number.isInteger(status)) continue;
    const path = askedPath(stem, fieldValue(at('cs-uri-query')));
    requests.push({ method, path, status, referrer: fieldValue(at('cs(Referer)')) });
  }
  return requests;
}

/** Per 404 path (its redirect key), the hits per referrer host (null: none). */
export type NotFoundHits = Map<string, Map<string | null, number>>;

/**
 * The site addresses a log answered 404: GET and HEAD with status 404, the path as the redirect keys
 * are normalised (so a redirect made from the log's entry matches what was asked), the referrer's
 * host only. The site's own addresses are left out (the API, the admin, built assets, media, the
 * root files: nothing a redirect may take), and paths longer than a 404 entry takes.
 */
export function notFoundHits(requests: readonly AccessLogRequest[]): NotFoundHits {
  const hits: NotFoundHits = new Map();
  for (const r of requests) {
    if (r.status !== 404 || (r.method !== 'GET' && r.method !== 'HEAD')) continue;
    if (!r.path.startsWith('/')) continue;
    const path = normaliseRedirectPath(r.path);
    if (path.length > NOT_FOUND_LOG.pathMax || reservedReason(path) !== null) continue;
    const host = referrerHost(r.referrer ?? undefined);
    const byHost = hits.get(path) ?? new Map<string | null, number>();
    byHost.set(host, (byHost.get(host) ?? 0) + 1);
    hits.set(path, byHost);
  }
  return hits;
}
