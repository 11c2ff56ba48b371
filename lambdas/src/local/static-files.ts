import { stat } from 'node:fs/promises';
import path from 'node:path';

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

/** Media type of a file by its extension. */
export const contentTypeOf = (file: string): string =>
  TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream';

/** Whether a response of this type is worth compressing. */
export const isCompressible = (contentType: string): boolean =>
  /^(text\/|application\/(json|javascript|xml|manifest\+json|rss\+xml|atom\+xml)|image\/svg\+xml)/i.test(
    contentType,
  );

/** Routes of the admin SPA: not prerendered, served by the app shell. */
const SPA_ROUTES = [
  /^\/creative-login\/?$/,
  /^\/admin(\/.*)?$/,
  /^\/add-blog\/?$/,
  /^\/edit-blog(\/.*)?$/,
  /^\/preview\/[^/]+$/,
];
/** Blog pages, rendered at the origin; the app shell renders them too when the render handler is absent. */
const BLOG_PAGES = [
  /^\/blog(\/.*)?$/,
  /^\/how-to-start-a-career-in-a-digital-marketing-agency\/?$/,
];
/** Everything the render handler answers: the blog pages, the sitemap and the feed. */
const RENDERED = [...BLOG_PAGES, /^\/sitemap\.xml$/, /^\/rss\.xml$/];

export const isSpaRoute = (pathname: string) => SPA_ROUTES.some((r) => r.test(pathname));
export const isBlogPage = (pathname: string) => BLOG_PAGES.some((r) => r.test(pathname));
export const isRenderedRoute = (pathname: string) => RENDERED.some((r) => r.test(pathname));

export interface StaticHit {
  file: string;
  status: 200 | 404;
  size: number;
  mtimeMs: number;
}

/** The content codings the web build writes beside each hashed asset, by file suffix (`vite.config.ts`). */
const PRECOMPRESSED_SUFFIX = { br: '.br', gzip: '.gz' } as const;
export type ContentCoding = keyof typeof PRECOMPRESSED_SUFFIX;

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
 * Which file of the built site answers a path, as the site bucket + CloudFront function do: the exact
 * file, else the prerendered `<path>/index.html` (or `<path>.html`), else the app shell for SPA
 * routes and blog pages (when the render handler did not answer them), else `404.html` with status 404 (the app shell
 * when there is none). Null when the folder has neither.
 */
export async function resolveStatic(dist: string, pathname: string): Promise<StaticHit | null> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    decoded = '';
  }
  // Normalise and keep inside the folder: "/../x" and encoded variants cannot escape it.
  const relative = path.posix.normalize(`/${decoded}`).replace(/^(\.\.\/|\/)+/, '');
  const root = path.resolve(dist);
  const candidates: string[] = [];
  if (decoded && !decoded.includes('\0')) {
    const base = path.resolve(root, relative);
    if (base === root || base.startsWith(`${root}${path.sep}`)) {
      if (!pathname.endsWith('/')) candidates.push(base);
      candidates.push(path.join(base, 'index.html'));
      if (!pathname.endsWith('/') && base !== root) candidates.push(`${base}.html`);
    }
  }
  for (const file of candidates) {
    const found = await fileAt(file);
    if (found) return { file, status: 200, ...found };
  }
  // The empty app shell (spa.html) when the build has one: index.html is the prerendered home page,
  // which a client route would first show and then replace.
  const spa = path.join(root, 'spa.html');
  const shell = (await fileAt(spa)) ? spa : path.join(root, 'index.html');
  if (isSpaRoute(decoded) || isBlogPage(decoded)) {
    const found = await fileAt(shell);
    if (found) return { file: shell, status: 200, ...found };
  }
  for (const file of [path.join(root, '404.html'), shell]) {
    const found = await fileAt(file);
    if (found) return { file, status: 404, ...found };
  }
  return null;
}
