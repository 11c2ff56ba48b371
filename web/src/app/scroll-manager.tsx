import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { prefersReducedMotion } from '../lib/motion';

/** Route changes scroll smoothly to the top, or to the #anchor the link names. */
export function ScrollManager() {
  const { pathname, hash } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    const behavior: ScrollBehavior = prefersReducedMotion() ? 'auto' : 'smooth';
    const target = hash ? document.getElementById(decodeURIComponent(hash.slice(1))) : null;
    if (target) {
      // Wait a frame so the new page has laid out.
      const frame = window.requestAnimationFrame(() =>
        target.scrollIntoView({ behavior, block: 'start' }),
      );
      first.current = false;
      return () => window.cancelAnimationFrame(frame);
    }
    if (first.current) {
      first.current = false;
      return;
    }
    window.scrollTo({ top: 0, left: 0, behavior });
  }, [pathname, hash]);
  return null;
}
