// Refusals at their field, as `npm run shots` and the error-fields journey take them: a wrong
// current password on the account page (error-current-password-<width>.png) and a file the media
// library refuses (error-media-file-<width>.png), in artifacts/shots/.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { WIDTHS, artifacts, login, openPage } from './lib.mjs';

/** The account page after sending a wrong current password; its field and the message shown. */
export async function refuseCurrentPassword(page, base) {
  await page.goto(`${base}/admin/account`, { waitUntil: 'networkidle' });
  const form = page.getByRole('region', { name: 'Change password' });
  const current = form.getByLabel('Current password');
  await current.fill('Not-My-Passw0rd!');
  await form.getByLabel('New password').fill('Brand-New-Passw0rd!1');
  await form.getByLabel('Confirm the password').fill('Brand-New-Passw0rd!1');
  await form.getByRole('button', { name: 'Change password' }).click();
  const alert = form.getByRole('alert');
  await alert.waitFor();
  await current.evaluate((el) => el.scrollIntoView({ block: 'center' }));
  return { current, alert };
}

/**
 * The media page after uploading `name`: named as a PNG but text, so the API refuses it by its
 * bytes (415, field "file"). The upload's list item and its message.
 */
export async function refuseFile(page, base, name) {
  await page.goto(`${base}/admin/media`, { waitUntil: 'networkidle' });
  await page
    .locator('input[type="file"]')
    .first()
    .setInputFiles({
      name,
      mimeType: 'image/png',
      buffer: Buffer.from('these are meeting notes, not an image'),
    });
  const alert = page.getByRole('alert');
  await alert.waitFor({ timeout: 20_000 });
  await alert.scrollIntoViewIfNeeded();
  return { alert, item: page.locator('li', { has: alert }) };
}

/** Both refusals at both widths, into `dir`. */
export async function shootErrorFields(browser, base, { dir = join(artifacts, 'shots') } = {}) {
  mkdirSync(dir, { recursive: true });
  for (const width of WIDTHS) {
    const page = await openPage(browser, width);
    await login(page, base);
    await refuseCurrentPassword(page, base);
    await page.screenshot({ path: join(dir, `error-current-password-${width}.png`) });
    await refuseFile(page, base, `notes-${width}.png`);
    await page.screenshot({ path: join(dir, `error-media-file-${width}.png`) });
    await page.context().close();
  }
}
