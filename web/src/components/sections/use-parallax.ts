import { useEffect, useRef } from 'react';

/**
 * Parallax background for hero and call-to-action bands (spec 001 §4): writes
 * `--parallax-y = (scrollY - elementTop) * factor` px on the element, once per animation frame while
 * scrolling; the element's CSS moves its background by it. 0.6 on most pages, 0.3 branding, -0.6 on
 * the development pages' bands. Off with prefers-reduced-motion; nothing runs on the server.
 *
 * Lives here because `web/src/lib/parallax.ts` did not exist yet when the sections were written.
 */
export function useParallax<T extends HTMLElement>(factor: number) {
  const ref = useRef<T>(null);
  useEffect(() => {
    const element = ref.current;
    if (!element || factor === 0) return;
    if (typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches) return;
    let frame = 0;
    const update = () => {
      frame = 0;
      const top = element.getBoundingClientRect().top + window.scrollY;
      element.style.setProperty('--parallax-y', `${((window.scrollY - top) * factor).toFixed(1)}px`);
    };
    const schedule = () => {
      if (frame === 0) frame = window.requestAnimationFrame(update);
    };
    update();
    window.addEventListener('scroll', schedule, { passive: true });
    window.addEventListener('resize', schedule);
    return () => {
      window.removeEventListener('scroll', schedule);
      window.removeEventListener('resize', schedule);
      if (frame !== 0) window.cancelAnimationFrame(frame);
    };
  }, [factor]);
  return ref;
}
