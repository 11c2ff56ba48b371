import { createContext, Suspense, useEffect, type ComponentType, type ReactNode } from 'react';
import type { SiteSettings } from '@agency/shared';
import { ApiFallbackContext } from '../lib/api-fallback';
import { PagePreloadContext, prefetchDocument } from '../lib/page-preload';
import { SiteSettingsProvider } from '../lib/site-settings';
import { SiteUrlContext } from '../lib/site-url';

/** What every island renders with: the data its page was rendered with (embedded in the page). */
export interface IslandContext {
  swrFallback: Record<string, unknown>;
  /** The site's origin (canonical and share links). */
  siteUrl: string;
  settings: SiteSettings | undefined;
}

/**
 * Islands the server found while rendering a page (`island()` parts): each is rendered again as its
 * own root (islands/render-islands.tsx), so its HTML is exactly what its hydration renders.
 */
export interface IslandCollector {
  add(island: { name: string; props: unknown; context: IslandContext }): number;
}
export const IslandCollectorContext = createContext<IslandCollector | null>(null);

/** Where an island's own HTML goes in the page's HTML until it is rendered (a comment). */
export const islandMark = (index: number): string => `<!--island:${index}-->`;

/** The `identifierPrefix` of an island's root on the server and in the browser: `useId` agrees. */
export const islandIdPrefix = (index: number): string => `i${index}-`;

/** Runs once the island has committed (hydrated). */
function OnCommit({ run }: { run: () => void }) {
  useEffect(run, [run]);
  return null;
}

const nothing = (): void => {};

/**
 * One island's whole tree, the same on the server and in the browser: the page's data, a router
 * when the island needs one, and the section itself.
 */
export function IslandRoot({
  context,
  Component,
  props,
  Router,
  routerAt,
  onLive = nothing,
}: {
  context: IslandContext;
  Component: ComponentType<Record<string, unknown>>;
  props: Record<string, unknown>;
  Router?: ComponentType<{ at?: string; children: ReactNode }> | null;
  /** The page's address (on the server; the browser reads its own). */
  routerAt?: string;
  onLive?: () => void;
}) {
  const part = (
    <Suspense fallback={null}>
      <Component {...props} />
      <OnCommit run={onLive} />
    </Suspense>
  );
  return (
    <ApiFallbackContext.Provider value={context.swrFallback}>
      <SiteUrlContext.Provider value={context.siteUrl}>
        <SiteSettingsProvider settings={context.settings}>
          {/* Going to a page is loading its document: an island warms it with a prefetch. */}
          <PagePreloadContext.Provider value={prefetchDocument}>
            {Router ? <Router at={routerAt}>{part}</Router> : part}
          </PagePreloadContext.Provider>
        </SiteSettingsProvider>
      </SiteUrlContext.Provider>
    </ApiFallbackContext.Provider>
  );
}

/** Props as the browser reads them back from the page (JSON): the server renders with these too. */
export function propsFromJson(json: string | undefined): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(json ?? '{}');
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}
