import { HeadObjectCommand } from '@aws-sdk/client-s3';
import { beforeAll, describe, expect, it } from 'vitest';
import { MEDIA_ALT_MAX, mediaKeys, type MediaItem, type SitePage } from '@agency/shared';
import { DynamoSiteImages } from '../src/modules/media/adapters/media-usage';
import type { TestStack } from './harness';
import { PAGE_PATHS, SEED, seedTestPages, validBlock } from './pages/fixture';
import { stackForFile } from './stack-for-file';
import { PNG_1PX } from './support/images';
import { uploadImage } from './support/upload';

/**
 * The media library counts every use of an image — posts (banner and body), page blocks (hidden
 * ones and drafts too), a page's share image, the site settings — names each, and refuses to delete
 * an image in use (409), on the real stand-ins.
 */

let stack: TestStack;
let token = '';
let editor = '';
stackForFile((started) => ({ stack, token } = started), {
  signInAdmin: true,
  pagePaths: PAGE_PATHS,
});

beforeAll(async () => {
  await seedTestPages();
  editor = await stack.editorToken();
});

const errorOf = (json: unknown) => (json as { error: string }).error;

/** Upload a 1×1 PNG as the admin does. */
const upload = (filename: string): Promise<MediaItem> =>
  uploadImage(stack, token, PNG_1PX, filename, 'image/png');

async function getPage(path: string): Promise<SitePage> {
  const res = await stack.invoke('getPage', { token, query: { path } });
  expect(res.status, res.body).toBe(200);
  return (res.json as { data: SitePage }).data;
}

/** Save a page's draft with changes to its head and blocks. */
async function savePage(
  path: string,
  change: (page: SitePage) => Record<string, unknown>,
): Promise<void> {
  const page = await getPage(path);
  const {
    status: _s,
    updated_at: _u,
    updated_by: _b,
    published_at: _p,
    published: _l,
    ...draft
  } = page;
  const res = await stack.invoke('updatePage', {
    token,
    json: { ...draft, ...change(page) },
  });
  expect(res.status, res.body).toBe(200);
}

/** A portfolio carousel whose one card shows `src`. */
function portfolioWith(src: string, id: string, hidden = false): Record<string, unknown> {
  const block = validBlock('portfolioCarousel', id) as { items: Record<string, unknown>[] };
  return {
    ...block,
    items: [{ ...block.items[0], thumb: src, large: src, alt: 'Our work' }],
    ...(hidden ? { hidden: true } : {}),
  };
}

async function list(query: Record<string, string | number> = {}): Promise<MediaItem[]> {
  const res = await stack.invoke('listMedia', { token, query: { page: 1, ...query } });
  expect(res.status, res.body).toBe(200);
  return (res.json as { results: MediaItem[] }).results;
}

const usesOf = async (id: string) => (await list()).find((i) => i.id === id)?.uses;

async function served(image: MediaItem): Promise<boolean> {
  try {
    await stack.clients.s3.send(
      new HeadObjectCommand({
        Bucket: stack.env.MEDIA_BUCKET,
        Key: mediaKeys.original(image.id, image.format),
      }),
    );
    return true;
  } catch {
    return false;
  }
}

