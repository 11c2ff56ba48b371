import { readFile } from 'node:fs/promises';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import type { PageContent, SiteSettings, TitleCard } from '@agency/shared';
import { NOT_FOUND_PATH, pageForPath, pages, type PageEntry } from './config/pages';
import { App } from './app/app';
import { loadServerPage, loadServerPages, serverPages } from './app/page-modules.server';
import { AppProviders } from './app/providers';
import { notFoundMeta } from './content/misc-pages';
import { SEED_SITE_SETTINGS } from './content/site-settings';
import { titleCardOf } from './lib/head';
import type { PageMeta } from './lib/page-meta';
import type { MetaCollector } from './lib/use-page-meta';
import { preloadDeferred } from './lib/deferred';
import { IslandCollectorContext } from './islands/island-root';
import { renderWithIslands } from './islands/render-islands';
import {
  givenPages,
  pageDataScript,
  pagePathOf,
  type BlockPageSource,
} from './features/pages/page-data';
import { webDistFiles } from './server/config';
import {
  addAppModules,
  fillShell,
  headFor,
  pageChunks,
  readManifest,
  type BuildManifest,
} from './server/page-html';
import { pageSources } from './server/site-files';

export { renderHead, organizationJsonLd, swrFallbackScript, SWR_FALLBACK_ID } from './lib/head';
export type { PageMeta } from './lib/page-meta';
export {
  pageSources,
  prerenderedPaths,
  robotsTxt,
  sitemapPaths,
  sitePages,
  fixedPrerenderedPaths,
} from './server/site-files';
export { SEED_PAGES } from './content/pages';
export { SEED_SITE_SETTINGS } from './content/site-settings';

/**
 * Load what rendering a URL needs: its page's module (the not-found page's for unknown paths) and
 * the code-split parts the page declares (a page's module declares its deferred parts when it loads,
 * so pages first). Afterwards render() of that URL is synchronous and complete. The render function
 * thus loads only the pages it serves.
 */
export async function preparePage(url: string): Promise<void> {
  const pathname = new URL(url, 'http://localhost').pathname;
  const page = pageForPath(pathname) ?? pageForPath(NOT_FOUND_PATH);
  if (page) await loadServerPage(page, pathname);
  await preloadDeferred();
}

/** Load every server-rendered page and its parts (prerender and publishing render many). */
export async function prepareAllPages(): Promise<void> {
  await loadServerPages();
  await preloadDeferred();
}

export interface RenderOptions {
  /** The public address the page is rendered for (canonical and share links). */
  siteUrl: string;
  /** SWR cache entries (keyed by `apiKey(...)`, i.e. the API path) the page renders with and hydrates from. */
  swrFallback?: Record<string, unknown>;
  /** The site settings the page renders with (the seed when absent). */
  settings?: SiteSettings;
  /** The block pages a path may show (none: every block path is not found). */
  blockPages?: BlockPageSource;
}

export interface RenderResult {
  /** Markup for inside <div id="root">. */
  html: string;
  meta: PageMeta;
  status: number;
}

/**
 * Metadata of a path whose page declared none (a post page while the API is down, an admin
 * placeholder): a generic blog or admin entry by the page's kind, the not-found entry for unknown paths.
 */
function fallbackMeta(pathname: string, site: SiteSettings): PageMeta {
  const page = pageForPath(pathname);
  if (!page || pathname === NOT_FOUND_PATH || page === 'blockPage') return notFoundMeta(site);
  const entry: PageEntry = pages[page];
  const blog = entry.kind === 'rendered';
  return {
    title: blog ? `Blog | ${site.name}` : `Admin | ${site.name}`,
    description: blog
      ? `Articles on web development, SEO and digital marketing from the ${site.name} team.`
      : site.description,
    path: pagePathOf(pathname),
  };
}

/**
 * Server-render one URL of the site (prerender, publishing and the blog render handler), once
 * `preparePage` (or `prepareAllPages`) has loaded what it needs. Metadata comes from the page
 * (usePageMeta; a block page's FAQ questions with it); unknown paths render the not-found page
 * with status 404.
 */
