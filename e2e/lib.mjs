// Shared pieces of the browser journeys: the local stack, Debian's chromium through playwright-core,
// and small helpers. `npx playwright install` cannot download here, so the system browser is used.
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { after, before } from 'node:test';
import AxeBuilder from '@axe-core/playwright';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { buildWeb, repoRoot, startStack } from '../bench/lib/stack.mjs';

export const ADMIN = { email: 'e2e-admin@example.com', password: 'E2e-Admin-Passw0rd!' };
export const WIDTHS = [1280, 375];
export const artifacts = join(repoRoot, 'artifacts');

export async function startAll() {
  buildWeb();
  mkdirSync(artifacts, { recursive: true });
  const stack = await startStack({
    env: { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password },
  });
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-dev-shm-usage',
    ],
  });
  return { stack, browser };
}

/**
 * Starts the local stack and a browser before the file's tests, handing `{ stack, browser, base }`
 * to `take`, and stops both after them.
 */
export function startForFile(take) {
  let started;
  before(
    async () => {
      const { stack, browser } = await startAll();
      started = { stack, browser, base: stack.url };
      take(started);
    },
    { timeout: 300_000 },
  );
  after(async () => {
    await started?.browser?.close();
    await started?.stack?.stop();
  });
}

/** Fails on any uncaught error or dialog `openPage` recorded on the page. */
export const noProblems = (page) => assert.deepEqual(page.problems, [], page.problems.join('\n'));

