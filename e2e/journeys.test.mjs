// npm run test:e2e — browser journeys against `npm start`'s server on a temporary DATA_DIR and a
// free port, in Debian's chromium: visitor, enquiry, admin, accessibility (axe-core), injected
// scripts, and screenshots in artifacts/.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import AxeBuilder from '@axe-core/playwright';
import { ADMIN, WIDTHS, login, openPage, sesStoreUrl, settled, shot, startAll } from './lib.mjs';

let stack;
let browser;
let base;

before(
  async () => {
    ({ stack, browser } = await startAll());
    base = stack.url;
  },
  { timeout: 300_000 },
);

after(async () => {
  await browser?.close();
  await stack?.stop();
});

const noProblems = (page) => assert.deepEqual(page.problems, [], page.problems.join('\n'));

describe('visitor', () => {
  for (const width of WIDTHS) {
    it(
      `home at ${width} px: hero advances, FAQ opens, cookie notice stays hidden after OK`,
      { timeout: 60_000 },
      async () => {
        const page = await openPage(browser, width);
        await page.goto(base + '/');
        const hero = page.getByRole('region', { name: /highlights/i });
        const current = async () =>
          hero
            .locator('[aria-roledescription="slide"][aria-hidden="false"]')
            .first()
            .getAttribute('aria-label');
        assert.equal(await current(), '1 of 4');
        // Autoplay runs once the app is live (it hydrates after the first paint).
        await page.locator('#root[data-hydrated]').waitFor({ state: 'attached' });
        // Auto-advance: after 7 s the second slide is current.
        await page.waitForTimeout(7600);
        assert.equal(await current(), '2 of 4', 'the hero advanced by itself');
        await hero.getByRole('button', { name: 'Next slide' }).click();
        assert.equal(await current(), '3 of 4');
        // A closed FAQ question, held by its panel id (the locator must not re-resolve after the click).
        const panelId = await page
          .locator('button[aria-expanded="false"][aria-controls]')
          .filter({ hasText: /\?/ })
          .first()
          .getAttribute('aria-controls');
        const question = page.locator(`button[aria-controls="${panelId}"]`);
        await question.scrollIntoViewIfNeeded();
        // The FAQ may still be hydrating as it scrolls into view: the click is replayed once it has.
        await question.click();
        assert.equal(await settled(() => question.getAttribute('aria-expanded'), 'true'), 'true');
        assert.equal(await page.locator(`#${panelId}`).isVisible(), true);
        await page.getByRole('button', { name: /^ok$/i }).click();
        await page.reload();
        await page.waitForLoadState('networkidle');
        assert.equal(await page.getByRole('region', { name: /cookie notice/i }).count(), 0);
        await shot(page, `home-${width}`);
        noProblems(page);
        await page.context().close();
      },
    );
  }

  it('mobile menu opens a service group at 375 px', { timeout: 30_000 }, async () => {
    const page = await openPage(browser, 375);
    await page.goto(base + '/');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('button', { name: /^services/i })
      .click();
    const expand = page.locator('button[aria-label^="Expand"]:visible').first();
    await expand.click();
    assert.equal(await page.locator('button[aria-label^="Collapse"]:visible').count(), 1);
    await assert.doesNotReject(
      page
        .getByRole('link', { name: /responsive|wordpress|e-?commerce/i })
        .first()
        .waitFor({ state: 'visible' }),
    );
    noProblems(page);
    await page.context().close();
  });

  it('portfolio filter and lightbox (Escape closes)', { timeout: 30_000 }, async () => {
    const page = await openPage(browser, 1280);
    await page.goto(base + '/portfolio');
    const projects = page.getByRole('region', { name: 'Projects' }).locator('ul > li:visible');
    const all = await projects.count();
    assert.equal(all, 3);
    // Clicked as soon as the page shows, before its gallery may have hydrated: the click still counts.
    await page.getByRole('button', { name: /^web applications$/i }).click();
    assert.equal(await settled(() => projects.count(), 1), 1);
    await page.getByRole('button', { name: /show all/i }).click();
    assert.equal(await settled(() => projects.count(), 3), 3);
    await page
      .getByRole('button', { name: /^Enlarge/ })
      .first()
      .click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    assert.equal(await page.evaluate(() => getComputedStyle(document.body).overflow), 'hidden');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    noProblems(page);
    await page.context().close();
  });

  it(
    'a post page shows its article with only its own code, counts the view, goes live at the first input and pages on',
    { timeout: 60_000 },
    async () => {
      const sitemap = await (await fetch(`${base}/sitemap.xml`)).text();
      const path = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)]
        .map(([, loc]) => new URL(loc).pathname)
        .find((p) => /^\/blog\/[^/]+$/.test(p));
      assert.ok(path, 'the sitemap lists a post under /blog/');
      const page = await openPage(browser, 375);
      const scripts = [];
      const calls = [];
      page.on('request', (r) => {
        const { pathname } = new URL(r.url());
        if (r.resourceType() === 'script') scripts.push(pathname);
        if (pathname.startsWith('/api/')) calls.push(`${r.method()} ${pathname}`);
      });
      const counted = page.waitForResponse((r) => r.url().includes('/increase-view'));
      await page.goto(base + path);
      await page.locator('#root[data-hydrated]').waitFor({ state: 'attached' });
      assert.equal((await counted).status(), 200);
      await page.waitForLoadState('networkidle');
      // What the render handler's HTML shows is not fetched again, and SWR, the API client, the
      // sanitiser and the carousel are not loaded for it.
      assert.deepEqual(calls, ['PUT /api/user/post/increase-view']);
      assert.deepEqual(
        scripts.filter((s) =>
          /use-swr|contract|api-client|post-body|keen-slider|live-post/.test(s),
        ),
        [],
        scripts.join(', '),
      );
      await page.getByRole('button', { name: 'Listen the blog' }).waitFor();
      const body = page.locator('[data-deferred="post-body"]');
      assert.equal(await body.getAttribute('data-hydrated'), null);
      await page.keyboard.press('Tab');
      await page
        .locator('[data-deferred="post-body"][data-hydrated]')
        .waitFor({ state: 'attached' });
      // A pager link navigates in the app: the next post is fetched and shown.
      const pager = page.locator('.post__pager-link').first();
      const title = ((await pager.textContent()) ?? '').replace(/^(Previous|Next)\s*/, '').trim();
      await pager.click();
      await page.getByRole('heading', { level: 1, name: title }).waitFor();
      assert.ok(calls.includes('POST /api/user/post/get'), calls.join(', '));
      noProblems(page);
      await page.context().close();
    },
  );

  it('an unknown path shows the not-found page at /404', { timeout: 30_000 }, async () => {
    const page = await openPage(browser, 1280);
    const res = await page.goto(base + '/no-such-page-here');
    assert.equal(res.status(), 404);
    await page.getByText(/uh-oh! something.s missing/i).waitFor();
    await page.waitForURL(`${base}/404`);
    await page.context().close();
  });
});

