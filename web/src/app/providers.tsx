import type { ReactNode } from 'react';
import type { SiteSettings } from '@agency/shared';
import { BlockPagesContext, type BlockPageSource } from '../features/pages/page-data';
import { SiteSettingsProvider } from '../lib/site-settings';
import { ApiFallbackContext } from '../lib/api-fallback';
import { PagePreloadContext, preloadNothing, type PreloadPage } from '../lib/page-preload';
import { SiteUrlContext } from '../lib/site-url';
import { PageMetaContext, type MetaCollector } from '../lib/use-page-meta';
import { PageModulesContext } from './page-context';
import type { PageModules } from './page-modules';

export interface AppProvidersProps {
  pages: PageModules;
  /** SWR data the server rendered with, keyed by API path (see `apiKey`). */
  swrFallback?: Record<string, unknown>;
  metaCollector?: MetaCollector;
  /**
   * The public address the page is rendered for (canonical and share links): the server always
   * passes it; the browser passes the served page's.
   */
  siteUrl?: string;
  /** Fetches a path's page chunk ahead of navigation (browser only; pages are eager elsewhere). */
  preloadPage?: PreloadPage;
  /** The site settings the page renders with (the seed when absent). */
  settings?: SiteSettings;
  /** Where block pages come from (the pages handed to the server; embedded and fetched in the browser). */
  blockPages?: BlockPageSource;
  children: ReactNode;
}

/** Context shared by the browser and server entries. */
export function AppProviders({
  pages,
  swrFallback = {},
  metaCollector,
  preloadPage = preloadNothing,
  siteUrl,
  settings,
  blockPages,
  children,
}: AppProvidersProps) {
  return (
    <ApiFallbackContext.Provider value={swrFallback}>
      <PageModulesContext.Provider value={pages}>
        <PagePreloadContext.Provider value={preloadPage}>
          <PageMetaContext.Provider value={metaCollector ?? null}>
            <SiteUrlContext.Provider value={siteUrl ?? null}>
              <SiteSettingsProvider settings={settings}>
                {blockPages ? (
                  <BlockPagesContext.Provider value={blockPages}>
                    {children}
                  </BlockPagesContext.Provider>
                ) : (
                  children
                )}
              </SiteSettingsProvider>
            </SiteUrlContext.Provider>
          </PageMetaContext.Provider>
        </PagePreloadContext.Provider>
      </PageModulesContext.Provider>
    </ApiFallbackContext.Provider>
  );
}
