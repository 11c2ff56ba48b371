import { whenShown } from '../lib/beacon';

/** The element of a page that is shown at an address of its own (the not-found page's `/404`). */
export const SHOWN_AT = '#root [data-shown-at]';

/** The address the page asks to be shown at, if any. */
export const shownAt = (doc: Document): string | null =>
  doc.querySelector(SHOWN_AT)?.getAttribute('data-shown-at') ?? null;

/**
 * An unknown address shows the not-found page, then the address bar reads /404 (spec 000 §2): the
 * page says where it is shown. Once the page is shown, after the boot script's page view, which
 * counts the address the visitor asked for.
 */
export function startNotFoundAddress(doc: Document = document): void {
  const at = shownAt(doc);
  if (at === null || doc.location.pathname === at) return;
  whenShown(() => doc.defaultView?.history.replaceState(null, '', at));
}
