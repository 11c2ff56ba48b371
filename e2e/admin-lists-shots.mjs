// The posts list, its Trash, the list searched and a /blog card without a banner, as `npm run shots`
// and the admin-lists journey take them: admin-posts-<width>.png (whole page), admin-trash-<width>.png,
// admin-posts-search-<width>.png and blog-text-only-card-<width>.png in artifacts/shots/.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { adminToken, artifacts, login } from './lib.mjs';

export const LIST_VIEWPORTS = [
  { width: 375, height: 740 },
  { width: 1280, height: 800 },
];

/**
 * A post made through the API (published unless `status` says otherwise); its data. Signs in first
 * unless given the `token` of an earlier sign-in.
 */
export async function createPost(base, fields, token) {
  token ??= await adminToken(base);
  const res = await fetch(`${base}/api/user/post/create`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: new URLSearchParams({ content: `<p>${fields.title} in a few words.</p>`, ...fields }),
  });
  if (res.status !== 201)
    throw new Error(`creating ${fields.slug} answered ${res.status}: ${await res.text()}`);
  return (await res.json()).data;
}

/** Move a post to the Trash through the API. */
export async function trashPost(base, id) {
  const token = await adminToken(base);
  const res = await fetch(`${base}/api/user/post/delete`, {
    method: 'DELETE',
    headers: { authorization: `Bearer ${token}` },
    body: new URLSearchParams({ id: String(id) }),
  });
  if (res.status !== 200) throw new Error(`trashing ${id} answered ${res.status}`);
}

/** Show the posts list's Trash (the filter above the table) and wait until only trashed rows show. */
export async function openTrash(page) {
  await page.getByLabel('Show', { exact: true }).selectOption('trashed');
  await page.waitForFunction(() => {
    const rows = [...document.querySelectorAll('.admin-table--posts tbody tr')];
    if (rows.length === 0) return document.body.textContent.includes('The Trash is empty.');
    return rows.every((row) => row.querySelector('.status-badge--trashed'));
  });
}

/** Search the posts list as typed into its search field, applied with Enter. */
export async function searchPosts(page, words) {
  const search = page.getByRole('searchbox', { name: 'Search' });
  await search.fill('');
  await search.pressSequentially(words, { delay: 10 });
  await search.press('Enter');
}

/**
 * Where a /blog card's text starts compared with the card, for the card of `title`: a card without
 * a banner must start its text at the card's left edge (no empty image column).
 */
export async function cardTextOffset(page, title) {
  const card = page.locator('.blog-card', { hasText: title });
  const [cardBox, textBox] = await Promise.all([
    card.boundingBox(),
    card.locator('.blog-card__text').boundingBox(),
  ]);
  if (!cardBox || !textBox) throw new Error(`no card for ${title} on /blog`);
  return { left: textBox.x - cardBox.x, width: textBox.width, cardWidth: cardBox.width };
}

/**
 * Screenshots of the Trash (one trashed post in it), of the list searched and of a /blog card
 * without a banner, each at both widths, into `dir`.
 */
export async function shootAdminLists(browser, base, { dir = join(artifacts, 'shots') } = {}) {
  mkdirSync(dir, { recursive: true });
  const stamp = Date.now().toString(36);
  const plain = await createPost(base, {
    title: 'A note without a picture',
    slug: `a-note-without-a-picture-${stamp}`,
  });
  const binned = await createPost(base, {
    title: 'An announcement we took back',
    slug: `an-announcement-we-took-back-${stamp}`,
  });
  await trashPost(base, binned.id);
  for (const viewport of LIST_VIEWPORTS) {
    const context = await browser.newContext({ viewport, reducedMotion: 'reduce' });
    const page = await context.newPage();
    await page.goto(`${base}/blog`, { waitUntil: 'networkidle' });
    const cookies = page.getByRole('button', { name: /^ok$/i });
    if (await cookies.isVisible()) await cookies.click();
    await page.locator('.blog-card', { hasText: plain.title }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(dir, `blog-text-only-card-${viewport.width}.png`) });
    await login(page, base);
    await page.locator('.admin-table--posts').waitFor();
    await page.waitForLoadState('networkidle');
    await page.screenshot({ path: join(dir, `admin-posts-${viewport.width}.png`), fullPage: true });
    await openTrash(page);
    await page.waitForLoadState('networkidle');
    await page.screenshot({ path: join(dir, `admin-trash-${viewport.width}.png`) });
    // The list searched: the post without a picture found by words of its title.
    await page.getByLabel('Show', { exact: true }).selectOption('');
    await searchPosts(page, `note without picture ${stamp}`);
    const found = page.locator('.admin-table--posts tbody tr', { hasText: plain.title });
    await found.waitFor();
    await found.scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(dir, `admin-posts-search-${viewport.width}.png`) });
    await context.close();
  }
  return { plain, binned };
}
