import {
  buildPath,
  POST_PAGE_SIZE,
  type Author,
  type Category,
  type Post,
  type PostLink,
} from '@agency/shared';
import type { UploadedFile } from '../lib/body';
import { conflict, invalid, notFound } from '../lib/errors';
import { checkBanner, type CheckedImage } from './banner';
import { pathsToInvalidate } from './cache-paths';
import type { PostDeps, PostRecord } from './post-ports';
import { claimReferences, releaseReferences, type ReferenceClaim } from './post-references';
import { sanitizeContent, sanitizeHeadTag, sanitizeTitle } from './sanitize';

export const STALE_MESSAGE =
  'This post was changed by someone else since you opened it. Reload it and apply your changes again.';
export const SLUG_TAKEN = 'is already taken';
export { pathsToInvalidate };

/** Site path of a stored banner object: served by CloudFront (and the local server) under /media/. */
export const bannerPath = (key: string | null): string | null => (key ? `/media/${key}` : null);

export interface PostInput {
  title: string;
  slug: string;
  content: string;
  head_tag: string;
  category_id?: number | undefined;
  author_id?: number | undefined;
}

interface Names {
  categories: Map<number, Category>;
  authors: Map<number, Author>;
}

async function namesOf(deps: PostDeps): Promise<Names> {
  const [categories, authors] = await Promise.all([
    deps.taxonomy.categories(),
    deps.taxonomy.authors(),
  ]);
  return {
    categories: new Map(categories.map((c) => [c.id, c])),
    authors: new Map(authors.map((a) => [a.id, a])),
  };
}

/** The API shape of a stored post. */
export function toPost(record: PostRecord, views: number, names: Names): Post {
  return {
    id: record.id,
    title: record.title,
    slug: record.slug,
    content: record.content,
    head_tag: record.head_tag,
    banner_image: bannerPath(record.banner_key),
    created_at: record.created_at,
    updated_at: record.updated_at,
    category:
      record.category_id !== null ? (names.categories.get(record.category_id) ?? null) : null,
    author: record.author_id !== null ? (names.authors.get(record.author_id) ?? null) : null,
    views,
    version: record.version,
  };
}

async function present(deps: PostDeps, record: PostRecord): Promise<Post> {
  const [views, names] = await Promise.all([deps.posts.views([record.id]), namesOf(deps)]);
  return toPost(record, views.get(record.id) ?? 0, names);
}

/** Sanitised fields, with category and author checked to exist (400 naming the field otherwise). */
async function prepare(deps: PostDeps, input: PostInput) {
  const [category, author] = await Promise.all([
    input.category_id !== undefined ? deps.taxonomy.category(input.category_id) : null,
    input.author_id !== undefined ? deps.taxonomy.author(input.author_id) : null,
  ]);
  if (input.category_id !== undefined && !category)
    throw invalid('category_id', 'is not an existing category');
  if (input.author_id !== undefined && !author)
    throw invalid('author_id', 'is not an existing author');
  const title = sanitizeTitle(input.title);
  if (!title) throw invalid('title', 'is required');
  return {
    title,
    slug: input.slug,
    content: sanitizeContent(input.content),
    head_tag: sanitizeHeadTag(input.head_tag),
    category_id: input.category_id ?? null,
    author_id: input.author_id ?? null,
  };
}

/** Invalidation is best effort: a failure is logged and never fails the write. */
async function invalidate(deps: PostDeps, slugs: string[]): Promise<void> {
  try {
    await deps.cdn.invalidate(pathsToInvalidate(slugs));
  } catch (error) {
    deps.log.warn('cache invalidation failed', { error, slugs });
  }
}

/** Cleanup after a refused or failed write: logged, never masks the original outcome. */
async function bestEffort(
  deps: PostDeps,
  what: string,
  step: () => Promise<unknown>,
): Promise<void> {
  try {
    await step();
  } catch (error) {
    deps.log.warn(`cleanup failed: ${what}`, { error });
  }
}

async function storeBanner(deps: PostDeps, image: CheckedImage | null): Promise<string | null> {
  return image ? deps.media.putBanner(image) : null;
}

/**
 * Create a post. Slug uniqueness without transactions: a pending guard is claimed first, then the
 * post written, then the guard committed; every failure after the claim undoes what it wrote.
 */
export async function createPost(
  deps: PostDeps,
  input: PostInput,
  banner?: UploadedFile,
): Promise<Post> {
  const fields = await prepare(deps, input);
  const image = banner ? await checkBanner(banner) : null;
  const id = await deps.posts.nextPostId();
  if (!(await deps.posts.reserveSlug(fields.slug, id))) throw conflict(SLUG_TAKEN, 'slug');
  let bannerKey: string | null = null;
  let claim: ReferenceClaim | undefined;
  let record: PostRecord;
  try {
    claim = await claimReferences(deps.taxonomy, null, fields);
    bannerKey = await storeBanner(deps, image);
    const now = (deps.now ?? (() => new Date()))().toISOString();
    record = { id, ...fields, banner_key: bannerKey, created_at: now, updated_at: now, version: 1 };
    if (!(await deps.posts.putPost(record)))
      throw new Error(`post id ${id} from the counter already exists`);
    if (!(await deps.posts.commitSlug(fields.slug, id))) {
      // Our pending guard expired and another post took the slug: this post must not exist.
      await deps.posts.deletePost(id);
      throw conflict(SLUG_TAKEN, 'slug');
    }
  } catch (error) {
    await bestEffort(deps, 'release slug', () => deps.posts.releaseSlug(fields.slug, id));
    const claimed = claim;
    if (claimed) await bestEffort(deps, 'release references', () => claimed.undo());
    const key = bannerKey;
    if (key) await bestEffort(deps, 'delete banner', () => deps.media.deleteBanner(key));
    throw error;
  }
  await invalidate(deps, [record.slug]);
  return present(deps, record);
}

