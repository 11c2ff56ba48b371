import { describe, expect, it } from 'vitest';
import { imageKeys, MEDIA_LIMITS, mediaKeys } from '@agency/shared';
import {
  MemoryImageProcessor,
  MemoryMediaObjects,
  MemoryMediaRepository,
  MemorySiteImages,
} from '../../../../test/support/memory-media';
import { PNG_1PX, PNG_POLYGLOT } from '../../../../test/support/images';
import { DomainError } from '../../../platform/errors';
import type { ProcessImageResult } from './ports';
import type { PostRecord } from '../../posts/domain/ports';
import {
  cleanFilename,
  confirmUpload,
  createUpload,
  deleteMedia,
  listMedia,
  registerUpload,
  deleteUnusedImages,
  type MediaLibraryDeps,
} from './media';

const ID = '0b0f6a52-6d2c-4a5e-9b1e-2f3c4d5e6f70';
const OTHER = '1c1f6a52-6d2c-4a5e-9b1e-2f3c4d5e6f71';

function setup(answer?: (id: string) => ProcessImageResult) {
  const media = new MemoryMediaRepository();
  const objects = new MemoryMediaObjects();
  const images = new MemoryImageProcessor(objects, answer);
  const posts = new Map<number, Pick<PostRecord, 'id' | 'title' | 'slug'>>();
  const site = new MemorySiteImages(media);
  const deps: MediaLibraryDeps = {
    site,
    media,
    objects,
    images,
    now: () => new Date('2026-03-01T10:00:00.000Z'),
    posts: {
      getPost: async (id) => {
        const p = posts.get(id);
        return p ? ({ ...p } as PostRecord) : null;
      },
    },
  };
  const upload = (id: string, bytes: Buffer, filename: string | null = 'photo.png') =>
    objects.objects.set(mediaKeys.upload(id), { bytes, filename });
  return { deps, media, objects, images, posts, upload, site };
}

async function refusal(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
    return 'accepted';
  } catch (e) {
    return e instanceof DomainError ? `${e.kind} ${e.message}` : String(e);
  }
}

describe('createUpload', () => {
  it('issues a form under a fresh id, and refuses more than 20 MB naming the file', async () => {
    const { deps } = setup();
    const form = await createUpload(
      deps,
      { filename: 'a.png', contentType: 'image/png', size: 10 },
      () => ID,
    );
    expect(form).toMatchObject({ id: ID, fields: { key: mediaKeys.upload(ID) } });
    expect(
      await refusal(
        createUpload(deps, {
          filename: 'C:\\Users\\me\\big.jpg',
          contentType: 'image/jpeg',
          size: MEDIA_LIMITS.maxBytes + 1,
        }),
      ),
    ).toBe('too-large file big.jpg: must be at most 20 MB');
  });
});