describe('enquiry', () => {
  it(
    'empty submit shows the popup and inline messages; a valid one lands on the thank-you page, in the inbox and in the mail store',
    { timeout: 120_000 },
    async () => {
      const page = await openPage(browser, 1280);
      await page.goto(base + '/contact');
      const form = page.locator('form.enquiry__form').first();
      await form.getByRole('button', { name: /submit|send/i }).click();
      await page
        .getByRole('alertdialog')
        .or(page.getByRole('dialog'))
        .getByText('Please fill all necessary field.')
        .waitFor();
      for (const m of [
        '*Name is required',
        '*Email is required',
        '*Phone is required',
        '*Subject is required',
        '*Message is required',
      ])
        await form.getByText(m).waitFor();
      await page.keyboard.press('Escape');
      const mailsBefore = (await (await fetch(sesStoreUrl(stack))).json()).emails.length;
      const name = `E2E Visitor ${Date.now()}`;
      await form.getByLabel(/name/i).fill(name);
      await form.getByLabel(/phone/i).fill('+91 98765 43210');
      await form.getByLabel(/e-?mail/i).fill('e2e.visitor@example.com');
      await form.getByLabel(/subject/i).selectOption('SEO');
      await form.getByLabel(/message/i).fill('We would like a quote for SEO.');
      await page.locator('altcha-widget input[type="checkbox"]').first().click();
      await page.waitForFunction(
        () => !!document.querySelector('altcha-widget input[name="altcha"]')?.value,
        null,
        { timeout: 60_000 },
      );
      const submit = form.getByRole('button', { name: /submit|send/i });
      await Promise.all([
        page.getByRole('button', { name: 'Sending...' }).waitFor({ timeout: 10_000 }),
        submit.click(),
      ]);
      await page.waitForURL(`${base}/thank-you-alchem`);
      await page.getByText('Thank you! We have received your enquiry.').waitFor();
      await login(page, base);
      await page.goto(base + '/admin/leads');
      await page.getByText(name).waitFor();
      let mails = [];
      for (let i = 0; i < 40 && mails.length <= mailsBefore; i++) {
        mails = (await (await fetch(sesStoreUrl(stack))).json()).emails;
        await new Promise((r) => setTimeout(r, 250));
      }
      assert.equal(mails.length, mailsBefore + 1);
      assert.match(JSON.stringify(mails.at(-1)), new RegExp(name));
      noProblems(page);
      await page.context().close();
    },
  );
});

