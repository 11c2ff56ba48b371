import { vi } from 'vitest';

/**
 * An IntersectionObserver the test drives: `show()` reports every observed element as visible,
 * `hide()` as out of view.
 */
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
  const report = (isIntersecting: boolean) => {
    for (const o of observers)
      if (o.targets.length > 0)
        o.callback(
          o.targets.map((target) => ({ target, isIntersecting }) as IntersectionObserverEntry),
          o as unknown as IntersectionObserver,
        );
  };
  return {
    observed: () => observers.flatMap((o) => o.targets),
    show: () => report(true),
    hide: () => report(false),
  };
}
