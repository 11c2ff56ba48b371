import { describe, expect, it } from 'vitest';
import { contract, SPECIAL_SLUGS } from '@agency/shared';
import { PNG_1PX } from '../../test/support/images';
import { DomainError } from '../lib/errors';
import type {
  Cdn,
  MediaStore,
  PostDeps,
  PostRecord,
  PostStore,
  TaxonomyKind,
  RevisionRecord,
  TaxonomyStore,
  UpdateOutcome,
} from './post-ports';
import {
  createPost,
  deletePost,
  listRevisions,
  pathsToInvalidate,
  restoreRevision,
  REVISIONS_KEPT,
  updatePost,
} from './posts';
import { publishDuePosts } from './publishing';

/** An in-memory PostStore with the same contract as the DynamoDB one (no expiry needed here). */
class MemoryPosts implements PostStore {
  counter = 0;
  guards = new Map<string, { postId: number; state: 'pending' | 'committed' }>();
  rows = new Map<number, PostRecord>();
  viewCounts = new Map<number, number>();
  failPut = false;

  async nextPostId() {
    return ++this.counter;
  }
  async reserveSlug(slug: string, postId: number) {
    const g = this.guards.get(slug);
    if (g && g.postId !== postId) return false;
    this.guards.set(slug, { postId, state: 'pending' });
    return true;
  }
  async commitSlug(slug: string, postId: number) {
    const g = this.guards.get(slug);
    if (!g || g.postId !== postId) return false;
    g.state = 'committed';
    return true;
  }
  async releaseSlug(slug: string, postId: number) {
    if (this.guards.get(slug)?.postId === postId) this.guards.delete(slug);
  }
  async slugOwner(slug: string) {
    const g = this.guards.get(slug);
    return g?.state === 'committed' ? g.postId : null;
  }
  async putPost(post: PostRecord) {
    if (this.failPut) throw new Error('DynamoDB is down');
    if (this.rows.has(post.id)) return false;
    this.rows.set(post.id, post);
    return true;
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
  async deletePost(id: number) {
    const row = this.rows.get(id) ?? null;
    this.rows.delete(id);
    return row;
  }
  async listPage() {
    return { items: [...this.rows.values()], hasNext: false };
  }
  async neighbours() {
    return { older: null, newer: null };
  }
  async views(ids: number[]) {
    return new Map(ids.map((id) => [id, this.viewCounts.get(id) ?? 0]));
  }
  async addView(id: number) {
    const n = (this.viewCounts.get(id) ?? 0) + 1;
    this.viewCounts.set(id, n);
    return n;
  }
  async deleteViews(id: number) {
    this.viewCounts.delete(id);
  }
  async duePosts(now: string, limit: number) {
    return [...this.rows.values()]
      .filter((p) => p.status === 'scheduled' && (p.publish_at ?? '') <= now)
      .slice(0, limit);
  }
  async publishDue(post: PostRecord) {
    const row = this.rows.get(post.id);
    if (row?.status !== 'scheduled' || row.publish_at !== post.publish_at) return false;
    this.rows.set(post.id, { ...row, status: 'published' });
    return true;
  }
  revs = new Map<string, RevisionRecord>();
  async putRevision(r: RevisionRecord) {
    this.revs.set(`${r.post_id}#${r.revision}`, r);
  }
  async listRevisions(postId: number, limit: number) {
    return [...this.revs.values()]
      .filter((r) => r.post_id === postId)
      .sort((a, b) => b.revision - a.revision)
      .slice(0, limit);
  }
  async getRevision(postId: number, revision: number) {
    return this.revs.get(`${postId}#${revision}`) ?? null;
  }
  async deleteRevisions(postId: number, upTo: number) {
    const doomed = [...this.revs.values()].filter(
      (r) => r.post_id === postId && r.revision <= upTo,
    );
    for (const r of doomed) this.revs.delete(`${r.post_id}#${r.revision}`);
    return doomed;
  }
}

/** Categories 1 (SEO) and 2 (Design), author 1 (Ann), with the usage counts post writes keep. */
class MemoryTaxonomy implements TaxonomyStore {
  usage = new Map<string, number>([
    ['category 1', 0],
    ['category 2', 0],
    ['author 1', 0],
  ]);
  private readonly names = new Map([
    [1, 'SEO'],
    [2, 'Design'],
  ]);
  async categories() {
    return [...this.names].map(([id, category]) => ({ id, category }));
  }
  async authors() {
    return [{ id: 1, name: 'Ann' }];
  }
  async category(id: number) {
    const category = this.names.get(id);
    return category ? { id, category } : null;
  }
  async author(id: number) {
    return id === 1 ? { id: 1, name: 'Ann' } : null;
  }
  async claim(kind: TaxonomyKind, id: number) {
    const n = this.usage.get(`${kind} ${id}`);
    if (n === undefined) return false;
    this.usage.set(`${kind} ${id}`, n + 1);
    return true;
  }
  async release(kind: TaxonomyKind, id: number) {
    const n = this.usage.get(`${kind} ${id}`);
    if (n) this.usage.set(`${kind} ${id}`, n - 1);
  }
  counts() {
    return Object.fromEntries(this.usage);
  }
}

function setup(opts: { cdnFails?: boolean; uploadFails?: boolean; now?: () => Date } = {}) {
  const posts = new MemoryPosts();
  const taxonomy = new MemoryTaxonomy();
  const objects = new Set<string>();
  const invalidated: string[][] = [];
  const warnings: string[] = [];
  let n = 0;
  const media: MediaStore = {
    putBanner: async (img) => {
      if (opts.uploadFails) throw new Error('S3 is down');
      const key = `banners/${++n}.${img.ext}`;
      objects.add(key);
      return key;
    },
    deleteBanner: async (key) => {
      objects.delete(key);
    },
  };
  const cdn: Cdn = {
    invalidate: async (paths) => {
      if (opts.cdnFails) throw new Error('CloudFront throttled');
      invalidated.push(paths);
    },
  };
  const deps: PostDeps = {
    posts,
    taxonomy,
    media,
    cdn,
    log: { warn: (m) => warnings.push(m) },
    now: opts.now,
  };
  return { deps, posts, taxonomy, objects, invalidated, warnings };
}

const banner = () => ({
  field: 'banner_image',
  filename: 'a.png',
  contentType: 'image/png',
  bytes: PNG_1PX,
});
const input = { title: 'A post', slug: 'a-post', content: '<p>x</p>', head_tag: '' };

async function failure(p: Promise<unknown>): Promise<string> {
  try {
    await p;
    return 'ok';
  } catch (e) {
    return e instanceof DomainError
      ? `${e.kind}: ${e.message}`
      : `error: ${e instanceof Error ? e.message : String(e)}`;
  }
}

describe('createPost', () => {
  it('commits the slug guard and invalidates the blog pages', async () => {
    const { deps, posts, invalidated } = setup();
    const post = await createPost(deps, { ...input, category_id: 1 }, banner());
    expect(post).toMatchObject({
      id: 1,
      version: 1,
      category: { id: 1, category: 'SEO' },
      author: null,
      banner_image: '/media/banners/1.png',
    });
    expect(posts.guards.get('a-post')).toEqual({ postId: 1, state: 'committed' });
    expect(invalidated).toEqual([pathsToInvalidate(['a-post'])]);
  });

  it('still succeeds when invalidation fails, logging it', async () => {
    const { deps, warnings } = setup({ cdnFails: true });
    expect(await failure(createPost(deps, input))).toBe('ok');
    expect(warnings).toEqual(['cache invalidation failed']);
  });

  it('releases the slug and deletes the uploaded banner when the post write fails', async () => {
    const { deps, posts, objects } = setup();
    posts.failPut = true;
    expect(await failure(createPost(deps, input, banner()))).toBe('error: DynamoDB is down');
    expect(posts.guards.size).toBe(0);
    expect(objects.size).toBe(0);
  });

  it('releases the slug when the banner upload fails', async () => {
    const { deps, posts } = setup({ uploadFails: true });
    expect(await failure(createPost(deps, input, banner()))).toBe('error: S3 is down');
    expect(posts.guards.size).toBe(0);
  });

  it('refuses unknown category and author before claiming anything', async () => {
    const { deps, posts } = setup();
    expect(await failure(createPost(deps, { ...input, category_id: 7 }))).toBe(
      'invalid: category_id: is not an existing category',
    );
    expect(await failure(createPost(deps, { ...input, author_id: 7 }))).toBe(
      'invalid: author_id: is not an existing author',
    );
    expect(posts.counter).toBe(0);
  });
});

describe('updatePost', () => {
  it('on a stale write releases the new slug and deletes the new banner, keeping the old ones', async () => {
    const { deps, posts, objects } = setup();
    await createPost(deps, input, banner());
    const realReplace = posts.replacePost.bind(posts);
    posts.replacePost = async (post, expected) => {
      // Someone else saves between our read and our write.
      const row = posts.rows.get(post.id);
      if (row) posts.rows.set(post.id, { ...row, version: row.version + 1 });
      return realReplace(post, expected);
    };
    expect(
      await failure(updatePost(deps, { ...input, id: 1, slug: 'new-slug' }, banner())),
    ).toMatch(/^conflict: This post was changed by someone else/);
    expect(posts.guards.has('new-slug')).toBe(false);
    expect(posts.guards.get('a-post')?.state).toBe('committed');
    expect([...objects]).toEqual(['banners/1.png']);
  });

  it('invalidates both the old and the new slug pages', async () => {
    const { deps, invalidated } = setup();
    await createPost(deps, { ...input, slug: SPECIAL_SLUGS.career });
    await updatePost(deps, { ...input, id: 1, slug: 'renamed' });
    const last = invalidated.at(-1) ?? [];
    expect(last).toEqual(
      expect.arrayContaining([
        `/blog/${SPECIAL_SLUGS.career}`,
        `/${SPECIAL_SLUGS.career}`,
        '/blog/renamed',
        '/sitemap.xml',
        '/rss.xml',
        `${contract.listPosts.path}*`,
      ]),
    );
  });
});

describe('deletePost', () => {
  it('answers 404 for an unknown post and removes guard, views and banner of a known one', async () => {
    const { deps, posts, objects } = setup();
    expect(await failure(deletePost(deps, 5))).toBe('not-found: The post was not found.');
    await createPost(deps, input, banner());
    await posts.addView(1);
    await deletePost(deps, 1);
    expect([posts.rows.size, posts.guards.size, posts.viewCounts.size, objects.size]).toEqual([
      0, 0, 0, 0,
    ]);
  });
});

describe('usage counts of categories and authors', () => {
  const used = { 'category 1': 1, 'category 2': 0, 'author 1': 1 };

  it('counts a created post on its category and author, and gives them back when it is deleted', async () => {
    const { deps, taxonomy } = setup();
    await createPost(deps, { ...input, category_id: 1, author_id: 1 });
    expect(taxonomy.counts()).toEqual(used);
    await deletePost(deps, 1);
    expect(taxonomy.counts()).toEqual({ 'category 1': 0, 'category 2': 0, 'author 1': 0 });
  });

  it('moves the count when an update changes the category, and keeps it when it does not', async () => {
    const { deps, taxonomy } = setup();
    await createPost(deps, { ...input, category_id: 1, author_id: 1 });
    await updatePost(deps, { ...input, id: 1, category_id: 2, author_id: 1 });
    expect(taxonomy.counts()).toEqual({ 'category 1': 0, 'category 2': 1, 'author 1': 1 });
    await updatePost(deps, { ...input, id: 1, category_id: 2 });
    expect(taxonomy.counts()).toEqual({ 'category 1': 0, 'category 2': 1, 'author 1': 0 });
  });

  it('gives back what a failed create or a stale update claimed', async () => {
    const { deps, posts, taxonomy } = setup();
    posts.failPut = true;
    await failure(createPost(deps, { ...input, category_id: 1, author_id: 1 }));
    expect(taxonomy.counts()).toEqual({ 'category 1': 0, 'category 2': 0, 'author 1': 0 });
    posts.failPut = false;
    const { id } = await createPost(deps, { ...input, category_id: 1, author_id: 1 });
    expect(
      await failure(updatePost(deps, { ...input, id, category_id: 2, author_id: 1, version: 9 })),
    ).toMatch(/^conflict/);
    const realReplace = posts.replacePost.bind(posts);
    posts.replacePost = async (post, expected) => realReplace(post, expected + 1);
    expect(await failure(updatePost(deps, { ...input, id, category_id: 2 }))).toMatch(/^conflict/);
    expect(taxonomy.counts()).toEqual(used);
  });

  it('refuses a category deleted between the check and the claim, claiming nothing', async () => {
    const { deps, posts, taxonomy } = setup();
    // The read says it exists; the claim (the atomic check) finds it gone.
    taxonomy.usage.delete('category 2');
    expect(await failure(createPost(deps, { ...input, category_id: 2, author_id: 1 }))).toBe(
      'invalid: category_id: is not an existing category',
    );
    expect(taxonomy.counts()).toEqual({ 'category 1': 0, 'author 1': 0 });
    expect(posts.rows.size).toBe(0);
    expect(posts.guards.size).toBe(0);
  });

  it('releases what the deleted post pointed at, even if it changed after a read', async () => {
    const { deps, posts, taxonomy } = setup();
    await createPost(deps, { ...input, category_id: 1 });
    const row = posts.rows.get(1);
    if (row) posts.rows.set(1, { ...row, category_id: 2 });
    taxonomy.usage.set('category 1', 0);
    taxonomy.usage.set('category 2', 1);
    await deletePost(deps, 1);
    expect(taxonomy.counts()).toEqual({ 'category 1': 0, 'category 2': 0, 'author 1': 0 });
  });
});

describe('publishing', () => {
  it('invalidates nothing for a draft, and the pages once it is published or unpublished', async () => {
    const { deps, invalidated } = setup();
    await createPost(deps, { ...input, status: 'draft' });
    await updatePost(deps, { ...input, id: 1, title: 'Still a draft' });
    expect(invalidated).toEqual([]);
    await updatePost(deps, { ...input, id: 1, status: 'published' });
    expect(invalidated).toEqual([pathsToInvalidate(['a-post'])]);
    await updatePost(deps, { ...input, id: 1, status: 'draft' });
    expect(invalidated).toHaveLength(2);
  });

  it('publishes due scheduled posts once, leaves ones rescheduled meanwhile, and invalidates their pages', async () => {
    let clock = new Date('2030-01-01T00:00:00.000Z');
    const { deps, posts, invalidated } = setup({ now: () => clock });
    await createPost(deps, { ...input, status: 'scheduled', publish_at: '2030-01-01T00:05:00Z' });
    await createPost(deps, {
      ...input,
      slug: 'later',
      status: 'scheduled',
      publish_at: '2030-01-01T00:10:00Z',
    });
    expect(await publishDuePosts(deps)).toEqual({ published: 0, slugs: [] });
    clock = new Date('2030-01-01T00:06:00.000Z');
    // Rescheduled by an editor between the job's read and its write: stays scheduled.
    const due = posts.duePosts.bind(posts);
    posts.duePosts = async (now, limit) => {
      const found = await due(now, limit);
      const row = posts.rows.get(1);
      if (row) posts.rows.set(1, { ...row, publish_at: '2030-01-01T01:00:00.000Z' });
      return found;
    };
    expect(await publishDuePosts(deps)).toEqual({ published: 0, slugs: [] });
    posts.duePosts = due;
    clock = new Date('2030-01-01T02:00:00.000Z');
    expect(await publishDuePosts(deps)).toEqual({ published: 2, slugs: ['a-post', 'later'] });
    expect(invalidated.at(-1)).toEqual(pathsToInvalidate(['a-post', 'later']));
    expect(await publishDuePosts(deps)).toEqual({ published: 0, slugs: [] });
  });
});

describe('revisions', () => {
  it('keeps the replaced version on every update, the last 25 only, and restores one as a new update', async () => {
    const { deps, posts } = setup();
    await createPost(deps, input, undefined, 'ann');
    for (let i = 1; i <= 30; i++)
      await updatePost(deps, { ...input, id: 1, title: `Title ${i}` }, undefined, `editor${i}`);
    const kept = await listRevisions(deps, 1);
    expect(kept).toHaveLength(REVISIONS_KEPT);
    expect(kept[0]).toMatchObject({ revision: 30, title: 'Title 29', saved_by: 'editor29' });
    expect(kept.at(-1)?.revision).toBe(6);
    expect(posts.revs.size).toBe(REVISIONS_KEPT);
    const restored = await restoreRevision(deps, { id: 1, revision: 10, version: 31 }, 'bob');
    expect(restored).toMatchObject({ title: 'Title 9', version: 32 });
    expect((await listRevisions(deps, 1))[0]).toMatchObject({ revision: 31, title: 'Title 30' });
    expect(await failure(restoreRevision(deps, { id: 1, revision: 10, version: 31 }))).toMatch(
      /^conflict: This post was changed by someone else/,
    );
    expect(await failure(restoreRevision(deps, { id: 1, revision: 2 }))).toBe(
      'not-found: The revision was not found.',
    );
    expect(await failure(restoreRevision(deps, { id: 1, revision: 32 }))).toBe(
      'not-found: The revision was not found.',
    );
  });

  it('keeps a replaced banner while a revision uses it, and deletes it once trimmed away', async () => {
    const { deps, objects } = setup();
    await createPost(deps, input, banner());
    await updatePost(deps, { ...input, id: 1 }, banner());
    expect([...objects].sort()).toEqual(['banners/1.png', 'banners/2.png']);
    const restored = await restoreRevision(deps, { id: 1, revision: 1 });
    expect(restored.banner_image).toBe('/media/banners/1.png');
    for (let i = 0; i < REVISIONS_KEPT + 1; i++) await updatePost(deps, { ...input, id: 1 });
    expect([...objects]).toEqual(['banners/1.png']);
    await deletePost(deps, 1);
    expect(objects.size).toBe(0);
  });
});
