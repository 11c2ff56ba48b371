// What a person would see, measured on screenshots: every route of the site at 375 and 1280 px, at
// the top and scrolled, written to artifacts/shots/, with the checks a reader would make by eye:
// the header's navigation legible against whatever lies behind it, no sideways scrolling, forms
// clear of the screen edges and of the next section, and the cookie notice's OK button uncovered.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PNG } from 'pngjs';
import { artifacts, login } from './lib.mjs';

export const SHOT_WIDTHS = [375, 1280];
const HEIGHT = { 375: 740, 1280: 800 };
export const MIN_CONTRAST = 4.5;
export const MIN_FORM_EDGE = 16;
export const MIN_SUBMIT_GAP = 24;

/**
 * Every public page, read from the site's own sitemap (so a new page is covered without a list to
 * keep), plus the pages the sitemap leaves out and the admin pages.
 */
export async function publicRoutes(base) {
  const xml = await (await fetch(`${base}/sitemap.xml`)).text();
  const paths = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname);
  const posts = paths.filter((p) => p.startsWith('/blog/'));
  const others = paths.filter((p) => !p.startsWith('/blog/'));
  // One post stands for all of them (they share one layout); the career article has its own route.
  const routes = [...others, ...posts.slice(0, 1), '/thank-you-alchem', '/404', '/creative-login'];
  return [...new Set(routes)];
}

export const ADMIN_ROUTES = [
  '/admin/dashboard',
  '/admin',
  '/add-blog',
  '/admin/leads',
  // The inbox's Spam view: what sits there and how many ("Spam · N").
  '/admin/leads?status=spam',
  '/admin/taxonomy',
  '/admin/media',
  '/admin/team',
  '/admin/account',
  '/admin/audit',
  // The redirect manager and its 404 log view.
  '/admin/redirects',
  '/admin/redirects?view=not-found',
];

