// npm run test:e2e — the post editor as an author uses it, on the real local stack: a title typed
// with the keyboard gives a slug the API accepts; once published the address stays put when the
// title changes; Unpublish asks first; the action bar stays in view on a 3,000-word post at both
// widths; a clicked image's description opens next to the image and takes the keyboard (typing
// describes the image, never the post; Enter keeps it, Escape puts it back and returns to the text). Screenshots in artifacts/shots/.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import sharp from 'sharp';
import { login, noProblems, openPage, startForFile } from './lib.mjs';
import {
  actionBarBox,
  createLongPost,
  EDITOR_VIEWPORTS,
  scrollToBottom,
  shootEditor,
} from './editor-shots.mjs';

let browser;
let base;
startForFile((started) => ({ browser, base } = started));

const TITLE = "How we rebuilt a regional retailer's checkout (in 6 weeks)!";
const SLUG = 'how-we-rebuilt-a-regional-retailers-checkout-in-6-weeks';

/** Close the success popup, whatever it says, once it has appeared. */
async function closeSuccess(page, text) {
  const popup = page.getByRole('dialog', { name: 'Success!' });
  await popup.getByText(text).waitFor();
  await popup.getByRole('button', { name: 'OK' }).click();
  await popup.waitFor({ state: 'detached' });
}

