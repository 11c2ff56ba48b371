import type { ComponentType } from 'react';
import { pageEntries, type PageEntry, type PageKey } from '../config/pages';
import { loadBlockPage } from '../features/pages/page-data';

/** Where a page's code comes from: the module, its name in Vite's manifest, and the data it loads. */
export interface PageModule {
  /** The page module as Vite's build manifest names it, so server HTML preloads the page's chunk. */
  readonly source: string;
  /** The page module, in its own chunk in the browser. */
  readonly load: () => Promise<{ default: ComponentType }>;
  /** What the page needs for a path besides its code (a block page's record, read from its HTML), fetched with it. */
  readonly loadData?: (path: string) => Promise<unknown>;
}

/** The component of every page of the registry, by key (lazy in the browser, eager on the server). */
export type PageModules = Record<PageKey, ComponentType>;

/**
 * Client-only pages in the server build: Vite replaces `import.meta.env.SSR` at build time, so the
 * server bundle drops their code (the editor and its dependencies); the server never renders them.
 */
const notOnServer = (): Promise<never> =>
  Promise.reject(new Error('Client-only pages are not part of the server build'));

/**
 * The map of page modules: each page of the registry (src/config/pages.ts, same ids) with its
 * module. Only the router's entries, the server render, prerender and the build read it; pages link
 * to each other through the registry, so no page imports this map. A page id missing here, or one
 * the registry lacks, fails the type check.
 */
export const pageModules: Record<PageKey, PageModule> = {
  thankYou: {
    source: 'src/features/marketing/thank-you-page.tsx',
    load: () => import('../features/marketing/thank-you-page'),
  },
  blogList: {
    source: 'src/features/blog/blog-list-page.tsx',
    load: () => import('../features/blog/blog-list-page'),
  },
  post: {
    source: 'src/features/blog/post-page.tsx',
    load: () => import('../features/blog/post-page'),
  },
  login: {
    source: 'src/features/admin/shell/login-page.tsx',
    load: () =>
      import.meta.env.SSR ? notOnServer() : import('../features/admin/shell/login-page'),
  },
  adminList: {
    source: 'src/features/admin/posts/admin-list-page.tsx',
    load: () =>
      import.meta.env.SSR ? notOnServer() : import('../features/admin/posts/admin-list-page'),
  },
  dashboard: {
    source: 'src/features/admin/dashboard/dashboard-page.tsx',
    load: () =>
      import.meta.env.SSR ? notOnServer() : import('../features/admin/dashboard/dashboard-page'),
  },
  leads: {
    source: 'src/features/admin/leads/leads-page.tsx',
    load: () =>
      import.meta.env.SSR ? notOnServer() : import('../features/admin/leads/leads-page'),
  },
  lead: {
    source: 'src/features/admin/leads/lead-page.tsx',
    load: () => (import.meta.env.SSR ? notOnServer() : import('../features/admin/leads/lead-page')),
  },
  taxonomy: {
    source: 'src/features/admin/taxonomy/taxonomy-page.tsx',
    load: () =>
      import.meta.env.SSR ? notOnServer() : import('../features/admin/taxonomy/taxonomy-page'),
  },
  media: {
    source: 'src/features/admin/media/media-page.tsx',
    load: () =>
      import.meta.env.SSR ? notOnServer() : import('../features/admin/media/media-page'),
  },
  account: {
    source: 'src/features/admin/account/account-page.tsx',
    load: () =>
      import.meta.env.SSR ? notOnServer() : import('../features/admin/account/account-page'),
  },
  team: {
    source: 'src/features/admin/team/team-page.tsx',
    load: () => (import.meta.env.SSR ? notOnServer() : import('../features/admin/team/team-page')),
  },
  redirects: {
    source: 'src/features/admin/redirects/redirects-page.tsx',
    load: () =>
      import.meta.env.SSR ? notOnServer() : import('../features/admin/redirects/redirects-page'),
  },
  pageList: {
    source: 'src/features/admin/pages/pages-page.tsx',
    load: () =>
      import.meta.env.SSR ? notOnServer() : import('../features/admin/pages/pages-page'),
  },
  pageEditor: {
    source: 'src/features/admin/pages/page-editor-page.tsx',
    load: () =>
      import.meta.env.SSR ? notOnServer() : import('../features/admin/pages/page-editor-page'),
  },
  pagePreview: {
    source: 'src/features/admin/pages/page-preview.tsx',
    load: () =>
      import.meta.env.SSR ? notOnServer() : import('../features/admin/pages/page-preview'),
  },
  siteSettings: {
    source: 'src/features/admin/pages/site-settings-page.tsx',
    load: () =>
      import.meta.env.SSR ? notOnServer() : import('../features/admin/pages/site-settings-page'),
  },
  audit: {
    source: 'src/features/admin/audit/audit-page.tsx',
    load: () =>
      import.meta.env.SSR ? notOnServer() : import('../features/admin/audit/audit-page'),
  },
  postEditor: {
    source: 'src/features/admin/posts/post-editor-page.tsx',
    load: () =>
      import.meta.env.SSR ? notOnServer() : import('../features/admin/posts/post-editor-page'),
  },
  preview: {
    source: 'src/features/admin/posts/preview-page.tsx',
    load: () =>
      import.meta.env.SSR ? notOnServer() : import('../features/admin/posts/preview-page'),
  },
  // A block page's record comes with its HTML: embedded on the first page, fetched on navigation.
  blockPage: {
    source: 'src/features/pages/block-route.tsx',
    load: () => import('../features/pages/block-route'),
    loadData: loadBlockPage,
  },
};

/** One value per page, from its registry entry and its module (the browser's lazy pages, the server's eager ones). */
export function mapPages<T>(
  derive: (module: PageModule, entry: PageEntry, page: PageKey) => T,
): Record<PageKey, T> {
  // Object.fromEntries forgets the keys' type; every key of the registry is mapped here.
  const mapped = Object.fromEntries(
    pageEntries.map(([key, entry]) => [key, derive(pageModules[key], entry, key)]),
  );
  return mapped as Record<PageKey, T>;
}
