// Public pages as islands (issue 37), as a person meets them: every page reads and every link leads
// somewhere without JavaScript; with it, each island works once it has woken and React stays away
// until one is needed; moving between pages by their links arrives at the top of a painted page;
// and screenshots of both, in artifacts/islands/.
import { before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { PNG } from 'pngjs';
import { createPost } from './admin-lists-shots.mjs';
import { openPublicPage, shootIslands } from './islands-shots.mjs';
import {
  WIDTHS,
  adminToken,
  fillEnquiry,
  noProblems,
  openFaqEntry,
  sesStoreUrl,
  settled,
  startForFile,
} from './lib.mjs';

let stack;
let browser;
let base;
startForFile((started) => ({ stack, browser, base } = started));

/** The seed's landing page the journeys visit (one of the specification's eleven). */
const LANDING = '/seo-company-in-chennai';
/** Posts a page of /blog lists (shared POST_PAGE_SIZE). */
const LIST_PAGE_SIZE = 10;
/** What React's chunks are named in the build: React itself, and the islands' hydrate module. */
const REACT_SCRIPT = /framework|islands-/;

let postPath;
let prepared;
/**
 * The site as the journeys need it, once for the file (each suite's `before` waits for it, after
 * the stack has started): a post to visit, and enough posts for /blog to run past two pages, so both
 * its "More posts" link and its infinite scroll have somewhere to go whatever the seed holds.
 */
function prepareSite() {
  prepared ??= (async () => {
    // The stack prints its mail store's address once its start-up work (the sample posts) is done.
    await sesStoreUrl(stack);
    const sitemap = await (await fetch(`${base}/sitemap.xml`)).text();
    const paths = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname);
    assert.ok(paths.includes(LANDING), `${LANDING} is not in the sitemap`);
    postPath = paths.find((p) => /^\/blog\/[^/]+$/.test(p));
    assert.ok(postPath, 'the sitemap lists a post under /blog/');
    const published = await publishedPostCount();
    const stamp = Date.now();
    // One sign-in for them all: the sign-in route's limit (2 a second, 5 at once) refuses a
    // sign-in per post on a fast machine.
    const token = await adminToken(base);
    for (let i = published; i < LIST_PAGE_SIZE * 2 + 1; i++)
      await createPost(
        base,
        { title: `Island scroll post ${i + 1}`, slug: `island-scroll-post-${stamp}-${i + 1}` },
        token,
      );
    assert.ok((await publishedPostCount()) > LIST_PAGE_SIZE * 2);
  })();
  return prepared;
}
const whenPrepared = () => before(prepareSite, { timeout: 120_000 });

/** How many posts /blog lists: the public list API, page by page. */
async function publishedPostCount() {
  let count = 0;
  for (let page = 1; ; page++) {
    const res = await fetch(`${base}/api/user/post/list?page=${page}`);
    assert.equal(res.status, 200, `the post list's page ${page} answered ${res.status}`);
    const { results, next } = await res.json();
    count += results.length;
    if (!next) return count;
  }
}

/** Script URLs the page requests, from now on, as paths. */
function recordScripts(page) {
  const scripts = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
  });
  return scripts;
}

const reactIn = (scripts) => scripts.filter((s) => REACT_SCRIPT.test(s));

/** Open `path` with JavaScript and wait, touching nothing, until the page has settled; React must not have loaded. */
async function openUntouched(width, path) {
  const page = await openPublicPage(browser, width);
  const scripts = recordScripts(page);
  await page.goto(base + path, { waitUntil: 'networkidle' });
  assert.deepEqual(reactIn(scripts), [], `${path} loaded React before any input: ${scripts}`);
  return page;
}

