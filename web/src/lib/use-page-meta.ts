import { createContext, useContext, useEffect } from 'react';
import type { PageMeta } from './page-meta';
import { absoluteUrl } from './head';
import { useSiteUrl } from './site-url';

/** Filled during a server render so the server entry learns the page's metadata (blog posts set theirs). */
export interface MetaCollector {
  meta?: PageMeta;
}
export const PageMetaContext = createContext<MetaCollector | null>(null);

function setMetaTag(attr: 'name' | 'property', key: string, content: string): void {
  let el = document.head.querySelector<HTMLMetaElement>(`meta[${attr}="${key}"]`);
  if (!el) {
    el = document.createElement('meta');
    el.setAttribute(attr, key);
    document.head.appendChild(el);
  }
  el.content = content;
}

/** Bring the document head in line with a page's metadata after client-side navigation. */
export function applyMetaToDocument(meta: PageMeta, siteUrl: string): void {
  document.title = meta.title;
  setMetaTag('name', 'description', meta.description);
  setMetaTag('property', 'og:title', meta.title);
  setMetaTag('property', 'og:description', meta.description);
  let link = document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]');
  if (meta.status === 404) {
    // A not-found page has no address of its own (renderHead writes neither tag for it).
    link?.remove();
    document.head.querySelector('meta[property="og:url"]')?.remove();
    return;
  }
  const canonical = absoluteUrl(meta.path, siteUrl);
  setMetaTag('property', 'og:url', canonical);
  if (!link) {
    link = document.createElement('link');
    link.rel = 'canonical';
    document.head.appendChild(link);
  }
  link.href = canonical;
}

/**
 * Declare the current page's metadata: recorded during server rendering, applied to the
 * document head in the browser. Pages outside the static route table (blog posts) call it.
 */
export function usePageMeta(meta: PageMeta | undefined): void {
  const collector = useContext(PageMetaContext);
  const siteUrl = useSiteUrl();
  if (collector && meta) collector.meta = meta;
  const title = meta?.title;
  const description = meta?.description;
  const path = meta?.path;
  useEffect(() => {
    if (title !== undefined && description !== undefined && path !== undefined)
      applyMetaToDocument({ title, description, path }, siteUrl);
  }, [title, description, path, siteUrl]);
}