/** The page's serious and critical axe violations (WCAG 2.1 AA and best practice), one line each. */
export async function axeFailures(page, label) {
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  return violations
    .filter((x) => x.impact === 'serious' || x.impact === 'critical')
    .map((v) => `${label}: ${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
}

/**
 * An ordinary desktop browser's user agent: headless Chromium names itself `HeadlessChrome`, which
 * the site rightly takes for a bot (its views and visits are not counted), and a journey is a person.
 */
export const PERSON_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

/** A page that fails the journey on any uncaught error or dialog, and records console errors. */
export async function openPage(browser, width, { reducedMotion = 'no-preference' } = {}) {
  const context = await browser.newContext({
    viewport: { width, height: width < 500 ? 800 : 900 },
    reducedMotion,
    userAgent: PERSON_UA,
  });
  const page = await context.newPage();
  page.problems = [];
  page.on('pageerror', (e) => page.problems.push(`pageerror: ${e.message}`));
  page.on('dialog', async (d) => {
    page.problems.push(`dialog: ${d.type()} ${d.message()}`);
    await d.dismiss();
  });
  return page;
}

/**
 * The SES stand-in's store address, from the banner the local stack prints once its start-up work
 * (sample posts, migrations) is done: waited for, as on a busy machine that comes after /api/health.
 */
export async function sesStoreUrl(stack, timeoutMs = 60_000) {
  const find = () =>
    /(http:\/\/127\.0\.0\.1:\d+)\/?\s*\(?[^\n]*(?:mail|inbox|ses)/i.exec(stack.output()) ??
    /(?:mail|inbox|ses)[^\n]*?(http:\/\/127\.0\.0\.1:\d+)/i.exec(stack.output());
  const end = Date.now() + timeoutMs;
  let m = find();
  while (!m && Date.now() < end) {
    await new Promise((r) => setTimeout(r, 250));
    m = find();
  }
  if (!m) throw new Error(`no mail inbox address in the stack output:\n${stack.output()}`);
  return `${m[1]}/store`;
}

export async function shot(page, name) {
  await page.screenshot({ path: join(artifacts, `${name}.png`), fullPage: false });
}

export async function login(page, base) {
  // Wait for the lazy admin chunk to hydrate the form, or typed values could be reset.
  await page.goto(`${base}/creative-login`, { waitUntil: 'networkidle' });
  await page.getByLabel(/e-?mail/i).fill(ADMIN.email);
  await page.getByLabel(/password/i).fill(ADMIN.password);
  await page.getByRole('button', { name: /log ?in|sign ?in/i }).click();
  try {
    await page.waitForURL(`${base}/admin`, { timeout: 15_000 });
  } catch (error) {
    await shot(page, 'login-failure');
    throw new Error(
      `login did not reach /admin (still at ${page.url()}): ${await page
        .locator('main')
        .innerText()
        .catch(() => '')}`,
      { cause: error },
    );
  }
}

/**
 * The value `read()` settles on: polls until it equals `expected` (or the time is up) and returns
 * the last value read. Input made before a part of the page hydrates is replayed once it has, so
 * its effect can arrive a moment after the click.
 */
export async function settled(read, expected, timeoutMs = 5000) {
  const end = Date.now() + timeoutMs;
  let value = await read();
  while (value !== expected && Date.now() < end) {
    await new Promise((r) => setTimeout(r, 50));
    value = await read();
  }
  return value;
}

/**
 * Open a closed question of the page's first FAQ (the browser's own `<details>`, one open at a time
 * per accordion) by a click on the question, as a visitor would, and check what they see: its
 * answer shows, and the answer that was open before in that accordion has closed.
 */
export async function openFaqEntry(page) {
  const accordion = page.locator('.faq__list').first();
  const entries = accordion.locator('details');
  const openBefore = await entries.evaluateAll((all) => all.findIndex((d) => d.open));
  const closed = await entries.evaluateAll((all) => all.findIndex((d) => !d.open));
  assert.ok(closed >= 0, 'the FAQ has a closed question');
  const entry = entries.nth(closed);
  await entry.locator('summary').click();
  const opened = await page
    .waitForFunction((d) => d.open, await entry.elementHandle(), { timeout: 5000 })
    .then(
      () => true,
      () => false,
    );
  assert.equal(opened, true, 'the question pressed did not open');
  // Then its answer reads where it is: a section far from the viewport is not drawn
  // (content-visibility), and the page may have moved as the sections above it were drawn.
  const answer = entry.locator('.faq__answer');
  await answer.scrollIntoViewIfNeeded();
  await answer.waitFor({ state: 'visible' });
  if (openBefore >= 0)
    assert.equal(
      await entries.nth(openBefore).evaluate((d) => d.open),
      false,
      'opening one answer closed the one open before',
    );
  return entry;
}

/**
 * Leads sent sooner than this after their captcha challenge (fetched when the visitor first focuses
 * the form) are filed as spam: LEAD_SPAM.minFillMs, the local stack's LEAD_MIN_FILL_MS default.
 */
export const MIN_FILL_MS = 3000;

/** Whether the form's captcha holds a solution (it solves itself from the first focus). */
export const captchaSolved = (page) =>
  page.waitForFunction(
    () => !!document.querySelector('altcha-widget input[name="altcha"]')?.value,
    null,
    { timeout: 60_000 },
  );

/**
 * Fill in the enquiry form as a person does: clicking into each field and typing at a person's
 * pace. Resolves once the captcha is solved and the time since the first focus is past the spam
 * threshold, so the lead is filed as a real one.
 */
export async function fillEnquiry(page, form, { name, phone, email, subject, message }) {
  const startedAt = Date.now();
  // The server times the fill from the form's first captcha challenge, which the form fetches at
  // the first focus once its island has woken: on a busy machine well after the first key. The
  // wait below counts from that answer (from the start, when the form had fetched it before).
  const challenged = page
    .waitForResponse((r) => new URL(r.url()).pathname === '/api/captcha/challenge', {
      timeout: 60_000,
    })
    .then(
      () => Date.now(),
      () => startedAt,
    );
  const type = async (label, text) => {
    const field = form.getByLabel(label);
    await field.click();
    await field.pressSequentially(text, { delay: 20 });
  };
  await type(/name/i, name);
  await type(/phone/i, phone);
  await type(/e-?mail/i, email);
  await form.getByLabel(/subject/i).selectOption(subject);
  await type(/message/i, message);
  await captchaSolved(page);
  const since = await Promise.race([challenged, Promise.resolve(startedAt)]);
  const left = MIN_FILL_MS + 500 - (Date.now() - since);
  if (left > 0) await page.waitForTimeout(left);
}

/** A bearer token of the e2e admin, through the API. */
export async function adminToken(base) {
  const res = await fetch(`${base}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  if (!res.ok) throw new Error(`admin login answered ${res.status}: ${await res.text()}`);
  return (await res.json()).data.token;
}

/**
 * The newest e-mail to `to` whose subject matches in the stack's local inbox, as text: polled, since
 * the user pool sends it after the call that caused it has answered.
 */
export async function mailTo(stack, to, subject, { after: since = 0, timeoutMs = 20_000 } = {}) {
  const store = await sesStoreUrl(stack);
  const end = Date.now() + timeoutMs;
  for (;;) {
    const { emails } = await (await fetch(store)).json();
    const found = emails
      .filter((e) => (e.at ?? 0) * (e.at > 1e12 ? 1 : 1000) >= since)
      .filter((e) => JSON.stringify(e.destination ?? e).includes(to) && subject.test(e.subject))
      .at(-1);
    if (found) return String(found.body?.text ?? found.body?.html ?? JSON.stringify(found));
    if (Date.now() > end) throw new Error(`no e-mail "${subject}" to ${to} in the local inbox`);
    await new Promise((r) => setTimeout(r, 250));
  }
}