export function render(url: string, opts: RenderOptions): RenderResult {
  const collector: MetaCollector = {};
  const html = renderWithIslands(
    (islands) =>
      renderToString(
        <IslandCollectorContext.Provider value={islands}>
          <AppProviders
            pages={serverPages}
            swrFallback={opts.swrFallback}
            metaCollector={collector}
            siteUrl={opts.siteUrl}
            settings={opts.settings}
            blockPages={opts.blockPages}
          >
            <StaticRouter location={url}>
              <App />
            </StaticRouter>
          </AppProviders>
        </IslandCollectorContext.Provider>,
      ),
    url,
  );
  const meta =
    collector.meta ??
    fallbackMeta(new URL(url, 'http://localhost').pathname, opts.settings ?? SEED_SITE_SETTINGS);
  return { html, meta, status: meta.status ?? 200 };
}

/** The built files a page document is made from: the HTML shell and Vite's manifest. */
export interface BuiltShell {
  shell: string;
  manifest: BuildManifest;
}

/**
 * One complete HTML document: the rendered page in the shell, its head, its chunks in the boot
 * list, and after #root the data it hydrates from (its block page record and the settings).
 * `beforeData` goes first (a blog page's SWR data).
 */
export function pageDocument(
  built: BuiltShell,
  path: string,
  rendered: RenderResult,
  data: {
    page: PageContent | null;
    settings: SiteSettings;
    siteUrl: string;
    head?: string;
    /** Name the card drawn from the page's title when it has no share image (`renderHead`). */
    withTitleCard?: boolean;
  },
  beforeData = '',
): string {
  return addAppModules(
    fillShell(built.shell, {
      head: data.head ?? headFor(rendered.meta, data.siteUrl, data.settings, data.withTitleCard),
      html: rendered.html,
      path,
      afterRoot: `${beforeData}${pageDataScript({ path, page: data.page, settings: data.settings })}`,
    }),
    pageChunks(built.manifest, pageSources(path)),
  );
}

export interface SitePagesInput {
  /** Block pages to render: each its path and content (a seed page, a page's published copy). */
  pages: readonly ({ path: string } & PageContent)[];
  settings: SiteSettings;
  siteUrl: string;
  /**
   * Fixed prerendered pages to render again with these settings (`fixedPrerenderedPaths`: the
   * thank-you and not-found pages), as publishing the settings does.
   */
  fixedPaths?: readonly string[];
  /** The shell and manifest (default: the built files, WEB_DIST's or beside the bundle). */
  built?: BuiltShell;
}

let builtFiles: Promise<BuiltShell> | null = null;
const readBuilt = (): Promise<BuiltShell> => {
  builtFiles ??= (async () => {
    const files = webDistFiles();
    return {
      shell: await readFile(files.shellFile, 'utf8'),
      manifest: await readManifest(files.manifestFile),
    };
  })().catch((err: unknown) => {
    builtFiles = null;
    throw err;
  });
  return builtFiles;
};

/**
 * Complete HTML documents of block pages (and of fixed pages asked for), exactly as the site serves
 * them: prerender writes the seed's with it, the render function answers the API's publish calls
 * with it. A path the given pages lack renders the not-found page. A page without a share image of
 * its own names the card drawn from its title, which each document says (`card`): the publisher
 * has it drawn before it puts the HTML.
 */
export async function renderSitePages(
  input: SitePagesInput,
): Promise<{ path: string; html: string; status: number; card?: TitleCard }[]> {
  await prepareAllPages();
  const built = input.built ?? (await readBuilt());
  const blockPages = givenPages(input.pages);
  const paths = [...input.pages.map((p) => pagePathOf(p.path)), ...(input.fixedPaths ?? [])];
  return paths.map((path) => {
    const rendered = render(path, {
      siteUrl: input.siteUrl,
      settings: input.settings,
      blockPages,
    });
    const found = blockPages.read(path);
    const page = found instanceof Promise ? null : found;
    const html = pageDocument(built, path, rendered, {
      page,
      settings: input.settings,
      siteUrl: input.siteUrl,
      withTitleCard: true,
    });
    const card = titleCardOf(rendered.meta, input.settings);
    return { path, html, status: rendered.status, ...(card ? { card } : {}) };
  });
}
