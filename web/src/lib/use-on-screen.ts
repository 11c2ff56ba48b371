import { useEffect, useState, type RefObject } from 'react';

/**
 * Whether any part of the element is within the viewport: carousels and steppers advance only while
 * it is (WCAG 2.2.2 asks for a pause; off screen nobody sees them move, and each move costs a phone's
 * main thread a frame while the visitor types or reads elsewhere). True until the observer's first
 * report, and where there is no IntersectionObserver.
 */
export function useOnScreen(ref: RefObject<Element | null>): boolean {
  const [onScreen, setOnScreen] = useState(true);
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof IntersectionObserver !== 'function') return;
    const observer = new IntersectionObserver((entries) => {
      const last = entries.at(-1);
      if (last) setOnScreen(last.isIntersecting);
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref]);
  return onScreen;
}
