// npm run test:e2e — the page editor's keyboard and layout (issue 33, items 13 and 19), at 375 and
// 1280 px on the real local stack: Up on the first block and Down on the last look disabled (grey,
// not the accent), the action bar stays in view after scrolling to the end, the outline moves the
// focus to the tenth block in two presses, removing a block leaves its Undo where the block was
// (the scroll does not jump to the top), Ctrl+Z / Ctrl+Shift+Z / Ctrl+Y and the bar's buttons undo
// and redo a move, and the preview shows beside the form in a frame only the preview route allows
// (its headers SAMEORIGIN, every other admin page DENY). Shots artifacts/shots/page-editor-*.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import {
  WIDTHS,
  adminToken,
  artifacts,
  login,
  noProblems,
  openPage,
  settled,
  startForFile,
} from './lib.mjs';

let browser;
let base;
startForFile((started) => ({ browser, base } = started));

async function shots(page, name) {
  const dir = join(artifacts, 'shots');
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: join(dir, `${name}.png`), fullPage: false });
}

/** The page with the most blocks (at least ten). */
async function longestPage() {
  const token = await adminToken(base);
  const get = async (path) => {
    const res = await fetch(`${base}${path}`, { headers: { authorization: `Bearer ${token}` } });
    assert.equal(res.status, 200, `${path} answered ${res.status}`);
    return (await res.json()).data;
  };
  let best = null;
  for (const { path } of await get('/api/user/pages')) {
    const page = await get(`/api/user/page?path=${encodeURIComponent(path)}`);
    if (!best || page.blocks.length > best.blocks.length) best = page;
  }
  assert.ok(best && best.blocks.length >= 10, 'no page has ten blocks');
  return best;
}

/** The block types in the order the cards show them. */
const order = (page) =>
  page.locator('.block-card__type').evaluateAll((els) => els.map((e) => e.textContent));

