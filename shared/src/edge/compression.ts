/**
 * What CloudFront compresses (developer guide, "Serve compressed files"): responses of these types,
 * of 1,000 to 10,000,000 bytes, with status 200, 403 or 404, not already encoded, when the viewer
 * accepts gzip or Brotli (Brotli preferred) and the behaviour's cache policy enables them.
 */
export const COMPRESSIBLE_TYPES: ReadonlySet<string> = new Set([
  'application/dash+xml',
  'application/eot',
  'application/font',
  'application/font-sfnt',
  'application/javascript',
  'application/json',
  'application/opentype',
  'application/otf',
  'application/pdf',
  'application/pkcs7-mime',
  'application/protobuf',
  'application/rss+xml',
  'application/truetype',
  'application/ttf',
  'application/vnd.apple.mpegurl',
  'application/vnd.mapbox-vector-tile',
  'application/vnd.ms-fontobject',
  'application/wasm',
  'application/xhtml+xml',
  'application/xml',
  'application/x-font-opentype',
  'application/x-font-truetype',
  'application/x-font-ttf',
  'application/x-httpd-cgi',
  'application/x-javascript',
  'application/x-mpegurl',
  'application/x-opentype',
  'application/x-otf',
  'application/x-perl',
  'application/x-ttf',
  'font/eot',
  'font/opentype',
  'font/otf',
  'font/ttf',
  'image/svg+xml',
  'text/css',
  'text/csv',
  'text/html',
  'text/javascript',
  'text/js',
  'text/plain',
  'text/richtext',
  'text/tab-separated-values',
  'text/xml',
  'text/x-component',
  'text/x-java-source',
  'text/x-script',
  'vnd.apple.mpegurl',
]);

export const COMPRESS_MIN_BYTES = 1_000;
export const COMPRESS_MAX_BYTES = 10_000_000;
const COMPRESSED_STATUSES = new Set([200, 403, 404]);

export type ContentCoding = 'br' | 'gzip';

/** Whether CloudFront would compress a response of this Content-Type. */
export const isCompressible = (contentType: string): boolean =>
  COMPRESSIBLE_TYPES.has(contentType.split(';')[0]?.trim().toLowerCase() ?? '');

/** The codings a viewer's Accept-Encoding allows, Brotli first (an explicit q=0 refuses one). */
export function acceptedCodings(acceptEncoding: string | undefined): ContentCoding[] {
  const offered = new Map<string, number>();
  for (const part of (acceptEncoding ?? '').toLowerCase().split(',')) {
    const [name = '', ...params] = part.split(';').map((s) => s.trim());
    const q = params.find((p) => p.startsWith('q='));
    offered.set(name, q ? Number(q.slice(2)) : 1);
  }
  return (['br', 'gzip'] as const).filter((c) => (offered.get(c) ?? 0) > 0);
}

/** The coding CloudFront answers with, or null when it sends the response as the origin wrote it. */
export function compressionFor(response: {
  policyAcceptsEncoding: boolean;
  acceptEncoding: string | undefined;
  status: number;
  contentType: string | undefined;
  contentEncoding: string | undefined;
  /** Body length; undefined when the origin did not say (CloudFront then compresses anyway). */
  size: number | undefined;
}): ContentCoding | null {
  if (!response.policyAcceptsEncoding || response.contentEncoding) return null;
  if (!COMPRESSED_STATUSES.has(response.status)) return null;
  if (!isCompressible(response.contentType ?? '')) return null;
  if (
    response.size !== undefined &&
    (response.size < COMPRESS_MIN_BYTES || response.size > COMPRESS_MAX_BYTES)
  )
    return null;
  return acceptedCodings(response.acceptEncoding)[0] ?? null;
}
