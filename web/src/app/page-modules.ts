import type { ComponentType } from 'react';
import { pageEntries, type PageEntry, type PageKey } from '../config/pages';
import { loadBlockPage } from '../features/pages/page-data';

/** Where a page's code comes from: the module, its name in Vite's manifest, and the data it loads. */
export interface PageModule {
  /**
   * The page module as Vite's build manifest names it (`src/features/…`), so server HTML preloads
   * the page's chunk; absent for a client-only page in the server build, which never renders it.
   */
  readonly source?: string;
  /** The page module, in its own chunk in the browser. */
  readonly load: () => Promise<{ default: ComponentType }>;
  /** What the page needs for a path besides its code (a block page's record, read from its HTML), fetched with it. */
  readonly loadData?: (path: string) => Promise<unknown>;
}

/** The component of every page of the registry, by key (lazy in the browser, eager on the server). */
export type PageModules = Record<PageKey, ComponentType>;

/** Vite's glob of one page module: its path from web/ (`/src/…`) and the loader of its chunk. */
type PageGlob = Record<string, () => Promise<unknown>>;

/** A page module's default export, the page's component (a glob's modules are untyped, so checked). */
function pageComponent(path: string, module: unknown): { default: ComponentType } {
  const component: unknown =
    typeof module === 'object' && module !== null && 'default' in module ? module.default : null;
  if (typeof component !== 'function')
    throw new Error(`The page module ${path} has no default export of a component`);
  // A function that React renders: pages default-export a function component.
  return { default: component as ComponentType };
}

/**
 * A page from the glob of its module, so the path is written once: the glob's key is the manifest's
 * name (less the leading slash), its loader the import of the page's own chunk. A glob that matches
 * no file (a module moved or renamed) throws as this map loads, failing every build and test.
 */
export function globbedPage(glob: PageGlob): PageModule {
  const [found, ...more] = Object.entries(glob);
  if (!found || more.length > 0)
    throw new Error(
      `A page module's glob must match one file, not ${String(Object.keys(glob).length)}: ${Object.keys(glob).join(', ')}`,
    );
  const [path, load] = found;
  return { source: path.replace(/^\//, ''), load: async () => pageComponent(path, await load()) };
}

/**
 * A client-only page. Vite replaces `import.meta.env.SSR` at build time, so the server build drops
 * the page's glob and with it the page's code (the editor and its dependencies); the server never
 * renders it.
 */
function clientOnly(glob: PageGlob | null): PageModule {
  return glob
    ? globbedPage(glob)
    : {
        load: () => Promise.reject(new Error('Client-only pages are not part of the server build')),
      };
}

/**
 * The map of page modules: each page of the registry (src/config/pages.ts, same ids) with its
 * module, named once by the glob (a path from web/). Only the router's entries, the server render,
 * prerender and the build read it; pages link to each other through the registry, so no page
 * imports this map. A page id missing here, or one the registry lacks, fails the type check.
 */
export const pageModules: Record<PageKey, PageModule> = {
  thankYou: globbedPage(import.meta.glob('/src/features/marketing/thank-you-page.tsx')),
  blogList: globbedPage(import.meta.glob('/src/features/blog/blog-list-page.tsx')),
  post: globbedPage(import.meta.glob('/src/features/blog/post-page.tsx')),
  login: clientOnly(
    import.meta.env.SSR ? null : import.meta.glob('/src/features/admin/shell/login-page.tsx'),
  ),
  adminList: clientOnly(
    import.meta.env.SSR ? null : import.meta.glob('/src/features/admin/posts/admin-list-page.tsx'),
  ),
  dashboard: clientOnly(
    import.meta.env.SSR
      ? null
      : import.meta.glob('/src/features/admin/dashboard/dashboard-page.tsx'),
  ),
  analytics: clientOnly(
    import.meta.env.SSR
      ? null
      : import.meta.glob('/src/features/admin/analytics/analytics-page.tsx'),
  ),
  leads: clientOnly(
    import.meta.env.SSR ? null : import.meta.glob('/src/features/admin/leads/leads-page.tsx'),
  ),
  lead: clientOnly(
    import.meta.env.SSR ? null : import.meta.glob('/src/features/admin/leads/lead-page.tsx'),
  ),
  taxonomy: clientOnly(
    import.meta.env.SSR ? null : import.meta.glob('/src/features/admin/taxonomy/taxonomy-page.tsx'),
  ),
  media: clientOnly(
    import.meta.env.SSR ? null : import.meta.glob('/src/features/admin/media/media-page.tsx'),
  ),
  account: clientOnly(
    import.meta.env.SSR ? null : import.meta.glob('/src/features/admin/account/account-page.tsx'),
  ),
  team: clientOnly(
    import.meta.env.SSR ? null : import.meta.glob('/src/features/admin/team/team-page.tsx'),
  ),
  redirects: clientOnly(
    import.meta.env.SSR
      ? null
      : import.meta.glob('/src/features/admin/redirects/redirects-page.tsx'),
  ),
  pageList: clientOnly(
    import.meta.env.SSR ? null : import.meta.glob('/src/features/admin/pages/pages-page.tsx'),
  ),
  pageEditor: clientOnly(
    import.meta.env.SSR ? null : import.meta.glob('/src/features/admin/pages/page-editor-page.tsx'),
  ),
  pagePreview: clientOnly(
    import.meta.env.SSR ? null : import.meta.glob('/src/features/admin/pages/page-preview.tsx'),
  ),
  siteSettings: clientOnly(
    import.meta.env.SSR
      ? null
      : import.meta.glob('/src/features/admin/pages/site-settings-page.tsx'),
  ),
  audit: clientOnly(
    import.meta.env.SSR ? null : import.meta.glob('/src/features/admin/audit/audit-page.tsx'),
  ),
  postEditor: clientOnly(
    import.meta.env.SSR ? null : import.meta.glob('/src/features/admin/posts/post-editor-page.tsx'),
  ),
  preview: clientOnly(
    import.meta.env.SSR ? null : import.meta.glob('/src/features/admin/posts/preview-page.tsx'),
  ),
  // A block page's record comes with its HTML: embedded on the first page, fetched on navigation.
  blockPage: {
    ...globbedPage(import.meta.glob('/src/features/pages/block-route.tsx')),
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
