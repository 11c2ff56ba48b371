import { useEffect, useRef, type RefObject } from 'react';
import { watchParallax } from '../page-script/parallax';

export { parallaxOffset, PARALLAX, PARALLAX_ATTR } from '../page-script/parallax';

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
