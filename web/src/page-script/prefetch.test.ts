import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startPrefetch } from './prefetch';

let stop: AbortController;
beforeEach(() => {
  stop = new AbortController();
  window.history.replaceState(null, '', '/about');
});
afterEach(() => {
  stop.abort();
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
  document.head.innerHTML = '';
});

const prefetched = (): string[] =>
  [...document.head.querySelectorAll('link[rel="prefetch"]')].map(
    (l) => (l as HTMLLinkElement).href,
  );

/** A link in the page, pointed at (pointerenter, as the browser sends it: no bubbling). */
function point(html: string, event: 'pointerenter' | 'focus' | 'touchstart' = 'pointerenter') {
  document.body.innerHTML = html;
  const link = document.body.querySelector('a');
  if (!link) throw new Error('no link');
  link.dispatchEvent(new Event(event, { bubbles: event === 'touchstart' }));
}

describe('page script: hover prefetch where Speculation Rules are missing', () => {
  it('prefetches a same-origin page once, on pointer, focus or touch', () => {
    startPrefetch(document, stop.signal);
    point('<a href="/contact"><span>Contact</span></a>');
    point('<a href="/contact#form">Contact</a>', 'focus');
    point('<a href="/blog?page=2">More posts</a>', 'touchstart');
    expect(prefetched()).toEqual([`${location.origin}/contact`, `${location.origin}/blog?page=2`]);
  });

  it('leaves alone what the rules leave alone', () => {
    startPrefetch(document, stop.signal);
    for (const html of [
      '<a href="/admin/leads">Leads</a>',
      '<a href="/admin">Admin</a>',
      '<a href="/creative-login">Sign in</a>',
      '<a href="/api/user/post/list">API</a>',
      '<a href="/rss.xml">Feed</a>',
      '<a href="/brochure.pdf">Brochure</a>',
      '<a href="/media/images/x/960.webp">Picture</a>',
      '<a href="https://elsewhere.example/">Elsewhere</a>',
      '<a href="/contact" rel="nofollow">Contact</a>',
      '<a href="/contact" target="_blank">Contact</a>',
      '<a href="/contact" download>Contact</a>',
      '<a href="/about#team">This page</a>',
    ])
      point(html);
    expect(prefetched()).toEqual([]);
  });

  it('does nothing where the browser prerenders from the rules itself', () => {
    // jsdom has no HTMLScriptElement.supports; Chromium's answers true for speculationrules.
    Object.defineProperty(HTMLScriptElement, 'supports', {
      value: (type: string) => type === 'speculationrules',
      configurable: true,
    });
    try {
      startPrefetch(document, stop.signal);
      point('<a href="/contact">Contact</a>');
      expect(prefetched()).toEqual([]);
    } finally {
      Reflect.deleteProperty(HTMLScriptElement, 'supports');
    }
  });

  it('stops with its signal', () => {
    startPrefetch(document, stop.signal);
    stop.abort();
    point('<a href="/contact">Contact</a>');
    expect(prefetched()).toEqual([]);
  });
});
