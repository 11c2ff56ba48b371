import { useEffect, useRef, type RefObject } from 'react';
import { prefersReducedMotion } from './motion';

/** Spec factors: 0.5 generic/home banners, 0.6 most service pages, 0.3 branding; negative values move against the scroll. */
export const PARALLAX = { banner: 0.5, service: 0.6, branding: 0.3, band: -0.6 } as const;

/** How far the background moves for an element whose top sits at `elementTop` (document coordinates). */
export function parallaxOffset(scrollY: number, elementTop: number, factor: number): number {
  return Math.round((scrollY - elementTop) * factor * 10) / 10;
}

/**
 * Parallax background: returns a ref; while the element is on screen its background position
 * (and the CSS variable `--parallax-y`, for inner images) shifts by (scroll − element top) × factor.
 * Does nothing under prefers-reduced-motion or before hydration, so server HTML stays static.
 */
export function useParallax<T extends HTMLElement = HTMLElement>(
  factor: number,
): RefObject<T | null> {
  const ref = useRef<T | null>(null);
  useEffect(() => {
    const el = ref.current;
    if (!el || factor === 0 || prefersReducedMotion()) return;
    let frame = 0;
    const update = (): void => {
      frame = 0;
      const rect = el.getBoundingClientRect();
      if (rect.bottom < 0 || rect.top > window.innerHeight) return;
      const top = rect.top + window.scrollY;
      const y = parallaxOffset(window.scrollY, top, factor);
      el.style.setProperty('--parallax-y', `${y}px`);
      el.style.backgroundPositionY = `calc(50% + ${y}px)`;
    };
    const onScroll = (): void => {
      if (!frame) frame = window.requestAnimationFrame(update);
    };
    update();
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('resize', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('resize', onScroll);
      if (frame) window.cancelAnimationFrame(frame);
    };
  }, [factor]);
  return ref;
}
