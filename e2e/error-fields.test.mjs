// npm run test:e2e — refusals read as people write them: on the real local stack, a wrong current
// password shows under "Current password" without the API's field name, and a file the media
// library refuses shows its reason beside the file's name without repeating it. Screenshots at
// 1280 and 375 px wide in artifacts/shots/ (error-shots.mjs, also run by `npm run shots`).
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { WIDTHS, artifacts, login, noProblems, openPage, startForFile } from './lib.mjs';
import { refuseCurrentPassword, refuseFile } from './error-shots.mjs';

let browser;
let base;
startForFile((started) => ({ browser, base } = started));

const shots = join(artifacts, 'shots');
mkdirSync(shots, { recursive: true });

describe('error messages at their field', () => {
  for (const width of WIDTHS) {
    it(`account page at ${width}: a wrong current password shows at its field, without "current_password"`, async () => {
      const page = await openPage(browser, width);
      await login(page, base);
      const { current, alert } = await refuseCurrentPassword(page, base);
      assert.equal((await alert.innerText()).trim(), 'Is not your current password.');
      assert.equal(await current.getAttribute('aria-invalid'), 'true');
      assert.equal(
        await current.evaluate((el) => el === document.activeElement),
        true,
        'the field in error has the focus',
      );
      assert.doesNotMatch(await page.locator('main').innerText(), /current_password/);
      await page.screenshot({ path: join(shots, `error-current-password-${width}.png`) });
      noProblems(page);
      await page.context().close();
    });

    it(`media page at ${width}: a refused file shows the reason beside its name, once`, async () => {
      const page = await openPage(browser, width);
      await login(page, base);
      const name = `notes-${width}.png`;
      const { alert, item } = await refuseFile(page, base, name);
      assert.equal(
        (await alert.innerText()).trim(),
        'Must be a JPEG, PNG, WebP, GIF or AVIF image.',
      );
      const text = await item.innerText();
      assert.equal(text.split(name).length, 2, `${name} is named once: ${text}`);
      await page.screenshot({ path: join(shots, `error-media-file-${width}.png`) });
      noProblems(page);
      await page.context().close();
    });
  }
});
