/**
 * Prerender: after `vite build` and the SSR build, write static HTML for every public route of the
 * route table (dist/<path>/index.html), dist/404.html, dist/spa.html (the empty SPA shell for admin
 * routes), dist/robots.txt and dist/sitemap-static.xml. Run by `npm run build -w web`.
 * SITE_URL (default http://localhost:3000) makes canonical and social URLs absolute.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { PageMeta } from '../src/lib/page-meta';
import { organizationJsonLd, renderHead } from '../src/lib/head';
import { addAppModules, pageChunks, routeSources } from '../src/app/page-sources';
import { SPECIAL_SLUGS } from '@agency/shared';
import { parseSitePages, type SitePages } from '@agency/shared/edge';
import { pageForPath, routeTable } from '../src/app/route-table';

const HEAD_MARK = '<!--app-head-->';
const ROOT_MARK = '<div id="root"><!--app-html--></div>';

const escapeAttr = (s: string): string =>
  s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** The head tags of a prerendered page: Organization JSON-LD joins the home page's own. */
export function headFor(meta: PageMeta, siteUrl: string): string {
  const withOrg =
    meta.path === '/'
      ? { ...meta, jsonLd: [organizationJsonLd(siteUrl), ...(meta.jsonLd ?? [])] }
      : meta;
  return renderHead(withOrg, siteUrl);
}

/** Fill the built index.html template with one page's head and markup. */
export function fillTemplate(
  template: string,
  head: string,
  html: string,
  path: string | null,
): string {
  if (!template.includes(HEAD_MARK) || !template.includes(ROOT_MARK))
    throw new Error('dist/index.html lacks the <!--app-head--> or #root <!--app-html--> marks');
  const root =
    path === null
      ? '<div id="root"></div>'
      : `<div id="root" data-path="${escapeAttr(path)}">${html}</div>`;
  return template.replace(HEAD_MARK, () => head).replace(ROOT_MARK, () => root);
}

/** Where a route's HTML goes: / → index.html, /about → about/index.html. */
export function outputFile(distDir: string, path: string): string {
  return path === '/'
    ? join(distDir, 'index.html')
    : join(distDir, path.replace(/^\/+/, ''), 'index.html');
}

/** sitemap-static.xml of the listed routes (the blog render handler merges posts into /sitemap.xml). */
export function sitemapXml(
  paths: string[],
  siteUrl: string,
  lastmod = new Date().toISOString().slice(0, 10),
): string {
  const base = siteUrl.replace(/\/+$/, '');
  const urls = paths
    .map((p) => `  <url><loc>${escapeAttr(`${base}${p}`)}</loc><lastmod>${lastmod}</lastmod></url>`)
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
}

export function robotsTxt(siteUrl: string): string {
  const base = siteUrl.replace(/\/+$/, '');
  return [
    'User-agent: *',
    'Disallow: /admin',
    'Disallow: /add-blog',
    'Disallow: /edit-blog/',
    'Disallow: /creative-login',
    'Disallow: /thank-you-alchem',
    '',
    `Sitemap: ${base}/sitemap.xml`,
    '',
  ].join('\n');
}

interface ServerEntry {
  render: (url: string) => { html: string; meta: PageMeta; status: number };
  publicRoutes: { path: string; meta: PageMeta; sitemap: boolean }[];
}

/** Vite's build manifest (source module → chunk file and static imports); empty when missing. */
async function readManifest(
  file: string,
): Promise<Record<string, { file: string; imports?: string[] }>> {
  try {
    const value: unknown = JSON.parse(await readFile(file, 'utf8'));
    if (typeof value !== 'object' || value === null) return {};
    const out: Record<string, { file: string; imports?: string[] }> = {};
    for (const [key, chunk] of Object.entries(value)) {
      if (
        typeof chunk !== 'object' ||
        chunk === null ||
        !('file' in chunk) ||
        typeof chunk.file !== 'string'
      )
        continue;
      const imports =
        'imports' in chunk && Array.isArray(chunk.imports)
          ? chunk.imports.filter((i: unknown): i is string => typeof i === 'string')
          : undefined;
      out[key] = { file: chunk.file, imports };
    }
    return out;
  } catch {
    return {};
  }
}

/**
 * The pages as the edge must know them (written to dist-server/site-pages.json): prerendered paths,
 * the patterns the render handler answers, and the admin pages the app shell answers.
 */
export function sitePagesOf(prerendered: string[]): SitePages {
  const rendered = ['/blog', '/blog/*', `/${SPECIAL_SLUGS.career}`, '/sitemap.xml', '/rss.xml'];
  const served = new Set([...rendered, ...prerendered]);
  const app = routeTable
    .map((r) => r.path.replace(/\/:\w+$/, '/*'))
    .filter((pattern) => !served.has(pattern));
  return parseSitePages({
    prerendered: prerendered.filter((p) => p !== '/404'),
    rendered,
    app,
    notFound: '/404',
  });
}

export async function prerender(webDir: string, siteUrl: string): Promise<string[]> {
  const distDir = join(webDir, 'dist');
  const entryUrl = pathToFileURL(join(webDir, 'dist-server', 'entry-server.js')).href;
  const entry: ServerEntry = await import(entryUrl);
  const template = await readFile(join(distDir, 'index.html'), 'utf8');
  const manifest = await readManifest(join(distDir, '.vite', 'manifest.json'));
  const written: string[] = [];
  const write = async (file: string, text: string): Promise<void> => {
    await mkdir(dirname(file), { recursive: true });
    await writeFile(file, text);
    written.push(file);
  };

  // The bare shell first, before index.html becomes the home page.
  await write(
    join(distDir, 'spa.html'),
    fillTemplate(
      template,
      '<title>Alchem Digital</title>\n    <meta name="robots" content="noindex">',
      '',
      null,
    ),
  );
  for (const route of entry.publicRoutes) {
    const { html, meta } = entry.render(route.path);
    const key = pageForPath(route.path);
    const page = addAppModules(
      fillTemplate(template, headFor(meta, siteUrl), html, route.path),
      key ? pageChunks(manifest, routeSources(key, route.path)) : [],
    );
    await write(outputFile(distDir, route.path), page);
    if (route.path === '/404') await write(join(distDir, '404.html'), page);
  }
  await write(
    join(webDir, 'dist-server', 'site-pages.json'),
    `${JSON.stringify(sitePagesOf(entry.publicRoutes.map((r) => r.path)), null, 2)}\n`,
  );
  await write(join(distDir, 'robots.txt'), robotsTxt(siteUrl));
  await write(
    join(distDir, 'sitemap-static.xml'),
    sitemapXml(
      entry.publicRoutes.filter((r) => r.sitemap).map((r) => r.path),
      siteUrl,
    ),
  );
  return written;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const webDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');
  const siteUrl = process.env.SITE_URL ?? 'http://localhost:3000';
  prerender(webDir, siteUrl)
    .then((files) => console.log(`prerender: wrote ${files.length} files for ${siteUrl}`))
    .catch((err: unknown) => {
      console.error(err);
      process.exit(1);
    });
}
