// npm run test:e2e — addresses that never break (issue 22), on the real local stack: an author
// renames a published post's slug in the editor and its old address answers 301 to the new one;
// staff add a redirect with a query string in the manager and it is followed; a missing page a
// visitor opens shows up in the 404 log, and "Redirect…" there sends it where it belongs. Both
// views are shot at 375 and 1280 px (artifacts/shots/admin-redirects-*, admin-not-found-*).
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  adminToken,
  axeFailures,
  login,
  noProblems,
  openPage,
  shot,
  startForFile,
} from './lib.mjs';
import { createPost } from './admin-lists-shots.mjs';
import {
  offScreen,
  reportMissing,
  showsCards,
  shootRedirects,
  waitForLogged,
} from './redirects-shots.mjs';

let browser;
let base;
startForFile((started) => ({ browser, base } = started));

/** The first answer of `path` as the edge gives it, its redirect not followed. */
async function firstAnswer(path) {
  const res = await fetch(`${base}${path}`, { redirect: 'manual' });
  await res.arrayBuffer();
  return { status: res.status, location: res.headers.get('location') };
}

/** Where a browser that opens `path` lands, and the status of the redirect it followed on the way. */
async function follow(page, path) {
  const res = await page.goto(`${base}${path}`, { waitUntil: 'load' });
  const hop = res?.request().redirectedFrom();
  const first = hop ? await hop.response() : null;
  const url = new URL(page.url());
  return { landed: `${url.pathname}${url.search}`, status: first?.status() ?? null };
}

/** Add a redirect in the manager's form, as a person types it. */
async function addRedirect(page, { from, to, type }) {
  const form = page.getByRole('form', { name: 'Add a redirect' });
  if (from !== undefined) {
    await form.getByLabel('From').click();
    await form.getByLabel('From').pressSequentially(from, { delay: 10 });
  }
  await form.getByLabel('To').click();
  await form.getByLabel('To').pressSequentially(to, { delay: 10 });
  if (type) await form.getByLabel('Type').selectOption({ label: type });
  await form.getByRole('button', { name: 'Add redirect' }).click();
}

