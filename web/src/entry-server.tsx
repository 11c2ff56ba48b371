import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { site } from './config/site';
import { NOT_FOUND_PATH, pageForPath, pages, type PageEntry } from './config/pages';
import { App } from './app/app';
import { loadServerPage, loadServerPages, serverPages } from './app/page-modules.server';
import { AppProviders } from './app/providers';
import { notFoundMeta } from './content/misc-pages';
import type { PageMeta } from './lib/page-meta';
import type { MetaCollector } from './lib/use-page-meta';
import { loadAllServiceLandings } from './content/services/load';
import { preloadDeferred } from './lib/deferred';

export { renderHead, organizationJsonLd, swrFallbackScript, SWR_FALLBACK_ID } from './lib/head';
export type { PageMeta } from './lib/page-meta';
export {
  pageSources,
  prerenderedPaths,
  robotsTxt,
  sitemapPaths,
  sitePages,
} from './server/site-files';

/**
 * Load what rendering a URL needs: its page's module (the not-found page's for unknown paths), the
 * page's content, and the code-split parts the page declares (a page's module declares its deferred
 * parts when it loads, so pages first). Afterwards render() of that URL is synchronous and complete.
 * The render function thus loads only the blog pages it serves, never the marketing pages.
 */
export async function preparePage(url: string): Promise<void> {
  const pathname = new URL(url, 'http://localhost').pathname;
  const page = pageForPath(pathname) ?? pageForPath(NOT_FOUND_PATH);
  if (page) await loadServerPage(page, pathname);
  await preloadDeferred();
}

/** Load every server-rendered page, its parts and every landing page's content (prerender renders them all). */
export async function prepareAllPages(): Promise<void> {
  await loadServerPages();
  await Promise.all([preloadDeferred(), loadAllServiceLandings()]);
}

export interface RenderOptions {
  /** The public address the page is rendered for (canonical and share links). */
  siteUrl: string;
  /** SWR cache entries (keyed by `apiKey(...)`, i.e. the API path) the page renders with and hydrates from. */
  swrFallback?: Record<string, unknown>;
}

export interface RenderResult {
  /** Markup for inside <div id="root">. */
  html: string;
  meta: PageMeta;
  status: number;
}

const normalise = (pathname: string): string =>
  pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;

/**
 * Metadata of a path whose page declared none (a post page while the API is down, an admin
 * placeholder): a generic blog or admin entry by the page's kind, the not-found entry for unknown paths.
 */
function fallbackMeta(pathname: string): PageMeta {
  const page = pageForPath(pathname);
  if (!page || pathname === NOT_FOUND_PATH) return notFoundMeta;
  const entry: PageEntry = pages[page];
  const blog = entry.kind === 'rendered';
  return {
    title: blog ? `Blog | ${site.name}` : `Admin | ${site.name}`,
    description: blog
      ? `Articles on web development, SEO and digital marketing from the ${site.name} team.`
      : site.description,
    path: normalise(pathname),
  };
}

/**
 * Server-render one URL of the site (prerender and the blog render handler), once `preparePage` (or
 * `prepareAllPages`) has loaded what it needs. Metadata comes from
 * the page (usePageMeta), with the questions its sections show (usePageFaq); unknown paths render
 * the not-found page with status 404.
 */
export function render(url: string, opts: RenderOptions): RenderResult {
  const collector: MetaCollector = {};
  const html = renderToString(
    <AppProviders
      pages={serverPages}
      swrFallback={opts.swrFallback}
      metaCollector={collector}
      siteUrl={opts.siteUrl}
    >
      <StaticRouter location={url}>
        <App />
      </StaticRouter>
    </AppProviders>,
  );
  const declared = collector.meta ?? fallbackMeta(new URL(url, 'http://localhost').pathname);
  const meta = collector.faq ? { ...declared, faq: collector.faq } : declared;
  return { html, meta, status: meta.status ?? 200 };
}
