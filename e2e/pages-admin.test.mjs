// npm run test:e2e — marketing pages as blocks (issue 24), on the real local stack: an editor
// (invited by the admin) changes the home hero's text, reorders two FAQ entries of a landing page
// and adds a testimonial, previews the draft, publishes, and the public page (fetched without any
// script) carries the new text within 60 s; an admin creates a campaign landing page from a
// template, publishes it, finds it in /sitemap.xml and moves it to a new address from the editor
// (the old one answers 301 there; shots admin-page-address-*); blocks and FAQ entries are reordered with the
// keyboard alone (focus follows, the live region says where). The list and the editor are shot at
// 375 and 1280 px (artifacts/shots/admin-pages-*, admin-page-editor-*).
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import {
  WIDTHS,
  adminToken,
  artifacts,
  axeFailures,
  login,
  noProblems,
  openPage,
  mailTo,
  startForFile,
} from './lib.mjs';

let stack;
let browser;
let base;
startForFile((started) => ({ stack, browser, base } = started));

const stamp = Date.now().toString(36);
const EDITOR = {
  email: `e2e-page-editor-${stamp}@example.com`,
  name: 'Paula Pages',
  password: 'Pages-Editor-Passw0rd!',
};

/** An editor invited from the team page, signed in with a password of their own. */
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

/** The pages as the API lists them, and one page's draft (admin token). */
async function api(path, token) {
  const res = await fetch(`${base}${path}`, { headers: { authorization: `Bearer ${token}` } });
  assert.equal(res.status, 200, `${path} answered ${res.status}`);
  return (await res.json()).data;
}

/** A landing page whose draft has an FAQ block with at least two questions. */
async function landingWithFaq(token) {
  const pages = await api('/api/user/pages', token);
  for (const { path } of pages) {
    if (path === '/') continue;
    const page = await api(`/api/user/page?path=${encodeURIComponent(path)}`, token);
    const faq = page.blocks.findIndex((b) => b.type === 'faq' && b.items.length >= 2 && !b.hidden);
    if (faq >= 0) return { page, faq };
  }
  throw new Error('no page with an FAQ of two questions or more');
}

/** The public page as the edge serves it, without running any script. */
async function publicHtml(path) {
  const res = await fetch(`${base}${path}`);
  return { status: res.status, html: await res.text() };
}

/** Polls `check` until it holds (or `timeoutMs` passes); the last value is returned. */
async function eventually(check, timeoutMs = 60_000) {
  const end = Date.now() + timeoutMs;
  let last = await check();
  while (!last.ok && Date.now() < end) {
    await new Promise((r) => setTimeout(r, 1000));
    last = await check();
  }
  return last;
}

/** The block card at `index` (0-based) of the editor. */
const card = (page, index) => page.locator('.block-card').nth(index);

/** Open a block's card (if closed) by its toggle, with the keyboard. */
async function openCard(page, index) {
  const toggle = card(page, index).locator('.block-card__toggle');
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') {
    await toggle.focus();
    await page.keyboard.press('Enter');
  }
  await card(page, index).locator('.block-card__body').waitFor();
}