describe('without JavaScript', () => {
  whenPrepared();
  const routes = [
    '/',
    '/services',
    '/portfolio',
    '/contact',
    '/privacy-policy',
    '/thank-you-alchem',
    '/blog',
    'a post',
    LANDING,
    '/no-such-page-here',
  ];
  // Each linked address is fetched once for the whole file.
  const linkStatus = new Map();
  const statusOf = (url) => {
    if (!linkStatus.has(url))
      linkStatus.set(
        url,
        fetch(url).then((r) => r.status),
      );
    return linkStatus.get(url);
  };

  for (const width of WIDTHS)
    for (const route of routes)
      it(`${route} at ${width} px reads, its links lead to pages, its menu and cookie notice work, its header reads scrolled`, async () => {
        const path = route === 'a post' ? postPath : route;
        const page = await openPublicPage(browser, width, { javaScript: false });
        const res = await page.goto(base + path);
        assert.equal(res.status(), path === '/no-such-page-here' ? 404 : 200, path);

        // The content reads: a visible heading, the main text, nothing held back by the reveal.
        assert.equal(await page.locator('h1').first().isVisible(), true, `${path}: no visible h1`);
        const text = (await page.locator('#main').innerText()).trim();
        assert.ok(text.length > 80, `${path}: main reads "${text}"`);
        const hidden = await page.locator('[data-reveal]').evaluateAll((els) =>
          els
            .filter((el) => {
              const style = getComputedStyle(el);
              return Number(style.opacity) < 1 || style.visibility !== 'visible';
            })
            .map((el) => el.className || el.tagName),
        );
        assert.deepEqual(hidden, [], `${path}: reveal keeps these hidden`);

        // Every link of the header, main and footer to another address of the site answers 200
        // (in-page links, mailto:, tel: and other sites are not followed).
        const here = base + path;
        const hrefs = await page
          .locator('header a[href], #main a[href], footer a[href]')
          .evaluateAll((links) => links.map((a) => a.href));
        const own = [
          ...new Set(
            hrefs
              .map((h) => new URL(h))
              .filter((u) => u.origin === base)
              .map((u) => u.origin + u.pathname + u.search)
              .filter((url) => url !== here),
          ),
        ];
        assert.ok(own.length >= 10, `${path}: only ${own.length} links`);
        const statuses = await Promise.all(own.map(statusOf));
        const broken = own
          .map((url, i) => `${url} → ${statuses[i]}`)
          .filter((_, i) => statuses[i] !== 200);
        assert.deepEqual(broken, [], `${path}: links that do not lead to a page`);

        if (path === '/blog') {
          // More posts than one page: the list ends with a link to the next page's address.
          const more = page.getByRole('link', { name: 'More posts' });
          assert.equal(await more.isVisible(), true, '/blog without JavaScript offers More posts');
          const next = new URL(await more.getAttribute('href'), base);
          assert.equal(next.pathname + next.search, '/blog?page=2');
        }

        if (width === 375) {
          // The menu and a service group open as the page's :target, through the noscript links.
          const nav = page.getByRole('navigation', { name: 'Main' });
          assert.equal(await nav.isVisible(), false, 'the menu starts closed');
          await page.getByRole('link', { name: 'Open menu' }).click();
          await nav.waitFor({ state: 'visible' });
          const expand = nav.getByRole('link', { name: /^Expand / }).first();
          const group = (await expand.getAttribute('href')).slice(1);
          const groupLinks = page.locator(`[id="${group}"] a`);
          assert.equal(await groupLinks.first().isVisible(), false, 'the group starts closed');
          await expand.click();
          await groupLinks.first().waitFor({ state: 'visible' });
          await page.getByRole('link', { name: 'Close menu' }).click();
          await nav.waitFor({ state: 'hidden' });
        }

        // The cookie notice shows, and its OK (a link, without JavaScript) hides it.
        const notice = page.getByRole('region', { name: 'Cookie notice' });
        assert.equal(await notice.isVisible(), true, `${path}: no cookie notice`);
        await notice.getByRole('link', { name: 'OK' }).click();
        await notice.waitFor({ state: 'hidden' });

        // Read on past the first screen (a dark hero's, on most pages): the header stays legible,
        // a solid bar over the light page rather than light links on a transparent one.
        await page.mouse.move(width / 2, 300);
        await page.mouse.wheel(0, page.viewportSize().height * 1.5);
        await page.waitForTimeout(500);
        const header = await page.evaluate(() => {
          const bar = getComputedStyle(document.querySelector('header.site-header'));
          const alpha = /rgba?\([^)]*?,\s*([\d.]+)\)/.exec(
            bar.backgroundColor.replace(/ \/ /, ', '),
          );
          return {
            scrolled: window.scrollY >= window.innerHeight,
            opaque: bar.backgroundColor.startsWith('rgb(') || Number(alpha?.[1] ?? 0) >= 0.9,
            background: bar.backgroundColor,
          };
        });
        if (header.scrolled)
          assert.equal(
            header.opaque,
            true,
            `${path}: scrolled a screen down, the header is still ${header.background} (light links over the light page)`,
          );

        // An FAQ's answers open with no script (the browser's own <details>).
        if ((await page.locator('.faq__list').count()) > 0) await openFaqEntry(page);
        await page.context().close();
      });
});

