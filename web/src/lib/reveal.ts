import { useEffect } from 'react';
import { startReveal } from '../page-script/reveal';

export { REVEAL_ATTR } from '../page-script/reveal';

/**
 * Scroll reveal for the app's pages (the page script runs the same on a public page): see
 * page-script/reveal.ts. Restarts when `key` changes.
 */
export function useScrollReveal(key?: string): void {
  useEffect(() => {
    const stop = new AbortController();
    startReveal(document, stop.signal);
    return () => stop.abort();
  }, [key]);
}

/** Runs the scroll reveal for the page it is rendered next to (put it inside the page's Suspense boundary). */
export function ScrollReveal(): null {
  useScrollReveal();
  return null;
}
