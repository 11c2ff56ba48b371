import type { ReactNode } from 'react';
import { ApiFallbackContext } from '../lib/api-fallback';
import { PageMetaContext, type MetaCollector } from '../lib/use-page-meta';
import { PageModulesContext } from './page-context';
import type { PageModules } from './page-modules';

export interface AppProvidersProps {
  pages: PageModules;
  /** SWR data the server rendered with, keyed by API path (see `apiKey`). */
  swrFallback?: Record<string, unknown>;
  metaCollector?: MetaCollector;
  children: ReactNode;
}

/** Context shared by the browser and server entries. */
export function AppProviders({
  pages,
  swrFallback = {},
  metaCollector,
  children,
}: AppProvidersProps) {
  return (
    <ApiFallbackContext.Provider value={swrFallback}>
      <PageModulesContext.Provider value={pages}>
        <PageMetaContext.Provider value={metaCollector ?? null}>
          {children}
        </PageMetaContext.Provider>
      </PageModulesContext.Provider>
    </ApiFallbackContext.Provider>
  );
}