describe('redirects', () => {
  it(
    "a published post's slug renamed in the editor keeps its old address working (301 to the new one)",
    { timeout: 240_000 },
    async () => {
      const stamp = Date.now().toString(36);
      const oldSlug = `ten-checkout-fixes-${stamp}`;
      const newSlug = `ten-checkout-fixes-that-paid-off-${stamp}`;
      await createPost(base, { title: `Ten checkout fixes ${stamp}`, slug: oldSlug });
      assert.equal((await firstAnswer(`/blog/${oldSlug}`)).status, 200);

      const page = await openPage(browser, 1280);
      await page.setViewportSize({ width: 1280, height: 800 });
      await login(page, base);
      await page.goto(`${base}/edit-blog/${oldSlug}`, { waitUntil: 'networkidle' });
      const cookies = page.getByRole('button', { name: /^ok$/i });
      if (await cookies.isVisible()) await cookies.click();
      const slug = page.getByLabel('Slug title');
      assert.equal(await slug.inputValue(), oldSlug);
      await slug.click();
      await page.keyboard.press('End');
      for (let i = 0; i < stamp.length + 1; i++) await page.keyboard.press('Backspace');
      await page.keyboard.type(`-that-paid-off-${stamp}`, { delay: 10 });
      assert.equal(await slug.inputValue(), newSlug);
      await page.getByText(/and the old one redirects there \(301\)/).waitFor();
      const updated = page.waitForResponse((r) => r.url().endsWith('/api/user/post/update'));
      await page.getByRole('button', { name: 'Update' }).click();
      assert.equal((await updated).status(), 200);
      const popup = page.getByRole('dialog', { name: 'Success!' });
      await popup.getByRole('button', { name: 'OK' }).click();
      // The editor moves to the post's new address, so a reload opens it.
      await page.waitForURL(`${base}/edit-blog/${newSlug}`);
      await page.reload({ waitUntil: 'networkidle' });
      assert.equal(await page.getByLabel('Slug title').inputValue(), newSlug);

      assert.deepEqual(await firstAnswer(`/blog/${oldSlug}`), {
        status: 301,
        location: `/blog/${newSlug}`,
      });
      assert.deepEqual(await follow(page, `/blog/${oldSlug}`), {
        landed: `/blog/${newSlug}`,
        status: 301,
      });
      await page.getByRole('heading', { level: 1, name: `Ten checkout fixes ${stamp}` }).waitFor();
      // Search engines see the new address only: canonical, sitemap and feed.
      assert.equal(
        await page.locator('link[rel="canonical"]').getAttribute('href'),
        `${base}/blog/${newSlug}`,
      );
      for (const feed of ['/sitemap.xml', '/rss.xml']) {
        const text = await (await fetch(`${base}${feed}`)).text();
        assert.ok(text.includes(`/blog/${newSlug}<`), `${feed} lists the new address`);
        assert.ok(!text.includes(`/blog/${oldSlug}<`), `${feed} no longer lists the old one`);
      }

      // The manager lists it, made by the slug change.
      await page.goto(`${base}/admin/redirects`, { waitUntil: 'networkidle' });
      const row = page.locator('.admin-table--redirects tbody tr', { hasText: `/blog/${oldSlug}` });
      await row.getByText('Made when a post’s slug changed').waitFor();
      assert.equal(await row.locator('td[data-label="To"]').innerText(), `/blog/${newSlug}`);
      noProblems(page);
      await page.context().close();
    },
  );

  it(
    'a redirect added in the manager with a query string is followed; one without keeps the query asked with',
    { timeout: 240_000 },
    async () => {
      const stamp = Date.now().toString(36);
      const page = await openPage(browser, 1280);
      await page.setViewportSize({ width: 1280, height: 800 });
      await login(page, base);
      await page.goto(`${base}/admin/redirects`, { waitUntil: 'networkidle' });

      const flyer = `/spring-flyer-${stamp}`;
      await addRedirect(page, {
        from: flyer,
        to: '/contact?utm_source=print&utm_campaign=spring',
        type: '302 Moved for now',
      });
      await page
        .getByText(`${flyer} now redirects to /contact?utm_source=print&utm_campaign=spring`)
        .waitFor();
      assert.deepEqual(await firstAnswer(flyer), {
        status: 302,
        location: '/contact?utm_source=print&utm_campaign=spring',
      });
      assert.deepEqual(await follow(page, flyer), {
        landed: '/contact?utm_source=print&utm_campaign=spring',
        status: 302,
      });
      // The target's own query wins over the one asked with.
      assert.equal(
        (await follow(page, `${flyer}?ref=x`)).landed,
        '/contact?utm_source=print&utm_campaign=spring',
      );

      await page.goto(`${base}/admin/redirects`, { waitUntil: 'networkidle' });
      const retired = `/Retired-Service-${stamp}/`;
      await addRedirect(page, { from: retired, to: '/services' });
      // Stored as the edge looks it up: lower-case, no trailing slash.
      const key = `/retired-service-${stamp}`;
      await page.getByText(`${key} now redirects to /services (301 Moved permanently).`).waitFor();
      assert.deepEqual(await follow(page, `${key}?utm_source=newsletter`), {
        landed: '/services?utm_source=newsletter',
        status: 301,
      });

      // A refused target is shown at its field, and nothing is added.
      await page.goto(`${base}/admin/redirects`, { waitUntil: 'networkidle' });
      await addRedirect(page, { from: `/bad-${stamp}`, to: 'http://insecure.example.com' });
      const to = page.getByRole('form', { name: 'Add a redirect' }).getByLabel('To');
      await page.waitForFunction(
        () => document.activeElement?.getAttribute('aria-invalid') === 'true',
      );
      assert.equal(await to.getAttribute('aria-invalid'), 'true');
      assert.equal((await firstAnswer(`/bad-${stamp}`)).status, 404);

      // Search finds it; Delete asks first, then the address answers 404 again.
      await page.getByRole('searchbox', { name: 'Search' }).fill(key);
      await page.getByRole('button', { name: 'Filter' }).click();
      await page.getByText(`1 redirect matches “${key}”.`, { exact: false }).waitFor();
      await page.getByRole('button', { name: `Delete the redirect from ${key}` }).click();
      const confirm = page.getByRole('alertdialog', { name: 'Delete this redirect?' });
      await confirm.getByRole('button', { name: 'Delete redirect' }).click();
      await page.getByText(`The redirect from ${key} was deleted`).waitFor();
      assert.equal((await firstAnswer(key)).status, 404);
      noProblems(page);
      await page.context().close();
    },
  );

  it(
    "an editor on a phone cannot redirect the site's own files, and addresses in any script work (checked at 375 px)",
    { timeout: 240_000 },
    async () => {
      const stamp = Date.now().toString(36);
      const page = await openPage(browser, 375);
      await login(page, base);
      await page.goto(`${base}/admin/redirects`, { waitUntil: 'networkidle' });
      const form = page.getByRole('form', { name: 'Add a redirect' });

      // Typed with capitals and an accent; asked for by a browser as UTF-8 escapes in capitals.
      await addRedirect(page, { from: `/Café-Offer-${stamp}`, to: '/services' });
      await page.getByText(`/café-offer-${stamp} now redirects to /services`).waitFor();
      assert.deepEqual(await firstAnswer(`/CAF%C3%89-OFFER-${stamp}`), {
        status: 301,
        location: '/services',
      });
      // A target in another script is sent as an ASCII Location a browser follows.
      await page.goto(`${base}/admin/redirects`, { waitUntil: 'networkidle' });
      await addRedirect(page, { from: `/tamil-offer-${stamp}`, to: '/ta/சலுகை' });
      await page.getByText(`/tamil-offer-${stamp} now redirects to /ta/சலுகை`).waitFor();
      assert.deepEqual(await firstAnswer(`/tamil-offer-${stamp}`), {
        status: 301,
        location: '/ta/%E0%AE%9A%E0%AE%B2%E0%AF%81%E0%AE%95%E0%AF%88',
      });

      // The site's own script: refused at its field, and every page keeps its script.
      const script = await page.evaluate(
        () => document.querySelector('script[src*="/assets/"]')?.getAttribute('src') ?? '',
      );
      assert.match(script, /^\/assets\//);
      await page.goto(`${base}/admin/redirects`, { waitUntil: 'networkidle' });
      await addRedirect(page, { from: script, to: '/thank-you-alchem' });
      await form.getByText(/is a file the site itself serves/i).waitFor();
      assert.equal(await form.getByLabel('From').getAttribute('aria-invalid'), 'true');
      await shot(page, 'admin-redirects-reserved-375');
      assert.equal((await fetch(`${base}${script}`, { redirect: 'manual' })).status, 200);

      // An invisible character in a target is named, not stored.
      await page.goto(`${base}/admin/redirects`, { waitUntil: 'networkidle' });
      await addRedirect(page, { from: `/zw-${stamp}`, to: '/x\u200by' });
      await form.getByText(/U\+200B/).waitFor();
      assert.equal((await firstAnswer(`/zw-${stamp}`)).status, 404);

      // The list shows addresses as people read them.
      await page.getByRole('searchbox', { name: 'Search' }).fill(`café-offer-${stamp}`);
      await page.getByRole('button', { name: 'Filter' }).click();
      await page.getByText(`/café-offer-${stamp}`, { exact: true }).first().waitFor();
      await shot(page, 'admin-redirects-readable-375');
      noProblems(page);
      await page.context().close();
    },
  );

  it(
    'a missing page a visitor opens is in the 404 log, with its count and referrer; “Redirect…” there sends it on and takes it out of the log (checked at 375 px)',
    { timeout: 240_000 },
    async () => {
      const stamp = Date.now().toString(36);
      const missing = `/our-old-team-page-${stamp}`;
      const visitor = await openPage(browser, 1280);
      for (let i = 0; i < 2; i++) {
        const res = await visitor.goto(`${base}${missing}`, {
          referer: 'https://partner.example.org/links',
        });
        assert.equal(res?.status(), 404);
        await visitor.getByRole('heading', { level: 1 }).waitFor();
      }
      // A post that does not exist (the render function's 404, through the edge) is counted too.
      const gonePost = `/blog/a-post-that-never-was-${stamp}`;
      assert.equal((await visitor.goto(`${base}${gonePost}`))?.status(), 404);
      await visitor.context().close();
      // The page itself reports nothing: the edge's access log does, within its next flush.
      await waitForLogged(base, missing, 2);
      await waitForLogged(base, gonePost);

      const page = await openPage(browser, 375);
      await page.setViewportSize({ width: 375, height: 740 });
      await login(page, base);
      const cookies = page.getByRole('button', { name: /^ok$/i });
      if (await cookies.isVisible()) await cookies.click();
      await page.goto(`${base}/admin/redirects`, { waitUntil: 'networkidle' });
      await page
        .getByRole('navigation', { name: 'Redirect views' })
        .getByRole('link', { name: '404 log' })
        .click();
      const row = page.locator('.admin-table--not-found tbody tr', { hasText: missing });
      await row.waitFor();
      assert.equal(await row.locator('td[data-label="Visits"]').innerText(), '2');
      assert.match(
        await row.locator('td[data-label="Linked from"]').innerText(),
        /partner\.example\.org \(2\)/,
      );
      assert.match(
        await row.locator('td[data-label="Last seen"]').innerText(),
        /^\d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2}$/,
      );
      await page.locator('.admin-table--not-found tbody tr', { hasText: gonePost }).waitFor();
      assert.ok(await showsCards(page, '.admin-table--not-found'), 'the log is cards at 375 px');
      const log = await offScreen(page, '.admin-table--not-found');
      assert.deepEqual(log.outside, [], `off screen at 375 px: ${log.outside.join(', ')}`);
      assert.ok(log.sideways <= 0, `the log scrolls ${log.sideways} px sideways at 375 px`);

      await row.getByRole('link', { name: `Redirect ${missing}…` }).click();
      const form = page.getByRole('form', { name: 'Add a redirect' });
      assert.equal(await form.getByLabel('From').inputValue(), missing);
      await addRedirect(page, { to: '/about' });
      await page.getByText(`${missing} now redirects to /about`).waitFor();
      const manager = await offScreen(page, '.admin-table--redirects');
      assert.deepEqual(manager.outside, [], `off screen at 375 px: ${manager.outside.join(', ')}`);
      assert.ok(manager.sideways <= 0, `the manager scrolls ${manager.sideways} px sideways`);

      // Redirected now: out of the log (the API's and the page's), and the old address leads on.
      const token = await adminToken(base);
      const listed = await (
        await fetch(`${base}/api/user/not-found?page=1`, {
          headers: { authorization: `Bearer ${token}` },
        })
      ).json();
      assert.deepEqual(
        listed.results.filter((e) => e.path === missing),
        [],
        'the API still lists the redirected path',
      );
      await page.getByRole('link', { name: '404 log' }).click();
      await page.getByRole('heading', { level: 1, name: '404 log' }).waitFor();
      await page
        .locator('.admin-table--not-found tbody tr', { hasText: missing })
        .waitFor({ state: 'detached' });
      assert.deepEqual(await follow(page, missing), { landed: '/about', status: 301 });
      noProblems(page);
      await page.context().close();
    },
  );

  it(
    'shoots both views with rows at 375 and 1280 px, and neither a person nor axe would object to anything',
    { timeout: 240_000 },
    async () => {
      const findings = await shootRedirects(browser, base);
      assert.deepEqual(findings, []);
      // With rows in both views, a refusal shown at its field and an edit open: no serious or
      // critical accessibility violation.
      const page = await openPage(browser, 1280, { reducedMotion: 'reduce' });
      await login(page, base);
      const failures = [];
      await page.goto(`${base}/admin/redirects?view=not-found`, { waitUntil: 'networkidle' });
      await page.locator('.admin-table--not-found tbody tr').first().waitFor();
      failures.push(...(await axeFailures(page, '404 log')));
      await page.goto(`${base}/admin/redirects`, { waitUntil: 'networkidle' });
      await addRedirect(page, { from: '/about', to: '/services' });
      await page.waitForFunction(
        () => document.activeElement?.getAttribute('aria-invalid') === 'true',
      );
      failures.push(...(await axeFailures(page, 'manager, refused')));
      await page
        .getByRole('button', { name: /^Edit the redirect from / })
        .first()
        .click();
      await page.getByRole('form', { name: /^Edit the redirect from / }).waitFor();
      failures.push(...(await axeFailures(page, 'manager, editing')));
      assert.deepEqual(failures, [], failures.join('\n'));
      noProblems(page);
      await page.context().close();
    },
  );

  it(
    'clears the whole 404 log after a scan from a phone: asks first, then says how many went (shot at 375 and 1280 px)',
    { timeout: 120_000 },
    async () => {
      const stamp = Date.now().toString(36);
      for (const probe of ['wp-login', 'xmlrpc', 'env-backup'])
        await reportMissing(base, `/${probe}-${stamp}.php`);
      await waitForLogged(base, `/env-backup-${stamp}.php`);
      for (const width of [375, 1280]) {
        const page = await openPage(browser, width, { reducedMotion: 'reduce' });
        await login(page, base);
        await page.goto(`${base}/admin/redirects?view=not-found`, { waitUntil: 'networkidle' });
        if (width === 1280) {
          // The log was cleared at 375 px: a new scan fills it again.
          await reportMissing(base, `/wp-admin-${stamp}.php`);
          await waitForLogged(base, `/wp-admin-${stamp}.php`);
          await page.reload({ waitUntil: 'networkidle' });
        }
        await page.locator('.admin-table--not-found tbody tr').first().waitFor();
        await page.getByRole('button', { name: 'Clear the log…' }).click();
        const dialog = page.getByRole('alertdialog', { name: 'Clear the 404 log?' });
        await dialog.waitFor();
        await shot(page, `admin-not-found-clear-${width}`);
        await dialog.getByRole('button', { name: 'Clear the log' }).click();
        await page.getByText(/The 404 log was cleared \(\d+ address(es)?\)/).waitFor();
        await page.getByText(/Nothing here yet/).waitFor();
        await shot(page, `admin-not-found-cleared-${width}`);
        noProblems(page);
        await page.context().close();
      }
    },
  );
});