describe('admin', () => {
  it(
    'creates a post with a banner, counts one view, edits it (slug follows) and deletes it',
    { timeout: 180_000 },
    async () => {
      const page = await openPage(browser, 1280);
      await login(page, base);
      await shot(page, 'admin-list-1280');
      await page
        .getByRole('link', { name: /add/i })
        .or(page.getByRole('button', { name: /add/i }))
        .first()
        .click();
      await page.waitForURL(`${base}/add-blog`);
      const title = `E2E Post ${Date.now()}`;
      await page.getByLabel(/^title/i).fill(title);
      const slug = title.toLowerCase().replace(/\s+/g, '-');
      assert.equal(await page.getByLabel(/slug/i).inputValue(), slug);
      await page.getByLabel(/category/i).selectOption({ index: 1 });
      await page.getByLabel(/author/i).selectOption({ index: 1 });
      await page.locator('.ql-editor').click();
      await page.keyboard.type('Written in the browser journey.');
      const png = Buffer.from(
        'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
        'base64',
      );
      await page
        .getByLabel(/banner/i)
        .setInputFiles({ name: 'banner.png', mimeType: 'image/png', buffer: png });
      await shot(page, 'admin-editor-1280');
      await page
        .getByRole('button', { name: /submit|save|publish|add/i })
        .last()
        .click();
      await page.getByText(/New blog added/).waitFor();
      await page.waitForURL(`${base}/admin`, { timeout: 10_000 });
      await page.getByRole('cell', { name: title, exact: true }).waitFor();

      const visitor = await openPage(browser, 1280);
      await visitor.goto(base + '/blog');
      await visitor.getByRole('heading', { name: title }).first().waitFor();
      await visitor.goto(`${base}/blog/${slug}`);
      await visitor.getByRole('heading', { name: title, level: 1 }).waitFor();
      await visitor.getByText('1 views').waitFor({ timeout: 5000 });
      for (let i = 0; i < 2; i++) {
        await visitor.reload();
        await visitor.getByRole('heading', { name: title, level: 1 }).waitFor();
        await visitor.waitForTimeout(600);
        await visitor.getByText('1 views').waitFor();
      }
      await shot(visitor, 'post-1280');
      noProblems(visitor);
      await visitor.context().close();

      await page
        .getByRole('link', { name: `Edit ${title}` })
        .or(page.getByRole('button', { name: `Edit ${title}` }))
        .first()
        .click();
      await page.waitForURL(`${base}/edit-blog/${slug}`);
      await page.getByLabel(/^title/i).waitFor();
      await page
        .waitForFunction(
          (t) => document.querySelector('input[name="title"], #title')?.value === t,
          title,
        )
        .catch(() => undefined);
      const newTitle = `${title} Edited`;
      await page.getByLabel(/^title/i).fill(newTitle);
      const newSlug = newTitle.toLowerCase().replace(/\s+/g, '-');
      assert.equal(await page.getByLabel(/slug/i).inputValue(), newSlug);
      await page.getByRole('button', { name: /update/i }).click();
      await page.getByText('Blog Updated.').waitFor();
      await page.goto(base + '/admin');
      await page.getByRole('cell', { name: newTitle, exact: true }).waitFor();
      await page.getByRole('button', { name: `Delete ${newTitle}` }).click();
      await page
        .getByRole('alertdialog')
        .or(page.getByRole('dialog'))
        .getByRole('button', { name: /delete|yes|confirm/i })
        .click();
      await page.getByRole('cell', { name: newTitle, exact: true }).waitFor({ state: 'detached' });
      const gone = await fetch(`${base}/blog/${newSlug}`);
      assert.equal(gone.status, 404);
      noProblems(page);
      await page.context().close();
    },
  );
});

