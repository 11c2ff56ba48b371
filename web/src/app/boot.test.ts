import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterLargestImage, LCP_IMAGE_WAIT_MS, startApp } from './boot';

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

  it('starts the app once the high-priority image has loaded, failed, or after the wait, and only once', () => {
    vi.useFakeTimers();
    try {
      const root = document.createElement('div');
      root.innerHTML = '<picture><img fetchpriority="high" src="/media/a.avif" alt=""></picture>';
      const img = root.querySelector('img') as HTMLImageElement;
      // jsdom never loads images: `complete` stays what the test says.
      Object.defineProperty(img, 'complete', { value: false });
      let starts = 0;
      afterLargestImage(() => starts++, root);
      expect(starts).toBe(0);
      img.dispatchEvent(new Event('load'));
      expect(starts).toBe(1);
      img.dispatchEvent(new Event('error'));
      vi.advanceTimersByTime(LCP_IMAGE_WAIT_MS);
      expect(starts).toBe(1);

      let late = 0;
      const other = root.cloneNode(true) as HTMLElement;
      Object.defineProperty(other.querySelector('img'), 'complete', { value: false });
      afterLargestImage(() => late++, other);
      vi.advanceTimersByTime(LCP_IMAGE_WAIT_MS - 1);
      expect(late).toBe(0);
      vi.advanceTimersByTime(1);
      expect(late).toBe(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('starts at once when the page has no high-priority image or it has already loaded', () => {
    let starts = 0;
    const root = document.createElement('div');
    afterLargestImage(() => starts++, root);
    root.innerHTML = '<img fetchpriority="high" src="/a.jpg" alt="">';
    Object.defineProperty(root.querySelector('img'), 'complete', { value: true });
    afterLargestImage(() => starts++, root);
    expect(starts).toBe(2);
  });

  it('records where the visit arrived on a page it boots, before the app starts', async () => {
    window.history.replaceState(null, '', '/services?utm_source=newsletter');
    document.head.innerHTML = '<script type="application/json" id="app-modules">[]</script>';
    vi.resetModules();
    try {
      await import('./boot');
      const { readVisitSource } = await import('../lib/visit-source');
      // The boot script writes it in the task after its own (lib/next-task.ts): whether that task
      // has run when the imports resolve depends on how fast they load.
      await new Promise<void>((done) => setTimeout(done, 0));
      expect(readVisitSource()).toEqual({
        landing_page: '/services?utm_source=newsletter',
        utm_source: 'newsletter',
      });
    } finally {
      // The import scheduled the app's start for the frame after the next: let it run while the
      // document still exists, or it fires after this file's environment is torn down.
      await new Promise<void>((done) => requestAnimationFrame(() => setTimeout(done, 0)));
      await new Promise<void>((done) => setTimeout(done, 0));
      sessionStorage.clear();
      window.history.replaceState(null, '', '/');
    }
  });

  it('lets a click on a static part (an FAQ question) through at once, while the largest image still loads', async () => {
    window.history.replaceState(null, '', '/');
    document.head.innerHTML = '<script type="application/json" id="app-modules">[]</script>';
    // A public page rendered for `/` whose largest image is still loading: islands wait for it.
    document.body.innerHTML = `<div id="root" data-path="/"><img fetchpriority="high" src="/x.avif" alt="">
      <div class="deferred" data-deferred="faq-group"><details name="faq"><summary>Why?</summary><p>Because.</p></details></div>
      <div class="deferred" data-deferred="enquiry-form" data-island="used" data-props="{}"><button type="button">Send</button></div></div>`;
    vi.resetModules();
    try {
      await import('./boot');
      const question = document.querySelector('summary') as HTMLElement;
      const click = new MouseEvent('click', { bubbles: true, cancelable: true });
      question.dispatchEvent(click);
      expect(click.defaultPrevented).toBe(false);
      // An island's control is still held until its island is live.
      const send = new MouseEvent('click', { bubbles: true, cancelable: true });
      (document.querySelector('button') as HTMLElement).dispatchEvent(send);
      expect(send.defaultPrevented).toBe(true);
    } finally {
      document.body.innerHTML = '';
      await new Promise<void>((done) => setTimeout(done, 0));
      sessionStorage.clear();
    }
  });
});
