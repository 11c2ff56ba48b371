import { pageForPath } from '../config/pages';
import { lazyPage } from './lazy-page';
import { mapPages } from './page-modules';

/** Browser pages: one chunk each, preloaded for the first route before hydration. */
export const browserPageModules = mapPages((module) => lazyPage(module.load, module.loadData));

/** Fetch the chunk (and content) of the page a path shows; nothing for a path no page matches. */
export function preloadPagePath(path: string): Promise<unknown> {
  const page = pageForPath(path);
  return page ? browserPageModules[page].preload(path) : Promise.resolve();
}
