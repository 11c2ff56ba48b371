import { stat } from 'node:fs/promises';
import path from 'node:path';
import { isBuildOnlyKey, SITE_OBJECT_CONTENT_TYPES, type ContentCoding } from '@agency/shared/edge';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.pdf': 'application/pdf',
  '.mp4': 'video/mp4',
};

/**
 * Media type of a site-bucket key: the one the deploy sets on it (SITE_OBJECT_CONTENT_TYPES: the
 * speculation rules), else by its extension.
 */
export const contentTypeOf = (key: string): string =>
  SITE_OBJECT_CONTENT_TYPES[key] ??
  TYPES[path.extname(key).toLowerCase()] ??
  'application/octet-stream';

export interface SiteObject {
  /** Bucket key (no leading slash). */
  key: string;
  file: string;
  size: number;
  mtimeMs: number;
}

/** The content codings the web build writes beside each hashed asset, by file suffix (`vite.config.ts`). */
const PRECOMPRESSED_SUFFIX: Record<ContentCoding, string> = { br: '.br', gzip: '.gz' };

/** The build's copy of `file` compressed with `coding` (`app-1a2b.js.br`), or null when it wrote none. */
export async function precompressedCopy(
  file: string,
  coding: ContentCoding,
): Promise<{ file: string; size: number } | null> {
  const copy = `${file}${PRECOMPRESSED_SUFFIX[coding]}`;
  const found = await fileAt(copy);
  return found && { file: copy, size: found.size };
}

async function fileAt(file: string): Promise<{ size: number; mtimeMs: number } | null> {
  try {
    const s = await stat(file);
    return s.isFile() ? { size: s.size, mtimeMs: s.mtimeMs } : null;
  } catch {
    return null;
  }
}

/**
 * The object of the site bucket at a URI the edge function produced, read from the built site as
 * S3 would: the key is the decoded URI without its leading slash, and only an exact file is an
 * object (no index documents, no fallbacks; the edge function chose the key). The build's
 * compressed copies and its records (isBuildOnlyKey) are not objects: the deploy leaves them
 * out. Null for a missing key.
 */
export async function siteObject(dist: string, uri: string): Promise<SiteObject | null> {
  let key: string;
  try {
    key = decodeURIComponent(uri).replace(/^\//, '');
  } catch {
    return null;
  }
  if (!key || key.includes('\0') || isBuildOnlyKey(key)) return null;
  const root = path.resolve(dist);
  const file = path.resolve(root, key);
  // Keys are flat names in S3; here they must not walk out of the folder ("../", encoded or not).
  if (!file.startsWith(`${root}${path.sep}`)) return null;
  const found = await fileAt(file);
  return found && { key, file, ...found };
}