/** Press Tab until the focused element's accessible label is `label` (at most `max` presses). */
async function tabTo(page, label, max = 80) {
  for (let i = 0; i < max; i++) {
    const current = await page.evaluate(() => document.activeElement?.getAttribute('aria-label'));
    if (current === label) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached “${label}”`);
}

const focusedLabel = (page) =>
  page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? '');

/** The editor's live region says this. */
const announced = (page, text) =>
  page.locator('[aria-live="polite"]').filter({ hasText: text }).first().waitFor();

async function shots(page, name) {
  const dir = join(artifacts, 'shots');
  mkdirSync(dir, { recursive: true });
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: width < 500 ? 800 : 900 });
    await page.screenshot({ path: join(dir, `${name}-${width}.png`), fullPage: false });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** Shots at each width with `part` scrolled into view (it moves as the layout changes). */
async function shotsOf(page, name, part) {
  const dir = join(artifacts, 'shots');
  mkdirSync(dir, { recursive: true });
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: width < 500 ? 800 : 900 });
    await part.evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await page.screenshot({ path: join(dir, `${name}-${width}.png`), fullPage: false });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** Save and publish what the editor holds; the page's status reads "Published" after. */
async function publish(page) {
  const published = page.waitForResponse((r) => r.url().includes('/api/user/page/publish'));
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  const res = await published;
  assert.equal(res.status(), 200, `publish answered ${res.status()}: ${await res.text()}`);
  await page.getByText('Published', { exact: true }).first().waitFor();
}

describe('pages admin', () => {
  it(
    'an editor changes the home hero, reorders two FAQ entries and adds a testimonial, previews, publishes, and the public page shows it within 60 s',
    { timeout: 300_000 },
    async () => {
      const token = await adminToken(base);
      const { page: landing, faq } = await landingWithFaq(token);
      const editor = await signedInEditor();

      // The navigation leads to the pages; the list says each page's status in words.
      await editor
        .getByRole('navigation', { name: 'Admin' })
        .getByRole('link', { name: 'Pages' })
        .click();
      await editor.waitForURL(`${base}/admin/pages`);
      const table = editor.getByRole('table', { name: 'Marketing pages, by address' });
      await table.waitFor();
      assert.match(await table.innerText(), /Published|Draft|Changes not published/);
      // Retiring is the admins': an editor's rows offer none.
      assert.equal(await editor.getByRole('button', { name: /^Retire / }).count(), 0);
      assert.deepEqual(await axeFailures(editor, 'pages list'), []);
      await shots(editor, 'admin-pages');

      // 1. The home hero's text.
      const heroText = `Growth you can measure ${stamp}`;
      await editor.goto(`${base}/admin/pages/edit?path=${encodeURIComponent('/')}`, {
        waitUntil: 'networkidle',
      });
      await openCard(editor, 0);
      const first = card(editor, 0)
        .locator('.block-card__body')
        .locator('input[type="text"], textarea')
        .first();
      await first.fill(heroText);
      await editor.getByText('Unsaved changes').waitFor();
      // The link preview's own title, which the card drawn for the page shows too.
      const shareTitle = `Growth you can measure, ${stamp}`;
      const shareField = editor
        .locator('.page-editor__settings')
        .getByLabel('Share title', { exact: false })
        .first();
      await shareField.fill(shareTitle);
      await shotsOf(editor, 'admin-page-search-fields', shareField);
      await shots(editor, 'admin-page-editor');
      assert.deepEqual(await axeFailures(editor, 'page editor'), []);

      // Preview: the unsaved edit, rendered by the public page's components, in a new tab.
      const [preview] = await Promise.all([
        editor.context().waitForEvent('page'),
        editor.getByRole('link', { name: 'Preview' }).click(),
      ]);
      await preview.waitForLoadState('networkidle');
      await preview.getByText(heroText).first().waitFor();
      assert.match(
        await preview.getByRole('note', { name: 'Preview' }).innerText(),
        /unsaved edits/,
      );
      await preview.close();

      await publish(editor);
      const home = await eventually(async () => {
        const { status, html } = await publicHtml('/');
        return { ok: status === 200 && html.includes(heroText), status };
      });
      assert.ok(
        home.ok,
        `the public home page does not show “${heroText}” after 60 s (${home.status})`,
      );
      // Its link preview: a 1200 × 630 JPEG drawn from the share title as the page was published.
      const { html: homeHtml } = await publicHtml('/');
      const og = /<meta property="og:image" content="([^"]+)">/.exec(homeHtml)?.[1] ?? '';
      assert.match(og, /\/media\/cards\/[0-9a-f]{16}\.jpg$/, homeHtml.slice(0, 3000));
      assert.match(homeHtml, new RegExp(`<meta property="og:title" content="${shareTitle}">`));
      const cardUrl = `${base}${new URL(og).pathname}`;
      const cardResponse = await fetch(cardUrl);
      assert.equal(cardResponse.status, 200);
      assert.equal(cardResponse.headers.get('content-type'), 'image/jpeg');
      const cardView = await editor.context().newPage();
      await cardView.goto(cardUrl);
      assert.deepEqual(
        await cardView.evaluate(() => {
          const img = document.querySelector('img');
          return img ? [img.naturalWidth, img.naturalHeight] : [];
        }),
        [1200, 630],
      );
      await cardView.setViewportSize({ width: 1200, height: 630 });
      await cardView.screenshot({ path: join(artifacts, 'shots', 'share-card-home-1200.png') });
      await cardView.close();

      // 2. Two FAQ entries swapped, with the keyboard alone; 3. a testimonial added below the FAQ.
      await editor.goto(`${base}/admin/pages/edit?path=${encodeURIComponent(landing.path)}`, {
        waitUntil: 'networkidle',
      });
      const [q1, q2] = landing.blocks[faq].items;
      await openCard(editor, faq);
      await tabTo(editor, 'Move Question 2 up');
      await editor.keyboard.press('Enter');
      await announced(editor, 'Question 2 moved to position 1 of');
      // At the top "up" is disabled: the focus stays with the moved entry, on its "down".
      assert.equal(await focusedLabel(editor), 'Move Question 1 down');
      const questions = card(editor, faq).getByLabel('Question', { exact: true });
      assert.equal(await questions.nth(0).inputValue(), q2.question);
      assert.equal(await questions.nth(1).inputValue(), q1.question);

      const quote = `They doubled our leads in a quarter ${stamp}`;
      await card(editor, faq)
        .getByRole('button', { name: 'Add a block below FAQ accordion' })
        .click();
      await editor
        .getByRole('group', { name: 'Add a block' })
        .getByRole('button', { name: /^Testimonials/ })
        .click();
      const added = card(editor, faq + 1);
      await added.getByLabel('Name').fill('Meera Shah');
      await added.getByLabel('Role and company').fill('Head of growth, Shoply');
      await added.getByLabel('Quote').fill(quote);

      await publish(editor);
      const landingLive = await eventually(async () => {
        const { status, html } = await publicHtml(landing.path);
        const a = html.indexOf(q2.question);
        const b = html.indexOf(q1.question);
        return { ok: status === 200 && html.includes(quote) && a >= 0 && b > a, status };
      });
      assert.ok(
        landingLive.ok,
        `${landing.path} does not show the new order and the testimonial after 60 s`,
      );
      noProblems(editor);
      await editor.context().close();
    },
  );

  it(
    'an admin creates a campaign landing page from a template, publishes it, finds it in the sitemap, moves it to a new address (the old one 301s there) and schedules a change that goes live by itself',
    { timeout: 480_000 },
    async () => {
      const path = `/spring-campaign-${stamp}`;
      const title = `Spring campaign ${stamp}`;
      const token = await adminToken(base);
      const { page: template } = await landingWithFaq(token);
      const admin = await openPage(browser, 1280);
      await login(admin, base);
      await admin.goto(`${base}/admin/pages`, { waitUntil: 'networkidle' });
      await admin.getByRole('button', { name: 'New page' }).click();
      const dialog = admin.getByRole('dialog', { name: 'New page' });
      await dialog.getByLabel('Template').selectOption(template.path);
      await dialog.getByLabel('Address').fill(path);
      await dialog.getByLabel('Title').fill(title);
      await dialog.getByRole('button', { name: 'Create draft' }).click();
      await admin.waitForURL(`${base}/admin/pages/edit?path=${encodeURIComponent(path)}`);
      assert.equal(await admin.getByLabel('Title', { exact: true }).inputValue(), title);
      await admin.getByText('Draft', { exact: true }).first().waitFor();

      // Keyboard only: the first block goes down one place, the focus with it.
      const second = await card(admin, 1).locator('.block-card__type').innerText();
      const firstType = await card(admin, 0).locator('.block-card__type').innerText();
      await card(admin, 0).locator('.block-card__toggle').focus();
      await tabTo(admin, `Move ${firstType} down`);
      await admin.keyboard.press('Enter');
      await announced(admin, `${firstType} moved to position 2 of`);
      assert.equal(await focusedLabel(admin), `Move ${firstType} down`);
      assert.equal(await card(admin, 0).locator('.block-card__type').innerText(), second);

      await publish(admin);
      const live = await eventually(async () => {
        const { status, html } = await publicHtml(path);
        return { ok: status === 200 && html.includes(title), status };
      });
      assert.ok(live.ok, `${path} answered ${live.status} after 60 s`);
      const listed = await eventually(async () => {
        const { html } = await publicHtml('/sitemap.xml');
        return { ok: html.includes(`${path}</loc>`) };
      });
      assert.ok(listed.ok, `${path} is not in /sitemap.xml`);

      // Its address changes from the editor: the page moves, the old address answers 301 there.
      const moved = `${path}-moved`;
      // The cookie notice would cover the editor's controls in the shots: it is answered first.
      const cookies = admin.getByRole('region', { name: 'Cookie notice' });
      if (await cookies.isVisible()) await cookies.getByRole('button', { name: 'OK' }).click();
      await admin.getByRole('button', { name: 'Change address' }).click();
      const address = admin.getByLabel('New address');
      await address.fill(moved);
      await shotsOf(admin, 'admin-page-address', address);
      await admin.getByRole('button', { name: 'Move page' }).click();
      await admin.waitForURL(`${base}/admin/pages/edit?path=${encodeURIComponent(moved)}`);
      await admin.getByText(`${moved} · last changed`, { exact: false }).waitFor();
      const redirected = await eventually(async () => {
        const res = await fetch(`${base}${path}`, { redirect: 'manual' });
        return {
          ok: res.status === 301 && res.headers.get('location') === moved,
          status: res.status,
        };
      });
      assert.ok(redirected.ok, `${path} answered ${redirected.status}, not a 301 to ${moved}`);
      const movedLive = await eventually(async () => {
        const { status, html } = await publicHtml(moved);
        return { ok: status === 200 && html.includes(title), status };
      });
      assert.ok(movedLive.ok, `${moved} answered ${movedLive.status} after 60 s`);

      // Scheduled publishing: a saved title change goes live by itself at the chosen minute.
      const later = `${title} (autumn)`;
      await admin.getByLabel('Title', { exact: true }).fill(later);
      await admin.getByRole('button', { name: 'Save draft' }).click();
      await admin.getByText('Draft saved.', { exact: false }).first().waitFor();
      const schedule = admin.getByLabel(/^Publish at \(your time zone: /);
      const local = await admin.evaluate(() => {
        const d = new Date(Date.now() + 60_000);
        const two = (n) => String(n).padStart(2, '0');
        return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())}T${two(d.getHours())}:${two(d.getMinutes())}`;
      });
      await schedule.fill(local);
      await shotsOf(admin, 'admin-page-schedule', schedule);
      await admin.getByRole('button', { name: 'Schedule', exact: true }).click();
      await admin
        .getByText('Scheduled: published by itself on', { exact: false })
        .first()
        .waitFor();
      await admin.getByRole('button', { name: 'Unschedule' }).waitFor();
      await shotsOf(admin, 'admin-page-scheduled', schedule);
      const scheduledLive = await eventually(async () => {
        const { status, html } = await publicHtml(moved);
        return { ok: status === 200 && html.includes(later), status };
      }, 150_000);
      assert.ok(
        scheduledLive.ok,
        `${moved} does not show “${later}” 150 s after its scheduled minute`,
      );
      // The specification's own pages keep their address: the editor says so instead.
      await admin.goto(`${base}/admin/pages/edit?path=${encodeURIComponent('/about')}`, {
        waitUntil: 'networkidle',
      });
      await admin.getByText('is one of the site’s own pages: its address stays as it is').waitFor();
      assert.equal(await admin.getByRole('button', { name: 'Change address' }).count(), 0);
      noProblems(admin);
      await admin.context().close();
    },
  );
});