export interface UpdateInput extends PostInput {
  id: number;
  version?: number | undefined;
}

/**
 * Update a post. A `version` from the client must match the stored one (else 409); the write itself
 * is conditional on the version read, so two concurrent saves never silently overwrite each other.
 * A new slug is claimed before the write and the old guard released after; a new banner replaces
 * the old object.
 */
export async function updatePost(
  deps: PostDeps,
  input: UpdateInput,
  banner?: UploadedFile,
): Promise<Post> {
  const existing = await deps.posts.getPost(input.id);
  if (!existing) throw notFound('The post');
  if (input.version !== undefined && input.version !== existing.version)
    throw conflict(STALE_MESSAGE);
  const fields = await prepare(deps, input);
  const image = banner ? await checkBanner(banner) : null;
  const slugChanged = fields.slug !== existing.slug;
  if (slugChanged && !(await deps.posts.reserveSlug(fields.slug, existing.id)))
    throw conflict(SLUG_TAKEN, 'slug');
  let newKey: string | null = null;
  let claim: ReferenceClaim | undefined;
  let record: PostRecord;
  try {
    claim = await claimReferences(deps.taxonomy, existing, fields);
    newKey = await storeBanner(deps, image);
    record = {
      ...existing,
      ...fields,
      banner_key: newKey ?? existing.banner_key,
      updated_at: (deps.now ?? (() => new Date()))().toISOString(),
      version: existing.version + 1,
    };
    const outcome = await deps.posts.replacePost(record, existing.version);
    if (outcome === 'missing') throw notFound('The post');
    if (outcome === 'stale') throw conflict(STALE_MESSAGE);
  } catch (error) {
    const claimed = claim;
    if (claimed) await bestEffort(deps, 'release new references', () => claimed.undo());
    if (slugChanged)
      await bestEffort(deps, 'release new slug', () =>
        deps.posts.releaseSlug(fields.slug, existing.id),
      );
    const key = newKey;
    if (key) await bestEffort(deps, 'delete new banner', () => deps.media.deleteBanner(key));
    throw error;
  }
  if (slugChanged) {
    if (!(await deps.posts.commitSlug(fields.slug, existing.id)))
      deps.log.warn('slug guard lost before commit', { slug: fields.slug, id: existing.id });
    await bestEffort(deps, 'release old slug', () =>
      deps.posts.releaseSlug(existing.slug, existing.id),
    );
  }
  await claim.settle(deps.log);
  const oldKey = existing.banner_key;
  if (newKey && oldKey)
    await bestEffort(deps, 'delete old banner', () => deps.media.deleteBanner(oldKey));
  await invalidate(deps, slugChanged ? [existing.slug, record.slug] : [record.slug]);
  return present(deps, record);
}

/**
 * Delete a post with everything that hangs off it: slug guard, view counter, banner object and its
 * count on its category and author. What to release is read from the deleted item itself, so an
 * update just before cannot make it release the wrong ones.
 */
export async function deletePost(deps: PostDeps, id: number): Promise<{ id: number }> {
  const existing = await deps.posts.deletePost(id);
  if (!existing) throw notFound('The post');
  await deps.posts.releaseSlug(existing.slug, id);
  await releaseReferences(deps.taxonomy, existing, deps.log);
  await deps.posts.deleteViews(id);
  const key = existing.banner_key;
  if (key) await bestEffort(deps, 'delete banner', () => deps.media.deleteBanner(key));
  await invalidate(deps, [existing.slug]);
  return { id };
}

/** The post holding `slug`, or null: pending or expired guards and renamed posts do not count. */
async function bySlug(deps: Pick<PostDeps, 'posts'>, slug: string): Promise<PostRecord | null> {
  const owner = await deps.posts.slugOwner(slug);
  if (owner === null) return null;
  const record = await deps.posts.getPost(owner);
  return record && record.slug === slug ? record : null;
}

const linkOf = (r: PostRecord | null): PostLink | null =>
  r ? { slug: r.slug, title: r.title } : null;

/** One post by slug with its older (`prev_post`) and newer (`next_post`) neighbours. */
export async function getPost(
  deps: PostDeps,
  slug: string,
): Promise<{ post: Post; prev_post: PostLink | null; next_post: PostLink | null }> {
  const record = await bySlug(deps, slug);
  if (!record) throw notFound('The post');
  const [post, near] = await Promise.all([present(deps, record), deps.posts.neighbours(record)]);
  return { post, prev_post: linkOf(near.older), next_post: linkOf(near.newer) };
}

/** A page of posts, newest first, with API links to the neighbouring pages. */
export async function listPosts(
  deps: PostDeps,
  page: number,
): Promise<{ results: Post[]; next: string | null; previous: string | null }> {
  const [{ items, hasNext }, names] = await Promise.all([
    deps.posts.listPage(page, POST_PAGE_SIZE),
    namesOf(deps),
  ]);
  const views =
    items.length > 0 ? await deps.posts.views(items.map((p) => p.id)) : new Map<number, number>();
  return {
    results: items.map((r) => toPost(r, views.get(r.id) ?? 0, names)),
    next: hasNext ? buildPath('listPosts', {}, { page: page + 1 }) : null,
    previous: page > 1 ? buildPath('listPosts', {}, { page: page - 1 }) : null,
  };
}

/** Count one view of the post holding `slug`. */
export async function increaseView(
  deps: Pick<PostDeps, 'posts'>,
  slug: string,
): Promise<{ views: number }> {
  const record = await bySlug(deps, slug);
  if (!record) throw notFound('The post');
  return { views: await deps.posts.addView(record.id) };
}
