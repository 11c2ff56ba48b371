/** A controllable matchMedia for the section tests (jest-dom and DOM clean-up come from src/test/setup.ts). */
import { afterEach, vi } from 'vitest';

afterEach(() => {
  vi.unstubAllGlobals();
});

/** Makes window.matchMedia answer `matches(query)`; returns a function that flips the answer and fires change events. */
export function mockMatchMedia(matches: (query: string) => boolean) {
  let current = matches;
  const lists: { query: string; listeners: Set<() => void> }[] = [];
  vi.stubGlobal('matchMedia', (query: string) => {
    const listeners = new Set<() => void>();
    const list = {
      media: query,
      get matches() {
        return current(query);
      },
      onchange: null,
      addEventListener: (_type: string, listener: () => void) => listeners.add(listener),
      removeEventListener: (_type: string, listener: () => void) => listeners.delete(listener),
      addListener: (listener: () => void) => listeners.add(listener),
      removeListener: (listener: () => void) => listeners.delete(listener),
      dispatchEvent: () => true,
    };
    lists.push({ query, listeners });
    return list;
  });
  return (next: (query: string) => boolean) => {
    current = next;
    for (const entry of lists) for (const listener of entry.listeners) listener();
  };
}

export const SMALL = (query: string) => query.includes('max-width: 767px');
export const WIDE = () => false;
