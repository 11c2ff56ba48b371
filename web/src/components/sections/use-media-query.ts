import { useEffect, useState } from 'react';

/** The breakpoint under which tabs turn into a dropdown and steppers into a stacked list. */
export const SMALL_SCREEN_QUERY = '(max-width: 767px)';

/**
 * Whether a media query matches. Always false on the server and during hydration (so the first
 * client render equals the prerendered HTML); the real value arrives in an effect.
 */
export function useMediaQuery(query: string): boolean {
  const [matches, setMatches] = useState(false);
  useEffect(() => {
    if (typeof window.matchMedia !== 'function') return;
    const list = window.matchMedia(query);
    const update = () => setMatches(list.matches);
    update();
    list.addEventListener('change', update);
    return () => list.removeEventListener('change', update);
  }, [query]);
  return matches;
}
