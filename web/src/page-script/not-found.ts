import { whenShown } from '../lib/beacon';

/** The not-found page's own address: the edge serves its HTML, status 404, for any unknown one. */
export const NOT_FOUND_PATH = '/404';

/**
 * An unknown address shows the not-found page, then the address bar reads /404 (spec 000 §2): the
 * page's root says which page it was rendered as. Once the page is shown, after the boot script's
 * page view, which counts the address the visitor asked for.
 */
export function startNotFoundAddress(doc: Document = document): void {
  const root = doc.getElementById('root');
  if (root?.dataset.path !== NOT_FOUND_PATH || doc.location.pathname === NOT_FOUND_PATH) return;
  whenShown(() => doc.defaultView?.history.replaceState(null, '', NOT_FOUND_PATH));
}