describe('where an image is used', () => {
  it('counts a live portfolio card, a hidden block, a share image, the settings and a post; refuses to delete each with 409 naming the uses', async () => {
    const [card, hidden, share, settingsImage, banner, inline, unused] = (await Promise.all(
      [
        'card.png',
        'hidden.png',
        'share.png',
        'brochure.png',
        'banner.png',
        'inline.png',
        'spare.png',
      ].map(upload),
    )) as MediaItem[] as [
      MediaItem,
      MediaItem,
      MediaItem,
      MediaItem,
      MediaItem,
      MediaItem,
      MediaItem,
    ];
    // The home page's portfolio card, published: the page of the issue ("Not used").
    await savePage('/', (p) => ({ blocks: [...p.blocks, portfolioWith(card.src, 'work')] }));
    const published = await stack.invoke('publishPage', { token, json: { path: '/' } });
    expect(published.status, published.body).toBe(200);
    // About: a hidden block and the share image, in the draft only.
    await savePage('/about', (p) => ({
      image: share.src,
      blocks: [...p.blocks, portfolioWith(hidden.src, 'hidden-work', true)],
    }));
    // The settings link to an image (a brochure): deleting it would break the footer.
    const settings = await stack.invoke('getSiteSettings', { token });
    const current = (settings.json as { data: { settings: typeof SEED.settings; version: number } })
      .data;
    const saved = await stack.invoke('updateSiteSettings', {
      token,
      json: {
        version: current.version,
        settings: {
          ...current.settings,
          quickLinks: [
            ...current.settings.quickLinks,
            { label: 'Brochure', href: settingsImage.src },
          ],
        },
      },
    });
    expect(saved.status, saved.body).toBe(200);
    // A post: banner and an inline image of its body.
    const post = await stack.invoke('createPost', {
      token,
      multipart: {
        title: 'Case study',
        slug: 'case-study',
        banner_media: banner.id,
        content: `<p>Body</p><p><img src="${inline.src.replace(/original\.(\w+)$/, '1.$1')}" alt="x"></p>`,
      },
    });
    expect(post.status, post.body).toBe(201);

    expect(await usesOf(card.id)).toEqual([
      { kind: 'page', ref: '/', title: 'Home', copies: ['draft', 'live'] },
    ]);
    expect(await usesOf(hidden.id)).toEqual([
      { kind: 'page', ref: '/about', title: 'About us', copies: ['draft'] },
    ]);
    expect(await usesOf(share.id)).toEqual([
      { kind: 'page', ref: '/about', title: 'About us', copies: ['draft'] },
    ]);
    expect(await usesOf(settingsImage.id)).toEqual([
      { kind: 'settings', ref: '', title: 'Site settings', copies: ['live'] },
    ]);
    expect(await usesOf(banner.id)).toEqual([
      { kind: 'post', ref: 'case-study', title: 'Case study', copies: ['draft'] },
    ]);
    expect(await usesOf(inline.id)).toEqual([
      { kind: 'post', ref: 'case-study', title: 'Case study', copies: ['draft'] },
    ]);
    expect(await usesOf(unused.id)).toEqual([]);

    const refusals = await Promise.all(
      [card, hidden, share, settingsImage, banner].map((i) =>
        stack.invoke('deleteMedia', { token, json: { id: i.id } }),
      ),
    );
    expect(refusals.map((r) => r.status)).toEqual([409, 409, 409, 409, 409]);
    expect(refusals.map((r) => errorOf(r.json))).toEqual([
      'id: is used by the page “Home” (/, draft and live): remove it there first',
      'id: is used by the page “About us” (/about, draft): remove it there first',
      'id: is used by the page “About us” (/about, draft): remove it there first',
      'id: is used by the site settings (live): remove it there first',
      'id: is used by the post “Case study” (/blog/case-study): remove it there first',
    ]);
    for (const image of [card, hidden, share, settingsImage, banner])
      expect(await served(image)).toBe(true);

    // Used / unused, on the server, across the library.
    const used = new Set((await list({ used: 'used' })).map((i) => i.id));
    const notUsed = new Set((await list({ used: 'unused' })).map((i) => i.id));
    for (const image of [card, hidden, share, settingsImage, banner]) {
      expect(used.has(image.id)).toBe(true);
      expect(notUsed.has(image.id)).toBe(false);
    }
    expect(notUsed.has(unused.id)).toBe(true);
    expect(used.has(unused.id)).toBe(false);

    // Once the card leaves the home page's draft it is still live: still refused.
    await savePage('/', (p) => ({ blocks: p.blocks.filter((b) => b.id !== 'work') }));
    expect(await usesOf(card.id)).toEqual([
      { kind: 'page', ref: '/', title: 'Home', copies: ['live'] },
    ]);

    const deleted = await stack.invoke('deleteMedia', { token, json: { id: unused.id } });
    expect(deleted.status, deleted.body).toBe(200);
    expect(await served(unused)).toBe(false);
  });

  it('refuses a delete whose pages changed between its read and its write (a page saved with the image at that moment)', async () => {
    const image = await upload('race.png');
    const site = new DynamoSiteImages();
    const before = await site.read(true);
    expect(before.uses.has(image.id)).toBe(false);
    // The save the delete raced: it chose the image after the delete read the pages.
    await savePage('/contact-us', () => ({ image: image.src }));
    expect(await site.deleteUnlessChanged(image.id, before.versions)).toBe('changed');
    // Read again, the delete sees the use and the API refuses it.
    const res = await stack.invoke('deleteMedia', { token, json: { id: image.id } });
    expect(res.status).toBe(409);
    expect(errorOf(res.json)).toBe(
      'id: is used by the page “Contact us” (/contact-us, draft): remove it there first',
    );
    expect(await served(image)).toBe(true);
  });
});