describe('with JavaScript, each island works once woken', () => {
  whenPrepared();
  for (const width of WIDTHS) {
    it(
      `home at ${width} px: the hero moves on Next slide and pauses with no React loaded, an FAQ opens`,
      { timeout: 60_000 },
      async () => {
        const page = await openPublicPage(browser, width);
        const scripts = recordScripts(page);
        await page.goto(base + '/', { waitUntil: 'load' });
        // The hero is plain script (page-script/hero-carousel.ts): no island, no React for it.
        assert.equal(await page.locator('[data-deferred="hero-carousel"]').count(), 0);
        const hero = page.getByRole('region', { name: /highlights/i });
        const current = () =>
          hero
            .locator('[aria-roledescription="slide"][aria-hidden="false"]')
            .first()
            .getAttribute('aria-label');
        const [at, of] = (await current()).split(' of ').map(Number);
        const next = `${(at % of) + 1} of ${of}`;
        await hero.getByRole('button', { name: 'Next slide' }).click();
        assert.equal(await settled(current, next), next, 'Next slide moved the hero');
        await hero.getByRole('button', { name: 'Pause slideshow' }).click();
        await hero.getByRole('button', { name: 'Play slideshow', pressed: true }).waitFor();
        assert.deepEqual(reactIn(scripts), [], 'React loaded for the hero');

        // The FAQ is no island: the browser opens its answers, React or not.
        await openFaqEntry(page);
        noProblems(page);
        await page.context().close();
      },
    );

    it(
      `portfolio at ${width} px: no React until touched; the filter filters, the lightbox opens and Escape closes it with focus back`,
      { timeout: 60_000 },
      async () => {
        const page = await openUntouched(width, '/portfolio');
        const projects = page.getByRole('region', { name: 'Projects' }).locator('ul > li:visible');
        const all = await projects.count();
        assert.ok(all > 1, `${all} projects`);
        await page.getByRole('button', { name: /^web applications$/i }).click();
        const filtered = await settled(() => projects.count(), 1);
        assert.equal(filtered, 1, 'the filter left one project');
        await page.locator('[data-deferred="portfolio-gallery"][data-hydrated]').waitFor({
          state: 'attached',
        });
        await page.getByRole('button', { name: /show all/i }).click();
        assert.equal(await settled(() => projects.count(), all), all);
        const enlarge = page.getByRole('button', { name: /^Enlarge/ }).first();
        await enlarge.click();
        const dialog = page.getByRole('dialog');
        await dialog.waitFor();
        // Over the whole screen (corners and middle), not only over the section it was opened from:
        // sections contain their fixed descendants (content-visibility), so it must not be in one.
        const covered = await page.evaluate(() => {
          const [w, h] = [window.innerWidth, window.innerHeight];
          const points = [
            [2, 2],
            [w - 3, 2],
            [2, h - 3],
            [w - 3, h - 3],
            [w / 2, h / 2],
          ];
          const lightbox = document.querySelector('.lightbox');
          return points.filter(([x, y]) => !lightbox?.contains(document.elementFromPoint(x, y)));
        });
        assert.deepEqual(covered, [], 'points of the screen the lightbox does not cover');
        await page.keyboard.press('Escape');
        await dialog.waitFor({ state: 'detached' });
        assert.equal(
          await enlarge.evaluate((el) => el === document.activeElement),
          true,
          'focus went back to the image that opened the lightbox',
        );
        noProblems(page);
        await page.context().close();
      },
    );

    it(
      `contact at ${width} px: no React until touched; an enquiry typed in is sent, lands on the thank-you page and reaches the mail store`,
      { timeout: 90_000 },
      async () => {
        const page = await openUntouched(width, '/contact');
        const store = await sesStoreUrl(stack);
        const name = `Island Visitor ${width} ${Date.now()}`;
        const form = page.locator('form.enquiry__form').first();
        await fillEnquiry(page, form, {
          name,
          phone: '+91 98765 43210',
          email: 'island.visitor@example.com',
          subject: 'SEO',
          message: 'We would like a quote for SEO, please.',
        });
        await form.getByRole('button', { name: /submit|send/i }).click();
        await page.waitForURL(`${base}/thank-you-alchem`);
        await page.getByText('Thank you! We have received your enquiry.').waitFor();
        const mailed = async () =>
          JSON.stringify((await (await fetch(store)).json()).emails).includes(name);
        assert.equal(await settled(mailed, true, 10_000), true, 'the lead reached the mail store');
        noProblems(page);
        await page.context().close();
      },
    );

    it(
      `a post at ${width} px: no React until touched; Listen plays and pauses`,
      { timeout: 60_000 },
      async () => {
        const page = await openUntouched(width, postPath);
        const listen = page.locator('[data-deferred="listen"] button.listen-button');
        assert.equal(await listen.getAttribute('aria-label'), 'Listen the blog');
        // Every label and pressed state the button shows, in order, from the first click on.
        await listen.evaluate((button) => {
          window.__listen = [];
          const record = () =>
            window.__listen.push(
              `${button.getAttribute('aria-label')}|${button.getAttribute('aria-pressed')}`,
            );
          new MutationObserver(record).observe(button, { attributes: true });
        });
        const shown = () => page.evaluate(() => window.__listen.join(', '));
        // The first press wakes the island and is replayed once it is live: the button plays.
        await listen.click();
        const playing = 'Pause reading|true';
        assert.match(await settledMatch(shown, /Pause reading\|true/), /^Pause reading\|true/);
        // Headless Chromium may have no voice: its speech then ends at once with an error and
        // the button goes back to Listen. Either way, give the reading a moment to settle.
        await page.waitForTimeout(1000);
        if ((await listen.getAttribute('aria-label')) === 'Pause reading') {
          await listen.click();
          assert.equal(await settled(() => listen.getAttribute('aria-pressed'), 'false'), 'false');
          assert.equal(await listen.getAttribute('aria-label'), 'Resume reading');
        } else {
          assert.equal(await shown(), `${playing}, Listen the blog|false`, 'the reading ended');
          await listen.click();
          assert.match(await settledMatch(shown, /false, Pause/), /false, Pause reading\|true/);
        }
        noProblems(page);
        await page.context().close();
      },
    );

    it(
      `blog at ${width} px: no React until scrolled; the list appends the next posts as its end comes into view`,
      { timeout: 60_000 },
      async () => {
        const page = await openUntouched(width, '/blog');
        // The posts listed, not the placeholders shown while more load.
        const cards = page.locator('.blog-list__items > li.blog-card');
        assert.equal(await cards.count(), LIST_PAGE_SIZE);
        const sentinel = page.locator('.blog-list__sentinel');
        // Whether the list's end is in view (or gone: the list has ended).
        const endInView = () =>
          page.evaluate(() => {
            const end = document.querySelector('.blog-list__sentinel');
            return !end || end.getBoundingClientRect().top < window.innerHeight;
          });
        // Read on by the wheel, a screen's third at a time, until the list's end is in view; then
        // stay there, as a person waiting for more does, until the list has grown past `count`.
        const readOnPast = async (count) => {
          for (let i = 0; i < 60 && !(await endInView()) && (await cards.count()) <= count; i++) {
            await page.mouse.wheel(0, 250);
            await page.waitForTimeout(100);
          }
          await page.waitForFunction(
            (n) => document.querySelectorAll('.blog-list__items > li.blog-card').length > n,
            count,
            { timeout: 15_000 },
          );
        };
        await page.mouse.move(width / 2, 300);
        await readOnPast(LIST_PAGE_SIZE);
        await readOnPast(LIST_PAGE_SIZE * 2);
        await page.getByText('You have reached the end of the blog.').waitFor({ timeout: 15_000 });
        assert.equal(await sentinel.count(), 0, 'the sentinel stays after the last page');
        // Each card once: the link of its title (a post's address, under /blog/ or not).
        const posts = await cards.evaluateAll((lis) =>
          lis.map((li) => li.querySelector('a[href]')?.getAttribute('href')),
        );
        assert.equal(new Set(posts).size, posts.length, `a post listed twice: ${posts}`);
        assert.equal(await page.getByRole('link', { name: 'More posts' }).count(), 0);
        noProblems(page);
        await page.context().close();
      },
    );
  }
});