describe('registerUpload', () => {
  it('makes the variants, registers the image and deletes the upload', async () => {
    const { deps, images, objects, upload } = setup();
    upload(ID, PNG_1PX);
    const record = await registerUpload(deps, { id: ID, filename: 'photo.png', actor: 'admin' });
    expect(record).toEqual({
      id: ID,
      width: 800,
      height: 600,
      format: 'jpg',
      placeholder: 'data:image/webp;base64,AA',
      filename: 'photo.png',
      bytes: PNG_1PX.length,
      created_at: '2026-03-01T10:00:00.000Z',
      created_by: 'admin',
      used_by: [],
    });
    expect(images.calls).toEqual([ID]);
    expect(objects.objects.has(mediaKeys.upload(ID))).toBe(false);
    // A retried confirm finds the image already there instead of failing.
    expect(await registerUpload(deps, { id: ID, filename: 'x', actor: null })).toEqual(record);
    expect(images.calls).toEqual([ID]);
  });

  it('refuses what is not an image, or hides markup, or is too large, deleting it unprocessed', async () => {
    const { deps, images, objects, upload } = setup();
    const cases: [Buffer, string][] = [
      [
        Buffer.from('plain text pretending'),
        'unsupported-type file notes.png: must be a JPEG, PNG, WebP, GIF or AVIF image',
      ],
      [
        PNG_POLYGLOT,
        'unsupported-type file notes.png: must be a JPEG, PNG, WebP, GIF or AVIF image',
      ],
      [
        Buffer.concat([PNG_1PX, Buffer.alloc(MEDIA_LIMITS.maxBytes)]),
        'too-large file notes.png: must be at most 20 MB',
      ],
    ];
    for (const [bytes, message] of cases) {
      upload(ID, bytes);
      expect(
        await refusal(registerUpload(deps, { id: ID, filename: 'notes.png', actor: null })),
      ).toBe(message);
      expect(objects.objects.has(mediaKeys.upload(ID))).toBe(false);
    }
    expect(images.calls).toEqual([]);
  });

  it('refuses an image the image function cannot read, with its reason, and deletes it', async () => {
    const { deps, objects, media, upload } = setup(() => ({
      ok: false,
      error: 'corrupt header',
    }));
    upload(ID, PNG_1PX);
    expect(await refusal(registerUpload(deps, { id: ID, filename: 'a.png', actor: null }))).toBe(
      'unsupported-type file a.png: must be a JPEG, PNG, WebP, GIF or AVIF image (corrupt header)',
    );
    expect(objects.objects.has(mediaKeys.upload(ID))).toBe(false);
    expect(await media.get(ID)).toBeNull();
  });

  it('never processes an id again once registered: bytes posted since are dropped', async () => {
    const { deps, images, objects, upload } = setup();
    upload(ID, PNG_1PX);
    const record = await registerUpload(deps, { id: ID, filename: 'a.png', actor: 'admin' });
    // The form is posted again within its five minutes, with other bytes.
    upload(ID, Buffer.concat([PNG_1PX, Buffer.from('other')]));
    expect(await registerUpload(deps, { id: ID, filename: 'a.png', actor: 'admin' })).toEqual(
      record,
    );
    expect(images.calls).toEqual([ID]);
    expect(objects.objects.has(mediaKeys.upload(ID))).toBe(false);
  });

  it('refuses with a conflict when other bytes were pinned first, or the upload changed after its check', async () => {
    const { deps, images, media, objects, upload } = setup();
    upload(ID, PNG_1PX);
    await media.pinUpload(ID, '"someone-else"');
    expect(await refusal(registerUpload(deps, { id: ID, filename: 'a.png', actor: null }))).toBe(
      'conflict file a.png: was replaced while it was being confirmed: upload it again',
    );
    expect(images.calls).toEqual([]);
    expect(objects.objects.has(mediaKeys.upload(ID))).toBe(false);

    // Posted again between the check and the image function: the function sees other bytes.
    upload(OTHER, PNG_1PX);
    const swap = objects.readUploadEdges.bind(objects);
    objects.readUploadEdges = async (id, edge) => {
      const edges = await swap(id, edge);
      upload(id, Buffer.concat([PNG_1PX, Buffer.from('swapped')]));
      return edges;
    };
    expect(await refusal(registerUpload(deps, { id: OTHER, filename: 'b.png', actor: null }))).toBe(
      'conflict file b.png: was replaced while it was being confirmed: upload it again',
    );
    expect(await media.get(OTHER)).toBeNull();
    expect(media.pins.has(OTHER)).toBe(false);
    expect(objects.objects.has(mediaKeys.upload(OTHER))).toBe(false);
  });

  it('answers 404 for an upload that does not exist', async () => {
    const { deps } = setup();
    expect(await refusal(registerUpload(deps, { id: ID, filename: 'a.png', actor: null }))).toBe(
      `not-found The upload ${ID} was not found.`,
    );
  });
});

describe('confirmUpload', () => {
  it('registers under the file name the form fixed', async () => {
    const { deps, upload } = setup();
    upload(ID, PNG_1PX, 'Ferien am See.png');
    const item = await confirmUpload(deps, { id: ID, actor: 'admin' });
    expect(item).toMatchObject({
      id: ID,
      filename: 'Ferien am See.png',
      src: `/media/images/${ID}/original.jpg`,
      used_by: [],
    });
  });
});

describe('listMedia, deleteMedia, deleteUnusedImages', () => {
  async function twoImages() {
    const s = setup();
    s.upload(ID, PNG_1PX);
    await registerUpload(s.deps, { id: ID, filename: 'first.png', actor: null });
    s.deps.now = () => new Date('2026-03-02T10:00:00.000Z');
    s.upload(OTHER, PNG_1PX);
    await registerUpload(s.deps, { id: OTHER, filename: 'second.png', actor: null });
    s.posts.set(7, { id: 7, title: 'Seven', slug: 'seven' });
    s.posts.set(8, { id: 8, title: 'Eight', slug: 'eight' });
    await s.media.claim(ID, 7);
    await s.media.claim(ID, 8);
    return s;
  }

  it('lists newest first with the posts using each, leaving out posts deleted since', async () => {
    const { deps, posts, media } = await twoImages();
    await media.claim(OTHER, 99);
    posts.delete(8);
    const page = await listMedia(deps, { page: 1 });
    expect(page.results.map((r) => [r.filename, r.used_by.map((p) => p.title)])).toEqual([
      ['second.png', []],
      ['first.png', ['Seven']],
    ]);
    expect(page).toMatchObject({ next: null, previous: null });
  });

  it('refuses to delete a used image, naming the posts; deletes an unused one with all its objects', async () => {
    const { deps, objects, media } = await twoImages();
    expect(await refusal(deleteMedia(deps, ID))).toBe(
      'conflict id: is used by the post “Seven” (/blog/seven), the post “Eight” (/blog/eight): remove it there first',
    );
    const other = await media.get(OTHER);
    expect(await deleteMedia(deps, OTHER)).toEqual({ id: OTHER });
    for (const key of imageKeys(other ?? { id: OTHER, width: 1, format: 'jpg' }))
      expect(objects.objects.has(key)).toBe(false);
    expect(objects.objects.has(`images/${ID}/original.jpg`)).toBe(true);
    expect(await refusal(deleteMedia(deps, OTHER))).toBe('not-found The image was not found.');
  });

  it('refuses when a post claims the image between the read and the delete', async () => {
    const { deps, media } = await twoImages();
    const realDelete = media.deleteUnused.bind(media);
    media.deleteUnused = async (id) => {
      await media.claim(id, 7);
      return realDelete(id);
    };
    expect(await refusal(deleteMedia(deps, OTHER))).toMatch(
      /^conflict id: is used by the post “Seven”/,
    );
    expect(await media.get(OTHER)).not.toBeNull();
  });

  it('deletes an image once its last post let go of it, and keeps ones still used', async () => {
    const { deps, media, objects } = await twoImages();
    await media.release(ID, 7);
    expect(await deleteUnusedImages(deps, [ID, ID])).toEqual([]);
    await media.release(ID, 8);
    expect(await deleteUnusedImages(deps, [ID, 'not-there'])).toEqual([ID]);
    expect(await media.get(ID)).toBeNull();
    expect(objects.objects.has(`images/${ID}/original.jpg`)).toBe(false);
  });
});

