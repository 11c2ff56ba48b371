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
import { HYDRATED_ATTR, hasHeldInput, markLive } from './early-input';
import { ISLANDS, type IslandName, type IslandWhen } from '../islands/registry';
import { IslandCollectorContext, islandMark } from '../islands/island-root';
import { ApiFallbackContext } from './api-fallback';
import { SiteUrlContext } from './site-url';
import { useSiteSettings } from './site-settings';

/**
 * Deferred hydration of the parts of a prerendered page below the fold.
 *
 * The server renders a deferred part in full (the HTML, crawlers and readers without JavaScript see
 * everything). In the browser, the first page hydrates without the part's code: React keeps the server
 * HTML of a suspended boundary as it is, and the part's chunk is fetched only when the part is needed
 * (see `NeededWhen`: by default when it comes near the viewport) or the visitor first interacts with
 * the page; React then hydrates it in place. Later client-side navigations load deferred parts at
 * once. First-load JavaScript is the shell and what the visitor sees first; the rest costs nothing
 * until it is needed.
 */

/**
 * When a part is needed on the first page: `'seen'` (the default) when its content comes near the
 * viewport; `{ seen: selector }` when the elements inside it that the selector names do (a load-more
 * sentinel, a loading placeholder), so content that only shows server HTML can stay as it is while
 * in view; `'used'` only at the visitor's first input. A part with nothing of its own on screen (no
 * server HTML to keep) is needed at once, whichever it is.
 */
export type NeededWhen = 'seen' | 'used' | { seen: string };

type Module<P> = { default: ComponentType<P> };

/** The islands' components once loaded (the server renders each island as a root of its own). */
const loadedIslands = new Map<string, ComponentType<never>>();
export const loadedIsland = (name: string): ComponentType<never> | undefined =>
  loadedIslands.get(name);

/** Whether deferred parts wait until they are needed (only while the first, prerendered page hydrates). */
let waitUntilNeeded = false;
const pending = new Set<() => void>();
const loaders: (() => Promise<unknown>)[] = [];

/** Load every deferred part now (the first interaction, a navigation). */
export function releaseDeferred(): void {
  waitUntilNeeded = false;
  for (const release of [...pending]) release();
}

const INTERACTIONS = ['pointerdown', 'keydown', 'touchstart'] as const;

/**
 * Called by the browser entry before it hydrates a prerendered page: deferred parts then wait until
 * they are needed, or until the visitor's first pointer or key input anywhere (an in-page link or a
 * route change must never meet a part whose code is still missing).
 */
export function deferUntilNeeded(): void {
  // Input is already waiting for a part: the visitor is busy with the page, load it all.
  if (hasHeldInput()) return;
  waitUntilNeeded = true;
  const onInput = () => {
    for (const type of INTERACTIONS) window.removeEventListener(type, onInput, true);
    releaseDeferred();
  };
  for (const type of INTERACTIONS)
    window.addEventListener(type, onInput, { capture: true, passive: true });
}

/** Resolves when the part named `name` is needed (see `NeededWhen`). */
function whenNeeded(name: string, when: NeededWhen): Promise<void> {
  const part = `[data-deferred="${name}"]`;
  if (!waitUntilNeeded || document.querySelector(`${part} > *`) === null) return Promise.resolve();
  const seen =
    when === 'used'
      ? null
      : document.querySelectorAll(when === 'seen' ? `${part} > *` : `${part} :is(${when.seen})`);
  // Without IntersectionObserver nothing can be seen: load what waits to be seen at once.
  if (seen && typeof IntersectionObserver !== 'function') return Promise.resolve();
  return new Promise((resolve) => {
    // Within half a screen below the viewport counts as seen.
    const observer =
      seen &&
      new IntersectionObserver(
        (entries) => {
          if (entries.some((entry) => entry.isIntersecting)) release();
        },
        { rootMargin: '0px 0px 50% 0px' },
      );
    function release() {
      observer?.disconnect();
      pending.delete(release);
      resolve();
    }
    pending.add(release);
    for (const target of seen ?? []) observer?.observe(target);
  });
}

export { HYDRATED_ATTR };

/** Runs once its Suspense boundary has committed: the part's content is hydrated. */
function OnCommit({ run }: { run: () => void }) {
  useEffect(run, [run]);
  return null;
}

/**
 * A page part whose code is fetched when it is needed (see above). `name` marks its wrapper element
 * (a `display: contents` div, so layout is unchanged); props must be stable values (module data, or
 * the data the page was rendered with), since a deferred part re-rendered with new props before its
 * code arrives would lose its HTML.
 */
export function deferred<P extends object>(
  name: string,
  load: () => Promise<Module<P>>,
  { when = 'seen', island }: { when?: NeededWhen; island?: IslandWhen } = {},
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
  const Lazy = lazy(() => whenNeeded(name, when).then(preload)) as ComponentType<P>;
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

/** How the app (the admin's previews, client renders) waits for an island's code: as a deferred part. */
const neededWhen = (when: IslandWhen): NeededWhen =>
  when === 'used' ? 'used' : when.startsWith('seen:') ? { seen: when.slice(5) } : 'seen';

/**
 * A section rendered as an island (islands/registry.ts): on a public page it hydrates alone, from
 * the props its wrapper carries as JSON, when the registry says it is needed. Its props must be
 * data (JSON): functions and elements are dropped on the way.
 */
export function island<P extends object>(
  name: IslandName,
): FunctionComponent<P> & { preload: () => Promise<unknown> } {
  const { load, when } = ISLANDS[name];
  return deferred<P>(name, load as () => Promise<Module<P>>, {
    when: neededWhen(when),
    island: when,
  });
}
