import { useEffect, useRef, type RefObject } from 'react';
import { watchParallax } from '../page-script/parallax';

export { parallaxOffset, PARALLAX_ATTR } from '../page-script/parallax';

/** Spec factors: 0.5 generic/home banners, 0.6 most service pages, 0.3 branding; negative values move against the scroll. */
export const PARALLAX = { banner: 0.5, service: 0.6, branding: 0.3, band: -0.6 } as const;

/**
 * Parallax background for a hydrated component: returns a ref; see `watchParallax`. A section that
 * is not hydrated carries `data-parallax={factor}` instead and the page script runs it.
 */
export function useParallax<T extends HTMLElement = HTMLElement>(
  factor: number,
): RefObject<T | null> {
  const ref = useRef<T | null>(null);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const stop = new AbortController();
    watchParallax(el, factor, stop.signal);
    return () => stop.abort();
  }, [factor]);
  return ref;
}
