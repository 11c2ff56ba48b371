import {
  lazy,
  memo,
  Suspense,
  useCallback,
  useContext,
  useEffect,
  useRef,
  type ComponentType,
  type FunctionComponent,
} from 'react';
import { HYDRATED_ATTR, markLive } from './early-input';
import { ISLANDS, type IslandName, type IslandWhen } from '../islands/registry';
import { IslandCollectorContext, islandMark } from '../islands/island-root';
import { ApiFallbackContext } from './api-fallback';
import { SiteUrlContext } from './site-url';
import { useSiteSettings } from './site-settings';

/**
 * Parts of a page whose code loads apart from the page's: each renders in full on the server (the
 * HTML, crawlers and readers without JavaScript see everything). On a public page the browser
 * never hydrates the page, only its islands (`island()`, islands/registry.ts), each when it is
 * needed; in the app (the admin's previews, pages rendered in the browser) a part's code is
 * fetched when the part first renders.
 */

type Module<P> = { default: ComponentType<P> };

/** The islands' components once loaded (the server renders each island as a root of its own). */
const loadedIslands = new Map<string, ComponentType<never>>();
export const loadedIsland = (name: string): ComponentType<never> | undefined =>
  loadedIslands.get(name);

/** Every deferred part's loader, for the server entry to load them all before it renders. */
const loaders: (() => Promise<unknown>)[] = [];

export { HYDRATED_ATTR };

/** Runs once its Suspense boundary has committed: the part's content is hydrated. */
function OnCommit({ run }: { run: () => void }) {
  useEffect(run, [run]);
  return null;
}

/**
 * A page part whose code is its own chunk (see above). `name` marks its wrapper element (a
 * `display: contents` div, so layout is unchanged); with `island`, the server renders it as an
 * island the browser hydrates alone (islands/registry.ts says when).
 */
export function deferred<P extends object>(
  name: string,
  load: () => Promise<Module<P>>,
  { island }: { island?: IslandWhen } = {},
): FunctionComponent<P> & { preload: () => Promise<unknown> } {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<Module<P>> | undefined;
  const preload = () => {
    loading ??= load().then((mod) => {
      loaded = mod.default;
      if (island !== undefined) loadedIslands.set(name, mod.default as ComponentType<never>);
      return mod;
    });
    return loading;
  };
  loaders.push(preload);
  const Lazy = lazy(preload) as ComponentType<P>;
  const Part = memo(function DeferredPart(props: P) {
    const Component = loaded ?? Lazy;
    const wrapper = useRef<HTMLDivElement>(null);
    const markHydrated = useCallback(() => markLive(wrapper.current), []);
    const collector = useContext(IslandCollectorContext);
    const swrFallback = useContext(ApiFallbackContext);
    const siteUrl = useContext(SiteUrlContext);
    const settings = useSiteSettings();
    if (island !== undefined && collector) {
      // The server rendering a public page: the island's content is rendered as a root of its own
      // (islands/render-islands.tsx) and put in place of the mark; the browser hydrates that root.
      const json = JSON.stringify(props);
      const index = collector.add({
        name,
        props: JSON.parse(json) as unknown,
        context: { swrFallback, siteUrl: siteUrl ?? '', settings },
      });
      return (
        <div
          className="deferred"
          data-deferred={name}
          data-island={island}
          data-island-id={index}
          data-props={json}
          dangerouslySetInnerHTML={{ __html: islandMark(index) }}
        />
      );
    }
    return (
      <div className="deferred" data-deferred={name} ref={wrapper}>
        <Suspense fallback={null}>
          <Component {...props} />
          <OnCommit run={markHydrated} />
        </Suspense>
      </div>
    );
  });
  return Object.assign(Part as unknown as FunctionComponent<P>, { preload });
}

/** Load the code of every deferred part declared so far (the server entry renders them synchronously). */
export async function preloadDeferred(): Promise<void> {
  await Promise.all(loaders.map((load) => load()));
}

/**
 * A section rendered as an island (islands/registry.ts): on a public page it hydrates alone, from
 * the props its wrapper carries as JSON, when the registry says it is needed. Its props must be
 * data (JSON): functions and elements are dropped on the way.
 */
export function island<P extends object>(
  name: IslandName,
): FunctionComponent<P> & { preload: () => Promise<unknown> } {
  const { load, when } = ISLANDS[name];
  return deferred<P>(name, load as () => Promise<Module<P>>, { island: when });
}