describe('no injected script runs', () => {
  it(
    'XSS payloads stored through the API do not execute on the post page, blog list, admin list and leads inbox',
    { timeout: 120_000 },
    async () => {
      const api = async (path, init) => fetch(base + path, init);
      const token = (
        await (
          await api('/api/user/login', {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify(ADMIN),
          })
        ).json()
      ).data.token;
      const payloads = [
        '<img src=x onerror="window.__xss=1;alert(1)">',
        '<svg/onload=window.__xss=1>',
        '<script>window.__xss=1</script>',
        '<a href="javascript:window.__xss=1">x</a>',
        '"><img src=x onerror=alert(1)>',
      ];
      const form = new FormData();
      form.set('title', `XSS ${payloads[0]}`);
      form.set('slug', 'xss-in-the-browser');
      form.set('content', `<p>hello</p>${payloads.join('')}`);
      form.set('head_tag', '<meta name="description" content="x">');
      const created = await api('/api/user/post/create', {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
        body: form,
      });
      assert.equal(created.status, 201);
      const page = await openPage(browser, 1280);
      await login(page, base);
      for (const path of ['/blog/xss-in-the-browser', '/blog', '/admin', '/admin/leads']) {
        await page.goto(base + path);
        await page.waitForLoadState('networkidle');
        await page.waitForTimeout(300);
        assert.equal(await page.evaluate(() => window.__xss), undefined, `script ran on ${path}`);
      }
      noProblems(page);
      await page.context().close();
    },
  );
});

describe('accessibility (axe-core)', () => {
  const routes = [
    '/',
    '/about',
    '/services',
    '/portfolio',
    '/contact',
    '/privacy-policy',
    '/thank-you-alchem',
    '/404',
    '/blog',
    '/blog/how-to-start-a-career-in-a-digital-marketing-agency',
    '/how-to-start-a-career-in-a-digital-marketing-agency',
    '/responsive-website-design-development',
    '/digital-marketing-agency-chennai',
    '/seo-company-in-chennai',
    '/ppc-services-in-chennai',
    '/youtube-marketing',
    '/content-marketing',
    '/branding-company-in-chennai',
    '/wordpress-development-company-chennai',
    '/web-application-development-company-chennai',
    '/e-commerce-website-development-company-chennai',
    '/saas-development-company-in-chennai',
    '/creative-login',
  ];
  it(
    'has no serious or critical violation on every public route and the admin pages',
    { timeout: 300_000 },
    async () => {
      const page = await openPage(browser, 1280, { reducedMotion: 'reduce' });
      const failures = [];
      const check = async (path) => {
        await page.goto(base + path);
        await page.waitForLoadState('networkidle');
        const { violations } = await new AxeBuilder({ page })
          .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
          .analyze();
        for (const v of violations.filter((x) => x.impact === 'serious' || x.impact === 'critical'))
          failures.push(
            `${path}: ${v.id} (${v.impact}) ${v.nodes
              .slice(0, 3)
              .map((n) => n.target.join(' '))
              .join(' | ')}`,
          );
      };
      for (const route of routes) await check(route);
      await login(page, base);
      for (const route of ['/admin', '/add-blog', '/admin/leads']) await check(route);
      assert.deepEqual(failures, [], failures.join('\n'));
      await page.context().close();
    },
  );
});

describe('screenshots', () => {
  it(
    'writes home, a service page, blog, a post, admin list and editor at both widths to artifacts/',
    { timeout: 120_000 },
    async () => {
      for (const width of WIDTHS) {
        const page = await openPage(browser, width, { reducedMotion: 'reduce' });
        for (const [name, path] of [
          ['home', '/'],
          ['service', '/seo-company-in-chennai'],
          ['blog', '/blog'],
          ['post', '/blog/how-to-start-a-career-in-a-digital-marketing-agency'],
        ]) {
          await page.goto(base + path);
          await page.waitForLoadState('networkidle');
          await shot(page, `${name}-${width}`);
        }
        await login(page, base);
        await shot(page, `admin-list-${width}`);
        await page.goto(base + '/add-blog');
        await page.locator('.ql-editor').waitFor();
        await shot(page, `admin-editor-${width}`);
        await page.context().close();
      }
    },
  );
});
