// First, as in the browser entry (main.tsx): pages and their content reach zod through the shared package.
import '../lib/zod-config';
import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeAll } from 'vitest';
import { preloadDeferred } from '../lib/deferred';

// Code-split parts of the pages this file imported (deferred sections) are loaded first, as the
// server entry does, so components render synchronously.
beforeAll(async () => {
  await preloadDeferred();
});

// jsdom lacks these browser APIs; tests that care install their own versions.
if (!('IntersectionObserver' in globalThis)) {
  class NoopObserver {
    observe() {}
    unobserve() {}
    disconnect() {}
    takeRecords() {
      return [];
    }
  }
  Object.defineProperty(globalThis, 'IntersectionObserver', {
    value: NoopObserver,
    writable: true,
    configurable: true,
  });
}
if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    configurable: true,
    value: (query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener() {},
      removeEventListener() {},
      addListener() {},
      removeListener() {},
      dispatchEvent: () => false,
    }),
  });
}
window.scrollTo = () => {};
Element.prototype.scrollIntoView = function scrollIntoView() {};

afterEach(() => {
  cleanup();
  localStorage.clear();
});
