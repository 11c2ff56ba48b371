// What Lighthouse does not say about a page's images, measured in Chromium (playwright-core):
// the largest paint's image (which file, its type and bytes, how often it was fetched, whether a
// preload went unused), and for every responsive image whether its `sizes` matches the width the
// layout shows it at.
import { chromium } from 'playwright-core';

/** Lighthouse 12's mobile emulation (Moto G Power): the same viewport and density pick the same variant. */
export const LIGHTHOUSE_MOBILE = {
  viewport: { width: 412, height: 823 },
  deviceScaleFactor: 1.75,
  isMobile: true,
  hasTouch: true,
};
/** The two layouts the `sizes` are written for: a phone and a laptop. */
export const LAYOUTS = [
  { name: '375 px', viewport: { width: 375, height: 812 }, deviceScaleFactor: 2, isMobile: true },
  {
    name: '1280 px',
    viewport: { width: 1280, height: 800 },
    deviceScaleFactor: 1,
    isMobile: false,
  },
];

export const launch = () =>
  chromium.launch({ executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium' });

/**
 * The largest contentful paint of `url` under Lighthouse's mobile emulation: its element and image,
 * the image's MIME type and bytes on the wire, and every request of a file from the same image
 * folder (more than one means a variant was fetched twice, or the preload and the page disagreed).
 */
export async function lcpImage(browser, url) {
  const context = await browser.newContext(LIGHTHOUSE_MOBILE);
  const page = await context.newPage();
  const requests = [];
  const warnings = [];
  page.on('request', (r) => requests.push(r.url()));
  page.on('console', (m) => {
    if (/preload/i.test(m.text())) warnings.push(m.text());
  });
  await page.addInitScript(() => {
    window.__lcp = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries())
        window.__lcp.push({ url: e.url, tag: e.element?.tagName ?? null, size: e.size });
    }).observe({ type: 'largest-contentful-paint', buffered: true });
  });
  await page.goto(url, { waitUntil: 'load' });
  // Chrome reports an unused preload a few seconds after load.
  await page.waitForTimeout(3500);
  const result = await page.evaluate(() => {
    const last = window.__lcp[window.__lcp.length - 1] ?? null;
    if (!last?.url) return { lcp: last, resource: null };
    const r = performance.getEntriesByName(last.url)[0];
    return {
      lcp: last,
      resource: r ? { transferSize: r.transferSize, encodedBodySize: r.encodedBodySize } : null,
    };
  });
  let type = null;
  if (result.lcp?.url) {
    const res = await context.request.get(result.lcp.url);
    type = res.headers()['content-type'] ?? null;
  }
  await context.close();
  const folder = result.lcp?.url ? result.lcp.url.replace(/[^/]+$/, '') : null;
  return {
    url: result.lcp?.url ? new URL(result.lcp.url).pathname : null,
    element: result.lcp?.tag ?? null,
    type,
    bytes: result.resource?.encodedBodySize ?? null,
    transferBytes: result.resource?.transferSize ?? null,
    fetchesOfImage: folder
      ? requests.filter((u) => u.startsWith(folder)).map((u) => new URL(u).pathname)
      : [],
    preloadWarnings: warnings,
  };
}

/**
 * Every `<img sizes>` of `url` at each layout: the width the layout shows it at, the width its
 * `sizes` announces (evaluated by the browser itself: the first matching media condition's
 * length, measured on a probe), and the file the browser chose. `reveal` selectors are scrolled
 * into view first, so parts that render late (the home teaser, the related carousel) are there.
 */
export async function sizesCheck(browser, url, { reveal = [], waitFor = [] } = {}) {
  const rows = [];
  for (const layout of LAYOUTS) {
    const context = await browser.newContext(layout);
    const page = await context.newPage();
    await page.goto(url, { waitUntil: 'load' });
    for (const selector of reveal) {
      const el = page.locator(selector).first();
      if ((await el.count()) > 0) await el.scrollIntoViewIfNeeded();
    }
    for (const selector of waitFor)
      await page.waitForSelector(selector, { timeout: 15_000 }).catch(() => {});
    // Let sliders settle on their slide widths.
    await page.waitForTimeout(1000);
    const found = await page.evaluate(() => {
      const probe = document.createElement('div');
      probe.style.cssText = 'position:absolute;visibility:hidden;height:1px;left:0;top:0';
      document.body.appendChild(probe);
      const announced = (sizes) => {
        // Split at the commas between entries (none inside a media condition's parentheses).
        for (const part of sizes.split(/,(?![^(]*\))/)) {
          const m = /^\s*(\(.*\))\s+(\S.*)$/.exec(part);
          const [media, length] = m ? [m[1], m[2]] : [null, part.trim()];
          if (media === null || matchMedia(media).matches) {
            probe.style.width = length;
            return probe.getBoundingClientRect().width;
          }
        }
        return null;
      };
      const out = [...document.querySelectorAll('img[sizes]')].map((img) => {
        const box = img.getBoundingClientRect();
        const places = ['blog-card', 'blog-sidebar', 'post-card', 'related__card', 'post__body'];
        const owner = places.find((p) => img.closest(`.${p}`)) ?? img.className;
        return {
          where: img.classList.contains('post__banner') ? 'post__banner' : owner,
          rendered: Math.round(box.width * 10) / 10,
          announced: announced(img.getAttribute('sizes') ?? ''),
          chosen: img.currentSrc ? new URL(img.currentSrc).pathname.split('/').pop() : null,
        };
      });
      probe.remove();
      return out;
    });
    // One row per kind of place: its images share a layout.
    const seen = new Set();
    for (const r of found) {
      if (seen.has(r.where) || r.rendered === 0) continue;
      seen.add(r.where);
      rows.push({ url: new URL(url).pathname, layout: layout.name, ...r });
    }
    await context.close();
  }
  return rows;
}
