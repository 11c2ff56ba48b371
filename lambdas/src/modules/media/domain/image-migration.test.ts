import { describe, expect, it } from 'vitest';
import type { Image } from '@agency/shared';
import { GIF_1PX, PNG_1PX } from '../../../../test/support/images';
import {
  MemoryImageProcessor,
  MemoryMediaObjects,
  MemoryMediaRepository,
} from '../../../../test/support/memory-media';
import {
  contentId,
  migrateImages,
  MIGRATE_IMAGES_JOB,
  type MigrationDeps,
} from './image-migration';
import type { PostRecord, RevisionRecord, UpdateOutcome } from '../../posts/domain/ports';

/** The part of the post store the job uses, in memory, with its version-conditional write. */
class MemoryPosts {
  rows = new Map<number, PostRecord>();
  revs = new Map<string, RevisionRecord>();
  async listPage() {
    return { items: [...this.rows.values()], hasNext: false };
  }
  async getPost(id: number) {
    return this.rows.get(id) ?? null;
  }
  async replacePost(post: PostRecord, expected: number): Promise<UpdateOutcome> {
    const row = this.rows.get(post.id);
    if (!row) return 'missing';
    if (row.version !== expected) return 'stale';
    this.rows.set(post.id, post);
    return 'updated';
  }
  async listRevisions(postId: number, limit: number) {
    return [...this.revs.values()]
      .filter((r) => r.post_id === postId)
      .sort((a, b) => b.revision - a.revision)
      .slice(0, limit);
  }
  async putRevision(r: RevisionRecord) {
    this.revs.set(`${r.post_id}#${r.revision}`, r);
  }
}

const post = (over: Partial<PostRecord>): PostRecord => ({
  id: 1,
  title: 'Old',
  slug: 'old',
  content: '<p>x</p>',
  head_tag: '',
  banner_key: null,
  banner: null,
  created_at: '2020-01-01T00:00:00.000Z',
  updated_at: '2020-01-01T00:00:00.000Z',
  category_id: null,
  author_id: null,
  version: 2,
  status: 'published',
  publish_at: '2020-01-01T00:00:00.000Z',
  updated_by: null,
  ...over,
});

const revision = (p: PostRecord, n: number): RevisionRecord => ({
  post_id: p.id,
  revision: n,
  title: p.title,
  slug: p.slug,
  content: p.content,
  head_tag: p.head_tag,
  banner_key: p.banner_key,
  banner: p.banner ?? null,
  category_id: null,
  author_id: null,
  status: p.status,
  publish_at: p.publish_at,
  saved_at: p.updated_at,
  saved_by: null,
});

const dataImg = (bytes: Buffer, type = 'image/png') =>
  `<img src="data:${type};base64,${bytes.toString('base64')}">`;

function setup(answer?: (id: string) => Image | string) {
  const posts = new MemoryPosts();
  const library = new MemoryMediaRepository();
  const objects = new MemoryMediaObjects();
  const images = new MemoryImageProcessor(objects, (id) => {
    const a = answer?.(id) ?? { id, width: 640, height: 480, format: 'jpg', placeholder: 'p' };
    return typeof a === 'string' ? { ok: false, error: a } : { ok: true, image: a };
  });
  const legacy = new Map<string, Buffer>();
  const done = new Set<string>();
  const warnings: string[] = [];
  const deps: MigrationDeps = {
    posts,
    media: {
      getBanner: async (key) => legacy.get(key) ?? null,
      deleteBanner: async (key) => {
        legacy.delete(key);
      },
    },
    library: { media: library, objects, images },
    cdn: { invalidate: async () => undefined },
    log: { warn: (m) => warnings.push(m) },
    markers: {
      isDone: async (job) => done.has(job),
      markDone: async (job) => {
        done.add(job);
      },
    },
  };
  return { deps, posts, library, images, legacy, done, warnings };
}

describe('migrateImages', () => {
  it('makes one library image of a picture the post and its revisions share, and leaves out what is not an image', async () => {
    const { deps, posts, library, images, done, warnings } = setup();
    const text = Buffer.from('not a picture at all');
    const old = post({ content: `<p>${dataImg(PNG_1PX)}${dataImg(text)}</p>` });
    posts.rows.set(1, old);
    posts.revs.set('1#1', revision(old, 1));

    const summary = await migrateImages(deps);

    const id = contentId(PNG_1PX);
    const expected = `<p><img src="/media/images/${id}/640.jpg" width="640" height="480" /></p>`;
    expect(posts.rows.get(1)?.content).toBe(expected);
    expect(posts.revs.get('1#1')?.content).toBe(expected);
    expect(posts.rows.get(1)?.version).toBe(2);
    expect(images.calls).toEqual([id]);
    expect((await library.get(id))?.used_by).toEqual([1]);
    expect(summary).toMatchObject({
      migrated_posts: 1,
      migrated_revisions: 1,
      images_created: 1,
      dropped: 2,
      left: 0,
    });
    expect(warnings).toEqual(['image refused by the library', 'image refused by the library']);
    expect(done.has(MIGRATE_IMAGES_JOB)).toBe(true);
    expect(await migrateImages(deps)).toMatchObject({ skipped: true });
    // A restore brings the old post back: the operator runs it again, past the mark.
    posts.rows.set(1, old);
    expect(await migrateImages(deps)).toMatchObject({ skipped: true, posts: 0 });
    expect(await migrateImages(deps, { again: true })).toMatchObject({
      skipped: false,
      migrated_posts: 1,
      images_created: 0,
    });
    expect(posts.rows.get(1)?.content).toBe(expected);
  });

  it('removes a legacy banner whose object is gone, and keeps one the library refuses for a later run', async () => {
    const refused = contentId(GIF_1PX);
    const { deps, posts, legacy, done } = setup((id) =>
      id === refused
        ? 'unreadable'
        : { id, width: 1200, height: 630, format: 'jpg', placeholder: 'p' },
    );
    posts.rows.set(1, post({ id: 1, banner_key: 'banners/gone.png' }));
    posts.rows.set(2, post({ id: 2, slug: 'two', banner_key: 'banners/bad.gif' }));
    posts.rows.set(3, post({ id: 3, slug: 'three', banner_key: 'banners/ok.png' }));
    legacy.set('banners/bad.gif', GIF_1PX);
    legacy.set('banners/ok.png', PNG_1PX);

    const summary = await migrateImages(deps);

    expect(posts.rows.get(1)).toMatchObject({ banner_key: null, banner: null });
    expect(posts.rows.get(2)).toMatchObject({ banner_key: 'banners/bad.gif', banner: null });
    const ok = contentId(PNG_1PX);
    expect(posts.rows.get(3)).toMatchObject({
      banner_key: `images/${ok}/original.jpg`,
      banner: { id: ok, width: 1200, height: 630 },
    });
    expect([...legacy.keys()]).toEqual(['banners/bad.gif']);
    expect(summary).toMatchObject({ migrated_posts: 2, left: 1 });
    // Not done: the next run (after the next deploy) tries the refused banner again.
    expect(done.size).toBe(0);
  });
});
