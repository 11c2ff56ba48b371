import { createElement, lazy, type ComponentType } from 'react';

/** A code-split page whose chunk can be fetched ahead of rendering. */
export type LazyPage = (() => ReturnType<typeof createElement>) & {
  /** Fetch the page's chunk, and what the page needs for this path (a landing page's content). */
  preload: (path?: string) => Promise<unknown>;
};

/**
 * Like React.lazy, but once `preload()` has resolved the page renders synchronously. The browser
 * entry preloads the current route's page before hydrating, so prerendered HTML hydrates with no
 * Suspense fallback and no flash, while each page still ships in its own chunk.
 */
export function lazyPage(
  load: () => Promise<{ default: ComponentType }>,
  loadData?: (path: string) => Promise<unknown>,
): LazyPage {
  let loaded: ComponentType | undefined;
  let pending: Promise<{ default: ComponentType }> | undefined;
  const loadPage = (): Promise<{ default: ComponentType }> => {
    pending ??= load().then((mod) => {
      loaded = mod.default;
      return mod;
    });
    return pending;
  };
  const preload = (path?: string): Promise<unknown> =>
    Promise.all([loadPage(), path !== undefined && loadData ? loadData(path) : undefined]);
  const Lazy = lazy(loadPage);
  const Page = (): ReturnType<typeof createElement> => createElement(loaded ?? Lazy);
  return Object.assign(Page, { preload });
}
