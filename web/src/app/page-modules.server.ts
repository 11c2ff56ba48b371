import { createElement } from 'react';
import type { PageKey } from '../config/pages';
import { lazyPage } from './lazy-page';
import { mapPages, type PageModules } from './page-modules';

/** Admin pages are never server-rendered (the SPA shell); the server build leaves their code out. */
function AdminPlaceholder() {
  return createElement('p', { className: 'page-loading' }, 'Loading the admin area…');
}

const pagesOnServer = mapPages((module, entry) =>
  entry.kind === 'app' ? null : lazyPage(module.load, module.loadData),
);

/** Server pages: every server-rendered page loaded up front, so renderToString renders it synchronously. */
export const serverPages: PageModules = mapPages(
  (_, __, page) => pagesOnServer[page] ?? AdminPlaceholder,
);

/** Load every server-rendered page's module (prerender renders them all). */
export async function loadServerPages(): Promise<void> {
  await Promise.all(Object.values(pagesOnServer).map((page) => page?.preload()));
}

/** Load one page's module and what it needs for this path (a landing page's content); admin pages have nothing to load. */
export async function loadServerPage(page: PageKey, path: string): Promise<void> {
  await pagesOnServer[page]?.preload(path);
}
