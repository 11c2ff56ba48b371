import { vi } from 'vitest';

/** An IntersectionObserver the test drives: `show()` reports every observed element as visible. */
export function installObserver() {
  const observers: { callback: IntersectionObserverCallback; targets: Element[] }[] = [];
  class FakeObserver {
    targets: Element[] = [];
    constructor(public callback: IntersectionObserverCallback) {
      observers.push(this);
    }
    observe(target: Element) {
      this.targets.push(target);
    }
    unobserve() {}
    disconnect() {
      this.targets = [];
    }
    takeRecords() {
      return [];
    }
  }
  vi.stubGlobal('IntersectionObserver', FakeObserver);
  return {
    observed: () => observers.flatMap((o) => o.targets),
    show: () => {
      for (const o of observers)
        o.callback(
          o.targets.map(
            (target) => ({ target, isIntersecting: true }) as IntersectionObserverEntry,
          ),
          o as unknown as IntersectionObserver,
        );
    },
  };
}
