// npm run test:e2e — two people on one page (issue 33, items 2 and 7), on the real local stack, in two
// browser contexts (two sessions: the admin in tab A, an invited editor in tab B). Each sees who else
// has the page open, by name; B saves a new description while A's hero title is unsaved; A's save
// is refused (409), A reloads and restores: B's description survives and A's title is saved. Then
// both change the description: A is shown both values, keeps theirs or mine, and what A chose is
// saved. B closes the tab: the goodbye clears B at once and A's notice goes. The notice and the
// choice are shot at 375 and 1280 px (artifacts/shots/page-presence-*, page-conflict-choice-*).
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import {
  WIDTHS,
  adminToken,
  artifacts,
  login,
  mailTo,
  noProblems,
  openPage,
  startForFile,
} from './lib.mjs';

let stack;
let browser;
let base;
startForFile((started) => ({ stack, browser, base } = started));

const stamp = Date.now().toString(36);
const ADMIN_NAME = 'Ada Admin';
const EDITOR = {
  email: `e2e-conflict-editor-${stamp}@example.com`,
  name: 'Bea Both',
  password: 'Conflict-Editor-Passw0rd!',
};
const EDITOR_URL = () => `${base}/admin/pages/edit?path=${encodeURIComponent('/about')}`;

async function call(method, path, token, body) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  const text = await res.text();
  assert.equal(res.status, 200, `${method} ${path} answered ${res.status}: ${text}`);
  return JSON.parse(text).data;
}
const aboutDraft = (token) =>
  call('GET', `/api/user/page?path=${encodeURIComponent('/about')}`, token);

/** An editor invited from the team page, signed in with a password of their own (tab B). */
async function signedInEditor() {
  const admin = await openPage(browser, 1280);
  await login(admin, base);
  await admin.goto(`${base}/admin/team`, { waitUntil: 'networkidle' });
  const invite = admin.getByRole('form', { name: 'Invite a member' });
  const invitedAt = Date.now() - 1000;
  await invite.getByLabel('E-mail').fill(EDITOR.email);
  await invite.getByLabel('Name').fill(EDITOR.name);
  await invite.getByLabel('Role').selectOption('editor');
  await invite.getByRole('button', { name: 'Send invitation' }).click();
  await admin
    .getByRole('status')
    .filter({ hasText: `${EDITOR.email} is invited` })
    .waitFor();
  await admin.context().close();
  const mail = await mailTo(stack, EDITOR.email, /invited/i, { after: invitedAt });
  const temporary = /temporary password:\s*([^\s<]+)/i.exec(mail)?.[1];
  assert.ok(temporary, `no temporary password in the invitation: ${mail}`);

  const editor = await openPage(browser, 1280);
  await editor.goto(`${base}/creative-login`, { waitUntil: 'networkidle' });
  await editor.getByLabel('Email').fill(EDITOR.email);
  await editor.getByLabel('Password', { exact: true }).fill(temporary);
  await editor.getByRole('button', { name: 'Login' }).click();
  await editor.getByLabel('Choose a password').fill(EDITOR.password);
  await editor.getByLabel('Confirm the password').fill(EDITOR.password);
  await editor.getByRole('button', { name: 'Set password and sign in' }).click();
  await editor.waitForURL(`${base}/admin`, { timeout: 15_000 });
  return editor;
}

async function shots(page, name, target) {
  const dir = join(artifacts, 'shots');
  mkdirSync(dir, { recursive: true });
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: width < 500 ? 800 : 900 });
    await page.waitForTimeout(100);
    await target?.evaluate((el) => el.scrollIntoView({ block: 'start' }));
    await page.screenshot({ path: join(dir, `${name}-${width}.png`), fullPage: false });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** The cookie note, out of the way of the screenshots. */
async function dismissCookies(page) {
  const ok = page.getByRole('button', { name: 'OK', exact: true });
  if (await ok.isVisible()) await ok.click();
}

const heroCard = (page) => page.locator('.block-card').nth(0);
async function openHero(page) {
  const toggle = heroCard(page).locator('.block-card__toggle');
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
  return heroCard(page).locator('.block-card__body').getByLabel('Title', { exact: true });
}
const description = (page) =>
  page.getByRole('region', { name: 'Page settings' }).getByLabel('Description', { exact: true });

async function saveDraft(page) {
  await page.getByRole('button', { name: 'Save draft' }).click();
}
async function savedOk(page) {
  await saveDraft(page);
  await page.getByText(/^Draft saved\./).waitFor();
}

/** A's save is refused; reload, restore the kept copy (merged onto the latest). */
async function refusedReloadRestore(page) {
  await saveDraft(page);
  const alert = page.getByRole('alert').filter({ hasText: 'Someone else saved this page' });
  await alert.waitFor();
  await alert.getByRole('button', { name: 'Reload the latest version' }).click();
  await page
    .getByRole('region', { name: 'Unsaved changes' })
    .getByRole('button', { name: /^Restore unsaved changes/ })
    .click();
}

