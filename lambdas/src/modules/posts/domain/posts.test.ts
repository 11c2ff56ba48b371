import { describe, expect, it } from 'vitest';
import { imageKeys, mediaKeys, SPECIAL_SLUGS } from '@agency/shared';
import { PNG_1PX } from '../../../../test/support/images';
import { DomainError } from '../../../platform/errors';
import {
  MemoryImageProcessor,
  MemoryMediaObjects,
  MemoryMediaRepository,
} from '../../../../test/support/memory-media';
import type {
  Cdn,
  MediaStore,
  PostDeps,
  PostPurge,
  PostRecord,
  PostStore,
  PostViewers,
  PostWrite,
  TaxonomyKind,
  RevisionRecord,
  TaxonomyStore,
  UpdateOutcome,
  WriteOutcome,
  WriteRefusal,
} from './ports';
import type { ViewStats } from '../../leads/domain/ports';
import { increaseView } from './count-view';
import { createPost } from './create';
import { restoreRevision } from './restore';
import { listRevisions } from './revisions';
import { REVISIONS_KEPT } from './shared';
import { updatePost } from './update';
import { publishDuePosts } from './publishing';
import { purgeExpiredTrash, purgePost, trashPost, untrashPost } from './trash';

/** The old delete for good: to the Trash, then purged. */
const deletePost = async (deps: PostDeps, id: number) => {
  await trashPost(deps, id);
  return purgePost(deps, id);
};

/**
 * An in-memory PostStore with the same contract as the DynamoDB one: a write checks every condition
 * (post version, slug guard, categories and authors, library images) before changing anything.
 */
class MemoryPosts implements PostStore {
  counter = 0;
  guards = new Map<string, { postId: number; state: 'pending' | 'committed' }>();
  rows = new Map<number, PostRecord>();
  viewCounts = new Map<number, number>();
  failWrite = false;
  /** Set by setup(): the usage counts and image claims a write changes with the post. */
  taxonomy!: MemoryTaxonomy;
  library!: MemoryLibrary;

