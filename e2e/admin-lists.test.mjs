// npm run test:e2e — the posts list as staff use it on a phone and a laptop, on the real local stack:
// at 375 px every control of every row is on screen and nothing scrolls sideways; a post deleted from
// the list (after confirming) waits in the Trash and comes back with Restore; on /blog at 1280 px a
// post without a banner spreads its text over the whole card. Screenshots in artifacts/shots/.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { login, noProblems, openPage, startForFile } from './lib.mjs';
import { cardTextOffset, createPost, openTrash, shootAdminLists } from './admin-lists-shots.mjs';

let browser;
let base;
startForFile((started) => ({ browser, base } = started));

/** The controls of the posts table that lie partly outside the viewport, and the page's overflow. */
async function offScreen(page) {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const outside = [...document.querySelectorAll('.admin-table--posts tbody tr')].flatMap((row) =>
      [...row.querySelectorAll('a, button')]
        .filter((el) => {
          const r = el.getBoundingClientRect();
          return r.width > 0 && (r.left < 0 || r.right > width);
        })
        .map((el) => el.getAttribute('aria-label') ?? el.textContent),
    );
    return { outside, sideways: document.documentElement.scrollWidth - width };
  });
}

describe('posts list', () => {
  it(
    'at 375 px every row control is on screen without sideways scroll; Delete moves a post to the Trash after confirming, and Restore brings it back as a draft',
    { timeout: 240_000 },
    async () => {
      const stamp = Date.now().toString(36);
      const title = `A case study to bin ${stamp}`;
      await createPost(base, { title, slug: `a-case-study-to-bin-${stamp}` });
      const page = await openPage(browser, 375);
      await page.setViewportSize({ width: 375, height: 740 });
      await login(page, base);
      const cookies = page.getByRole('button', { name: /^ok$/i });
      if (await cookies.isVisible()) await cookies.click();
      const row = page.locator('.admin-table--posts tbody tr', { hasText: title });
      await row.waitFor();

      const before = await offScreen(page);
      assert.deepEqual(before.outside, [], `off screen at 375 px: ${before.outside.join(', ')}`);
      assert.ok(before.sideways <= 0, `the page scrolls ${before.sideways} px sideways at 375 px`);
      assert.ok((await page.locator('.admin-table--posts tbody tr').count()) > 1);

      // Delete asks first; Cancel keeps the post.
      await row.getByRole('button', { name: `Delete ${title}` }).click();
      const confirm = page.getByRole('alertdialog', { name: 'Move this post to the Trash?' });
      await confirm.getByRole('button', { name: 'Cancel' }).click();
      await confirm.waitFor({ state: 'detached' });
      await row.waitFor();

      await row.getByRole('button', { name: `Delete ${title}` }).click();
      await confirm.getByRole('button', { name: 'Move to Trash' }).click();
      await page.getByText(`“${title}” was moved to the Trash.`, { exact: false }).waitFor();
      await row.waitFor({ state: 'detached' });

      await openTrash(page);
      const binned = page.locator('.admin-table--posts tbody tr', { hasText: title });
      await binned.waitFor();
      // The day it is deleted for good, 30 days on (the column's name is the card's label).
      const purgeDay = await binned.locator('td[data-label="Deleted for good on"]').innerText();
      assert.match(purgeDay, /^\d{1,2} - \d{1,2} - \d{4}$/);
      const inTrash = await offScreen(page);
      assert.deepEqual(inTrash.outside, [], `off screen in the Trash: ${inTrash.outside}`);
      assert.ok(inTrash.sideways <= 0, `the Trash scrolls ${inTrash.sideways} px sideways`);

      await binned.getByRole('button', { name: `Restore ${title}` }).click();
      await page.getByText(`“${title}” was restored as a draft.`).waitFor();
      await binned.waitFor({ state: 'detached' });
      await page.getByLabel('Show').selectOption('draft');
      await page.locator('.admin-table--posts tbody tr', { hasText: title }).waitFor();
      noProblems(page);
      await page.context().close();
    },
  );

  it(
    'at 1280 px a /blog post without a banner uses the whole card; the Trash and that card are shot at both widths',
    { timeout: 240_000 },
    async () => {
      const { plain } = await shootAdminLists(browser, base);
      const page = await openPage(browser, 1280);
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.goto(`${base}/blog`, { waitUntil: 'networkidle' });
      const card = await cardTextOffset(page, plain.title);
      assert.equal(card.left, 0, `the text starts ${card.left} px into the card`);
      assert.ok(
        card.width >= card.cardWidth - 1,
        `the text is ${card.width} of ${card.cardWidth} px`,
      );
      noProblems(page);
      await page.context().close();
    },
  );
});
