import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { easeInOutCubic, scrollToElement } from './scroll';

/** The form's top as laid out (jsdom lays nothing out); drawn 40 px lower, as mid-reveal. */
function placeForm(top: number): void {
  const form = document.getElementById('contact-form');
  if (!form) return;
  Object.defineProperty(form, 'offsetTop', { configurable: true, value: top });
  vi.spyOn(form, 'getBoundingClientRect').mockReturnValue(new DOMRect(0, top + 40, 100, 100));
}

function mockReducedMotion(reduce: boolean): void {
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({
      matches: reduce && query.includes('reduce'),
      media: query,
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
    })),
  );
}

describe('scrollToElement', () => {
  let frames: FrameRequestCallback[] = [];
  let scrollTo = vi.fn<(x: number, y: number) => void>();

  beforeEach(() => {
    frames = [];
    vi.stubGlobal('requestAnimationFrame', (cb: FrameRequestCallback) => frames.push(cb));
    scrollTo = vi.fn<(x: number, y: number) => void>();
    vi.spyOn(window, 'scrollTo').mockImplementation((x?: unknown, y?: unknown) => {
      scrollTo(Number(x), Number(y));
    });
    document.body.innerHTML = '<div id="contact-form">form</div>';
    placeForm(800);
    window.history.replaceState(
      { usr: null, key: 'k1', idx: 0 },
      '',
      '/seo-company-in-chennai?x=1#contact-form',
    );
  });

  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    document.body.innerHTML = '';
  });

  function runFrame(time: number): void {
    const pending = frames;
    frames = [];
    for (const cb of pending) cb(time);
  }

  it('animates over the duration with easing, ends on the element and then clears the hash', async () => {
    mockReducedMotion(false);
    const done = scrollToElement('contact-form', 1000);
    runFrame(0);
    runFrame(500);
    expect(window.location.hash).toBe('#contact-form');
    runFrame(1000);
    await expect(done).resolves.toBe(true);

    const ys = scrollTo.mock.calls.map((call) => call[1]);
    expect(ys).toEqual([0, 400, 800]);
    expect(window.location.hash).toBe('');
    expect(window.location.pathname + window.location.search).toBe('/seo-company-in-chennai?x=1');
    // The router's history state survives the hash clean-up.
    expect(window.history.state).toEqual({ usr: null, key: 'k1', idx: 0 });
  });

  it('ends on the element when the page above it changes height during the scroll', async () => {
    mockReducedMotion(false);
    const done = scrollToElement('contact-form', 1000);
    runFrame(0);
    runFrame(500);
    // Sections passed on the way are drawn for the first time and turn out 400 px taller.
    placeForm(1200);
    runFrame(750);
    runFrame(1000);
    await expect(done).resolves.toBe(true);

    const ys = scrollTo.mock.calls.map((call) => call[1]);
    expect(ys[1]).toBe(400);
    expect(ys[2]).toBeCloseTo(1200 * easeInOutCubic(0.75));
    expect(ys.at(-1)).toBe(1200);
  });

  it('jumps straight there when the visitor prefers reduced motion', async () => {
    mockReducedMotion(true);
    await expect(scrollToElement('contact-form')).resolves.toBe(true);
    expect(scrollTo).toHaveBeenCalledTimes(1);
    expect(scrollTo).toHaveBeenCalledWith(0, 800);
    expect(frames).toHaveLength(0);
    expect(window.location.hash).toBe('');
  });

  it('keeps a header offset free above the target', async () => {
    mockReducedMotion(true);
    await scrollToElement('contact-form', 1000, { offset: 100 });
    expect(scrollTo).toHaveBeenCalledWith(0, 700);
  });

  it("honours the target's CSS scroll-margin-top by default", async () => {
    mockReducedMotion(true);
    document.getElementById('contact-form')?.style.setProperty('scroll-margin-top', '90px');
    await scrollToElement('contact-form');
    expect(scrollTo).toHaveBeenCalledWith(0, 710);
  });

  it("adds the page's scroll-padding-top, as the browser does for an anchor followed without script", async () => {
    mockReducedMotion(true);
    document.documentElement.style.setProperty('scroll-padding-top', '88px');
    document.getElementById('contact-form')?.style.setProperty('scroll-margin-top', '10px');
    await scrollToElement('contact-form');
    document.documentElement.style.removeProperty('scroll-padding-top');
    expect(scrollTo).toHaveBeenCalledWith(0, 702);
  });

  it('does nothing for an unknown id', async () => {
    mockReducedMotion(false);
    await expect(scrollToElement('missing')).resolves.toBe(false);
    expect(scrollTo).not.toHaveBeenCalled();
    expect(window.location.hash).toBe('#contact-form');
  });
});

describe('easeInOutCubic', () => {
  it('starts at 0, is symmetric at the middle and ends at 1', () => {
    expect(easeInOutCubic(0)).toBe(0);
    expect(easeInOutCubic(0.5)).toBe(0.5);
    expect(easeInOutCubic(1)).toBe(1);
    expect(easeInOutCubic(0.25)).toBeLessThan(0.25);
  });
});
