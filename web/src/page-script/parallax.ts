import { prefersReducedMotion } from '../lib/motion';
import { eachScrollFrame } from './each-scroll-frame';

/** Spec factors: 0.5 generic/home banners, 0.6 most service pages, 0.3 branding; negative values move against the scroll. */
export const PARALLAX = { banner: 0.5, service: 0.6, branding: 0.3, band: -0.6 } as const;

/** Attribute carrying a section's parallax factor in the server HTML (`data-parallax="0.6"`). */
export const PARALLAX_ATTR = 'data-parallax';

/** How far the background moves for an element whose top sits at `elementTop` (document coordinates). */
export function parallaxOffset(scrollY: number, elementTop: number, factor: number): number {
  return Math.round((scrollY - elementTop) * factor * 10) / 10;
}

/**
 * While `el` is on screen, shift its background position (and the CSS variable `--parallax-y`, for
 * inner images) by (scroll − element top) × factor, once a frame at most. Nothing under
 * prefers-reduced-motion, so the server HTML stays static. Stops when `signal` aborts.
 */
export function watchParallax(el: HTMLElement, factor: number, signal?: AbortSignal): void {
  if (!factor || prefersReducedMotion()) return;
  eachScrollFrame(() => {
    const rect = el.getBoundingClientRect();
    if (rect.bottom < 0 || rect.top > window.innerHeight) return;
    const y = parallaxOffset(window.scrollY, rect.top + window.scrollY, factor);
    el.style.setProperty('--parallax-y', `${y}px`);
    el.style.backgroundPositionY = `calc(50% + ${y}px)`;
  }, signal);
}

/** Parallax on every `[data-parallax]` section of the page's server HTML. */
export function startParallax(doc: Document, signal?: AbortSignal): void {
  for (const el of doc.querySelectorAll<HTMLElement>(`[${PARALLAX_ATTR}]`))
    watchParallax(el, Number(el.getAttribute(PARALLAX_ATTR)) || 0, signal);
}