describe('images shown by pages and the site settings', () => {
  const page = (ref: string, copies: Record<string, unknown>, retired = false) => ({
    kind: 'page' as const,
    ref,
    title: `Page ${ref}`,
    retired,
    copies,
  });
  const path = (id: string) => `/media/images/${id}/original.jpg`;

  it('counts a block image in a draft, a live copy, a hidden block and the settings, and refuses to delete it', async () => {
    const { deps, site } = await (async () => {
      const s = setup();
      s.upload(ID, PNG_1PX);
      await registerUpload(s.deps, { id: ID, filename: 'card.png', actor: null });
      s.upload(OTHER, PNG_1PX);
      await registerUpload(s.deps, { id: OTHER, filename: 'logo.png', actor: null });
      return s;
    })();
    site.set(
      page('/', {
        content: { blocks: [{ type: 'portfolio', hidden: true, items: [{ thumb: path(ID) }] }] },
        published: { blocks: [{ type: 'portfolio', items: [{ thumb: path(ID) }] }] },
      }),
    );
    site.set(page('/old', { content: { image: path(ID) } }, true));
    site.set({
      kind: 'settings',
      ref: '',
      title: 'Site settings',
      retired: false,
      copies: { settings: { logo: path(OTHER) } },
    });
    const list = await listMedia(deps, { page: 1 });
    expect(list.results.map((r) => [r.filename, r.uses]).reverse()).toEqual([
      [
        'card.png',
        [
          { kind: 'page', ref: '/', title: 'Page /', copies: ['draft', 'live'] },
          { kind: 'page', ref: '/old', title: 'Page /old', copies: ['retired'] },
        ],
      ],
      ['logo.png', [{ kind: 'settings', ref: '', title: 'Site settings', copies: ['live'] }]],
    ]);
    expect(await refusal(deleteMedia(deps, ID))).toBe(
      'conflict id: is used by the page “Page /” (/, draft and live), the page “Page /old” (/old, retired): remove it there first',
    );
    expect(await refusal(deleteMedia(deps, OTHER))).toBe(
      'conflict id: is used by the site settings (live): remove it there first',
    );
    expect((await listMedia(deps, { page: 1, used: 'unused' })).results).toEqual([]);
  });

  it('refuses a delete when a page chose the image between the read and the delete', async () => {
    const { deps, site, media } = setup();
    await media.put({
      id: OTHER,
      width: 1,
      height: 1,
      format: 'png',
      placeholder: '',
      filename: 'b.png',
      bytes: 1,
      created_at: '2026-03-01T00:00:00.000Z',
      created_by: null,
      used_by: [],
    });
    site.set(page('/', { content: { blocks: [] } }));
    site.changeBeforeDelete = () => site.set(page('/', { content: { image: path(OTHER) } }));
    expect(await refusal(deleteMedia(deps, OTHER))).toBe(
      'conflict id: is used by the page “Page /” (/, draft): remove it there first',
    );
    expect(await media.get(OTHER)).not.toBeNull();
  });

  it('keeps an image a purged post gave back while a page shows it', async () => {
    const { deps, site, media } = setup();
    await media.put({
      id: OTHER,
      width: 1,
      height: 1,
      format: 'png',
      placeholder: '',
      filename: 'b.png',
      bytes: 1,
      created_at: '2026-03-01T00:00:00.000Z',
      created_by: null,
      used_by: [],
    });
    site.set(page('/', { content: { image: path(OTHER) } }));
    expect(await deleteUnusedImages(deps, [OTHER])).toEqual([]);
    site.set(page('/', { content: {} }));
    expect(await deleteUnusedImages(deps, [OTHER])).toEqual([OTHER]);
  });
});

describe('cleanFilename', () => {
  it('keeps the base name without control characters, and never an empty name', () => {
    expect(cleanFilename('../../etc/passwd')).toBe('passwd');
    expect(cleanFilename('a\u0000b\nc.png')).toBe('abc.png');
    expect(cleanFilename('/')).toBe('image');
    expect(cleanFilename('<img src=x onerror=alert(1)>.png')).toBe(
      '<img src=x onerror=alert(1)>.png',
    );
  });
});
