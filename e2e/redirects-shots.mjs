// The redirect manager and the 404 log with rows in them, as `npm run shots` and the redirects
// journey take them: admin-redirects-<width>.png and admin-not-found-<width>.png (whole pages) in
// artifacts/shots/, with what a person would object to at that width (the visual journey's checks,
// sideways scroll, a row's control off screen, a table where phones show cards).
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { adminToken, artifacts, login } from './lib.mjs';
import { shootRoute } from './visual.mjs';

export const REDIRECT_VIEWPORTS = [
  { width: 375, height: 740 },
  { width: 1280, height: 800 },
];

/** A redirect made through the API; its stored data. */
export async function createRedirect(base, fields) {
  const token = await adminToken(base);
  const res = await fetch(`${base}/api/user/redirects`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(fields),
  });
  if (res.status !== 201)
    throw new Error(
      `creating the redirect from ${fields.from} answered ${res.status}: ${await res.text()}`,
    );
  return (await res.json()).data;
}

/**
 * A visitor asking the site for a missing path, as a browser that followed a link from `referrer`:
 * the edge answers 404 and logs it, and the 404 log counts it from that log (`reportMissing` does
 * not wait; `waitForLogged` does).
 */
export async function reportMissing(base, path, referrer) {
  const res = await fetch(`${base}${path}`, {
    headers: referrer ? { referer: referrer } : {},
    redirect: 'manual',
  });
  await res.arrayBuffer();
  if (res.status !== 404) throw new Error(`${path} answered ${res.status}, not 404`);
}

/**
 * Wait until the 404 log lists `path` with at least `count` visits: the local edge writes its access
 * log every few seconds and the 404 log's job counts each file then, as S3 runs it in AWS.
 */
export async function waitForLogged(base, path, count = 1, timeoutMs = 60_000) {
  const token = await adminToken(base);
  const until = Date.now() + timeoutMs;
  for (;;) {
    const res = await fetch(`${base}/api/user/not-found?page=1`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const entry = (await res.json()).results?.find((e) => e.path === path);
    if (entry && entry.count >= count) return entry;
    if (Date.now() > until)
      throw new Error(`${path} is not in the 404 log ${count} times after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/**
 * The controls of the table's rows that lie partly outside the viewport, and how far the page
 * scrolls sideways.
 */
export async function offScreen(page, table) {
  return page.evaluate((selector) => {
    const width = document.documentElement.clientWidth;
    const outside = [...document.querySelectorAll(`${selector} tbody tr`)].flatMap((row) =>
      [...row.querySelectorAll('a, button')]
        .filter((el) => {
          const r = el.getBoundingClientRect();
          return r.width > 0 && (r.left < 0 || r.right > width);
        })
        .map((el) => el.getAttribute('aria-label') ?? el.textContent),
    );
    return { outside, sideways: document.documentElement.scrollWidth - width };
  }, table);
}

/** Whether the table shows as cards (its header row hidden), as the other admin lists on phones. */
export const showsCards = (page, table) =>
  page.evaluate(
    (selector) => getComputedStyle(document.querySelector(`${selector} thead`)).display === 'none',
    table,
  );

/**
 * Fills both views with rows (redirects of every kind, a long target among them; missing
 * addresses asked for with and without a referrer, counted from the edge's access log), then shoots each at both widths into `dir`.
 * Returns what a person would object to.
 */
export async function shootRedirects(browser, base, { dir = join(artifacts, 'shots') } = {}) {
  mkdirSync(dir, { recursive: true });
  const stamp = Date.now().toString(36);
  await createRedirect(base, {
    from: `/services-old-${stamp}`,
    to: '/services',
    status: 301,
    note: 'The services page moved in the 2026 redesign',
  });
  await createRedirect(base, {
    from: `/spring-${stamp}`,
    to: '/contact?utm_source=print&utm_medium=flyer&utm_campaign=spring-2026-open-house-chennai',
    status: 302,
  });
  await createRedirect(base, {
    from: `/partners-${stamp}`,
    to: 'https://partners.example.com/agency/programme/2026/overview',
    status: 308,
  });
  for (let i = 0; i < 3; i++)
    await reportMissing(base, `/summer-sale-${stamp}`, 'https://www.google.com/search?q=sale');
  await reportMissing(base, `/summer-sale-${stamp}`, 'https://news.example.org/2025/links');
  await reportMissing(base, `/wp-content/uploads/2019/brochure-${stamp}.pdf`);
  await waitForLogged(base, `/summer-sale-${stamp}`, 4);
  await waitForLogged(base, `/wp-content/uploads/2019/brochure-${stamp}.pdf`);
  const findings = [];
  for (const viewport of REDIRECT_VIEWPORTS) {
    const context = await browser.newContext({ viewport, reducedMotion: 'reduce' });
    const page = await context.newPage();
    await login(page, base);
    const cookies = page.getByRole('button', { name: /^ok$/i });
    if (await cookies.isVisible()) await cookies.click();
    for (const [path, table, name] of [
      ['/admin/redirects', '.admin-table--redirects', 'admin-redirects'],
      ['/admin/redirects?view=not-found', '.admin-table--not-found', 'admin-not-found'],
    ]) {
      // What the visual journey checks on every page (header contrast, form edges, the submit's
      // room, the cookie notice), top and scrolled, with rows in the list.
      findings.push(...(await shootRoute(page, base, path, viewport.width, dir)));
      await page.goto(`${base}${path}`, { waitUntil: 'networkidle' });
      await page.locator(`${table} tbody tr`).first().waitFor();
      await page.screenshot({ path: join(dir, `${name}-${viewport.width}.png`), fullPage: true });
      const seen = await offScreen(page, table);
      for (const control of seen.outside)
        findings.push(`${path} at ${viewport.width} px: "${control}" is off screen`);
      if (seen.sideways > 0)
        findings.push(`${path} at ${viewport.width} px scrolls ${seen.sideways} px sideways`);
      if (viewport.width < 641 && !(await showsCards(page, table)))
        findings.push(`${path} at ${viewport.width} px is a table, not cards`);
    }
    await context.close();
  }
  return findings;
}
