// The post editor with a long post, as `npm run shots` and the editor journey take it: at 375 × 740
// and 1280 × 800, at the top and scrolled to the bottom, the action bar in view in both.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { adminToken, artifacts, login } from './lib.mjs';

export const EDITOR_VIEWPORTS = [
  { width: 1280, height: 800 },
  { width: 375, height: 740 },
];

/** About `words` words of ordinary prose in paragraphs of 100 words. */
export function longBody(words) {
  const sentence = 'An agency writes about the checkout it rebuilt for a regional retailer';
  const perSentence = sentence.split(' ').length;
  const paragraphs = [];
  for (let n = 0; n < words; n += 100) {
    const sentences = Array.from({ length: Math.ceil(100 / perSentence) }, () => `${sentence}.`);
    paragraphs.push(`<p>${sentences.join(' ')}</p>`);
  }
  return paragraphs.join('');
}

/** A published post of `words` words made through the API; its slug. */
export async function createLongPost(base, { title, slug, words = 3000 }) {
  const token = await adminToken(base);
  const res = await fetch(`${base}/api/user/post/create`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: new URLSearchParams({ title, slug, content: longBody(words), status: 'published' }),
  });
  if (res.status !== 201)
    throw new Error(`creating ${slug} answered ${res.status}: ${await res.text()}`);
  return (await res.json()).data.slug;
}

/** Where the action bar is on the screen, and whether all of it is in view. */
export async function actionBarBox(page) {
  const bar = page.getByRole('group', { name: 'Post actions' });
  const box = await bar.boundingBox();
  const viewport = page.viewportSize();
  const inView =
    box !== null && viewport !== null && box.y >= 0 && box.y + box.height <= viewport.height;
  return { box, inView };
}

/** Open the editor on `slug` and scroll to the very bottom of the page. */
export async function scrollToBottom(page) {
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await page.waitForTimeout(300);
}

/**
 * Screenshots of the editor on a 3,000-word post, top and scrolled to the bottom, at both widths,
 * into `dir` (artifacts/shots/ by default): editor-<width>-top.png and editor-<width>-scrolled.png.
 */
export async function shootEditor(browser, base, { dir = join(artifacts, 'shots') } = {}) {
  mkdirSync(dir, { recursive: true });
  const slug = await createLongPost(base, {
    title: 'A long post in the editor',
    slug: `a-long-post-in-the-editor-${Date.now()}`,
  });
  for (const viewport of EDITOR_VIEWPORTS) {
    const context = await browser.newContext({ viewport, reducedMotion: 'reduce' });
    const page = await context.newPage();
    await login(page, base);
    await page.goto(`${base}/edit-blog/${slug}`, { waitUntil: 'networkidle' });
    await page.locator('.ql-editor p').first().waitFor();
    // The cookie notice would sit over the action bar in the shots.
    const cookies = page.getByRole('button', { name: /^ok$/i });
    if (await cookies.isVisible()) await cookies.click();
    await page.screenshot({ path: join(dir, `editor-${viewport.width}-top.png`) });
    await scrollToBottom(page);
    await page.screenshot({ path: join(dir, `editor-${viewport.width}-scrolled.png`) });
    await context.close();
  }
}
