import type { ComponentType } from 'react';
import { mapPages, pageForPath, type PageKey } from '../config/pages';
import { lazyPage } from './lazy-page';

/** The component of every page of the registry, by key (lazy in the browser, eager on the server). */
export type PageModules = Record<PageKey, ComponentType>;

/** Browser pages: one chunk each, preloaded for the first route before hydration. */
export const browserPages = mapPages((entry) => lazyPage(entry.load, entry.loadData));

/** Fetch the chunk (and content) of the page a path shows; nothing for a path no page matches. */
export function preloadPagePath(path: string): Promise<unknown> {
  const page = pageForPath(path);
  return page ? browserPages[page].preload(path) : Promise.resolve();
}