  async nextPostId() {
    return ++this.counter;
  }
  async slugOwner(slug: string) {
    const g = this.guards.get(slug);
    return g?.state === 'committed' ? g.postId : null;
  }
  private refusal(write: PostWrite): WriteRefusal | null {
    const row = this.rows.get(write.post.id);
    if (write.replaces === null && row) return { reason: 'exists' };
    if (write.replaces !== null && !row) return { reason: 'missing' };
    if (write.replaces !== null && row?.version !== write.replaces) return { reason: 'stale' };
    const claim = write.slug?.claim;
    const guard = claim ? this.guards.get(claim) : undefined;
    if (guard && guard.postId !== write.post.id) return { reason: 'slug' };
    for (const ref of write.references?.claim ?? [])
      if (!this.taxonomy.usage.has(`${ref.kind} ${ref.id}`)) return { reason: 'reference', ref };
    for (const id of write.images ?? [])
      if (!this.library.records.has(id)) return { reason: 'image', id };
    return null;
  }
  async writePost(write: PostWrite): Promise<WriteOutcome> {
    if (this.failWrite) throw new Error('DynamoDB is down');
    const refused = this.refusal(write);
    if (refused) return { written: false, refused };
    const { post } = write;
    this.rows.set(post.id, post);
    if (write.slug?.claim)
      this.guards.set(write.slug.claim, { postId: post.id, state: 'committed' });
    if (write.slug?.release && this.guards.get(write.slug.release)?.postId === post.id)
      this.guards.delete(write.slug.release);
    if (write.revision) await this.putRevision(write.revision);
    for (const ref of write.references?.claim ?? []) this.taxonomy.add(ref.kind, ref.id, 1);
    for (const ref of write.references?.release ?? []) this.taxonomy.add(ref.kind, ref.id, -1);
    for (const id of write.images ?? []) await this.library.claim(id, post.id);
    return { written: true };
  }
  async purgePost(purge: PostPurge) {
    const row = this.rows.get(purge.post.id);
    if (!row) return 'missing' as const;
    if (row.status !== 'trashed' || row.version !== purge.post.version) return 'stale' as const;
    this.rows.delete(row.id);
    if (this.guards.get(row.slug)?.postId === row.id) this.guards.delete(row.slug);
    this.viewCounts.delete(row.id);
    for (const revision of purge.revisions) this.revs.delete(`${row.id}#${revision}`);
    for (const id of purge.images) await this.library.release(id, row.id);
    return 'purged' as const;
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
  async trashedBefore(before: string, limit: number) {
    return [...this.rows.values()]
      .filter((p) => p.status === 'trashed' && (p.trashed_at ?? '') <= before)
      .slice(0, limit);
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
  /** Count one post more or fewer, as the write's transaction does (never below zero, nothing when gone). */
  add(kind: TaxonomyKind, id: number, by: 1 | -1) {
    const n = this.usage.get(`${kind} ${id}`);
    if (n !== undefined && n + by >= 0) this.usage.set(`${kind} ${id}`, n + by);
  }
  counts() {
    return Object.fromEntries(this.usage);
  }
}

/** The library in memory, with a helper listing who uses each image. */
class MemoryLibrary extends MemoryMediaRepository {
  usage() {
    return Object.fromEntries([...this.records].map(([id, r]) => [id, [...r.used_by].sort()]));
  }
}

const IMAGE_IDS = [
  '11111111-1111-4111-8111-111111111111',
  '22222222-2222-4222-8222-222222222222',
  '33333333-3333-4333-8333-333333333333',
] as const;
const [IMG1, IMG2, IMG3] = IMAGE_IDS;
const inlineImg = (id: string) =>
  `<p><img src="/media/images/${id}/800.png" width="800" height="600" alt="A"></p>`;

function setup(
  opts: { cdnFails?: boolean; uploadFails?: boolean; statsFail?: boolean; now?: () => Date } = {},
) {
  const posts = new MemoryPosts();
  /** Views per day as the dashboard's counter records them: `<day> <post id>` → count. */
  const daily = new Map<string, number>();
  const viewStats: ViewStats = {
    postViewed: async (postId, at) => {
      if (opts.statsFail) throw new Error('stats table throttled');
      const k = `${at.toISOString().slice(0, 10)} ${postId}`;
      daily.set(k, (daily.get(k) ?? 0) + 1);
    },
  };
  const taxonomy = new MemoryTaxonomy();
  posts.taxonomy = taxonomy;
  /** Legacy banner objects, and the ids of library images whose objects exist. */
  const objects = new Set<string>();
  const invalidated: string[][] = [];
  const warnings: string[] = [];
  const media: MediaStore = {
    getBanner: async (key) => (objects.has(key) ? Buffer.from(key) : null),
    deleteBanner: async (key) => {
      objects.delete(key);
    },
  };
  const library = new MemoryLibrary();
  posts.library = library;
  const mediaObjects = new MemoryMediaObjects();
  for (const id of IMAGE_IDS) {
    const image = { id, width: 800, height: 600, format: 'png' as const };
    void library.put({
      ...image,
      placeholder: 'data:image/webp;base64,AA==',
      filename: `${id}.png`,
      bytes: 100,
      created_at: '2030-01-01T00:00:00.000Z',
      created_by: 'ann',
      used_by: [],
    });
    for (const key of imageKeys(image))
      mediaObjects.objects.set(key, { bytes: Buffer.from(key), filename: null });
  }
  if (opts.uploadFails) mediaObjects.putUpload = () => Promise.reject(new Error('S3 is down'));
  const libraryDeps = {
    media: library,
    objects: mediaObjects,
    images: new MemoryImageProcessor(mediaObjects),
  };
  /** Whether the objects of a library image exist (its original stands for all). */
  const stored = (id: string) => mediaObjects.objects.has(mediaKeys.original(id, 'png'));
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
    library: libraryDeps,
    cdn,
    viewStats,
    log: { warn: (m) => warnings.push(m) },
    now: opts.now,
  };
  return {
    deps,
    posts,
    daily,
    taxonomy,
    objects,
    library,
    mediaObjects,
    stored,
    invalidated,
    warnings,
  };
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
    const post = await createPost(deps, { ...input, category_id: 1, banner_media: IMG1 });
    expect(post).toMatchObject({
      id: 1,
      version: 1,
      category: { id: 1, category: 'SEO' },
      author: null,
      banner_image: `/media/images/${IMG1}/original.png`,
      banner: { id: IMG1, width: 800, height: 600, format: 'png' },
    });
    expect(posts.guards.get('a-post')).toEqual({ postId: 1, state: 'committed' });
    expect(invalidated).toEqual([['a-post']]);
  });

  it('still succeeds when invalidation fails, logging it', async () => {
    const { deps, warnings } = setup({ cdnFails: true });
    expect(await failure(createPost(deps, input))).toBe('ok');
    expect(warnings).toEqual(['cache invalidation failed']);
  });

  it('takes no slug and claims no image when its one write fails', async () => {
    const { deps, posts, library } = setup();
    posts.failWrite = true;
    expect(
      await failure(createPost(deps, { ...input, banner_media: IMG1, content: inlineImg(IMG2) })),
    ).toBe('error: DynamoDB is down');
    expect(posts.guards.size).toBe(0);
    expect(library.usage()).toEqual({ [IMG1]: [], [IMG2]: [], [IMG3]: [] });
  });

  it('puts a banner file through the library, and deletes that image when the post write fails', async () => {
    const { deps, posts, library, mediaObjects } = setup();
    const post = await createPost(deps, input, banner(), 'ann');
    const id = post.banner?.id ?? '';
    expect(post.banner_image).toBe(`/media/images/${id}/original.jpg`);
    expect(library.usage()[id]).toEqual([1]);
    expect((await library.get(id))?.created_by).toBe('ann');
    posts.failWrite = true;
    const failed = await failure(createPost(deps, { ...input, slug: 'b-post' }, banner()));
    expect(failed).toBe('error: DynamoDB is down');
    // Only the first banner is left: the second was registered, then deleted with its objects.
    const others = (ids: Iterable<string>) =>
      [...new Set(ids)].filter((k) => !(IMAGE_IDS as readonly string[]).includes(k));
    expect(others(library.records.keys())).toEqual([id]);
    const folders = [...mediaObjects.objects.keys()].map((k) => k.split('/')[1] ?? '');
    expect(others(folders)).toEqual([id]);
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
  it('on a stale write takes no new slug and claims no new image, keeping the old ones', async () => {
    const { deps, posts, library } = setup();
    await createPost(deps, { ...input, banner_media: IMG1 });
    const realWrite = posts.writePost.bind(posts);
    posts.writePost = async (write) => {
      // Someone else saves between our read and our write.
      const row = posts.rows.get(write.post.id);
      if (row) posts.rows.set(write.post.id, { ...row, version: row.version + 1 });
      return realWrite(write);
    };
    expect(
      await failure(updatePost(deps, { ...input, id: 1, slug: 'new-slug', banner_media: IMG2 })),
    ).toMatch(/^conflict: This post was changed by someone else/);
    expect(posts.guards.has('new-slug')).toBe(false);
    expect(posts.guards.get('a-post')?.state).toBe('committed');
    expect(library.usage()).toEqual({ [IMG1]: [1], [IMG2]: [], [IMG3]: [] });
  });

  it('invalidates both the old and the new slug pages', async () => {
    const { deps, invalidated } = setup();
    await createPost(deps, { ...input, slug: SPECIAL_SLUGS.career });
    await updatePost(deps, { ...input, id: 1, slug: 'renamed' });
    expect(invalidated.at(-1)).toEqual([SPECIAL_SLUGS.career, 'renamed']);
  });
});

