import { isPrerenderedPath, NOT_PRERENDERED_LINKS } from '@agency/shared';

/**
 * Hover prefetch for browsers without Speculation Rules (Firefox, Safari): where Chromium
 * prerenders a link from the rules file every public page names (shared speculation-rules.ts),
 * these browsers get `<link rel="prefetch">` of a same-origin page link as the visitor points at,
 * focuses or touches it, so the next page load starts from the HTTP cache. The same links are
 * left alone as the rules leave (the admin, the sign-in page, the API, files, nofollow, new
 * windows, downloads). `signal` stops it.
 */
export function startPrefetch(doc: Document = document, signal?: AbortSignal): void {
  const view = doc.defaultView;
  if (!view || view.HTMLScriptElement.supports?.('speculationrules')) return;
  const asked = new Set<string>();
  const onIntent = (event: Event): void => {
    const target = event.target;
    if (!(target instanceof view.Element)) return;
    const link = target.closest('a[href]');
    if (!(link instanceof view.HTMLAnchorElement) || link.matches(NOT_PRERENDERED_LINKS)) return;
    const url = new URL(link.href, doc.baseURI);
    url.hash = '';
    const here = new URL(doc.URL);
    here.hash = '';
    if (
      url.origin !== here.origin ||
      url.href === here.href ||
      !isPrerenderedPath(url.pathname) ||
      asked.has(url.href)
    )
      return;
    asked.add(url.href);
    const prefetch = doc.createElement('link');
    prefetch.rel = 'prefetch';
    prefetch.href = url.href;
    doc.head.append(prefetch);
  };
  // pointerenter and focus do not bubble: listened to on the way down, for every link at once.
  for (const type of ['pointerenter', 'focus', 'touchstart'])
    doc.addEventListener(type, onIntent, { capture: true, passive: true, signal });
}
