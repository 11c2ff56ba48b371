// Interaction to Next Paint of a visitor's first uses of a page, measured by Google's web-vitals
// library in Chromium on a phone-sized screen with the CPU 4× slower and Lighthouse's slow 4G: each
// interaction on a fresh page load, made once the page has loaded and (for an island that wakes by
// itself) once the island is live, as a visitor who reads before acting would.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { LAYOUTS } from './image-checks.mjs';
import { throttle } from './mobile-throttle.mjs';

const require = createRequire(import.meta.url);
/**
 * web-vitals' script build (a `var webVitals`), with the attribution of each interaction, made a
 * global: playwright runs an init script inside a function of its own. The package exports its
 * module builds only, so the file is found beside them.
 */
const WEB_VITALS = `${readFileSync(
  join(dirname(require.resolve('web-vitals/attribution')), 'web-vitals.attribution.iife.js'),
  'utf8',
)}\nwindow.webVitals = webVitals;`;

const island = (name) => `[data-deferred="${name}"][data-island]`;
const FAQ_CLOSED = 'details.faq__item:not([open]) > summary';

/** The interactions measured: where, and what the visitor does. */
export const INP_CASES = [
  {
    name: 'open the mobile menu',
    route: '/',
    act: (page) => page.locator('.nav-toggle').click(),
  },
  {
    name: 'type "Hello" in the enquiry form',
    route: '/contact',
    // The form wakes at this first input: its hydration is part of what the visitor waits for.
    act: async (page) => {
      const field = page.locator(`${island('enquiry-form')} input[name="name"]`).first();
      await field.click();
      await field.pressSequentially('Hello', { delay: 150 });
    },
  },
  {
    // The hero is plain script (page-script/hero-carousel.ts): no island to wait for.
    name: 'move the hero carousel',
    route: '/',
    act: (page) => page.locator('section.hero [aria-label="Next slide"]').click(),
  },
  {
    // The FAQ is the browser's own <details>: no island to wait for, only the scroll to it.
    name: 'open an FAQ entry',
    route: '/',
    scrollTo: FAQ_CLOSED,
    act: (page) => page.locator(FAQ_CLOSED).first().click(),
  },
];

/**
 * The page's INP after `interaction` on a fresh load of `base` + its route: the worst interaction's
 * latency in ms with web-vitals' breakdown of it, or null when none was reported.
 */
export async function measureInp(browser, base, interaction) {
  const context = await browser.newContext(LAYOUTS[0]);
  const page = await context.newPage();
  try {
    // Init scripts run before the page's own, whatever its Content-Security-Policy says.
    await page.addInitScript({ content: WEB_VITALS });
    await page.addInitScript(() => {
      window.__inp = [];
      window.webVitals.onINP((m) => window.__inp.push(m), {
        reportAllChanges: true,
        // Every interaction longer than a frame, not only those over web-vitals' default 40 ms.
        durationThreshold: 16,
      });
    });
    const requests = await throttle(page);
    await page.goto(`${base}${interaction.route}`, { waitUntil: 'load', timeout: 60_000 });
    await requests.networkIdle({ quietMs: 1000, maxMs: 15_000 });
    let live = null;
    if (interaction.waitFor) {
      const root = page.locator(island(interaction.waitFor)).first();
      // The island's root is `display: contents`: what it shows is its children.
      await root.locator(':scope > *').first().scrollIntoViewIfNeeded();
      live = await root
        .and(page.locator('[data-hydrated]'))
        .waitFor({ state: 'attached', timeout: 20_000 })
        .then(
          () => true,
          () => false,
        );
      await requests.networkIdle({ quietMs: 1000, maxMs: 15_000 });
    } else if (interaction.scrollTo) {
      // What comes into view with it (islands that wake when seen) settles before the interaction.
      await page.locator(interaction.scrollTo).first().scrollIntoViewIfNeeded();
      await requests.networkIdle({ quietMs: 1000, maxMs: 15_000 });
    }
    await interaction.act(page);
    // web-vitals reports from an idle callback after the interaction's next paint.
    const reported = await page
      .waitForFunction(() => window.__inp.length > 0, null, { timeout: 10_000 })
      .then(
        () => true,
        () => false,
      );
    await page.waitForTimeout(1000);
    const metric = reported
      ? await page.evaluate(() => {
          const m = window.__inp[window.__inp.length - 1];
          const a = m.attribution ?? {};
          return {
            inpMs: Math.round(m.value),
            target: a.interactionTarget ?? null,
            type: a.interactionType ?? null,
            inputDelayMs: Math.round(a.inputDelay ?? 0),
            processingMs: Math.round(a.processingDuration ?? 0),
            presentationMs: Math.round(a.presentationDelay ?? 0),
          };
        })
      : null;
    return { ...(metric ?? { inpMs: null }), islandLive: live };
  } finally {
    await context.close();
  }
}