describe('page editor', () => {
  it('greys out Up/Down that cannot act, keeps its bar in view, jumps by outline, keeps the place on remove, undoes and redoes, previews beside the form', async () => {
    const target = await longestPage();
    const editorUrl = `${base}/admin/pages/edit?path=${encodeURIComponent(target.path)}`;

    // Only the preview route may be framed, and only by the site itself.
    const preview = await fetch(
      `${base}/admin/pages/preview?path=${encodeURIComponent(target.path)}`,
    );
    assert.equal(preview.headers.get('x-frame-options'), 'SAMEORIGIN');
    assert.match(preview.headers.get('content-security-policy') ?? '', /frame-ancestors 'self'/);
    for (const path of ['/admin/pages/edit', '/admin', '/', '/about']) {
      const res = await fetch(`${base}${path}`);
      assert.equal(res.headers.get('x-frame-options'), 'DENY', path);
      assert.match(
        res.headers.get('content-security-policy') ?? '',
        /frame-ancestors 'none'/,
        path,
      );
    }

    for (const width of WIDTHS) {
      const page = await openPage(browser, width);
      await login(page, base);
      await page.goto(editorUrl, { waitUntil: 'networkidle' });
      const cards = page.locator('.block-card');
      await cards.first().waitFor();
      // The cookie note would cover the bar in the shots.
      const ok = page.getByRole('button', { name: 'OK', exact: true });
      if (await ok.isVisible()) await ok.click();

      const fits = async (when) => {
        const [scroll, inner, wide] = await page.evaluate(() => [
          document.documentElement.scrollWidth,
          window.innerWidth,
          [...document.querySelectorAll('main *')]
            .filter((e) => e.getBoundingClientRect().right > window.innerWidth + 1)
            .slice(0, 4)
            .map(
              (e) => `${e.tagName}.${e.className} ${Math.round(e.getBoundingClientRect().right)}`,
            ),
        ]);
        assert.ok(scroll <= inner, `${when}: the page is ${scroll} px wide in ${inner}: ${wide}`);
      };
      await fits('loaded');

      // Up on the first block and Down on the last: disabled, and drawn grey, not as the enabled ones.
      const firstUp = cards.first().getByRole('button', { name: /^Move .* up$/ });
      const firstDown = cards.first().getByRole('button', { name: /^Move .* down$/ });
      assert.equal(await firstUp.isDisabled(), true);
      assert.equal(await cards.last().getByRole('button', { name: /down$/ }).isDisabled(), true);
      const look = (l) =>
        l.evaluate((e) => {
          const s = getComputedStyle(e);
          return `${s.color} ${s.borderTopColor} ${s.cursor}`;
        });
      const [off, on] = [await look(firstUp), await look(firstDown)];
      assert.notEqual(off, on, 'a disabled Up looks like an enabled Down');
      assert.match(off, /not-allowed/);
      await firstUp.scrollIntoViewIfNeeded();
      await shots(page, `page-editor-disabled-${width}`);

      // The action bar is still on screen at the end of the page.
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      const bar = page.getByRole('group', { name: 'Page actions' });
      const box = await bar.boundingBox();
      const viewport = page.viewportSize();
      assert.ok(box && box.y >= -1 && box.y + box.height <= viewport.height, `bar at ${box?.y}`);
      assert.ok(await bar.getByRole('button', { name: 'Save draft' }).isVisible());
      await shots(page, `page-editor-bar-${width}`);

      // The outline: two presses from it to the tenth block.
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.getByText(/^Jump to a block \(\d+\)$/).click();
      await fits('outline open');
      await page.getByRole('button', { name: /^10\. / }).click();
      const tenth = cards.nth(9).locator('.block-card__toggle');
      assert.equal(await tenth.evaluate((e) => e === document.activeElement), true);
      const tenthBox = await tenth.boundingBox();
      assert.ok(
        tenthBox && tenthBox.y >= 0 && tenthBox.y < viewport.height,
        'the tenth block is off screen',
      );
      await shots(page, `page-editor-outline-${width}`);

      // Removing the sixth block: Undo takes its place, the view stays there.
      const before = await order(page);
      const sixth = cards.nth(5);
      await sixth.scrollIntoViewIfNeeded();
      const scrolled = await page.evaluate(() => window.scrollY);
      await sixth.getByRole('button', { name: /^Remove / }).click();
      const undoNote = page.locator('#block-undo');
      assert.equal(await undoNote.evaluate((e) => e === document.activeElement), true);
      const after = await page.evaluate(() => window.scrollY);
      assert.ok(Math.abs(after - scrolled) < 400, `the view jumped from ${scrolled} to ${after}`);
      assert.ok(after > 200, 'the view went back to the top');
      assert.deepEqual(await order(page), [...before.slice(0, 5), ...before.slice(6)]);
      await shots(page, `page-editor-removed-${width}`);
      await undoNote.click();
      assert.deepEqual(await order(page), before);

      // Undo and redo: a move taken back with Ctrl+Z on the button, again with Ctrl+Shift+Z,
      // back with the bar's Undo, again with Ctrl+Y.
      const down = cards.nth(3).getByRole('button', { name: /^Move .* down$/ });
      await down.click();
      const moved = await order(page);
      assert.notDeepEqual(moved, before);
      await page.keyboard.press('Control+z');
      assert.deepEqual(
        await settled(async () => JSON.stringify(await order(page)), JSON.stringify(before)),
        JSON.stringify(before),
      );
      await page.keyboard.press('Control+Shift+z');
      assert.deepEqual(await order(page), moved);
      await page.getByRole('button', { name: 'Undo last change' }).click();
      assert.deepEqual(await order(page), before);
      await page.keyboard.press('Control+y');
      assert.deepEqual(await order(page), moved);
      await page.getByRole('button', { name: 'Undo last change' }).click();
      assert.deepEqual(await order(page), before);
      // Typed into, a text field keeps its own undo: the editor's order is left alone.
      const title = page.getByLabel('Title', { exact: true });
      await title.click();
      await title.press('End');
      await title.type('!');
      await title.press('Control+z');
      assert.deepEqual(await order(page), before);

      // The preview beside the form at the three widths (at phone width Preview opens a tab).
      if (width < 640) {
        assert.equal(await page.getByRole('button', { name: 'Preview beside' }).isVisible(), false);
        noProblems(page);
        await page.context().close();
        continue;
      }
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.getByRole('button', { name: 'Preview beside' }).click();
      const frame = page.frameLocator('iframe.preview-pane__frame');
      await frame.locator('main, #root').first().waitFor({ timeout: 15_000 });
      for (const w of ['Phone (375 px)', 'Tablet (768 px)', 'Desktop (1280 px)']) {
        await page.getByRole('button', { name: w }).click();
        assert.equal(
          await page.locator('iframe.preview-pane__frame').evaluate((e) => e.style.width),
          w.match(/\d+/)[0] + 'px',
        );
      }
      await page.getByRole('button', { name: 'Phone (375 px)' }).click();
      await frame
        .getByText(target.title.slice(0, 12), { exact: false })
        .first()
        .waitFor({ timeout: 15_000 })
        .catch(() => undefined);
      await page.waitForTimeout(1000);
      await shots(page, `page-editor-preview-${width}`);
      noProblems(page);
      await page.context().close();
    }
  });
});
