import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { collectBody } from '@agency/shared';

type Beacon = typeof import('./beacon');

/** Each test a fresh page load: the module's state starts anew. */
async function loadBeacon(): Promise<Beacon> {
  vi.resetModules();
  return import('./beacon');
}

/** What the beacon sent, parsed, each checked against the contract's body. */
let sent: { url: string; hit: Record<string, unknown> }[] = [];

function setVisibility(state: 'visible' | 'hidden'): void {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
  document.dispatchEvent(new Event('visibilitychange'));
}

/** Listeners the beacon added, removed after each test as a new page load would drop them. */
let added: [EventTarget, string, EventListenerOrEventListenerObject][] = [];

beforeEach(() => {
  sent = [];
  added = [];
  for (const target of [window, document]) {
    const add = target.addEventListener.bind(target);
    vi.spyOn(target, 'addEventListener').mockImplementation((type, listener, options) => {
      if (listener) added.push([target, type, listener]);
      add(type, listener, options);
    });
  }
  vi.stubGlobal('navigator', {
    ...window.navigator,
    doNotTrack: null,
    webdriver: false,
    sendBeacon: (url: string, body: string) => {
      const hit: unknown = JSON.parse(body);
      expect(collectBody.safeParse(hit).success).toBe(true);
      if (typeof hit === 'object' && hit !== null) sent.push({ url, hit: { ...hit } });
      return true;
    },
  });
  Object.defineProperty(document, 'visibilityState', {
    configurable: true,
    get: () => 'visible',
  });
  Object.defineProperty(document, 'referrer', {
    configurable: true,
    get: () => 'https://news.example.org/issue-4',
  });
  window.history.replaceState(
    null,
    '',
    '/services?utm_source=newsletter&utm_campaign=spring&gclid=x1',
  );
  vi.useFakeTimers({ toFake: ['performance', 'Date'] });
});

afterEach(() => {
  for (const [target, type, listener] of added) target.removeEventListener(type, listener);
  vi.restoreAllMocks();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  Reflect.deleteProperty(document, 'prerendering');
});

describe('the beacon', () => {
  it('sends a view of the page load with its campaign, click id name, external referrer and viewport', async () => {
    const { startBeacon } = await loadBeacon();
    startBeacon();
    expect(sent).toEqual([
      {
        url: '/api/collect',
        hit: {
          kind: 'view',
          path: '/services',
          referrer: 'https://news.example.org/issue-4',
          utm_source: 'newsletter',
          utm_campaign: 'spring',
          click_id: 'gclid',
          viewport: window.innerWidth < 640 ? 's' : window.innerWidth < 1024 ? 'm' : 'l',
          automated: false,
        },
      },
    ]);
  });

  it('ends a page on client navigation with the time it was visible, and views the next without the referrer', async () => {
    const { startBeacon, pageView } = await loadBeacon();
    startBeacon();
    vi.advanceTimersByTime(4000);
    window.history.pushState(null, '', '/about');
    pageView('/about');
    // The same path again (a hash or a query change) is not a new view.
    pageView('/about');
    expect(sent.map((s) => s.hit)).toEqual([
      expect.objectContaining({ kind: 'view', path: '/services' }),
      { kind: 'end', path: '/services', duration_ms: 4000 },
      { kind: 'view', path: '/about', viewport: expect.any(String), automated: false },
    ]);
  });

  it('counts only visible time: hiding the tab ends the page, pagehide after it sends nothing more', async () => {
    const { startBeacon } = await loadBeacon();
    startBeacon();
    vi.advanceTimersByTime(1500);
    setVisibility('hidden');
    vi.advanceTimersByTime(60_000);
    setVisibility('visible');
    vi.advanceTimersByTime(500);
    setVisibility('hidden');
    window.dispatchEvent(new Event('pagehide'));
    expect(sent.slice(1).map((s) => s.hit)).toEqual([
      { kind: 'end', path: '/services', duration_ms: 1500 },
      { kind: 'end', path: '/services', duration_ms: 500 },
    ]);
  });

  it('never counts staff pages or the sign-in page', async () => {
    window.history.replaceState(null, '', '/admin/analytics');
    const { startBeacon, pageView } = await loadBeacon();
    startBeacon();
    pageView('/creative-login');
    vi.advanceTimersByTime(1000);
    pageView('/admin/leads/3');
    expect(sent).toEqual([]);
    pageView('/blog');
    expect(sent.map((s) => s.hit)).toEqual([
      expect.objectContaining({ kind: 'view', path: '/blog' }),
    ]);
  });

  it('sends nothing under Do Not Track or Global Privacy Control', async () => {
    for (const refusal of [{ doNotTrack: '1' }, { globalPrivacyControl: true }]) {
      vi.stubGlobal('navigator', {
        ...window.navigator,
        sendBeacon: () => sent.push({ url: '', hit: {} }),
        ...refusal,
      });
      const { startBeacon, pageView } = await loadBeacon();
      startBeacon();
      pageView('/about');
      window.dispatchEvent(new Event('pagehide'));
    }
    expect(sent).toEqual([]);
  });

  it('waits for a prerendered page to be shown', async () => {
    Object.defineProperty(document, 'prerendering', { configurable: true, value: true });
    const { startBeacon, pageView } = await loadBeacon();
    startBeacon();
    // The app hydrates meanwhile and reports its first location.
    pageView('/services');
    expect(sent).toEqual([]);
    Object.defineProperty(document, 'prerendering', { configurable: true, value: false });
    document.dispatchEvent(new Event('prerenderingchange'));
    expect(sent.map((s) => s.hit.path)).toEqual(['/services']);
  });

  it('falls back to fetch with keepalive when sendBeacon refuses', async () => {
    const fetched: RequestInit[] = [];
    vi.stubGlobal('navigator', { ...window.navigator, sendBeacon: () => false });
    vi.stubGlobal('fetch', (_url: string, init: RequestInit) => {
      fetched.push(init);
      return Promise.resolve(new Response(null, { status: 202 }));
    });
    const { startBeacon } = await loadBeacon();
    startBeacon();
    expect(fetched).toHaveLength(1);
    expect(fetched[0]).toMatchObject({ method: 'POST', keepalive: true });
  });
});
