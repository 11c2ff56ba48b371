/**
 * Hydrates one island (loaded with the first island a page wakes; React comes with it). The island's
 * root is the wrapper `island()` rendered; the server rendered its content as a root of its own
 * (islands/render-islands.tsx) with the same tree and id prefix, so hydration matches exactly.
 */
import '../lib/zod-config';
import { startTransition, type ComponentType, type ReactNode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { markLive } from '../lib/early-input';
import { readApiFallback } from '../lib/api-fallback';
import { readEmbeddedPageData } from '../lib/embedded-page-data';
import { servedSiteUrl } from '../lib/site-url';
import { IslandRoot, islandIdPrefix, propsFromJson, type IslandContext } from './island-root';
import { ISLANDS, isIsland } from './registry';

let context: IslandContext | undefined;
/** The page's data, read once for every island. */
const pageContext = (): IslandContext =>
  (context ??= {
    swrFallback: readApiFallback(document),
    siteUrl: servedSiteUrl(document),
    settings: readEmbeddedPageData(document)?.settings,
  });

const withRouter = (): Promise<ComponentType<{ at?: string; children: ReactNode }>> =>
  import('./island-router').then((m) => m.IslandRouter);

/** Wake one island: load its code (and the router when it needs one) and hydrate its root. */
export async function hydrateIsland(
  root: HTMLElement,
  options: { onRecoverableError?: (error: unknown) => void } = {},
): Promise<void> {
  const name = root.dataset.deferred ?? '';
  if (!isIsland(name)) return;
  const spec = ISLANDS[name];
  const [{ default: Component }, Router] = await Promise.all([
    spec.load(),
    'router' in spec ? withRouter() : null,
  ]);
  // As a transition, hydration is done in slices of a few milliseconds that yield to the browser
  // (to paint, to scroll, to take the visitor's input) instead of one task as long as the island's
  // whole tree; input on a part not yet hydrated hydrates that part first. Next.js hydrates its
  // pages the same way.
  startTransition(() => {
    hydrateRoot(
      root,
      <IslandRoot
        context={pageContext()}
        Component={Component as ComponentType<Record<string, unknown>>}
        props={propsFromJson(root.dataset.props)}
        Router={Router}
        onLive={() => markLive(root)}
      />,
      {
        identifierPrefix: islandIdPrefix(Number(root.dataset.islandId)),
        // A mismatch is recovered by rendering the island again in the browser; say which one.
        onRecoverableError: (error, info) =>
          console.error(`Island ${name} hydrated with an error`, error, info.componentStack),
        ...options,
      },
    );
  });
}
