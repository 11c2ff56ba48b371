/**
 * A page's data rides in its HTML: the server embeds the page record it rendered (and the site
 * settings) as JSON, the browser hydrates from it without a request, and on a client-side navigation
 * to another block page it fetches that page's HTML (a static file, same origin) and reads the same
 * JSON. So the browser always shows the published page, never content baked into the JavaScript.
 */
import { createContext, useContext } from 'react';
import type { PageContent } from '@agency/shared';
import { jsonForScript } from '../../lib/head';
import { settingsSeen } from '../../lib/site-settings';
import { PAGE_DATA_ID } from '../../lib/api-fallback';
import {
  parseEmbedded,
  readEmbeddedPageData,
  type EmbeddedPageData,
} from '../../lib/embedded-page-data';

export { PAGE_DATA_ID, readEmbeddedPageData, type EmbeddedPageData };

/** The non-executable JSON block a server-rendered page carries after #root (CSP-safe, `<` escaped). */
export function pageDataScript(data: EmbeddedPageData): string {
  return `<script type="application/json" id="${PAGE_DATA_ID}">${jsonForScript(data)}</script>`;
}

const SCRIPT = new RegExp(`<script type="application/json" id="${PAGE_DATA_ID}">([^<]*)</script>`);

/** The data embedded in a page's HTML text (a fetched page). */
export function parsePageDataHtml(html: string): EmbeddedPageData | undefined {
  return parseEmbedded(SCRIPT.exec(html)?.[1]);
}

/** A path without its trailing slash ("/about/" → "/about"). */
export const pagePathOf = (pathname: string): string =>
  pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;

/** Where block pages come from: given (server), or embedded and fetched (browser); null: none there. */
export interface BlockPageSource {
  read: (path: string) => PageContent | null | Promise<PageContent | null>;
}

/** The server's source: the pages it was handed. */
export function givenPages(pages: readonly ({ path: string } & PageContent)[]): BlockPageSource {
  const byPath = new Map(pages.map((p) => [pagePathOf(p.path), p]));
  return { read: (path) => byPath.get(pagePathOf(path)) ?? null };
}

const noPages: BlockPageSource = { read: () => null };

export const BlockPagesContext = createContext<BlockPageSource>(noPages);

export const useBlockPages = (): BlockPageSource => useContext(BlockPagesContext);

// The browser's pages: those the app fetched (a public page's own record is its islands', never the app's).
const known = new Map<string, PageContent | null>();
const loading = new Map<string, Promise<PageContent | null>>();

/**
 * Go to a page with a full document load instead (the fetch failed, or the address redirects): the
 * returned promise never settles, so the route keeps its loading state until the browser leaves.
 */
function loadDocument(path: string): Promise<never> {
  window.location.assign(path);
  return new Promise<never>(() => undefined);
}

/**
 * The published page at a path: its static HTML, fetched once (the edge revalidates it, so it is the
 * live copy) and its embedded JSON read; null when that HTML carries no page (not found, another
 * kind of page). The settings it carries become the ones the site shows (settingsSeen).
 */
export function loadBlockPage(pathname: string): Promise<PageContent | null> {
  const path = pagePathOf(pathname);
  if (known.has(path)) return Promise.resolve(known.get(path) ?? null);
  let promise = loading.get(path);
  if (!promise) {
    promise = fetch(path, { credentials: 'same-origin', headers: { accept: 'text/html' } }).then(
      async (response) => {
        if (response.redirected) return loadDocument(path);
        const data = parsePageDataHtml(await response.text());
        if (data) settingsSeen(data.settings);
        const page = data && pagePathOf(data.path) === path ? data.page : null;
        known.set(path, page);
        return page;
      },
      () => loadDocument(path),
    );
    loading.set(path, promise);
  }
  return promise;
}

/** The browser's source: a page already known renders at once, another suspends while it loads. */
export const browserPages: BlockPageSource = {
  read: (pathname) => {
    const path = pagePathOf(pathname);
    return known.has(path) ? (known.get(path) ?? null) : loadBlockPage(path);
  },
};
