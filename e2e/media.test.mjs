// npm run test:e2e — the images journey on the real local stack (S3 stand-in behind its POST policy
// gate, the image function through the local Lambda API): an author inserts a photo through the
// editor's image button, adds a banner, publishes; the visitor's browser picks AVIF or WebP for both;
// the media page lists them as used by the post. Screenshots in artifacts/shots/.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import sharp from 'sharp';
import { adminToken, artifacts, login, openPage, startForFile } from './lib.mjs';
import { shootRoute } from './visual.mjs';

let browser;
let base;
startForFile((started) => ({ browser, base } = started));

const shots = join(artifacts, 'shots');
mkdirSync(shots, { recursive: true });
/** The whole page: the editor's form is taller than a screen, and the banner sits below the text. */
async function shoot(page, name) {
  // From the top, so the fixed header sits where it belongs in the long shot.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: join(shots, `${name}.png`), fullPage: true });
}

/**
 * A photo-like JPEG as a camera writes it: smooth colour fields with fine grain, so the encoders
 * work as they would on a real picture (flat colour would make every variant trivially small).
 */
async function photo(width, height, hue) {
  const grain = await sharp({
    create: { width, height, channels: 3, noise: { type: 'gaussian', mean: 128, sigma: 40 } },
  })
    .blur(1.2)
    .raw()
    .toBuffer();
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="hsl(${hue},70%,35%)"/><stop offset="1" stop-color="hsl(${(hue + 140) % 360},60%,70%)"/>
    </linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/>
    <circle cx="${width * 0.3}" cy="${height * 0.4}" r="${height * 0.25}" fill="hsl(${(hue + 60) % 360},80%,55%)"/>
  </svg>`;
  return sharp(Buffer.from(svg))
    .composite([{ input: grain, raw: { width, height, channels: 3 }, blend: 'soft-light' }])
    .jpeg({ quality: 92 })
    .toBuffer();
}

/** The source the browser chose for an image, once it has loaded. */
async function chosenSource(img) {
  await img.scrollIntoViewIfNeeded();
  return img.evaluate(
    (el) =>
      new Promise((resolve, reject) => {
        const done = () => resolve(el.currentSrc);
        if (el.complete && el.naturalWidth > 0) return done();
        el.addEventListener('load', done, { once: true });
        el.addEventListener('error', () => reject(new Error(`${el.currentSrc} failed`)), {
          once: true,
        });
      }),
  );
}

describe('images', () => {
  it(
    'an author inserts a photo through the toolbar and adds a banner; the post serves both as AVIF/WebP <picture>s; the media page lists them used by the post',
    { timeout: 300_000 },
    async (t) => {
      const inline = await photo(2400, 1600, 200);
      const banner = await photo(3000, 2000, 20);
      const page = await openPage(browser, 1280);
      await login(page, base);
      await page.goto(`${base}/add-blog`);
      // A fresh stack per run: a fixed title gives the post's screenshots fixed names.
      const title = 'A photo from the harbour';
      const slug = title.toLowerCase().replace(/\s+/g, '-');
      await page.getByLabel(/^title/i).fill(title);
      await page.getByLabel(/category/i).selectOption({ index: 1 });
      await page.getByLabel(/author/i).selectOption({ index: 1 });
      const editor = page.locator('.ql-editor');
      await editor.click();
      await page.keyboard.type('A photo from the harbour, then some words after it.');
      await page.keyboard.press('Enter');

      // The toolbar's image button opens the file picker.
      let started = Date.now();
      const chooser = page.waitForEvent('filechooser');
      await page.getByRole('button', { name: 'Insert image' }).click();
      await (
        await chooser
      ).setFiles({ name: 'harbour.jpg', mimeType: 'image/jpeg', buffer: inline });
      // Progress in place, where the image will go, then the image itself.
      const placeholder = editor.locator('.ql-upload');
      await placeholder.waitFor();
      assert.match(await placeholder.innerText(), /harbour\.jpg/);
      assert.equal(await placeholder.getByRole('progressbar').count(), 1);
      await shoot(page, 'images-editor-uploading-1280');
      // The author writes on while it uploads: the words go after the image.
      await page.keyboard.type('Words after the photo.');
      const inserted = editor.locator('img[src^="/media/images/"]');
      await inserted.waitFor({ timeout: 120_000 });
      assert.equal(await placeholder.count(), 0);
      t.diagnostic(
        `inline ${(inline.length / 1024).toFixed(0)} KB 2400×1600 JPEG: picked → in the text in ${Date.now() - started} ms`,
      );
      assert.equal(await inserted.getAttribute('width'), '2400');
      assert.equal(await inserted.getAttribute('height'), '1600');
      assert.match(await inserted.getAttribute('src'), /\/1920\.jpg$/);

      started = Date.now();
      await page
        .getByLabel('Banner image')
        .setInputFiles({ name: 'banner.jpg', mimeType: 'image/jpeg', buffer: banner });
      await page.getByRole('progressbar', { name: 'Uploading banner.jpg' }).waitFor();
      const preview = page.getByRole('img', { name: 'Banner' });
      await preview.waitFor({ timeout: 120_000 });
      t.diagnostic(
        `banner ${(banner.length / 1024).toFixed(0)} KB 3000×2000 JPEG: chosen → shown in ${Date.now() - started} ms`,
      );
      assert.match(
        await page.locator('.banner-input__details').innerText(),
        /banner\.jpg · .* · 3000 × 2000 px/,
      );
      assert.match(await chosenSource(preview), /\/media\/images\/[^/]+\/480\.(avif|webp)$/);
      await shoot(page, 'images-editor-1280');
      await page.setViewportSize({ width: 375, height: 740 });
      await shoot(page, 'images-editor-375');
      await page.setViewportSize({ width: 1280, height: 900 });

      await page.getByRole('button', { name: 'Publish' }).last().click();
      await page.getByText(/New blog added/).waitFor();

      // The stored post holds the library image, never a data: URL.
      const { data } = await (
        await fetch(`${base}/api/user/post/get`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ slug }),
        })
      ).json();
      assert.doesNotMatch(data.post.content, /data:/);
      assert.match(
        data.post.content,
        /<p><img src="\/media\/images\/[^"]+\/1920\.jpg" width="2400" height="1600"[^>]*>Words after the photo\.<\/p>/,
      );
      assert.equal(data.post.banner?.width, 3000);

      for (const width of [1280, 375]) {
        const visitor = await openPage(browser, width);
        await visitor.setViewportSize({ width, height: width === 375 ? 740 : 800 });
        const findings = await shootRoute(visitor, base, `/blog/${slug}`, width, shots);
        assert.deepEqual(findings, [], findings.join('\n'));
        const bannerImg = visitor.locator('picture img.post__banner');
        const bodyImg = visitor.locator('.post__body picture img');
        assert.equal(await bannerImg.count(), 1, 'the banner is a <picture>');
        assert.equal(await bodyImg.count(), 1, 'the inline image is a <picture>');
        for (const [what, img] of [
          ['banner', bannerImg],
          ['inline image', bodyImg],
        ]) {
          const src = await chosenSource(img);
          assert.match(
            src,
            /\/media\/images\/[^/]+\/\d+\.(avif|webp)$/,
            `${what} at ${width} px: ${src}`,
          );
        }
        assert.deepEqual(visitor.problems, [], visitor.problems.join('\n'));
        await visitor.context().close();
      }

      // The media page lists both, used by the post; neither can be deleted.
      for (const width of [1280, 375]) {
        await page.setViewportSize({ width, height: width === 375 ? 740 : 800 });
        const findings = await shootRoute(page, base, '/admin/media', width, shots);
        assert.deepEqual(findings, [], findings.join('\n'));
      }
      for (const file of ['harbour.jpg', 'banner.jpg']) {
        const row = page.getByRole('row').filter({ hasText: file });
        await row.getByRole('link', { name: title }).waitFor();
        assert.equal(await row.getByRole('button', { name: /delete/i }).count(), 0);
      }
      // With real rows (the suite's axe pass sees the page as a fresh stack has it).
      const { violations } = await new AxeBuilder({ page })
        .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
        .analyze();
      const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
      assert.deepEqual(
        serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`),
        [],
      );
      assert.deepEqual(page.problems, [], page.problems.join('\n'));
      await page.context().close();
    },
  );

  it(
    'one media picker for pages and posts fits 375 and 1280 px; a portfolio card gets the image’s library description; Media shows the home page using it and offers no delete',
    { timeout: 300_000 },
    async (t) => {
      const page = await openPage(browser, 1280);
      await page.setViewportSize({ width: 1280, height: 800 });
      await login(page, base);
      await page.goto(`${base}/admin/media`, { waitUntil: 'networkidle' });
      // More than a page of the library (24), so the grid has to scroll and there is a next page.
      const files = await Promise.all(
        Array.from({ length: 26 }, async (_, i) => ({
          name: `card-${String(i + 1).padStart(2, '0')}.jpg`,
          mimeType: 'image/jpeg',
          buffer: await photo(480, 360, (i * 37) % 360),
        })),
      );
      const started = Date.now();
      await page.getByLabel('Images to upload').setInputFiles(files);
      await page.locator('.media-upload__list').waitFor({ state: 'detached', timeout: 240_000 });
      t.diagnostic(`26 uploads (480×360 JPEG) in the library in ${Date.now() - started} ms`);

      // The description belongs to the image: set on the media page, found by the search.
      const description = 'A phone showing the new shop, on a wooden desk';
      await page.getByRole('searchbox', { name: 'Search' }).fill('card-05');
      await page.getByRole('button', { name: 'Filter' }).click();
      await page.waitForURL(/q=card-05/);
      await page.getByRole('button', { name: 'Edit the description of card-05.jpg' }).click();
      const altDialog = page.getByRole('dialog', { name: /Describe/ });
      await altDialog.getByLabel('Description (alt text)').fill(description);
      await altDialog.getByRole('button', { name: 'Save description' }).click();
      await page.getByText('The description of “card-05.jpg” was saved.').waitFor();
      await page.getByRole('row').filter({ hasText: description }).waitFor();

      /** The picker fits the screen: header, Cancel and paging in view; only the grid scrolls. */
      async function assertFits(label, width) {
        const dialog = page.getByRole('dialog');
        await dialog
          .getByRole('button', { name: /card-\d+\.jpg/ })
          .first()
          .waitFor();
        const height = width < 500 ? 740 : 800;
        const box = await dialog.boundingBox();
        assert.ok(
          box && box.y >= 0 && box.y + box.height <= height,
          `${label}: dialog ${JSON.stringify(box)}`,
        );
        assert.ok(
          box.x >= 0 && box.x + box.width <= width,
          `${label}: dialog wider than the screen`,
        );
        for (const part of [
          dialog.getByRole('heading'),
          dialog.getByRole('button', { name: 'Cancel' }),
          dialog.getByRole('searchbox', { name: 'Search the library' }),
          dialog.getByRole('button', { name: 'Next' }),
        ]) {
          const b = await part.boundingBox();
          assert.ok(
            b && b.y >= 0 && b.y + b.height <= height,
            `${label}: ${await part.innerText().catch(() => '')} at ${JSON.stringify(b)}`,
          );
        }
        const grid = await dialog.locator('.media-picker__body').evaluate((el) => ({
          scrolls: el.scrollHeight > el.clientHeight,
          overflow: getComputedStyle(el).overflowY,
        }));
        assert.deepEqual(grid, { scrolls: true, overflow: 'auto' }, label);
        // Styled: the grid is a grid wherever the picker opens.
        assert.equal(
          await dialog
            .locator('.media-picker__grid')
            .evaluate((el) => getComputedStyle(el).display),
          'grid',
        );
        assert.equal(await dialog.getAttribute('aria-modal'), 'true');
        assert.ok(
          await dialog.evaluate((el) => el.contains(document.activeElement)),
          `${label}: focus inside`,
        );
      }

      // The page editor: the home page's portfolio carousel, its first card's image.
      await page.goto(`${base}/admin/pages/edit?path=${encodeURIComponent('/')}`, {
        waitUntil: 'networkidle',
      });
      const carousel = page
        .locator('.block-card')
        .filter({ hasText: 'Portfolio carousel' })
        .first();
      const toggle = carousel.locator('.block-card__toggle');
      if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
      const choose = carousel.getByRole('button', { name: 'Choose from library' }).first();
      for (const width of [1280, 375]) {
        await page.setViewportSize({ width, height: width < 500 ? 740 : 800 });
        await choose.scrollIntoViewIfNeeded();
        await choose.click();
        await assertFits(`page editor ${width}`, width);
        await page.screenshot({ path: join(shots, `media-picker-page-${width}.png`) });
        await page.keyboard.press('Escape');
        await page.getByRole('dialog').waitFor({ state: 'detached' });
        assert.equal(
          await choose.evaluate((el) => el === document.activeElement),
          true,
          'the focus returns to the button that opened it',
        );
      }
      await page.setViewportSize({ width: 1280, height: 800 });
      const describedBefore = await carousel.getByLabel('Image description').first().inputValue();
      await choose.click();
      const picker = page.getByRole('dialog');
      await picker.getByRole('searchbox', { name: 'Search the library' }).fill('card-05');
      await picker.getByRole('button', { name: 'Search' }).click();
      await picker.getByRole('button', { name: /card-05\.jpg/ }).click();
      await page.getByRole('dialog').waitFor({ state: 'detached' });
      const described = await carousel.getByLabel('Image description').first().inputValue();
      assert.equal(described, description, `was “${describedBefore}”`);

      const published = page.waitForResponse((r) => r.url().includes('/api/user/page/publish'));
      await page.getByRole('button', { name: 'Publish', exact: true }).click();
      const res = await published;
      assert.equal(res.status(), 200, `publish answered ${res.status()}: ${await res.text()}`);

      // Media: the image is used by the home page (draft and live), with a link; no Delete.
      for (const width of [1280, 375]) {
        await page.setViewportSize({ width, height: width < 500 ? 740 : 800 });
        await page.goto(`${base}/admin/media?q=card-05`, { waitUntil: 'networkidle' });
        const row = page.getByRole('row').filter({ hasText: 'card-05.jpg' });
        const home = row.locator(`a[href="/admin/pages/edit?path=${encodeURIComponent('/')}"]`);
        await home.waitFor();
        assert.match(await home.locator('xpath=..').innerText(), /^Page:\s.+\(draft and live\)$/);
        assert.equal(await row.getByRole('button', { name: /^Delete/ }).count(), 0);
        await row.scrollIntoViewIfNeeded();
        await page.screenshot({ path: join(shots, `media-in-use-${width}.png`) });
      }
      // The API refuses too, naming the page.
      const auth = { authorization: `Bearer ${await adminToken(base)}` };
      const rows = await (
        await fetch(`${base}/api/user/media/list?page=1&q=card-05`, { headers: auth })
      ).json();
      const answer = await fetch(`${base}/api/user/media`, {
        method: 'DELETE',
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify({ id: rows.results[0].id }),
      });
      const refused = { status: answer.status, body: await answer.json() };
      assert.equal(refused.status, 409, JSON.stringify(refused));
      assert.match(refused.body.error, /the page “.*” \(\/, draft and live\)/);

      // The post editor opens the same picker for its banner.
      await page.goto(`${base}/add-blog`, { waitUntil: 'networkidle' });
      const cookies = page.getByRole('button', { name: /^ok$/i });
      if (await cookies.count()) await cookies.click();
      const bannerChoose = page.getByRole('button', { name: 'Choose from library' });
      for (const width of [1280, 375]) {
        await page.setViewportSize({ width, height: width < 500 ? 740 : 800 });
        await bannerChoose.scrollIntoViewIfNeeded();
        await bannerChoose.click();
        await assertFits(`post editor ${width}`, width);
        await page.screenshot({ path: join(shots, `media-picker-post-${width}.png`) });
        await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
        await page.getByRole('dialog').waitFor({ state: 'detached' });
      }
      assert.deepEqual(page.problems, [], page.problems.join('\n'));
      await page.context().close();
    },
  );
});