describe('post editor', () => {
  it(
    'a typed title saves as a draft with the slug shown; once published the slug stays when the title changes; Unpublish asks first; an image description opens beside the image',
    { timeout: 240_000 },
    async () => {
      const page = await openPage(browser, 1280);
      await page.setViewportSize({ width: 1280, height: 800 });
      await login(page, base);
      await page.goto(`${base}/add-blog`, { waitUntil: 'networkidle' });
      const cookies = page.getByRole('button', { name: /^ok$/i });
      if (await cookies.isVisible()) await cookies.click();

      await page.getByLabel(/^title/i).click();
      await page.keyboard.type(TITLE, { delay: 15 });
      const slug = page.getByLabel('Slug title');
      assert.equal(await slug.inputValue(), SLUG);
      await page.getByLabel(/category/i).selectOption({ index: 1 });
      await page.getByLabel(/author/i).selectOption({ index: 1 });
      await page.locator('.ql-editor').click();
      await page.keyboard.type('Six weeks, one checkout, fewer steps.');

      const created = page.waitForResponse((r) => r.url().endsWith('/api/user/post/create'));
      await page.getByRole('button', { name: 'Save draft' }).click();
      assert.equal((await created).status(), 201);
      await closeSuccess(page, 'Draft saved.');
      await page.waitForURL(`${base}/edit-blog/${SLUG}`);
      await page.getByLabel('Slug title').waitFor();
      assert.equal(await page.getByLabel('Slug title').inputValue(), SLUG);

      await page.getByRole('button', { name: 'Publish', exact: true }).click();
      await closeSuccess(page, 'Published.');
      const view = page.getByRole('link', { name: 'View post' });
      assert.equal(await view.getAttribute('href'), `/blog/${SLUG}`);
      assert.equal((await fetch(`${base}/blog/${SLUG}`)).status, 200);

      // A new title leaves the published address alone.
      await page.getByLabel(/^title/i).click();
      await page.keyboard.press('End');
      await page.keyboard.type(' and what came next', { delay: 10 });
      assert.equal(await page.getByLabel('Slug title').inputValue(), SLUG);

      // Unpublish asks first, and says the edits in the form are not saved with it.
      await page.getByRole('button', { name: 'Unpublish' }).click();
      const confirm = page.getByRole('alertdialog', { name: 'Unpublish this post?' });
      await confirm.getByText(/Your unsaved edits are not saved or published/).waitFor();
      await confirm.getByRole('button', { name: 'Cancel' }).click();
      await confirm.waitFor({ state: 'detached' });
      assert.equal((await fetch(`${base}/blog/${SLUG}`)).status, 200);

      // An image in the text: its description opens right under it, not below the editor.
      const png = await sharp({
        create: { width: 800, height: 500, channels: 3, background: { r: 40, g: 110, b: 160 } },
      })
        .png()
        .toBuffer();
      await page.locator('.ql-editor').click();
      await page.keyboard.press('Control+End');
      const chooser = page.waitForEvent('filechooser');
      await page.getByRole('button', { name: 'Insert image' }).click();
      await (await chooser).setFiles({ name: 'harbour.png', mimeType: 'image/png', buffer: png });
      const image = page.locator('.ql-editor img[src^="/media/images/"]');
      await image.waitFor({ timeout: 120_000 });
      await image.click();
      const popover = page.getByRole('group', { name: 'Image description' });
      await popover.waitFor();
      const imageBox = await image.boundingBox();
      const popoverBox = await popover.boundingBox();
      assert.ok(imageBox && popoverBox);
      const gap = popoverBox.y - (imageBox.y + imageBox.height);
      assert.ok(gap >= 0 && gap <= 24, `the description sits ${gap} px below the image`);
      assert.ok(
        popoverBox.x < imageBox.x + imageBox.width && popoverBox.x + popoverBox.width > imageBox.x,
        'the description overlaps the image horizontally',
      );
      // The popover has the keyboard: what is typed describes the image, the text stays as it was.
      const body = page.locator('.ql-editor');
      const text = await body.innerText();
      const altField = popover.getByLabel(/Describe the selected image/);
      assert.ok(await altField.evaluate((el) => el === document.activeElement));
      await page.keyboard.type('A blue harbour at dawn', { delay: 10 });
      await page.screenshot({ path: 'artifacts/shots/editor-alt-popover-1280.png' });
      assert.equal(await image.getAttribute('alt'), 'A blue harbour at dawn');
      assert.equal(await body.innerText(), text);
      await page.keyboard.press('Enter');
      await popover.waitFor({ state: 'detached' });
      assert.equal(await image.getAttribute('alt'), 'A blue harbour at dawn');
      // Escape closes it, leaves the description as it was, and the caret is back after the image.
      await image.click();
      await popover.waitFor();
      await page.keyboard.type(' with gulls', { delay: 10 });
      await page.keyboard.press('Escape');
      await popover.waitFor({ state: 'detached' });
      assert.equal(await image.getAttribute('alt'), 'A blue harbour at dawn');
      assert.equal(await body.innerText(), text);
      assert.ok(await body.evaluate((el) => el === document.activeElement));
      await page.keyboard.type(' After the photo.');
      assert.equal(
        await body.evaluate((el) => el.querySelector('img')?.nextSibling?.textContent ?? ''),
        ' After the photo.',
      );
      const saved = page.waitForResponse((r) => r.url().endsWith('/api/user/post/update'));
      await page.getByRole('button', { name: 'Update' }).click();
      const savedPost = (await (await saved).json()).data;
      assert.match(
        savedPost.content,
        /<img [^>]*alt="A blue harbour at dawn"[^>]*>\s*After the photo\./,
      );
      assert.doesNotMatch(savedPost.content, /gulls/);
      noProblems(page);
      await page.context().close();
    },
  );

  it(
    'keeps the action bar in view at the top and the bottom of a 3,000-word post at 1280 × 800 and 375 × 740',
    { timeout: 180_000 },
    async () => {
      const slug = await createLongPost(base, {
        title: 'Three thousand words',
        slug: 'three-thousand-words',
      });
      for (const viewport of EDITOR_VIEWPORTS) {
        const page = await openPage(browser, viewport.width);
        await page.setViewportSize(viewport);
        await login(page, base);
        await page.goto(`${base}/edit-blog/${slug}`, { waitUntil: 'networkidle' });
        await page.locator('.ql-editor p').first().waitFor();
        const height = await page.evaluate(() => document.documentElement.scrollHeight);
        assert.ok(height > viewport.height * 5, `the page is ${height} px tall`);
        const top = await actionBarBox(page);
        assert.ok(top.inView, `at the top at ${viewport.width}: ${JSON.stringify(top.box)}`);
        await scrollToBottom(page);
        const bottom = await actionBarBox(page);
        assert.ok(
          bottom.inView,
          `at the bottom at ${viewport.width}: ${JSON.stringify(bottom.box)}`,
        );
        await page.getByRole('button', { name: 'Update' }).waitFor({ state: 'visible' });
        // The bar takes a slice of the screen, not a screenful.
        assert.ok(bottom.box.height <= viewport.height * 0.2, `bar ${bottom.box.height} px tall`);
        noProblems(page);
        await page.context().close();
      }
      await shootEditor(browser, base);
    },
  );
});
