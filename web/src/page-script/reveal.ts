import { TIMINGS } from '@agency/shared';
import { HYDRATED_ATTR, inPendingPart } from '../lib/early-input';
import { prefersReducedMotion } from '../lib/motion';

/** Elements marked `data-reveal` fade up once when they scroll into view. */
export const REVEAL_ATTR = 'data-reveal';
const STATE_ATTR = 'data-reveal-state';

/**
 * Scroll reveal (1200 ms, 200 ms delay, once). Content is visible in the server HTML; only elements
 * still below the fold when this starts are hidden and then revealed, so nothing flashes and nothing
 * stays hidden without JavaScript or under prefers-reduced-motion. Parts added or hydrated later in
 * `#main` (islands, lazily loaded lists) are scanned when they appear.
 *
 * Where each element is comes from an observer's first report, made after the browser's own
 * layout: the page script never reads a position itself, which would make the browser lay the
 * whole page out while it starts.
 */
export function startReveal(doc: Document, signal?: AbortSignal): void {
  if (prefersReducedMotion() || typeof IntersectionObserver === 'undefined') return;
  const reveal = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        entry.target.setAttribute(STATE_ATTR, 'shown');
        reveal.unobserve(entry.target);
      }
    },
    { rootMargin: '0px 0px -10% 0px' },
  );
  // Below the viewport: hidden until it scrolls in. On screen or above it: left as it is.
  const place = new IntersectionObserver((entries) => {
    for (const entry of entries) {
      place.unobserve(entry.target);
      const bottom = entry.rootBounds?.bottom ?? window.innerHeight;
      const below = !entry.isIntersecting && entry.boundingClientRect.top >= bottom;
      entry.target.setAttribute(STATE_ATTR, below ? 'pending' : 'shown');
      if (!below) continue;
      // The timings go on the element it animates: set on the root, an inherited property would
      // make the browser recompute the style of the whole page while it starts.
      const style = (entry.target as HTMLElement).style;
      style.setProperty('--reveal-duration', `${TIMINGS.revealDurationMs}ms`);
      style.setProperty('--reveal-delay', `${TIMINGS.revealDelayMs}ms`);
      reveal.observe(entry.target);
    }
  });
  const tracked = new WeakSet<Element>();
  const scan = (): void => {
    for (const el of doc.querySelectorAll(`[${REVEAL_ATTR}]:not([${STATE_ATTR}])`)) {
      // A part not hydrated yet keeps its server HTML untouched until it is (then it is scanned).
      if (tracked.has(el) || inPendingPart(el)) continue;
      tracked.add(el);
      place.observe(el);
    }
  };
  scan();
  const mutations = new MutationObserver(scan);
  const main = doc.getElementById('main');
  if (main)
    mutations.observe(main, {
      childList: true,
      subtree: true,
      attributes: true,
      attributeFilter: [HYDRATED_ATTR],
    });
  signal?.addEventListener('abort', () => {
    reveal.disconnect();
    place.disconnect();
    mutations.disconnect();
  });
}
