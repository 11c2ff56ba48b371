import { createContext, useContext } from 'react';

/**
 * The site's public address (canonical and share links), as the page was served with it: the
 * server passes the address it rendered for (prerender, the render function); the browser reads it
 * from the page it was served, never from a build-time default, so a site served on another
 * address (a second local port, a new domain) links to itself.
 */
export const SiteUrlContext = createContext<string | null>(null);

/**
 * The site address the page is rendered for: the one `AppProviders` was given, else (a component
 * rendered on its own in the browser) the served page's.
 */
export function useSiteUrl(): string {
  const siteUrl = useContext(SiteUrlContext);
  if (siteUrl !== null) return siteUrl;
  if (typeof document === 'undefined') throw new Error('AppProviders is missing: no site address');
  return servedSiteUrl(document);
}

/**
 * The site address of the served page: the origin of the canonical link the server wrote into it,
 * read before the app changes the head; the page's own origin where the server wrote none (the
 * admin shell).
 */
export function servedSiteUrl(doc: Document): string {
  const href = doc.head.querySelector<HTMLLinkElement>('link[rel="canonical"]')?.href;
  if (href) {
    try {
      return new URL(href).origin;
    } catch {
      // A malformed canonical falls back to the page's own origin.
    }
  }
  return doc.location.origin;
}
