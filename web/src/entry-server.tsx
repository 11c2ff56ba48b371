import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { App } from './app/app';
import { serverPages } from './app/page-modules.server';
import { AppProviders } from './app/providers';
import { metaForPath, resolveMeta } from './app/route-meta';
import type { PageMeta } from './lib/page-meta';
import type { MetaCollector } from './lib/use-page-meta';
import { loadAllServiceLandings } from './content/services/load';
import { preloadDeferred } from './lib/deferred';

export { publicRoutes } from './app/route-meta';
export { renderHead, organizationJsonLd, swrFallbackScript, SWR_FALLBACK_ID } from './lib/head';
export type { PageMeta } from './lib/page-meta';

// Every code-split part of a page is loaded before the first render, so render() is synchronous and
// the HTML is complete (deferred parts included).
await Promise.all([preloadDeferred(), loadAllServiceLandings()]);

export interface RenderOptions {
  /** SWR cache entries (keyed by `apiKey(...)`, i.e. the API path) the page renders with and hydrates from. */
  swrFallback?: Record<string, unknown>;
}

export interface RenderResult {
  /** Markup for inside <div id="root">. */
  html: string;
  meta: PageMeta;
  status: number;
}

/**
 * Server-render one URL of the site (prerender and the blog render handler).
 * Metadata comes from the page when it declares its own (usePageMeta), else from the route table;
 * unknown paths render the not-found page with status 404.
 */
export function render(url: string, opts: RenderOptions = {}): RenderResult {
  const collector: MetaCollector = {};
  const html = renderToString(
    <AppProviders pages={serverPages} swrFallback={opts.swrFallback} metaCollector={collector}>
      <StaticRouter location={url}>
        <App />
      </StaticRouter>
    </AppProviders>,
  );
  const pathname = new URL(url, 'http://localhost').pathname;
  // The page's own metadata wins; the route table's fills in what the browser never needs (the home
  // page's FAQ JSON-LD lives only there, keeping the questions out of its first-load chunk).
  const meta = collector.meta
    ? { ...metaForPath(pathname), ...collector.meta }
    : resolveMeta(pathname);
  return { html, meta, status: meta.status ?? 200 };
}
