// npm run test:e2e — the posts list as staff use it on a phone and a laptop, on the real local stack:
// at 375 px every control of every row is on screen and nothing scrolls sideways; a post deleted from
// the list (after confirming) waits in the Trash and comes back with Restore; on /blog at 1280 px a
// post without a banner spreads its text over the whole card; a draft far down the list is found by a
// word of its title typed without its accent, at both widths. Screenshots in artifacts/shots/.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { adminToken, login, noProblems, openPage, startForFile } from './lib.mjs';
import {
  cardTextOffset,
  createPost,
  LIST_VIEWPORTS,
  openTrash,
  searchPosts,
  shootAdminLists,
} from './admin-lists-shots.mjs';

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
      await page.getByLabel('Show', { exact: true }).selectOption('draft');
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

  it(
    'finds a draft far down the list by a word of its title typed without its accent, at 375 and 1280 px, then narrows it by status',
    { timeout: 240_000 },
    async () => {
      const stamp = Date.now().toString(36);
      const title = `Café signage refresh ${stamp}`;
      const draft = await createPost(base, {
        title,
        slug: `cafe-signage-refresh-${stamp}`,
        status: 'draft',
      });
      // Newer posts push the draft off the first page of the list (one sign-in for them all: the
      // sign-in route's limit refuses one per post on a fast machine).
      const token = await adminToken(base);
      for (let i = 0; i < 11; i++)
        await createPost(
          base,
          { title: `Filler news ${stamp} ${i}`, slug: `filler-${stamp}-${i}` },
          token,
        );
      for (const viewport of LIST_VIEWPORTS) {
        const page = await openPage(browser, viewport.width);
        await page.setViewportSize(viewport);
        await login(page, base);
        const cookies = page.getByRole('button', { name: /^ok$/i });
        if (await cookies.isVisible()) await cookies.click();
        await page.locator('.admin-table--posts tbody tr').first().waitFor();
        const row = page.locator('.admin-table--posts tbody tr', { hasText: title });
        assert.equal(await row.count(), 0, 'the draft is not on the first page');

        await searchPosts(page, `cafe ${stamp}`);
        await row.waitFor();
        assert.equal(await page.locator('.admin-table--posts tbody tr').count(), 1);
        assert.match(page.url(), new RegExp(`q=cafe\\+${stamp}`));
        // One page of matches: no next page to go to.
        const pager = page.getByRole('navigation', { name: 'Post pages' });
        assert.ok(await pager.getByRole('button', { name: /next/i }).isDisabled());
        await pager.scrollIntoViewIfNeeded();
        await page.screenshot({
          path: `artifacts/shots/admin-posts-search-${viewport.width}.png`,
        });
        const sideways = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        assert.ok(sideways <= 0, `the page scrolls ${sideways} px sideways at ${viewport.width}`);
        await row.getByRole('link', { name: `Edit ${title}` }).waitFor();

        // The search stays as the status changes: not among the published posts, found in drafts.
        await page.getByLabel('Show', { exact: true }).selectOption('published');
        await page.getByText(`No published posts match “cafe ${stamp}”.`).waitFor();
        await page.getByLabel('Show', { exact: true }).selectOption('draft');
        await row.waitFor();
        assert.equal(draft.status, 'draft');
        noProblems(page);
        await page.context().close();
      }
    },
  );
});
