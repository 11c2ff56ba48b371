/**
 * Prerender: after `vite build` and the SSR build, write static HTML for every prerendered page
 * (dist/<path>/index.html: the seed's block pages and the registry's fixed pages, with the render
 * function publishing uses, `renderSitePages`), dist/404.html, dist/spa.html (the empty SPA shell for
 * admin routes), dist/robots.txt, dist/sitemap-static.xml, dist-server/site-pages.json (the edge's
 * path lists) and dist-server/seed-pages.json (the seed the API stores the pages and settings from).
 * Run by `npm run build -w web` (a build to deploy: SITE_URL, the public address
 * canonical and social URLs, sitemap and robots.txt are built with, is required) and by
 * `npm run build:local -w web` (`--local`: the local stack's build, `npm start` and the tests, where
 * SITE_URL defaults to the local stack's address).
 */
import { access, copyFile, mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import {
  ENV_NAMES,
  LOCAL_STACK,
  pageContent,
  siteSettings,
  type PageContent,
  type SiteSettings,
} from '@agency/shared';
import { SPECULATION_RULES_KEY, speculationRules, type SitePages } from '@agency/shared/edge';
import { sitemapXml } from '../src/server/feeds';
import { fillShell, readManifest, type BuildManifest } from '../src/server/page-html';

/** Where a route's HTML goes: / → index.html, /about → about/index.html. */
export function outputFile(distDir: string, path: string): string {
  return path === '/'
    ? join(distDir, 'index.html')
    : join(distDir, path.replace(/^\/+/, ''), 'index.html');
}

/** What the prerender takes from the built server entry (src/entry-server.tsx). */
interface ServerEntry {
  renderSitePages: (input: {
    pages: readonly ({ path: string } & PageContent)[];
    settings: SiteSettings;
    siteUrl: string;
    fixedPaths?: readonly string[];
    built?: { shell: string; manifest: BuildManifest };
  }) => Promise<{ path: string; html: string; status: number }[]>;
  SEED_PAGES: readonly ({ path: string } & PageContent)[];
  SEED_SITE_SETTINGS: SiteSettings;
  fixedPrerenderedPaths: readonly string[];
  sitemapPaths: readonly string[];
  robotsTxt: (siteUrl: string) => string;
  sitePages: () => SitePages;
}

/**
 * The seed as the API stores it: every page and the settings checked with the shared schemas (a
 * build with an invalid seed fails here, naming the page and the field).
 */
export function checkedSeed(
  pages: readonly ({ path: string } & PageContent)[],
  settings: SiteSettings,
): { pages: ({ path: string } & PageContent)[]; settings: SiteSettings } {
  const checked = pages.map((page) => {
    const parsed = pageContent.safeParse(page);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new Error(`Seed page ${page.path}: ${issue?.path.join('.')} ${issue?.message}`);
    }
    return { path: page.path, ...parsed.data };
  });
  const parsed = siteSettings.safeParse(settings);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`Seed site settings: ${issue?.path.join('.')} ${issue?.message}`);
  }
  return { pages: checked, settings: parsed.data };
}

/**
 * The built images the seed names (`/assets/<name>-<hash>.svg`): only the server build imports them,
 * so they are copied from its output (dist-server/assets) into the site (dist/assets).
 */
export async function copySeedAssets(seed: unknown, webDir: string): Promise<string[]> {
  const names = new Set(JSON.stringify(seed).match(/\/assets\/[\w./-]+/g) ?? []);
  const copied: string[] = [];
  const exists = (file: string) =>
    access(file).then(
      () => true,
      () => false,
    );
  for (const name of names) {
    const target = join(webDir, 'dist', name);
    if (await exists(target)) continue;
    const source = join(webDir, 'dist-server', name);
    if (!(await exists(source)))
      throw new Error(`The seed names ${name}, which neither build wrote`);
    await mkdir(dirname(target), { recursive: true });
    await copyFile(source, target);
    copied.push(target);
  }
  return copied;
}

/** The empty shell admin routes are answered with: no content to index, rendered in the browser. */
const SPA_HEAD = '<title>Alchem Digital</title>\n    <meta name="robots" content="noindex">';

export async function prerender(webDir: string, siteUrl: string): Promise<string[]> {
  const distDir = join(webDir, 'dist');
  const entryUrl = pathToFileURL(join(webDir, 'dist-server', 'entry-server.js')).href;
  const entry: ServerEntry = await import(entryUrl);
  const seed = checkedSeed(entry.SEED_PAGES, entry.SEED_SITE_SETTINGS);
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
  const documents = await entry.renderSitePages({
    ...seed,
    siteUrl,
    fixedPaths: entry.fixedPrerenderedPaths,
    built: { shell: template, manifest },
  });
  for (const { path, html, status } of documents) {
    await write(outputFile(distDir, path), html);
    if (status === 404) await write(join(distDir, '404.html'), html);
  }
  written.push(...(await copySeedAssets(seed, webDir)));
  await write(join(webDir, 'dist-server', 'seed-pages.json'), `${JSON.stringify(seed, null, 2)}\n`);
  await write(
    join(webDir, 'dist-server', 'site-pages.json'),
    `${JSON.stringify(entry.sitePages(), null, 2)}\n`,
  );
  await write(join(distDir, 'robots.txt'), entry.robotsTxt(siteUrl));
  // The rules every public page names in its Speculation-Rules header (prerender on hover).
  await write(join(distDir, SPECULATION_RULES_KEY), `${JSON.stringify(speculationRules())}\n`);
  await write(
    join(distDir, 'sitemap-static.xml'),
    sitemapXml(
      entry.sitemapPaths.map((path) => ({ path, lastmod: new Date().toISOString().slice(0, 10) })),
      siteUrl,
    ),
  );
  return written;
}

/**
 * The address the pages are built with: SITE_URL, the one variable. A build to deploy without it
 * fails naming it (its pages would link to localhost); the local stack's build (`local`) defaults
 * to the address `npm start` serves at, PORT as the local stack reads it.
 */
export function buildSiteUrl(env: Record<string, string | undefined>, local: boolean): string {
  const value = env[ENV_NAMES.siteUrl] || undefined;
  if (value === undefined) {
    if (local) return `http://localhost:${env.PORT || String(LOCAL_STACK.port)}`;
    throw new Error(
      `${ENV_NAMES.siteUrl} is not set: a build to deploy needs the site's public address (SITE_URL=https://…), which canonical links, the sitemap and robots.txt are built with. For the local stack, run \`npm run build:local\` (npm start does).`,
    );
  }
  if (!URL.canParse(value) || !/^https?:\/\/[^/]+/.test(value))
    throw new Error(`${ENV_NAMES.siteUrl} must be an http(s) address, not "${value}"`);
  return value.replace(/\/+$/, '');
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const webDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');
  let siteUrl: string;
  try {
    siteUrl = buildSiteUrl(process.env, process.argv.includes('--local'));
  } catch (err) {
    console.error(`prerender: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  }
  prerender(webDir, siteUrl)
    .then((files) => console.log(`prerender: wrote ${files.length} files for ${siteUrl}`))
    .catch((err: unknown) => {
      console.error(err);
      process.exit(1);
    });
}
