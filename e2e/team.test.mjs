// npm run test:e2e — the team page as the agency's only admin sees it: their own row offers no
// Disable or Remove the API would refuse, and says why; their name, unset at first ("—"), is set on
// the account page and then shows on the team page. Screenshots of both pages at 375 and 1280 px.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  ADMIN,
  WIDTHS,
  axeFailures,
  login,
  noProblems,
  openPage,
  shot,
  startForFile,
} from './lib.mjs';

let stack;
let browser;
let base;
startForFile((started) => ({ stack, browser, base } = started));

/** The signed-in person's row (a card on a phone) on the team page. */
const ownRow = (page) => page.getByRole('row').filter({ hasText: '(you)' });

describe('team: the only admin', () => {
  it('sees why their own row cannot be disabled or removed, sets their name on the account page, and the team page shows it', async () => {
    assert.ok(stack);
    const page = await openPage(browser, 1280);
    await login(page, base);

    await page.goto(`${base}/admin/team`, { waitUntil: 'networkidle' });
    const row = ownRow(page);
    await row.waitFor();
    assert.match(await row.innerText(), new RegExp(ADMIN.email.replace(/[.@]/g, '\\$&')));
    // No usable Disable or Remove, and the reason in view on the row.
    for (const name of [/^Disable /, /^Remove /]) {
      const button = row.getByRole('button', { name });
      assert.equal(await button.isDisabled(), true, `${name} is disabled`);
    }
    const reason = row.getByText(/You are the only admin: make someone else an admin/);
    assert.equal(await reason.isVisible(), true);
    assert.equal(await row.getByRole('combobox').isDisabled(), true, 'role cannot be changed');
    // Sign out everywhere stays possible.
    assert.equal(await row.getByRole('button', { name: /out everywhere/ }).isDisabled(), false);
    assert.match(await row.getByRole('cell').first().innerText(), /—/);
    assert.deepEqual(await axeFailures(page, 'team'), []);

    // The way to a name: the row's link to the account page.
    await row.getByRole('link', { name: 'Set your name' }).click();
    await page.waitForURL(`${base}/admin/account`);
    const field = page.getByLabel('Display name');
    await field.fill('Priya Raman');
    await page.getByRole('button', { name: 'Save name' }).click();
    await page.getByText('Your display name is now Priya Raman.').waitFor();
    assert.deepEqual(await axeFailures(page, 'account'), []);

    await page.goto(`${base}/admin/team`, { waitUntil: 'networkidle' });
    await ownRow(page).getByText('Priya Raman', { exact: true }).waitFor();
    assert.equal(await ownRow(page).getByRole('link', { name: 'Set your name' }).count(), 0);
    noProblems(page);
    await page.context().close();
  });

  it('looks right at both widths: the reason beside the greyed-out controls, nothing off-screen', async () => {
    for (const width of WIDTHS) {
      const page = await openPage(browser, width);
      await login(page, base);
      await page.goto(`${base}/admin/team`, { waitUntil: 'networkidle' });
      const row = ownRow(page);
      await row.getByText(/only admin/).scrollIntoViewIfNeeded();
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      assert.equal(overflow, 0, `no sideways scroll at ${width}`);
      for (const button of await row.getByRole('button').all()) {
        const box = await button.boundingBox();
        assert.ok(
          box && box.x >= 0 && box.x + box.width <= width,
          `a row control off-screen at ${width}`,
        );
      }
      await shot(page, `team-only-admin-${width}`);
      await page.goto(`${base}/admin/account`, { waitUntil: 'networkidle' });
      await page.getByLabel('Display name').waitFor();
      await shot(page, `account-display-name-${width}`);
      // The audit trail names the change and the name set, in words.
      await page.goto(`${base}/admin/audit`, { waitUntil: 'networkidle' });
      const change = page.getByRole('row').filter({ hasText: 'Display name changed' }).first();
      assert.match(await change.innerText(), /Priya Raman/);
      await shot(page, `audit-named-${width}`);
      noProblems(page);
      await page.context().close();
    }
  });
});
