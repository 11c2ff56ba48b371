import { scrollToAndFocus, scrollToElement } from '../lib/scroll';

/** A fragment's id, as written when it is not valid percent-encoding. */
const idOf = (hash: string): string => {
  try {
    return decodeURIComponent(hash.slice(1));
  } catch {
    return hash.slice(1);
  }
};

/** The id a link points to on this very page (`#id`, or this page's address with `#id`), or null. */
export function inPageTarget(link: HTMLAnchorElement, here: Location): string | null {
  const url = new URL(link.href, here.href);
  if (
    !url.hash ||
    url.origin + url.pathname + url.search !== here.origin + here.pathname + here.search
  )
    return null;
  return idOf(url.hash);
}

/**
 * In-page links scroll smoothly (spec: 1000 ms), clear the address hash and move focus to their
 * target; a page opened with `#id` scrolls there the same way and loses the hash. A link whose
 * island already handled the click (defaultPrevented), a modified click and a link to a missing id
 * are left to the browser.
 */
export function startSmoothScroll(doc: Document, signal?: AbortSignal): void {
  doc.addEventListener(
    'click',
    (event) => {
      if (event.defaultPrevented || event.button !== 0) return;
      if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const link = event.target instanceof Element ? event.target.closest('a') : null;
      if (!link?.hasAttribute('href') || (link.target && link.target !== '_self')) return;
      const id = inPageTarget(link, window.location);
      if (id === null || !doc.getElementById(id)) return;
      event.preventDefault();
      void scrollToAndFocus(id);
    },
    { signal },
  );
  const id = idOf(window.location.hash);
  if (id && doc.getElementById(id)) void scrollToElement(id);
}
