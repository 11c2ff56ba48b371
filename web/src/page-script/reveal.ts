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
 */
export function startReveal(doc: Document, signal?: AbortSignal): void {
  if (prefersReducedMotion() || typeof IntersectionObserver === 'undefined') return;
  const root = doc.documentElement.style;
  root.setProperty('--reveal-duration', `${TIMINGS.revealDurationMs}ms`);
  root.setProperty('--reveal-delay', `${TIMINGS.revealDelayMs}ms`);
  const observer = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        entry.target.setAttribute(STATE_ATTR, 'shown');
        observer.unobserve(entry.target);
      }
    },
    { rootMargin: '0px 0px -10% 0px' },
  );
  const scan = (): void => {
    for (const el of doc.querySelectorAll(`[${REVEAL_ATTR}]:not([${STATE_ATTR}])`)) {
      // A part not hydrated yet keeps its server HTML untouched until it is (then it is scanned).
      if (inPendingPart(el)) continue;
      if (el.getBoundingClientRect().top < window.innerHeight) {
        el.setAttribute(STATE_ATTR, 'shown');
        continue;
      }
      el.setAttribute(STATE_ATTR, 'pending');
      observer.observe(el);
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
    observer.disconnect();
    mutations.disconnect();
  });
}