/** Views counted once per visitor (address) a UTC day, as analytics' port answers for a browser. */
function onceADay(): PostViewers {
  const seen = new Set<string>();
  return {
    counts: (postId, caller, at) => {
      const key = `${at.toISOString().slice(0, 10)} ${postId} ${caller.ip}`;
      if (seen.has(key)) return Promise.resolve(false);
      seen.add(key);
      return Promise.resolve(true);
    },
  };
}
const visitor = (ip: string) => ({ ip, headers: { 'user-agent': 'Mozilla/5.0' } });
const reader = visitor('203.0.113.1');

describe('increaseView', () => {
  it('adds one to the total and to the post counter of the day, once per visitor a day', async () => {
    let now = new Date('2030-03-01T23:59:00.000Z');
    const { deps: base, daily } = setup({ now: () => now });
    const deps = { ...base, viewers: onceADay() };
    const post = await createPost(deps, input);
    expect(await increaseView(deps, 'a-post', reader)).toEqual({ views: 1 });
    // The same visitor again that day: the count unchanged, answered.
    expect(await increaseView(deps, 'a-post', reader)).toEqual({ views: 1 });
    now = new Date('2030-03-02T00:01:00.000Z');
    expect(await increaseView(deps, 'a-post', reader)).toEqual({ views: 2 });
    expect(await increaseView(deps, 'a-post', visitor('203.0.113.2'))).toEqual({ views: 3 });
    expect(await increaseView(deps, 'a-post', reader)).toEqual({ views: 3 });
    expect([...daily]).toEqual([
      [`2030-03-01 ${post.id}`, 1],
      [`2030-03-02 ${post.id}`, 2],
    ]);
  });

  it('still counts the total when the day counter fails, logging it', async () => {
    const { deps, warnings } = setup({ statsFail: true });
    await createPost(deps, input);
    expect(await increaseView({ ...deps, viewers: onceADay() }, 'a-post', reader)).toEqual({
      views: 1,
    });
    expect(warnings).toEqual(['views per day: count failed']);
  });

  it('counts nothing for a draft (404)', async () => {
    const { deps, daily, posts } = setup();
    await createPost(deps, { ...input, status: 'draft' });
    expect(await failure(increaseView({ ...deps, viewers: onceADay() }, 'a-post', reader))).toBe(
      'not-found: The post was not found.',
    );
    expect(daily.size).toBe(0);
    expect(posts.viewCounts.size).toBe(0);
  });
});

