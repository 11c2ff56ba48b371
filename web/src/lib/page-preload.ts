import { createContext, useContext } from 'react';

/** Fetches what the page at a path needs (its code-split chunk) ahead of going there. */
export type PreloadPage = (path: string) => Promise<unknown>;

/** Where pages are not code-split: nothing to fetch. */
export const preloadNothing: PreloadPage = () => Promise.resolve();

/**
 * The running entry's page preloader, so a feature can warm the page it leads to without knowing
 * the route table. The browser entry fetches the page's chunk; elsewhere (the server, tests) every
 * page is already loaded and it does nothing.
 */
export const PagePreloadContext = createContext<PreloadPage>(preloadNothing);

export const usePreloadPage = (): PreloadPage => useContext(PagePreloadContext);

/**
 * On a public page (islands), where going to a page is loading its document: ask the browser to
 * fetch that document ahead (`<link rel="prefetch">`, once per path), so it shows at once.
 */
export const prefetchDocument: PreloadPage = (path) => {
  if (typeof document === 'undefined') return Promise.resolve();
  const href = new URL(path, document.baseURI).href;
  const links = document.head.querySelectorAll<HTMLLinkElement>('link[rel="prefetch"]');
  if (![...links].some((l) => l.href === href)) {
    const link = document.createElement('link');
    link.rel = 'prefetch';
    link.href = href;
    document.head.append(link);
  }
  return Promise.resolve();
};
