// npm run test:e2e — issue 35: one visit from a newsletter campaign, counted without a cookie, shows
// on the admin's Analytics page: a landing page with ?utm_source=newsletter&utm_campaign=spring, two
// pages reached by links, an enquiry (which leads to the thank-you page, a page view of its own);
// the dashboard, narrowed to campaign `spring`, shows one visitor, four page views and one enquiry.
// No cookie is set and nothing stored in the browser identifies the visitor.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  fillEnquiry,
  login,
  noProblems,
  openPage,
  PERSON_UA,
  settled,
  shot,
  startForFile,
} from './lib.mjs';

let browser;
let base;
startForFile((s) => ({ browser, base } = s));

/** What the browser keeps of the visit (sessionStorage may hold only the visit's arrival and journey). */
const STORED_OK = { session: ['visit-arrival', 'visit-journey'] };

/** A card's figure on the Analytics page ("Visitors" → "1"). */
const card = (page, label) =>
  page.locator('.an-cards .dash-figures__item', { has: page.locator(`dt:text-is("${label}")`) });

describe('analytics: a campaign visit to an enquiry, on the dashboard', () => {
  it(
    'counts the visit by page and campaign, with its enquiry, and sets no cookie',
    { timeout: 240_000 },
    async () => {
      const visitor = await browser.newContext({
        viewport: { width: 1280, height: 900 },
        userAgent: PERSON_UA,
      });
      // A person's browser says it is not driven by automation; this one would (a bot hit).
      await visitor.addInitScript(() =>
        Object.defineProperty(Navigator.prototype, 'webdriver', { get: () => false }),
      );
      const page = await visitor.newPage();
      page.problems = [];
      page.on('pageerror', (e) => page.problems.push(`pageerror: ${e.message}`));
      const hits = [];
      page.on('request', (r) => {
        if (new URL(r.url()).pathname === '/api/collect')
          hits.push(JSON.parse(r.postData() ?? '{}'));
      });
      await page.goto(`${base}/services?utm_source=newsletter&utm_campaign=spring`, {
        waitUntil: 'networkidle',
      });
      const nav = page.locator('header');
      await nav
        .getByRole('link', { name: /^about/i })
        .first()
        .click();
      await page.waitForURL(`${base}/about`);
      await nav
        .getByRole('link', { name: /^contact/i })
        .first()
        .click();
      await page.waitForURL(`${base}/contact`);
      const form = page.locator('form.enquiry__form').first();
      const name = `E2E Analytics ${Date.now()}`;
      await fillEnquiry(page, form, {
        name,
        phone: '+91 98765 43210',
        email: 'e2e.analytics@example.com',
        subject: 'Digital marketing',
        message: 'Read the spring newsletter; let us talk.',
      });
      await form.getByRole('button', { name: /submit|send/i }).click();
      await page.waitForURL(`${base}/thank-you-alchem`, { timeout: 30_000 });
      await page.waitForLoadState('networkidle');

      // The thank-you page's view leaves as it renders, a moment after the address changed.
      const views = () =>
        hits
          .filter((h) => h.kind === 'view')
          .map((h) => h.path)
          .join(' ');
      assert.equal(
        await settled(views, '/services /about /contact /thank-you-alchem'),
        '/services /about /contact /thank-you-alchem',
      );
      assert.equal(hits[0].utm_campaign, 'spring');

      // Nothing identifies the visitor: no cookie at all, only the visit's arrival and journey.
      assert.deepEqual(await visitor.cookies(), []);
      const stored = await page.evaluate(() => ({
        session: Object.keys(sessionStorage).sort(),
        local: Object.keys(localStorage),
      }));
      assert.deepEqual(stored.session, STORED_OK.session);
      assert.deepEqual(stored.local, [], `localStorage holds ${stored.local.join(', ')}`);
      noProblems(page);
      await visitor.close();

      // The dashboard, for today, narrowed to the campaign: the roll-up job runs every few seconds.
      const admin = await openPage(browser, 1280);
      await login(admin, base);
      await admin.goto(`${base}/admin/analytics?range=today`, { waitUntil: 'networkidle' });
      const figures = async () => [
        await card(admin, 'Visitors').locator('dd').first().innerText(),
        await card(admin, 'Page views').locator('dd').first().innerText(),
        await card(admin, 'Enquiries').locator('dd').first().innerText(),
      ];
      const deadline = Date.now() + 90_000;
      let seen = '';
      for (;;) {
        const spring = admin
          .getByRole('table', { name: 'Campaigns' })
          .getByRole('button', { name: 'spring', exact: true });
        if (await spring.isVisible().catch(() => false)) {
          await spring.click();
          await admin.waitForURL(/campaign=spring/);
          await admin.locator('.an-chip').waitFor();
          // The narrowed figures load after the click.
          seen = await settled(async () => (await figures().catch(() => [])).join(), '1,4,1');
          if (seen === '1,4,1') break;
        }
        if (Date.now() > deadline) {
          await shot(admin, 'admin-analytics-failure');
          assert.fail(`the dashboard never showed 1 visitor, 4 views, 1 enquiry: ${seen}`);
        }
        await admin.waitForTimeout(2000);
        await admin.goto(`${base}/admin/analytics?range=today`, { waitUntil: 'networkidle' });
      }
      // Leaving a page sends the time it was seen: public pages are documents, so that beacon
      // leaves as the page unloads, after the browser stopped reporting its requests to the test;
      // the dashboard shows what arrived.
      const timeOnPage = async () =>
        (await card(admin, 'Average time on page').locator('dd').first().innerText()).trim();
      for (const until = Date.now() + 60_000; /^(—|0\s*s)?$/.test(await timeOnPage());) {
        if (Date.now() > until) assert.fail('leaving a page sends the time it was seen');
        await admin.waitForTimeout(2000);
        await admin.reload({ waitUntil: 'networkidle' });
      }
      const row = admin
        .getByRole('table', { name: 'Campaigns' })
        .getByRole('row', { name: /spring/ });
      assert.deepEqual(
        (await row.locator('th, td').allInnerTexts()).map((t) => t.trim()),
        ['spring', '1', '4', '1', '100%'],
      );
      const pages = await admin
        .getByRole('table', { name: 'Top pages' })
        .locator('tbody th')
        .allInnerTexts();
      assert.deepEqual(pages.sort(), ['/about', '/contact', '/services', '/thank-you-alchem']);

      // Shots at 1280 and 375 px, top and scrolled to the tables.
      for (const width of [1280, 375]) {
        await admin.setViewportSize({ width, height: width < 500 ? 800 : 900 });
        await admin.evaluate(() => window.scrollTo(0, 0));
        await admin.waitForTimeout(300);
        await shot(admin, `admin-analytics-${width}`);
        await admin.getByRole('table', { name: 'Channels' }).scrollIntoViewIfNeeded();
        await admin.waitForTimeout(300);
        await shot(admin, `admin-analytics-${width}-scrolled`);
        const overflow = await admin.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        assert.ok(overflow <= 0, `the page is ${overflow} px wider than ${width} px`);
      }
      noProblems(admin);
      await admin.context().close();
    },
  );
});
