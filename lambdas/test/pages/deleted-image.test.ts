import { beforeAll, describe, expect, it } from 'vitest';
import type { MediaItem, SitePage } from '@agency/shared';
import { DynamoPageStore } from '../../src/modules/pages/adapters/page-store';
import type { TestStack } from '../harness';
import { stackForFile } from '../stack-for-file';
import { PNG_1PX } from '../support/images';
import { uploadImage } from '../support/upload';
import { PAGE_PATHS, SEED, seedTestPages, validBlock } from './fixture';

/**
 * A page or settings save that shows a library image deleted meanwhile (a stale editor tab) is
 * refused with 400 naming the field, on the real stand-ins: the live page never shows a broken
 * image. A save with images the library holds goes through.
 */

let stack: TestStack;
let token = '';
stackForFile((started) => ({ stack, token } = started), {
  signInAdmin: true,
  pagePaths: PAGE_PATHS,
});

beforeAll(async () => {
  await seedTestPages();
});

/** Upload a 1×1 PNG as the admin does. */
const upload = (filename: string): Promise<MediaItem> =>
  uploadImage(stack, token, PNG_1PX, filename, 'image/png');

/** Upload an image and delete it again while nothing uses it: the id a stale tab still shows. */
async function deletedImage(filename: string): Promise<MediaItem> {
  const image = await upload(filename);
  const deleted = await stack.invoke('deleteMedia', { token, json: { id: image.id } });
  expect(deleted.status, deleted.body).toBe(200);
  return image;
}

async function getPage(path: string): Promise<SitePage> {
  const res = await stack.invoke('getPage', { token, query: { path } });
  expect(res.status, res.body).toBe(200);
  return (res.json as { data: SitePage }).data;
}

/** Save a page's draft with changes to its head and blocks: the raw answer. */
async function savePage(path: string, change: (page: SitePage) => Record<string, unknown>) {
  const page = await getPage(path);
  const {
    status: _s,
    updated_at: _u,
    updated_by: _b,
    published_at: _p,
    publish_at: _a,
    published: _l,
    ...draft
  } = page;
  return stack.invoke('updatePage', { token, json: { ...draft, ...change(page) } });
}

/** A portfolio carousel whose one card shows `src`. */
function portfolioWith(src: string, id: string): Record<string, unknown> {
  const block = validBlock('portfolioCarousel', id) as { items: Record<string, unknown>[] };
  return { ...block, items: [{ ...block.items[0], thumb: src, large: src, alt: 'Our work' }] };
}

const refusal = (json: unknown) => json as { error: string; field?: string };

describe('saving a page or the settings with an image deleted from the library', () => {
  it('refuses a page block and a share image the library no longer holds, naming the field; keeps the page as it was', async () => {
    const kept = await upload('kept.png');
    const gone = await deletedImage('gone.png');
    const before = await getPage('/about');

    const block = await savePage('/about', (p) => ({
      blocks: [
        ...p.blocks,
        portfolioWith(kept.src, 'kept-work'),
        portfolioWith(gone.src, 'gone-work'),
      ],
    }));
    expect(block.status, block.body).toBe(400);
    const at = before.blocks.length + 1;
    expect(refusal(block.json).field).toBe(`blocks.${at}.items.0.thumb`);
    expect(refusal(block.json).error).toMatch(/deleted from the media library.*choose another/);

    const share = await savePage('/about', () => ({ image: gone.src }));
    expect(share.status, share.body).toBe(400);
    expect(refusal(share.json).field).toBe('image');

    // Nothing was written: the draft is the one before.
    expect((await getPage('/about')).version).toBe(before.version);

    // With images the library holds, the same save goes through, and publishes.
    const ok = await savePage('/about', (p) => ({
      image: kept.src,
      blocks: [...p.blocks, portfolioWith(kept.src, 'kept-work')],
    }));
    expect(ok.status, ok.body).toBe(200);
    const published = await stack.invoke('publishPage', { token, json: { path: '/about' } });
    expect(published.status, published.body).toBe(200);
  });

  it('refuses a restore of a kept version whose image was deleted since', async () => {
    const image = await upload('restored.png');
    const start = await getPage('/contact-us');
    const withImage = await savePage('/contact-us', (p) => ({
      blocks: [...p.blocks, portfolioWith(image.src, 'restored-work')],
    }));
    expect(withImage.status, withImage.body).toBe(200);
    // Back to the page without it, so the image is unused and can be deleted.
    const without = await savePage('/contact-us', () => ({ blocks: start.blocks }));
    expect(without.status, without.body).toBe(200);
    // The kept version still shows it, but a kept version is no use: the delete goes through.
    const deleted = await stack.invoke('deleteMedia', { token, json: { id: image.id } });
    expect(deleted.status, deleted.body).toBe(200);
    const current = await getPage('/contact-us');
    const restored = await stack.invoke('restorePageRevision', {
      token,
      json: { path: '/contact-us', revision: start.version + 1, version: current.version },
    });
    expect(restored.status, restored.body).toBe(400);
    expect(refusal(restored.json).field).toBe(`blocks.${start.blocks.length}.items.0.thumb`);
  });

  it('a page write whose image is deleted after its check is refused by its own transaction (the race)', async () => {
    const store = new DynamoPageStore();
    const image = await upload('race.png');
    const page = await store.get('/about');
    if (!page) throw new Error('no /about');
    const content = { ...page.content, image: image.src };
    const next = { ...page, content, version: page.version + 1 };
    const expectNow = { version: page.version, site_version: page.site_version };
    // The delete lands between the save's check and its write.
    const deleted = await stack.invoke('deleteMedia', { token, json: { id: image.id } });
    expect(deleted.status, deleted.body).toBe(200);
    expect(await store.save(next, expectNow, null, [image.id])).toEqual({ missing: image.id });
    expect((await store.get('/about'))?.version).toBe(page.version);
    // Without the image the same write goes through.
    expect(await store.save({ ...next, content: page.content }, expectNow, null, [])).toBe(
      'written',
    );
  });

  it('refuses settings that link to an image the library no longer holds, naming the field', async () => {
    const gone = await deletedImage('brochure.png');
    const kept = await upload('brochure-2.png');
    const res = await stack.invoke('getSiteSettings', { token });
    const current = (res.json as { data: { settings: typeof SEED.settings; version: number } })
      .data;
    const withLink = (src: string) => ({
      version: current.version,
      settings: {
        ...current.settings,
        quickLinks: [...current.settings.quickLinks, { label: 'Brochure', href: src }],
      },
    });
    const refused = await stack.invoke('updateSiteSettings', { token, json: withLink(gone.src) });
    expect(refused.status, refused.body).toBe(400);
    expect(refusal(refused.json).field).toBe(
      `settings.quickLinks.${current.settings.quickLinks.length}.href`,
    );
    expect(refusal(refused.json).error).toMatch(/deleted from the media library/);

    const saved = await stack.invoke('updateSiteSettings', { token, json: withLink(kept.src) });
    expect(saved.status, saved.body).toBe(200);
  });
});