describe('two people on one page', () => {
  it(
    'see each other by name; a restore after a 409 keeps the colleague’s saved field and asks where both changed one; closing the tab clears the notice',
    { timeout: 360_000 },
    async () => {
      const token = await adminToken(base);
      await call('PUT', '/api/user/account/name', token, { name: ADMIN_NAME });
      const before = await aboutDraft(token);
      const b = await signedInEditor();
      const a = await openPage(browser, 1280);
      await login(a, base);

      // Presence: A opens /about, then B; each sees the other by name.
      await a.goto(EDITOR_URL(), { waitUntil: 'networkidle' });
      await b.goto(EDITOR_URL(), { waitUntil: 'networkidle' });
      await dismissCookies(a);
      // The cookie note sits over the fixed action bar until it is answered, as a person would.
      await dismissCookies(b);
      await b
        .getByRole('status')
        .filter({ hasText: `${ADMIN_NAME} is also editing this page` })
        .waitFor({ timeout: 10_000 });
      const noticeOnA = a
        .getByRole('status')
        .filter({ hasText: `${EDITOR.name} is also editing this page` });
      await noticeOnA.waitFor({ timeout: 30_000 }); // A's next heartbeat (every 20 s)
      await shots(a, 'page-presence');

      // 1. The reproduction: A's hero title unsaved; B saves the description.
      const heroTitle = `We build what lasts ${stamp}`;
      const theirDescription = `About the agency, written by B ${stamp}`;
      await (await openHero(a)).fill(heroTitle);
      await a.getByText('Unsaved changes').first().waitFor();
      await description(b).fill(theirDescription);
      await savedOk(b);

      await refusedReloadRestore(a);
      // The latest version names who saved it, not an id.
      assert.match(
        await a.locator('p.post-form__hint').filter({ hasText: 'last changed' }).innerText(),
        new RegExp(`by ${EDITOR.name}`),
      );
      await a
        .getByText('Your unsaved changes are back, on top of the latest saved version.')
        .waitFor();
      assert.equal(await description(a).inputValue(), theirDescription);
      assert.equal(await (await openHero(a)).inputValue(), heroTitle);
      await savedOk(a);
      const merged = await aboutDraft(token);
      assert.equal(merged.description, theirDescription, 'B’s saved description was overwritten');
      assert.equal(merged.blocks[0].title, heroTitle, 'A’s hero title was not saved');
      assert.notEqual(before.description, theirDescription);
      assert.equal(merged.updated_by_name, ADMIN_NAME);

      // 2. Both change the description: A chooses.
      await b.reload({ waitUntil: 'networkidle' });
      const mine = `Mine: an agency that measures ${stamp}`;
      const theirs = `Theirs: an agency that ships ${stamp}`;
      await description(a).fill(mine);
      await a.getByText('Unsaved changes').first().waitFor();
      await description(b).fill(theirs);
      await savedOk(b);
      await refusedReloadRestore(a);
      const choice = a.getByRole('region', { name: 'Choose which changes to keep' });
      await choice.waitFor();
      const field = choice.getByRole('group', { name: 'Description' });
      assert.match(await field.innerText(), new RegExp(`Keep mine[\\s\\S]*${mine}`));
      assert.match(await field.innerText(), new RegExp(`Keep theirs[\\s\\S]*${theirs}`));
      // Nothing applies until every field is chosen.
      assert.equal(
        await choice.getByRole('button', { name: 'Choose one more field' }).isDisabled(),
        true,
      );
      await shots(a, 'page-conflict-choice', choice);
      await field.getByRole('radio', { name: /Keep mine/ }).check();
      await choice.getByRole('button', { name: 'Apply', exact: true }).click();
      assert.equal(await description(a).inputValue(), mine);
      await savedOk(a);
      const chosen = await aboutDraft(token);
      assert.equal(chosen.description, mine);
      assert.equal(chosen.blocks[0].title, heroTitle);

      // 3. B closes the tab: its goodbye clears it at once, and A's notice goes at A's next beat.
      await b.close({ runBeforeUnload: true });
      let others = [];
      for (let i = 0; i < 20; i++) {
        others = await call('PUT', '/api/user/presence', token, { subject: 'page:/about' });
        if (others.length === 0) break;
        await new Promise((r) => setTimeout(r, 250));
      }
      assert.deepEqual(others, [], 'B is still present after closing its tab');
      await noticeOnA.waitFor({ state: 'detached', timeout: 30_000 });
      noProblems(a);
      await a.context().close();
    },
  );
});
