import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { addChatWidget, startChatWidget } from './chat-widget';
import { startParallax } from './parallax';
import { startReadingProgress } from './reading-progress';
import { inPageTarget, startSmoothScroll } from './smooth-scroll';
import { startSpeechStop } from './speech';
import { postSlug, startViewCount } from './view-count';

let stop: AbortController;
beforeEach(() => {
  stop = new AbortController();
});
afterEach(() => {
  stop.abort();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  document.body.innerHTML = '';
  localStorage.clear();
});

describe('page script: smooth scroll', () => {
  it('knows which links point into this page', () => {
    const link = (href: string) => Object.assign(document.createElement('a'), { href });
    expect(inPageTarget(link('#form'), window.location)).toBe('form');
    expect(inPageTarget(link(`${window.location.pathname}#seo`), window.location)).toBe('seo');
    expect(inPageTarget(link('/elsewhere#seo'), window.location)).toBeNull();
    expect(inPageTarget(link(window.location.pathname), window.location)).toBeNull();
  });

  it('scrolls to an in-page target, clears the hash and focuses it; other links go on', () => {
    document.body.innerHTML =
      '<a href="#form">to form</a><a href="#nowhere">missing</a><form id="form"></form>';
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    vi.stubGlobal('matchMedia', () => ({ matches: true })); // reduced motion: the jump is immediate
    startSmoothScroll(document, stop.signal);
    const [toForm, missing] = document.querySelectorAll('a');
    const click = (a: Element | undefined) =>
      a?.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 }));
    expect(click(toForm)).toBe(false); // default prevented
    expect(scrollTo).toHaveBeenCalled();
    return Promise.resolve().then(() => {
      expect(document.activeElement).toBe(document.getElementById('form'));
      expect(click(missing)).toBe(true);
    });
  });
});

describe('page script: view count', () => {
  it('reads the slug from a post path', () => {
    expect(postSlug('/blog/hello-world')).toBe('hello-world');
    expect(postSlug('/how-to-start')).toBe('how-to-start');
    expect(postSlug('/')).toBeNull();
  });

  it('counts the view 200 ms after load and shows the higher count', async () => {
    vi.useFakeTimers();
    window.history.replaceState(null, '', '/blog/hello');
    document.body.innerHTML = '<article class="post"><p class="post__views">7 views</p></article>';
    const fetch = vi.fn(async (_url: string, _init: RequestInit) =>
      Response.json({ data: { views: 12 } }),
    );
    vi.stubGlobal('fetch', fetch);
    startViewCount(document);
    await vi.advanceTimersByTimeAsync(199);
    expect(fetch).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(JSON.parse(String(fetch.mock.calls[0]?.[1]?.body))).toEqual({ slug: 'hello' });
    await vi.waitFor(() =>
      expect(document.querySelector('.post__views')).toHaveTextContent('12 views'),
    );
    window.history.replaceState(null, '', '/');
  });
});

describe('page script: scroll-linked effects', () => {
  beforeEach(() => {
    vi.spyOn(window, 'requestAnimationFrame').mockImplementation((cb) => {
      cb(0);
      return 1;
    });
    Object.defineProperty(window, 'scrollY', { value: 300, configurable: true });
  });
  afterEach(() => {
    Object.defineProperty(window, 'scrollY', { value: 0, configurable: true });
  });

  it('moves a [data-parallax] background by its factor', () => {
    document.body.innerHTML = '<section data-parallax="0.5"></section>';
    const el = document.querySelector('section') as HTMLElement;
    vi.spyOn(el, 'getBoundingClientRect').mockReturnValue(
      DOMRect.fromRect({ x: 0, y: -100, width: 10, height: 600 }),
    );
    startParallax(document, stop.signal);
    // top in the document = -100 + 300 = 200; (300 − 200) × 0.5 = 50.
    expect(el.style.getPropertyValue('--parallax-y')).toBe('50px');
  });

  it('sets the reading bar to the percent scrolled', () => {
    document.body.innerHTML =
      '<div class="reading-progress"><div class="reading-progress__bar" style="width:0%"></div></div>';
    vi.spyOn(document.documentElement, 'scrollHeight', 'get').mockReturnValue(
      window.innerHeight + 600,
    );
    startReadingProgress(document, stop.signal);
    expect(document.querySelector<HTMLElement>('.reading-progress__bar')?.style.width).toBe('50%');
  });
});

describe('page script: leaving and third parties', () => {
  it('cancels speech when the page is hidden away', () => {
    const cancel = vi.fn();
    vi.stubGlobal('speechSynthesis', { cancel });
    startSpeechStop(stop.signal);
    window.dispatchEvent(new Event('pagehide'));
    expect(cancel).toHaveBeenCalledTimes(1);
  });

  it('adds the chat script once, async, and only with a URL', () => {
    addChatWidget(document, undefined);
    expect(document.querySelector('script[data-chat-widget]')).toBeNull();
    startChatWidget(document, 'https://chat.example/w.js');
    addChatWidget(document, 'https://chat.example/w.js');
    const scripts = document.querySelectorAll<HTMLScriptElement>('script[data-chat-widget]');
    expect(scripts).toHaveLength(1);
    expect(scripts[0]?.async).toBe(true);
  });
});
