/** Smooth in-page scrolling to an element (the "scroll to the form" links of the service pages). */

import { TIMINGS } from '@agency/shared';
import { prefersReducedMotion } from './motion';

export interface ScrollOptions {
  /** Pixels kept free above the element (the fixed header); defaults to where the browser would stop (the page's scroll-padding-top and the element's scroll-margin-top). */
  offset?: number;
}

/**
 * Where the browser itself would stop above the element (following a `#anchor` link with no script):
 * the page's scroll-padding-top plus the element's scroll-margin-top.
 */
function anchorOffset(element: Element): number {
  const px = (value: string): number => {
    const n = Number.parseFloat(value);
    return Number.isFinite(n) ? n : 0;
  };
  return (
    px(window.getComputedStyle(document.documentElement).scrollPaddingTop) +
    px(window.getComputedStyle(element).scrollMarginTop)
  );
}

/**
 * The element's top in the page as laid out, without transforms: a scroll-reveal slides elements
 * up as they appear, and a scroll aimed at where one is drawn mid-slide would stop short of it.
 */
function layoutTop(element: HTMLElement): number {
  let top = 0;
  for (let e: HTMLElement | null = element; e; e = e.offsetParent as HTMLElement | null) {
    top += e.offsetTop;
  }
  return top;
}

/** Ease-in-out cubic: slow start, fast middle, slow finish. */
export function easeInOutCubic(t: number): number {
  return t < 0.5 ? 4 * t * t * t : 1 - (-2 * t + 2) ** 3 / 2;
}

/** Removes `#anchor` from the address bar without adding a history entry or losing the router's state. */
export function clearHash(): void {
  if (!window.location.hash) return;
  const { pathname, search } = window.location;
  window.history.replaceState(window.history.state, '', `${pathname}${search}`);
}

/**
 * Scrolls to the element with this id over `durationMs` (spec: 1000 ms), then clears the address hash.
 * The element's place is read again on every frame: sections on the way may change height as they
 * are first drawn (`content-visibility: auto`), and the scroll must still end on the element.
 * With prefers-reduced-motion it jumps. Resolves when the scroll is over; resolves at once (false)
 * when there is no such element.
 */
export function scrollToElement(
  id: string,
  durationMs: number = TIMINGS.scrollToFormMs,
  options: ScrollOptions = {},
): Promise<boolean> {
  if (typeof window === 'undefined') return Promise.resolve(false);
  const element = document.getElementById(id);
  if (!element) return Promise.resolve(false);

  const offset = options.offset ?? anchorOffset(element);
  const targetY = (): number => Math.max(0, layoutTop(element) - offset);
  const start = window.scrollY;

  const target = targetY();
  if (durationMs <= 0 || target === start || prefersReducedMotion()) {
    window.scrollTo(0, target);
    clearHash();
    return Promise.resolve(true);
  }

  return new Promise((resolve) => {
    let startTime: number | undefined;
    const step = (now: number): void => {
      startTime ??= now;
      const progress = Math.min(1, (now - startTime) / durationMs);
      window.scrollTo(0, start + (targetY() - start) * easeInOutCubic(progress));
      if (progress < 1) {
        window.requestAnimationFrame(step);
      } else {
        clearHash();
        resolve(true);
      }
    };
    window.requestAnimationFrame(step);
  });
}

/**
 * Scroll to the element with this id (see `scrollToElement`), then move keyboard focus to it so the
 * next Tab lands inside it (the enquiry form); false when there is no such element.
 */
export async function scrollToAndFocus(id: string): Promise<boolean> {
  const done = await scrollToElement(id);
  const target = document.getElementById(id);
  if (!done || !target) return false;
  if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
  target.focus({ preventScroll: true });
  return true;
}