describe('deletePost', () => {
  it('answers 404 for an unknown post and removes guard, views and banner of a known one', async () => {
    const { deps, posts, stored, library } = setup();
    expect(await failure(deletePost(deps, 5))).toBe('not-found: The post was not found.');
    await createPost(deps, { ...input, banner_media: IMG1 });
    await posts.addView(1);
    await deletePost(deps, 1);
    expect([posts.rows.size, posts.guards.size, posts.viewCounts.size]).toEqual([0, 0, 0]);
    expect([library.records.has(IMG1), stored(IMG1)]).toEqual([false, false]);
  });

  it('deletes the images only it showed (current version and revisions), keeping shared ones', async () => {
    const { deps, stored, library } = setup();
    await createPost(deps, { ...input, banner_media: IMG1, content: inlineImg(IMG2) });
    await updatePost(deps, { ...input, id: 1, banner_media: 'none' });
    await createPost(deps, { ...input, slug: 'other', content: inlineImg(IMG2) });
    expect(library.usage()).toEqual({ [IMG1]: [1], [IMG2]: [1, 2], [IMG3]: [] });
    await deletePost(deps, 1);
    expect(library.usage()).toEqual({ [IMG2]: [2], [IMG3]: [] });
    expect([stored(IMG1), stored(IMG2), stored(IMG3)]).toEqual([false, true, true]);
  });
});

