/**
 * Prerender: after `vite build` and the SSR build, write static HTML for every prerendered page of
 * the page registry (dist/<path>/index.html), dist/404.html, dist/spa.html (the empty SPA shell for
 * admin routes), dist/robots.txt, dist/sitemap-static.xml and dist-server/site-pages.json (the
 * edge's path lists). Run by `npm run build -w web`.
 * SITE_URL makes canonical and social URLs absolute; unset, the build is for the local stack (its address).
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { ENV_NAMES, LOCAL_STACK } from '@agency/shared';
import type { SitePages } from '@agency/shared/edge';
import type { PageMeta } from '../src/lib/page-meta';
import { sitemapXml } from '../src/server/feeds';
import {
  addAppModules,
  fillShell,
  headFor,
  pageChunks,
  readManifest,
} from '../src/server/page-html';

/** Where a route's HTML goes: / → index.html, /about → about/index.html. */
export function outputFile(distDir: string, path: string): string {
  return path === '/'
    ? join(distDir, 'index.html')
    : join(distDir, path.replace(/^\/+/, ''), 'index.html');
}

/** What the prerender takes from the built server entry (src/entry-server.tsx). */
interface ServerEntry {
  prepareAllPages: () => Promise<void>;
  render: (
    url: string,
    opts: { siteUrl: string },
  ) => { html: string; meta: PageMeta; status: number };
  prerenderedPaths: readonly string[];
  sitemapPaths: readonly string[];
  pageSources: (path: string) => string[];
  robotsTxt: (siteUrl: string) => string;
  sitePages: () => SitePages;
}

/** The empty shell admin routes are answered with: no content to index, rendered in the browser. */
const SPA_HEAD = '<title>Alchem Digital</title>\n    <meta name="robots" content="noindex">';

export async function prerender(webDir: string, siteUrl: string): Promise<string[]> {
  const distDir = join(webDir, 'dist');
  const entryUrl = pathToFileURL(join(webDir, 'dist-server', 'entry-server.js')).href;
  const entry: ServerEntry = await import(entryUrl);
  await entry.prepareAllPages();
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
    fillShell(template, { head: SPA_HEAD, html: '', path: null }),
  );
  for (const path of entry.prerenderedPaths) {
    const { html, meta } = entry.render(path, { siteUrl });
    const page = addAppModules(
      fillShell(template, { head: headFor(meta, siteUrl), html, path }),
      pageChunks(manifest, entry.pageSources(path)),
    );
    await write(outputFile(distDir, path), page);
    if (meta.status === 404) await write(join(distDir, '404.html'), page);
  }
  await write(
    join(webDir, 'dist-server', 'site-pages.json'),
    `${JSON.stringify(entry.sitePages(), null, 2)}\n`,
  );
  await write(join(distDir, 'robots.txt'), entry.robotsTxt(siteUrl));
  await write(
    join(distDir, 'sitemap-static.xml'),
    sitemapXml(
      entry.sitemapPaths.map((path) => ({ path, lastmod: new Date().toISOString().slice(0, 10) })),
      siteUrl,
    ),
  );
  return written;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const webDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');
  // Unset, the build is for the local stack, which serves on PORT (as `npm start` reads it) at this address.
  const localPort = process.env.PORT ?? String(LOCAL_STACK.port);
  const siteUrl = process.env[ENV_NAMES.siteUrl] ?? `http://localhost:${localPort}`;
  prerender(webDir, siteUrl)
    .then((files) => console.log(`prerender: wrote ${files.length} files for ${siteUrl}`))
    .catch((err: unknown) => {
      console.error(err);
      process.exit(1);
    });
}
