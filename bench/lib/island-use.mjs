// What a public page's script comes to once a visitor has seen and used all of it, measured in
// Chromium under Lighthouse's mobile conditions: the scripts transferred at load, then after
// scrolling to the bottom step by step (each `seen` island hydrates as it nears the viewport) and
// one use of each kind of island on the page (each `used` island hydrates at its first input).
import { LIGHTHOUSE_MOBILE } from './image-checks.mjs';
import { kb, throttle } from './mobile-throttle.mjs';

const USE_TIMEOUT_MS = 10_000;

/**
 * One use of each kind of island, as a visitor would: the island's name → what is done, on the first
 * visible element `target` names inside it: a click, or focus and typing `type`. `noneOnPhone`: why
 * the island shows nothing to use at Lighthouse's phone width (then its absence is no failure).
 */
export const ISLAND_USES = {
  'portfolio-carousel': { what: 'next slide', target: '[aria-label="Next slide"]' },
  // The client logos move on their own; their one control is pause.
  'client-carousel': { what: 'pause the logos', target: '.clients__pause' },
  testimonials: { what: 'next testimonial', target: '[aria-label="Next testimonial"]' },
  'benefit-tabs': { what: 'another tab', target: '[role="tab"][aria-selected="false"]' },
  // On a phone the stepper is a plain list, every step shown: nothing to use there.
  'process-stepper': {
    what: 'another step',
    target: 'button[aria-controls]:not([aria-current])',
    noneOnPhone: 'a plain list on a phone',
  },
  'portfolio-gallery': { what: 'first filter', target: '.portfolio__filter' },
  listen: { what: 'press Listen', target: 'button' },
  'enquiry-form': { what: 'type in the name field', target: 'input[name="name"]', type: 'Hello' },
};

/** Use the island under `root` once; what was done, or why nothing was. */
async function useIsland(root, name) {
  const use = ISLAND_USES[name];
  const done = { island: name, what: use.what };
  const target = root.locator(use.target).filter({ visible: true }).first();
  try {
    if ((await target.count()) === 0) {
      return use.noneOnPhone
        ? { ...done, what: `nothing to use (${use.noneOnPhone})`, ok: true }
        : { ...done, ok: false, error: 'nothing to use shows' };
    }
    if (use.type) {
      await target.focus({ timeout: USE_TIMEOUT_MS });
      await target.pressSequentially(use.type, { delay: 120, timeout: USE_TIMEOUT_MS });
    } else await target.click({ timeout: USE_TIMEOUT_MS });
    return { ...done, ok: true };
  } catch (e) {
    return { ...done, ok: false, error: String(e.message ?? e).split('\n')[0] };
  }
}

/** The names of the page's islands (outermost ones: an island inside another hydrates with it). */
const islandsOf = (page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('[data-island]')]
      .filter((el) => !el.parentElement?.closest('[data-island]'))
      .map((el) => ({ name: el.dataset.deferred, live: el.hasAttribute('data-hydrated') })),
  );

/** Scroll to the bottom a screen at a time, letting the network fall quiet after each step. */
async function scrollToBottom(page, requests) {
  for (let step = 0; step < 80; step++) {
    const atBottom = await page.evaluate(() => {
      const bottom =
        window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 2;
      if (!bottom) window.scrollBy({ top: window.innerHeight * 0.9, behavior: 'instant' });
      return bottom;
    });
    if (atBottom) return step;
    await requests.networkIdle({ quietMs: 500, maxMs: 8000 });
  }
  return 80;
}

/**
 * The script `url` transfers at load (once its network is quiet after the load event), and after
 * a full scroll and one use of each kind of island on it; the uses made and whether each island
 * went live.
 */
export async function scriptAfterUse(browser, url) {
  const context = await browser.newContext(LIGHTHOUSE_MOBILE);
  const page = await context.newPage();
  try {
    const requests = await throttle(page);
    await page.goto(url, { waitUntil: 'load', timeout: 60_000 });
    await requests.networkIdle({ quietMs: 1000, maxMs: 15_000 });
    const atLoad = requests.scriptBytes();
    const scrollSteps = await scrollToBottom(page, requests);
    const uses = [];
    const done = new Set();
    for (const { name } of await islandsOf(page)) {
      if (!ISLAND_USES[name] || done.has(name)) continue;
      done.add(name);
      uses.push(
        await useIsland(page.locator(`[data-deferred="${name}"][data-island]`).first(), name),
      );
      await requests.networkIdle({ quietMs: 500, maxMs: 8000 });
    }
    await requests.networkIdle({ quietMs: 1000, maxMs: 15_000 });
    const islands = await islandsOf(page);
    const scripts = requests.scripts();
    return {
      atLoadKb: kb(atLoad),
      afterUseKb: kb(requests.scriptBytes()),
      scripts: scripts.map((s) => ({ path: s.path, kb: kb(s.bytes) })),
      // A script that failed (a 404, a refused MIME type) leaves the page without what it brings.
      failedScripts: scripts
        .filter((s) => s.failed || s.status >= 400)
        .map((s) => `${s.path} (${s.status})`),
      scrollSteps,
      uses,
      islands: islands.length,
      liveIslands: islands.filter((i) => i.live).length,
      notLive: islands.filter((i) => !i.live).map((i) => i.name),
    };
  } finally {
    await context.close();
  }
}
