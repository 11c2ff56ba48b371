import { afterEach, describe, expect, it } from 'vitest';
import { startApp } from './boot';

afterEach(() => {
  document.head.innerHTML = '';
});

describe('boot', () => {
  it('requests the entry as a module script and every other listed chunk as a modulepreload', () => {
    startApp(['/assets/index.js', '/assets/framework.js', '/assets/home-page.js']);
    const preloads = Array.from(
      document.head.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]'),
      (l) => l.getAttribute('href'),
    );
    expect(preloads).toEqual(['/assets/framework.js', '/assets/home-page.js']);
    const scripts = document.head.querySelectorAll<HTMLScriptElement>('script[type="module"]');
    expect(scripts).toHaveLength(1);
    expect(scripts[0]?.getAttribute('src')).toBe('/assets/index.js');
  });

  it('reads the list from the page and does nothing without one', () => {
    startApp();
    expect(document.head.children).toHaveLength(0);
    document.head.innerHTML =
      '<script type="application/json" id="app-modules">["/assets/index.js"]</script>';
    startApp();
    expect(document.head.querySelector('script[type="module"]')?.getAttribute('src')).toBe(
      '/assets/index.js',
    );
  });
});