const nameOf = (path) => (path === '/' ? 'home' : path.replace(/^\//, '').replace(/[/?=&]/g, '_'));

/** WCAG relative luminance of an sRGB pixel. */
function luminance(r, g, b) {
  const lin = (c) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

const ratio = (l1, l2) => (Math.max(l1, l2) + 0.05) / (Math.min(l1, l2) + 0.05);

/**
 * Contrast of one header control against the pixels behind it: the control is shot as it is and
 * again with its text and icon made invisible; where the two differ is the glyph, and the highest
 * ratio between a glyph pixel and the same pixel without it is what the eye gets at best.
 */
async function contrastOf(page, handle) {
  const box = await handle.boundingBox();
  const vw = page.viewportSize().width;
  if (!box || box.width < 1 || box.height < 1) return null;
  const clip = {
    x: Math.max(0, Math.floor(box.x)),
    y: Math.max(0, Math.floor(box.y)),
    width: Math.min(vw, Math.ceil(box.x + box.width)) - Math.max(0, Math.floor(box.x)),
    height: Math.ceil(box.height),
  };
  if (clip.width < 1) return null;
  const shown = PNG.sync.read(await page.screenshot({ clip, animations: 'disabled' }));
  await handle.evaluate((el) => {
    el.dataset.contrastProbe = '1';
    const style = document.createElement('style');
    style.id = 'contrast-probe';
    style.textContent =
      '[data-contrast-probe], [data-contrast-probe] * { color: transparent !important; text-shadow: none !important; }' +
      '[data-contrast-probe] svg, [data-contrast-probe] img { visibility: hidden !important; }';
    document.head.append(style);
  });
  const hidden = PNG.sync.read(await page.screenshot({ clip, animations: 'disabled' }));
  await handle.evaluate((el) => {
    delete el.dataset.contrastProbe;
    document.getElementById('contrast-probe')?.remove();
  });
  let best = 1;
  let glyphPixels = 0;
  const a = shown.data;
  const b = hidden.data;
  for (let i = 0; i < a.length; i += 4) {
    if (a[i] === b[i] && a[i + 1] === b[i + 1] && a[i + 2] === b[i + 2]) continue;
    glyphPixels++;
    const r = ratio(luminance(a[i], a[i + 1], a[i + 2]), luminance(b[i], b[i + 1], b[i + 2]));
    if (r > best) best = r;
  }
  // No pixel changed: the text or icon is drawn in the colour of what lies behind it (1:1).
  return glyphPixels === 0 ? 1 : Math.round(best * 100) / 100;
}

/** The header's visible links and buttons (the logo image is artwork, not text). */
async function headerControls(page) {
  const all = await page.$$('header.site-header a, header.site-header button');
  const visible = [];
  for (const h of all) {
    const ok = await h.evaluate((el) => {
      if (el.classList.contains('skip-link') || el.classList.contains('site-header__brand'))
        return false;
      if (el.closest('.mega-menu')) return false;
      const r = el.getBoundingClientRect();
      const style = getComputedStyle(el);
      return (
        r.width > 0 &&
        r.height > 0 &&
        r.bottom > 0 &&
        r.top < innerHeight &&
        style.visibility !== 'hidden' &&
        el.checkVisibility({ opacityProperty: true })
      );
    });
    if (ok) visible.push(h);
  }
  return visible;
}

/** Geometry checks made in the page: overflow, form margins and gaps, the cookie notice's button. */
function layoutFindings({ minEdge, minGap }) {
  const out = [];
  const vw = document.documentElement.clientWidth;
  const overflow = document.documentElement.scrollWidth - vw;
  if (overflow > 0) out.push(`scrolls sideways by ${overflow} px`);
  const visible = (el) => {
    const r = el.getBoundingClientRect();
    return r.width > 0 && r.height > 0 && el.checkVisibility({ visibilityProperty: true });
  };
  const describe = (el) =>
    el.getAttribute('name') ||
    el.id ||
    el.getAttribute('aria-label') ||
    (el.textContent ?? '').trim().slice(0, 30) ||
    el.tagName.toLowerCase();
  for (const form of document.querySelectorAll('main form')) {
    if (!visible(form)) continue;
    const formName = form.getAttribute('aria-label') || form.getAttribute('name') || 'form';
    const fields = form.querySelectorAll(
      'input:not([type=hidden]), textarea, select, label, button, h2, h3, legend',
    );
    for (const f of fields) {
      if (!visible(f)) continue;
      const r = f.getBoundingClientRect();
      const left = Math.round(r.left);
      const right = Math.round(vw - r.right);
      if (left < minEdge || right < minEdge)
        out.push(
          `${formName}: "${describe(f)}" is ${Math.min(left, right)} px from the screen edge`,
        );
    }
    // Headings just above the form belong to it too (the form's own title).
    const submit = form.querySelector('button[type=submit], input[type=submit]');
    if (submit && visible(submit)) {
      const bottom = submit.getBoundingClientRect().bottom;
      let node = form;
      let next = null;
      while (node && node !== document.body && !next) {
        let sib = node.nextElementSibling;
        while (sib && !next) {
          const style = getComputedStyle(sib);
          // What sits beside the form (a column starting above its button) is not what follows it.
          if (
            visible(sib) &&
            style.position !== 'fixed' &&
            style.position !== 'absolute' &&
            sib.getBoundingClientRect().top >= submit.getBoundingClientRect().top
          )
            next = sib;
          sib = sib.nextElementSibling;
        }
        node = node.parentElement;
      }
      if (next) {
        const gap = Math.round(next.getBoundingClientRect().top - bottom);
        if (gap < minGap)
          out.push(
            `${formName}: the submit button is ${gap} px from the next section (<${next.tagName.toLowerCase()} class="${next.className}">)`,
          );
      }
    }
  }
  const ok = document.querySelector('.cookie-notice button');
  if (ok && visible(ok)) {
    const r = ok.getBoundingClientRect();
    const points = [
      [r.left + r.width / 2, r.top + r.height / 2],
      [r.left + r.width * 0.2, r.top + r.height / 2],
      [r.right - r.width * 0.2, r.top + r.height / 2],
      [r.left + r.width / 2, r.top + r.height * 0.25],
      [r.left + r.width / 2, r.bottom - r.height * 0.25],
    ];
    for (const [x, y] of points) {
      const hit = document.elementFromPoint(x, y);
      if (hit && hit !== ok && !ok.contains(hit)) {
        out.push(
          `the cookie notice's OK button is covered at (${Math.round(x)}, ${Math.round(y)}) by <${hit.tagName.toLowerCase()} class="${hit.className}">`,
        );
        break;
      }
    }
  }
  return out;
}

export async function settle(page) {
  await page.waitForLoadState('networkidle');
  // Let the header's colour transition and any in-view hydration finish.
  await page.waitForTimeout(350);
}

/**
 * Shoot one route at the top and scrolled, returning what a person would object to. The scrolled
 * shot is taken one and a half screens down (or at the bottom of a shorter page).
 */
export async function shootRoute(page, base, path, width, dir) {
  const findings = [];
  const res = await page.goto(base + path);
  if (!res || res.status() >= 500) findings.push(`answered ${res?.status()}`);
  await settle(page);
  for (const where of ['top', 'scrolled']) {
    if (where === 'scrolled') {
      await page.evaluate(() => {
        const max = document.documentElement.scrollHeight - innerHeight;
        window.scrollTo(0, Math.max(0, Math.min(max, Math.round(innerHeight * 1.5))));
      });
      await settle(page);
    }
    await page.screenshot({ path: join(dir, `${nameOf(path)}-${width}-${where}.png`) });
    for (const control of await headerControls(page)) {
      const c = await contrastOf(page, control);
      if (c !== null && c < MIN_CONTRAST) {
        const label = await control.evaluate(
          (el) => el.getAttribute('aria-label') || el.textContent.trim(),
        );
        findings.push(`${where}: header "${label}" has contrast ${c}:1 against what is behind it`);
      }
    }
    for (const f of await page.evaluate(layoutFindings, {
      minEdge: MIN_FORM_EDGE,
      minGap: MIN_SUBMIT_GAP,
    }))
      findings.push(`${where}: ${f}`);
  }
  return findings.map((f) => `${path} at ${width} px, ${f}`);
}

/**
 * Screenshots of every route at both widths into artifacts/shots/, top and scrolled; returns the
 * findings (empty when everything reads well).
 */
export async function shootAll(browser, base, { admin = true, log = () => {} } = {}) {
  const dir = join(artifacts, 'shots');
  mkdirSync(dir, { recursive: true });
  const routes = await publicRoutes(base);
  const findings = [];
  for (const width of SHOT_WIDTHS) {
    const context = await browser.newContext({
      viewport: { width, height: HEIGHT[width] },
      reducedMotion: 'reduce',
    });
    const page = await context.newPage();
    for (const path of routes) {
      const found = await shootRoute(page, base, path, width, dir);
      findings.push(...found);
      log(`${path} ${width}px ${found.length ? found.length + ' finding(s)' : 'ok'}`);
    }
    if (admin) {
      await login(page, base);
      for (const path of ADMIN_ROUTES)
        findings.push(...(await shootRoute(page, base, path, width, dir)));
    }
    await context.close();
  }
  return { findings, dir, routes };
}
