// Public pages as islands, as they look: /, /contact, /blog and a post at 375 and 1280 px, at the
// top and scrolled, with JavaScript off and on, into artifacts/islands/ (islands.test.mjs takes
// them), so anyone can compare the server's HTML alone with the page once its scripts have run.
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PERSON_UA, artifacts, shot } from './lib.mjs';

export const ISLAND_SHOTS_DIR = 'islands';
const HEIGHT = { 375: 740, 1280: 800 };
/** The scroll reveal's fade (1200 ms after a 200 ms delay, shared TIMINGS) and a frame or two. */
const REVEAL_SETTLE_MS = 1600;

const nameOf = (path) => (path === '/' ? 'home' : path.replace(/^\//, '').replace(/\//g, '_'));

/** A browser context at `width`, with or without JavaScript, recording the page's errors. */
export async function openPublicPage(browser, width, { javaScript = true } = {}) {
  const context = await browser.newContext({
    viewport: { width, height: HEIGHT[width] ?? 800 },
    javaScriptEnabled: javaScript,
    userAgent: PERSON_UA,
  });
  const page = await context.newPage();
  page.problems = [];
  page.on('pageerror', (e) => page.problems.push(`pageerror: ${e.message}`));
  return page;
}

/**
 * Shoots each path at each width, top and scrolled (by a mouse wheel, as a person scrolls), with
 * JavaScript off and on; fails when a page does not answer 200, shows no heading, does not scroll
 * or throws. Returns the screenshots' names (PNG files under artifacts/).
 */
export async function shootIslands(browser, base, paths, widths = [375, 1280]) {
  mkdirSync(join(artifacts, ISLAND_SHOTS_DIR), { recursive: true });
  const names = [];
  for (const javaScript of [false, true])
    for (const width of widths)
      for (const path of paths) {
        const page = await openPublicPage(browser, width, { javaScript });
        const res = await page.goto(base + path, { waitUntil: 'load' });
        assert.equal(res?.status(), 200, `${path} answered ${res?.status()}`);
        await page.locator('h1').first().waitFor({ state: 'visible' });
        const name = `${ISLAND_SHOTS_DIR}/${javaScript ? 'js' : 'nojs'}-${nameOf(path)}-${width}`;
        await shot(page, `${name}-top`);
        await page.mouse.move(width / 2, HEIGHT[width] / 2);
        // As a person does when the page did not move, the wheel turns again (three times at
        // most): a full CI run saw one turn do nothing on a busy machine.
        let scrolled = false;
        for (let turn = 0; turn < 3 && !scrolled; turn++) {
          await page.mouse.wheel(0, HEIGHT[width] * 1.5);
          scrolled = await page
            .waitForFunction(() => window.scrollY > 0, null, { timeout: 2500 })
            .then(
              () => true,
              () => false,
            );
        }
        assert.ok(scrolled, `${name}: the page does not scroll`);
        if (javaScript) await page.waitForTimeout(REVEAL_SETTLE_MS);
        await shot(page, `${name}-scrolled`);
        assert.deepEqual(page.problems, [], `${name}: ${page.problems.join('\n')}`);
        names.push(`${name}-top`, `${name}-scrolled`);
        await page.context().close();
      }
  return names;
}
