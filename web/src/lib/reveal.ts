import { useEffect } from 'react';
import { TIMINGS } from '@agency/shared';
import { HYDRATED_ATTR, inPendingPart } from './early-input';
import { prefersReducedMotion } from './motion';

/** Elements marked `data-reveal` fade up once when they scroll into view. */
export const REVEAL_ATTR = 'data-reveal';
const STATE_ATTR = 'data-reveal-state';

/**
 * Scroll reveal (1200 ms, 200 ms delay, once). Content is visible in the server HTML; only
 * elements still below the fold after hydration are hidden and then revealed, so nothing
 * flashes and nothing stays hidden without JavaScript or under prefers-reduced-motion.
 */
export function useScrollReveal(key?: string): void {
  useEffect(() => {
    if (prefersReducedMotion() || typeof IntersectionObserver === 'undefined') return;
    document.documentElement.style.setProperty(
      '--reveal-duration',
      `${TIMINGS.revealDurationMs}ms`,
    );
    document.documentElement.style.setProperty('--reveal-delay', `${TIMINGS.revealDelayMs}ms`);
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
      for (const el of document.querySelectorAll(`[${REVEAL_ATTR}]:not([${STATE_ATTR}])`)) {
        // A deferred part keeps its server HTML untouched until it hydrates (then it is scanned).
        if (inPendingPart(el)) continue;
        const rect = el.getBoundingClientRect();
        if (rect.top < window.innerHeight) {
          el.setAttribute(STATE_ATTR, 'shown');
          continue;
        }
        el.setAttribute(STATE_ATTR, 'pending');
        observer.observe(el);
      }
    };
    scan();
    // Lazily loaded parts of the page appear later; deferred ones hydrate later.
    const mutations = new MutationObserver(scan);
    const main = document.getElementById('main');
    if (main)
      mutations.observe(main, {
        childList: true,
        subtree: true,
        attributes: true,
        attributeFilter: [HYDRATED_ATTR],
      });
    return () => {
      observer.disconnect();
      mutations.disconnect();
    };
  }, [key]);
}

/** Runs the scroll reveal for the page it is rendered next to (put it inside the page's Suspense boundary). */
export function ScrollReveal(): null {
  useScrollReveal();
  return null;
}