/** The value `read()` settles on once it matches `pattern` (or the last read after 5 s). */
async function settledMatch(read, pattern, timeoutMs = 5000) {
  const end = Date.now() + timeoutMs;
  let value = await read();
  while (!pattern.test(value) && Date.now() < end) {
    await new Promise((r) => setTimeout(r, 50));
    value = await read();
  }
  return value;
}

/** Share of the screenshot's pixels in its commonest colour: 1 is a blank page. */
function commonestColourShare(png) {
  const { data, width, height } = PNG.sync.read(png);
  const counts = new Map();
  let top = 0;
  for (let i = 0; i < data.length; i += 4) {
    const key = (data[i] << 16) | (data[i + 1] << 8) | data[i + 2];
    const n = (counts.get(key) ?? 0) + 1;
    counts.set(key, n);
    if (n > top) top = n;
  }
  return top / (width * height);
}

describe('moving between public pages by their links', () => {
  whenPrepared();
  // home → services → a landing page → contact → blog → its newest post, each by a visible link.
  const steps = [
    'a[href="/services"]',
    `a[href="${LANDING}"]`,
    'a[href="/contact"]',
    'a[href="/blog"]',
    '.blog-list__items a[href^="/blog/"]',
  ];

  for (const width of WIDTHS)
    it(
      `at ${width} px each page arrives painted, at its top, focus at its start, header on, view transitions declared`,
      { timeout: 90_000 },
      async () => {
        const page = await openPublicPage(browser, width);
        await page.goto(base + '/', { waitUntil: 'networkidle' });
        for (const link of steps) {
          const target = page.locator(`${link}:visible`).first();
          const to = await target.getAttribute('href');
          await target.scrollIntoViewIfNeeded();
          await Promise.all([page.waitForURL(base + to, { waitUntil: 'commit' }), target.click()]);
          // Right after the address changed: what is on screen is a page, not a blank.
          const share = commonestColourShare(await page.screenshot());
          assert.ok(
            share < 0.98,
            `${to}: ${Math.round(share * 100)} % of the screen is one colour`,
          );
          await page.waitForLoadState('load');
          // The paint entry may still be on its way at `load`: wait for it (5 s at most).
          const painted = await page.evaluate(
            () =>
              new Promise((resolve) => {
                new PerformanceObserver((list, observer) => {
                  if (list.getEntriesByName('first-contentful-paint').length === 0) return;
                  observer.disconnect();
                  resolve(true);
                }).observe({ type: 'paint', buffered: true });
                setTimeout(() => resolve(false), 5000);
              }),
          );
          const arrived = await page.evaluate(() => ({
            path: location.pathname,
            scrollY: window.scrollY,
            focus:
              document.activeElement === document.body || document.activeElement?.id === 'main',
            header: !!document.querySelector('header.site-header'),
            viewTransition: [...document.styleSheets].some((sheet) =>
              [...sheet.cssRules].some((rule) => rule.cssText.startsWith('@view-transition')),
            ),
          }));
          assert.deepEqual(
            { ...arrived, painted },
            {
              path: to,
              scrollY: 0,
              focus: true,
              painted: true,
              header: true,
              viewTransition: true,
            },
            `arriving at ${to}`,
          );
          assert.equal(await page.locator('header.site-header').isVisible(), true);
        }
        noProblems(page);
        await page.context().close();
      },
    );
});

describe('screenshots (artifacts/islands/)', () => {
  whenPrepared();
  it(
    '/, /contact, /blog and a post at 375 and 1280 px, top and scrolled, without and with JavaScript',
    { timeout: 120_000 },
    async () => {
      const names = await shootIslands(browser, base, ['/', '/contact', '/blog', postPath]);
      assert.equal(names.length, 4 * 2 * 2 * 2);
    },
  );
});