describe('the Trash', () => {
  const day = 24 * 60 * 60 * 1000;

  it('hides a trashed post, keeps its slug, and restores it as a draft that republishes at its date', async () => {
    let clock = new Date('2030-01-01T00:00:00.000Z');
    const { deps, posts, invalidated } = setup({ now: () => clock });
    const created = await createPost(deps, input);
    clock = new Date(clock.getTime() + day);
    await trashPost(deps, 1);
    expect(posts.rows.get(1)).toMatchObject({ status: 'trashed', publish_at: null });
    expect(invalidated).toContainEqual(['a-post']);
    expect(await failure(increaseView({ ...deps, viewers: onceADay() }, 'a-post', reader))).toMatch(
      /^not-found/,
    );
    // The slug stays held: another post cannot take it while this one may come back.
    expect(await failure(createPost(deps, { ...input, title: 'Other' }))).toMatch(/^conflict/);
    expect(await failure(updatePost(deps, { ...input, id: 1 }))).toBe(
      'conflict: status: This post is in the Trash. Restore it before changing it.',
    );
    const restored = await untrashPost(deps, 1);
    expect([restored.status, restored.publish_at, restored.purge_at]).toEqual([
      'draft',
      null,
      null,
    ]);
    expect(await failure(untrashPost(deps, 1))).toMatch(
      /^conflict: id: This post is not in the Trash/,
    );
    const again = await updatePost(deps, { ...input, id: 1, status: 'published' });
    expect(again.publish_at).toBe(created.publish_at);
  });

  it('gives back its category while trashed and claims it again on restore, empty if deleted meanwhile', async () => {
    const { deps, taxonomy } = setup();
    await createPost(deps, { ...input, category_id: 1, author_id: 1 });
    await trashPost(deps, 1);
    expect(taxonomy.counts()).toEqual({ 'category 1': 0, 'category 2': 0, 'author 1': 0 });
    taxonomy.usage.delete('author 1');
    const restored = await untrashPost(deps, 1);
    expect([restored.category?.id, restored.author]).toEqual([1, null]);
    expect(taxonomy.counts()).toEqual({ 'category 1': 1, 'category 2': 0 });
  });

  it('purges only posts in the Trash, and the job only those trashed more than 30 days ago', async () => {
    let clock = new Date('2030-01-01T00:00:00.000Z');
    const { deps, posts } = setup({ now: () => clock });
    await createPost(deps, input);
    await createPost(deps, { ...input, slug: 'second' });
    await createPost(deps, { ...input, slug: 'kept' });
    expect(await failure(purgePost(deps, 1))).toMatch(
      /^conflict: id: This post is not in the Trash/,
    );
    expect(await failure(purgePost(deps, 9))).toBe('not-found: The post was not found.');
    await trashPost(deps, 1);
    clock = new Date(clock.getTime() + 10 * day);
    await trashPost(deps, 2);
    clock = new Date(Date.parse('2030-01-01T00:00:00.000Z') + 30 * day + 1000);
    expect(await purgeExpiredTrash(deps)).toEqual({ purged: 1, ids: [1] });
    expect([...posts.rows.keys()]).toEqual([2, 3]);
    expect(posts.guards.has('a-post')).toBe(false);
    expect(posts.guards.has('second')).toBe(true);
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

  it('counts nothing for a failed create or a stale update', async () => {
    const { deps, posts, taxonomy } = setup();
    posts.failWrite = true;
    await failure(createPost(deps, { ...input, category_id: 1, author_id: 1 }));
    expect(taxonomy.counts()).toEqual({ 'category 1': 0, 'category 2': 0, 'author 1': 0 });
    posts.failWrite = false;
    const { id } = await createPost(deps, { ...input, category_id: 1, author_id: 1 });
    expect(
      await failure(updatePost(deps, { ...input, id, category_id: 2, author_id: 1, version: 9 })),
    ).toMatch(/^conflict/);
    const realWrite = posts.writePost.bind(posts);
    posts.writePost = async (write) =>
      realWrite({ ...write, replaces: write.replaces === null ? null : write.replaces + 1 });
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
    expect(invalidated).toEqual([['a-post']]);
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
    expect(invalidated.at(-1)).toEqual(['a-post', 'later']);
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

  it('keeps a replaced legacy banner while a revision uses it, and deletes it once trimmed away', async () => {
    const { deps, posts, objects } = setup();
    // Banners stored before the media library: the post item names the object.
    const legacy = (key: string) => {
      const row = posts.rows.get(1);
      if (row) posts.rows.set(1, { ...row, banner_key: key, banner: null });
      objects.add(key);
    };
    await createPost(deps, input);
    legacy('banners/1.png');
    await updatePost(deps, { ...input, id: 1 });
    legacy('banners/2.png');
    const restored = await restoreRevision(deps, { id: 1, revision: 1 });
    expect(restored.banner_image).toBe('/media/banners/1.png');
    for (let i = 0; i < REVISIONS_KEPT + 1; i++) await updatePost(deps, { ...input, id: 1 });
    expect([...objects].filter((k) => k.startsWith('banners/'))).toEqual(['banners/1.png']);
    await deletePost(deps, 1);
    expect([...objects].filter((k) => k.startsWith('banners/'))).toEqual([]);
  });

  it('restores a revision with its library banner and releases images only trimmed revisions showed', async () => {
    const { deps, library } = setup();
    await createPost(deps, { ...input, banner_media: IMG1 });
    await updatePost(deps, { ...input, id: 1, banner_media: IMG2 });
    const restored = await restoreRevision(deps, { id: 1, revision: 1 });
    expect(restored.banner?.id).toBe(IMG1);
    await updatePost(deps, { ...input, id: 1, banner_media: 'none', content: inlineImg(IMG3) });
    expect(library.usage()).toEqual({ [IMG1]: [1], [IMG2]: [1], [IMG3]: [1] });
    // Up to version 28: revisions 1 and 2 are trimmed, 3 (IMG1) and 4 (IMG3) kept.
    for (let i = 0; i < REVISIONS_KEPT - 1; i++) await updatePost(deps, { ...input, id: 1 });
    expect(library.usage()).toEqual({ [IMG1]: [1], [IMG2]: [], [IMG3]: [1] });
    // Released, not deleted: it stays in the library as unused.
    expect(library.records.has(IMG2)).toBe(true);
  });
});

describe('images in posts', () => {
  it('refuses a data: image in content, on create and on update', async () => {
    const { deps, posts } = setup();
    const pasted = '<p><img src="data:image/png;base64,iVBORw0KGgo="></p>';
    const refusal =
      "invalid: content: holds an image embedded as a data: URL; upload it with the editor's image button instead, which stores it in the media library";
    expect(await failure(createPost(deps, { ...input, content: pasted }))).toBe(refusal);
    expect(posts.counter).toBe(0);
    await createPost(deps, input);
    expect(await failure(updatePost(deps, { ...input, id: 1, content: pasted }))).toBe(refusal);
    // However it is spelt: entities and spaces do not hide the scheme.
    expect(
      await failure(
        updatePost(deps, {
          ...input,
          id: 1,
          content: '<img src=" &#100;ata:image/gif;base64,R0">',
        }),
      ),
    ).toBe(refusal);
  });

  it('claims inline library images and refuses one the library does not hold', async () => {
    const { deps, posts, library } = setup();
    const post = await createPost(deps, { ...input, content: inlineImg(IMG1) + inlineImg(IMG2) });
    expect(post.content).toContain(
      `<img src="/media/images/${IMG1}/800.png" width="800" height="600" alt="A" />`,
    );
    expect(library.usage()).toEqual({ [IMG1]: [1], [IMG2]: [1], [IMG3]: [] });
    const gone = '44444444-4444-4444-8444-444444444444';
    expect(
      await failure(
        updatePost(deps, { ...input, id: 1, content: inlineImg(IMG3) + inlineImg(gone) }),
      ),
    ).toBe(
      `invalid: content: shows the image ${gone}, which is not in the media library (it was deleted): insert it again with the editor's image button`,
    );
    expect(library.usage()).toEqual({ [IMG1]: [1], [IMG2]: [1], [IMG3]: [] });
    expect(posts.rows.get(1)?.version).toBe(1);
  });

  it('stores an inline library image with its canonical source and intrinsic size, whatever the editor sent', async () => {
    const { deps } = setup();
    const post = await createPost(deps, {
      ...input,
      content: `<p><img src="/media/images/${IMG1}/480.png" width="10" height="10" alt="A"><img src="https://e.com/x.png" width="5"></p>`,
    });
    expect(post.content).toBe(
      `<p><img src="/media/images/${IMG1}/800.png" width="800" height="600" alt="A" /><img src="https://e.com/x.png" width="5" /></p>`,
    );
  });

  it('keeps what the post showed when an image vanishes between the check and the claim', async () => {
    const { deps, posts, library } = setup();
    await createPost(deps, { ...input, banner_media: IMG1, content: inlineImg(IMG2) });
    // Deleted from the library after the content check read it, before this write claimed it.
    const realWrite = posts.writePost.bind(posts);
    posts.writePost = async (write) => {
      library.records.delete(IMG3);
      return realWrite(write);
    };
    expect(
      await failure(
        updatePost(deps, { ...input, id: 1, content: inlineImg(IMG2) + inlineImg(IMG3) }),
      ),
    ).toMatch(/^invalid: content: shows the image 33333333/);
    expect(library.usage()).toEqual({ [IMG1]: [1], [IMG2]: [1] });
    expect(posts.rows.get(1)?.version).toBe(1);
  });

  it('refuses a banner_media that is not in the library, and both a banner file and banner_media', async () => {
    const { deps } = setup();
    expect(
      await failure(
        createPost(deps, { ...input, banner_media: '44444444-4444-4444-8444-444444444444' }),
      ),
    ).toBe('invalid: banner_media: is not an image of the media library');
    expect(await failure(createPost(deps, { ...input, banner_media: IMG1 }, banner()))).toBe(
      'invalid: banner_media: give either banner_media or a banner_image file, not both',
    );
  });
});