describe('descriptions and search', () => {
  it('keeps a description on the image, and finds images by name or description', async () => {
    const team = await upload('Team-2026.png');
    const office = await upload('img_0042.png');
    const res = await stack.invoke('updateMedia', {
      token: editor,
      json: { id: office.id, alt: '  The Chennai office at dusk ' },
    });
    expect(res.status, res.body).toBe(200);
    expect((res.json as { data: MediaItem }).data.alt).toBe('The Chennai office at dusk');
    expect((await list()).find((i) => i.id === office.id)?.alt).toBe('The Chennai office at dusk');

    const names = async (q: string) => (await list({ q })).map((i) => i.filename);
    expect(await names('CHENNAI')).toEqual(['img_0042.png']);
    expect(await names('team-2026')).toEqual(['Team-2026.png']);
    expect(await names('no such image')).toEqual([]);
    expect(team.alt).toBe('');

    const tooLong = await stack.invoke('updateMedia', {
      token,
      json: { id: office.id, alt: 'x'.repeat(MEDIA_ALT_MAX + 1) },
    });
    expect(tooLong.status).toBe(400);
    expect(errorOf(tooLong.json)).toBe(`alt: must be at most ${MEDIA_ALT_MAX} characters`);
    const missing = await stack.invoke('updateMedia', {
      token,
      json: { id: '0b0f6a52-6d2c-4a5e-9b1e-2f3c4d5e6f70', alt: 'x' },
    });
    expect(missing.status).toBe(404);
    const anonymous = await stack.invoke('updateMedia', { json: { id: office.id, alt: 'x' } });
    expect(anonymous.status).toBe(401);
  });

  it('pages through search results across the whole library', async () => {
    const many = await Promise.all(
      Array.from({ length: 26 }, (_, i) => upload(`campaign-${String(i).padStart(2, '0')}.png`)),
    );
    const first = await stack.invoke('listMedia', { token, query: { page: 1, q: 'campaign-' } });
    const body = first.json as { results: MediaItem[]; next: string | null; previous: null };
    expect(body.results).toHaveLength(24);
    expect(body.next).toBe('/api/user/media/list?q=campaign-&page=2');
    const second = await stack.invoke('listMedia', { token, query: { page: 2, q: 'campaign-' } });
    const rest = (second.json as { results: MediaItem[]; next: string | null }).results;
    expect(rest).toHaveLength(2);
    expect(new Set([...body.results, ...rest].map((i) => i.id))).toEqual(
      new Set(many.map((i) => i.id)),
    );
    const tooLong = await stack.invoke('listMedia', {
      token,
      query: { page: 1, q: 'x'.repeat(101) },
    });
    expect(tooLong.status).toBe(400);
  });
});
