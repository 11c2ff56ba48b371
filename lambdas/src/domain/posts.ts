import { randomUUID } from 'node:crypto';
import {
  buildPath,
  plainLine,
  POST_PAGE_SIZE,
  type Image,
  type Author,
  type Category,
  type Post,
  type PostLink,
  type PostStatus,
  type Revision,
  type RevisionSummary,
} from '@agency/shared';
import type { UploadedFile } from '../lib/body';
import { invalid, notFound, stale, taken, unauthenticated } from '../lib/errors';
import { checkBanner } from './banner';
import { registerUpload } from './media';
import { imageOf, type MediaRecord } from './media-ports';
import {
  isLegacyBanner,
  type ListView,
  type PostDeps,
  type PostRecord,
  type PostWrite,
  type RevisionRecord,
  type WriteRefusal,
} from './post-ports';
import {
  imagesOf,
  libraryBanner,
  libraryContent,
  notInLibrary,
  referenceChanges,
  referenceField,
  unclaimImages,
} from './post-references';
import {
  inTrash,
  invalidate,
  isLive,
  lastPublishedAt,
  listPosition,
  purgeAt,
  resolvePublication,
  type PublicationInput,
} from './publishing';
import { refuseDataImages, sanitizeContent, sanitizeHeadTag, sanitizeTitle } from './sanitize';

export { pathsToInvalidate } from './cache-paths';

/** Earlier versions kept per post; older ones are deleted as new ones come. */
export const REVISIONS_KEPT = 25;

export const STALE_MESSAGE =
  'This post was changed by someone else since you opened it. Reload it and apply your changes again.';
export const SLUG_TAKEN = 'is already taken';

/** Site path of a stored banner object: served by CloudFront (and the local server) under /media/. */
export const bannerPath = (key: string | null): string | null => (key ? `/media/${key}` : null);

export interface PostInput extends PublicationInput {
  title: string;
  slug: string;
  content: string;
  head_tag: string;
  /** Optional: a spec client never sends it, and then the post has none (the excerpt stands in). */
  meta_description?: string | undefined;
  category_id?: number | undefined;
  author_id?: number | undefined;
  /** A library image id for the banner, or `none` to remove it. */
  banner_media?: string | undefined;
}

const clock = (deps: Pick<PostDeps, 'now'>): Date => (deps.now ?? (() => new Date()))();

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
    meta_description: record.meta_description ?? '',
    banner_image: bannerPath(record.banner_key),
    banner: record.banner ?? null,
    created_at: record.created_at,
    updated_at: record.updated_at,
    category:
      record.category_id !== null ? (names.categories.get(record.category_id) ?? null) : null,
    author: record.author_id !== null ? (names.authors.get(record.author_id) ?? null) : null,
    views,
    version: record.version,
    status: record.status,
    publish_at: record.publish_at,
    purge_at: purgeAt(record),
  };
}

/** A stored post as the API answers it, with its views and its category and author named. */
export async function present(deps: PostDeps, record: PostRecord): Promise<Post> {
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
  if (!title) throw invalid('title', 'is required', 'required');
  refuseDataImages(input.content);
  return {
    title,
    slug: input.slug,
    content: await libraryContent(deps.library.media, input.content),
    head_tag: sanitizeHeadTag(input.head_tag),
    meta_description: plainLine(input.meta_description ?? ''),
    category_id: input.category_id ?? null,
    author_id: input.author_id ?? null,
  };
}

/** Cleanup after a write or a refused one: logged, never masks the original outcome. */
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

/** A post's banner: the object key the spec's `banner_image` path names, and the library image. */
interface Banner {
  banner_key: string | null;
  banner: Image | null;
}

/** The banner a write asks for, and the image this write registered for it (if any). */
interface BannerChange {
  banner: Banner;
  registered: Image | null;
}

/**
 * The banner a write asks for: a library image (`banner_media`), none (`none`), or a `banner_image`
 * file from a spec client, checked with today's limits and then put through the library like a
 * direct upload, so it gets its variants too. Undefined when the write leaves the banner alone.
 */
async function requestedBanner(
  deps: PostDeps,
  input: PostInput,
  file: UploadedFile | undefined,
  savedBy: string | null,
): Promise<BannerChange | undefined> {
  if (file && input.banner_media !== undefined)
    throw invalid('banner_media', 'give either banner_media or a banner_image file, not both');
  if (input.banner_media === 'none')
    return { banner: { banner_key: null, banner: null }, registered: null };
  if (input.banner_media !== undefined) {
    const record = await deps.library.media.get(input.banner_media);
    if (!record) throw invalid('banner_media', 'is not an image of the media library');
    return { banner: libraryBanner(imageOf(record)), registered: null };
  }
  if (!file) return undefined;
  const checked = await checkBanner(file);
  const id = randomUUID();
  await deps.library.objects.putUpload(id, checked.bytes, checked.contentType);
  const record = await registerUpload(deps.library, {
    id,
    filename: file.filename,
    actor: savedBy,
  });
  const image = imageOf(record);
  return { banner: libraryBanner(image), registered: image };
}

/** Delete an image this write registered for its banner, when the write did not happen. */
async function dropRegistered(deps: PostDeps, change: BannerChange | undefined): Promise<void> {
  const image = change?.registered;
  if (!image) return;
  await bestEffort(deps, 'delete new banner image', async () => {
    if ((await deps.library.media.deleteUnused(image.id)) === 'deleted')
      await deps.library.objects.deleteImage(image);
  });
}

/**
 * Library images one write may newly show: its transaction holds the post, its revision, two slug
 * guards and four usage counts besides, within DynamoDB's 100 actions.
 */
export const MAX_NEW_IMAGES = 90;

/** The error a refused write answers; nothing of the write was made. */
export function refusalError(refused: WriteRefusal, post: PostRecord): Error {
  switch (refused.reason) {
    case 'slug':
      return taken(SLUG_TAKEN, 'slug');
    case 'stale':
      return stale(STALE_MESSAGE);
    case 'missing':
      return notFound('The post');
    case 'exists':
      return new Error(`post id ${post.id} from the counter already exists`);
    case 'reference':
      return invalid(referenceField(refused.ref.kind), `is not an existing ${refused.ref.kind}`);
    case 'image':
      return post.banner?.id === refused.id
        ? invalid('banner_media', 'is not an image of the media library')
        : notInLibrary(refused.id);
  }
}

/**
 * Write a post with everything that hangs off it as one transaction (PostWrite): on a refusal
 * nothing was written, and the banner image this write registered is deleted again.
 */
async function write(
  deps: PostDeps,
  change: BannerChange | undefined,
  request: PostWrite,
): Promise<void> {
  try {
    if ((request.images?.length ?? 0) > MAX_NEW_IMAGES)
      throw invalid(
        'content',
        `adds more than ${MAX_NEW_IMAGES} library images in one save: add them over several saves`,
      );
    const outcome = await deps.posts.writePost(request);
    if (!outcome.written) throw refusalError(outcome.refused, request.post);
  } catch (error) {
    await dropRegistered(deps, change);
    throw error;
  }
}

/**
 * Create a post: the post, its slug guard, the usage counts of its category and author and the
 * claims on the library images it shows are one transaction, so a slug taken meanwhile, a category
 * or image deleted meanwhile, or a function stopped half-way leaves nothing behind. Without a
 * status the post is published now; only a live post's pages are invalidated.
 */
export async function createPost(
  deps: PostDeps,
  input: PostInput,
  banner?: UploadedFile,
  savedBy: string | null = null,
): Promise<Post> {
  const now = clock(deps);
  const fields = await prepare(deps, input);
  const publication = resolvePublication(input, null, now);
  const change = await requestedBanner(deps, input, banner, savedBy);
  let id: number;
  try {
    id = await deps.posts.nextPostId();
  } catch (error) {
    await dropRegistered(deps, change);
    throw error;
  }
  const at = now.toISOString();
  const record: PostRecord = {
    id,
    ...fields,
    ...publication,
    ...(change?.banner ?? { banner_key: null, banner: null }),
    created_at: at,
    updated_at: at,
    updated_by: savedBy,
    version: 1,
  };
  await write(deps, change, {
    post: record,
    replaces: null,
    slug: { claim: record.slug },
    references: referenceChanges(null, record),
    images: imagesOf(record),
  });
  if (isLive(record, now)) {
    await invalidate(deps, [record.slug]);
    await keepAddresses(deps, null, record, now);
  }
  return present(deps, record);
}

/**
 * Addresses that never break: a published post whose slug changed (and that stays published)
 * leaves a 301 from its old address to the new one; a post live at an address takes it back from a
 * redirect. The post is saved by then, so a failure here is logged, not answered (the redirect can
 * be added by hand).
 */
async function keepAddresses(
  deps: PostDeps,
  before: PostRecord | null,
  after: PostRecord,
  now: Date,
): Promise<void> {
  const redirects = deps.redirects;
  if (!redirects) return;
  try {
    // Unpublished in the same save: the old address would lead to one that answers 404.
    if (!isLive(after, now)) return;
    if (before && before.slug !== after.slug && isLive(before, now))
      await redirects.renamed(before.slug, after.slug);
    else await redirects.live(after.slug);
  } catch (error) {
    deps.log.warn('keeping the post address failed: add the redirect in the manager', {
      error,
      id: after.id,
      from: before?.slug,
      to: after.slug,
    });
  }
}

export interface UpdateInput extends PostInput {
  id: number;
  version?: number | undefined;
}

/** The post as it is now, kept as a revision before a write replaces it. */
const revisionOf = (post: PostRecord): RevisionRecord => ({
  post_id: post.id,
  revision: post.version,
  title: post.title,
  slug: post.slug,
  content: post.content,
  head_tag: post.head_tag,
  meta_description: post.meta_description ?? '',
  banner_key: post.banner_key,
  banner: post.banner ?? null,
  category_id: post.category_id,
  author_id: post.author_id,
  status: post.status,
  publish_at: post.publish_at,
  saved_at: post.updated_at,
  saved_by: post.updated_by,
});

/** The stored post `id`, checked against the version the client edited (409 when stale). */
async function current(
  deps: PostDeps,
  id: number,
  version: number | undefined,
): Promise<PostRecord> {
  const existing = await deps.posts.getPost(id);
  if (!existing) throw notFound('The post');
  if (version !== undefined && version !== existing.version) throw stale(STALE_MESSAGE);
  return existing;
}

/** A post's current version and its kept revisions: everything a restore can bring back. */
async function keptVersions(
  deps: PostDeps,
  post: PostRecord,
): Promise<(PostRecord | RevisionRecord)[]> {
  return [post, ...(await deps.posts.listRevisions(post.id, REVISIONS_KEPT + 1))];
}

/**
 * Drop revisions beyond the newest REVISIONS_KEPT. Legacy banner objects only they still used are
 * deleted (kept while any revision may bring them back); library images only they showed are
 * released, and stay in the library as unused for the media page. Best effort: the update already
 * succeeded.
 */
async function trimRevisions(deps: PostDeps, post: PostRecord): Promise<void> {
  const upTo = post.version - 1 - REVISIONS_KEPT;
  if (upTo < 1) return;
  try {
    const trimmed = await deps.posts.deleteRevisions(post.id, upTo);
    const orphans = new Set(trimmed.map((r) => r.banner_key).filter(isLegacyBanner));
    const released = new Set(trimmed.flatMap(imagesOf));
    if (orphans.size === 0 && released.size === 0) return;
    for (const still of await keptVersions(deps, post)) {
      orphans.delete(still.banner_key ?? '');
      for (const id of imagesOf(still)) released.delete(id);
    }
    for (const key of orphans)
      await bestEffort(deps, 'delete old banner', () => deps.media.deleteBanner(key));
    await unclaimImages(deps.library.media, post.id, [...released], deps.log);
  } catch (error) {
    deps.log.warn('trimming revisions failed', { error, id: post.id });
  }
}

/**
 * Write `next` over `existing` as one transaction: the post (conditional on the version read, so two
 * concurrent saves never silently overwrite each other), the replaced version kept as a revision, a
 * new slug's guard taken and the old one given up, the usage counts moved, and the library images
 * the new version adds claimed. The images the old version showed stay claimed while its revision
 * may bring them back; trimming gives them back.
 */
async function saveOver(
  deps: PostDeps,
  existing: PostRecord,
  next: PostRecord,
  change: BannerChange | undefined,
  now: Date,
): Promise<Post> {
  const slugChanged = next.slug !== existing.slug;
  const shown = new Set(imagesOf(existing));
  await write(deps, change, {
    post: next,
    replaces: existing.version,
    slug: slugChanged ? { claim: next.slug, release: existing.slug } : undefined,
    revision: revisionOf(existing),
    references: referenceChanges(existing, next),
    images: imagesOf(next).filter((id) => !shown.has(id)),
  });
  deps.saved?.(existing, next);
  await trimRevisions(deps, next);
  // Publishing, unpublishing and editing a live post change public pages; a hidden draft's edits do not.
  if (isLive(existing, now) || isLive(next, now))
    await invalidate(deps, slugChanged ? [existing.slug, next.slug] : [next.slug]);
  await keepAddresses(deps, existing, next, now);
  return present(deps, next);
}

/**
 * Update a post. A `version` from the client must match the stored one (else 409). Without a status
 * the post keeps its own (a spec client editing a published post leaves it published). A new banner
 * replaces the old in the post; the old image stays the post's while a revision may bring it back.
 */
export async function updatePost(
  deps: PostDeps,
  input: UpdateInput,
  banner?: UploadedFile,
  savedBy: string | null = null,
): Promise<Post> {
  const now = clock(deps);
  const existing = await current(deps, input.id, input.version);
  if (existing.status === 'trashed') throw inTrash();
  const fields = await prepare(deps, input);
  const publication = resolvePublication(input, existing, now);
  const change = await requestedBanner(deps, input, banner, savedBy);
  const next: PostRecord = {
    ...existing,
    ...fields,
    ...publication,
    published_at:
      publication.status === 'published' ? publication.publish_at : lastPublishedAt(existing, now),
    ...change?.banner,
    updated_at: now.toISOString(),
    updated_by: savedBy,
    version: existing.version + 1,
  };
  return saveOver(deps, existing, next, change, now);
}

/** A kept version of post `id` older than its current one (the current version is not a revision). */
async function revisionOfPost(
  deps: PostDeps,
  post: PostRecord,
  revision: number,
): Promise<RevisionRecord> {
  const found = revision < post.version ? await deps.posts.getRevision(post.id, revision) : null;
  if (!found) throw notFound('The revision');
  return found;
}

/**
 * Make a kept version the current one, as a new update: its title, slug, text, head tags, banner,
 * category and author come back, and the version it replaces is kept in turn (history stays
 * linear). The post's publication stays as it is, so a restore never publishes or unpublishes by
 * surprise; a category or author deleted since comes back empty.
 */
export async function restoreRevision(
  deps: PostDeps,
  input: { id: number; revision: number; version?: number | undefined },
  savedBy: string | null = null,
): Promise<Post> {
  const now = clock(deps);
  const existing = await current(deps, input.id, input.version);
  if (existing.status === 'trashed') throw inTrash();
  const kept = await revisionOfPost(deps, existing, input.revision);
  const [category, author] = await Promise.all([
    kept.category_id !== null ? deps.taxonomy.category(kept.category_id) : null,
    kept.author_id !== null ? deps.taxonomy.author(kept.author_id) : null,
  ]);
  const next: PostRecord = {
    ...existing,
    title: sanitizeTitle(kept.title) || existing.title,
    slug: kept.slug,
    content: sanitizeContent(kept.content),
    head_tag: sanitizeHeadTag(kept.head_tag),
    meta_description: plainLine(kept.meta_description ?? ''),
    banner_key: kept.banner_key,
    banner: kept.banner ?? null,
    category_id: category ? category.id : null,
    author_id: author ? author.id : null,
    updated_at: now.toISOString(),
    updated_by: savedBy,
    version: existing.version + 1,
  };
  return saveOver(deps, existing, next, undefined, now);
}

/** The kept versions of a post, newest first. */
export async function listRevisions(deps: PostDeps, id: number): Promise<RevisionSummary[]> {
  const post = await deps.posts.getPost(id);
  if (!post) throw notFound('The post');
  const kept = await deps.posts.listRevisions(id, REVISIONS_KEPT + 1);
  return kept
    .filter((r) => r.revision < post.version)
    .slice(0, REVISIONS_KEPT)
    .map((r) => ({
      revision: r.revision,
      title: r.title,
      slug: r.slug,
      saved_at: r.saved_at,
      saved_by: r.saved_by,
    }));
}

/** One kept version in full, with its category and author named. */
export async function getRevision(deps: PostDeps, id: number, revision: number): Promise<Revision> {
  const post = await deps.posts.getPost(id);
  if (!post) throw notFound('The post');
  const r = await revisionOfPost(deps, post, revision);
  const names = await namesOf(deps);
  return {
    revision: r.revision,
    title: r.title,
    slug: r.slug,
    saved_at: r.saved_at,
    saved_by: r.saved_by,
    content: r.content,
    head_tag: r.head_tag,
    meta_description: r.meta_description ?? '',
    banner_image: bannerPath(r.banner_key),
    banner: r.banner ?? null,
    category: r.category_id !== null ? (names.categories.get(r.category_id) ?? null) : null,
    author: r.author_id !== null ? (names.authors.get(r.author_id) ?? null) : null,
    status: r.status,
    publish_at: r.publish_at,
  };
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

export interface PostView {
  post: Post;
  prev_post: PostLink | null;
  next_post: PostLink | null;
  inline_images: Image[];
}

/** A post with its older (`prev_post`) and newer (`next_post`) published neighbours. */
async function view(deps: PostDeps, record: PostRecord, now: Date): Promise<PostView> {
  const inline = imagesOf({ content: record.content });
  const [post, near, images] = await Promise.all([
    present(deps, record),
    deps.posts.neighbours(listPosition(record, now)),
    inline.length > 0 ? deps.library.media.getMany(inline) : new Map<string, MediaRecord>(),
  ]);
  return {
    post,
    prev_post: linkOf(near.older),
    next_post: linkOf(near.newer),
    // In body order; an image deleted since (only possible through a revision) is left out.
    inline_images: inline.flatMap((id) => {
      const r = images.get(id);
      return r ? [imageOf(r)] : [];
    }),
  };
}

/**
 * One post by slug with its neighbours. The public gets only live posts (404 for a draft or a post
 * before its time, as if it did not exist); an admin gets any.
 */
export async function getPost(deps: PostDeps, slug: string, asAdmin = false): Promise<PostView> {
  const now = clock(deps);
  const record = await bySlug(deps, slug);
  if (!record || (!asAdmin && !isLive(record, now))) throw notFound('The post');
  return view(deps, record, now);
}

/** Any post by id as its public page will show it, with the neighbours it will have once public. */
export async function previewPost(deps: PostDeps, id: number): Promise<PostView> {
  const record = await deps.posts.getPost(id);
  if (!record) throw notFound('The post');
  return view(deps, record, clock(deps));
}

/** Which list a caller may see: the public the live posts, an admin every status or one. */
export function listViewFor(asAdmin: boolean, status: 'all' | PostStatus | undefined): ListView {
  if (asAdmin) return status ?? 'all';
  if (status === undefined || status === 'published') return 'live';
  throw unauthenticated('Sign in as an administrator to list drafts and scheduled posts.');
}

/**
 * A page of posts, newest publication first, with API links to the neighbouring pages. The links
 * repeat an explicit `status` before the page, so they still end in `page=N` as the spec reads them.
 */
export async function listPosts(
  deps: PostDeps,
  page: number,
  listView: ListView = 'live',
  status?: string,
): Promise<{ results: Post[]; next: string | null; previous: string | null }> {
  const now = clock(deps);
  const [{ items, hasNext }, names] = await Promise.all([
    deps.posts.listPage(page, POST_PAGE_SIZE, listView),
    namesOf(deps),
  ]);
  // The live index holds only published posts; checking the time too costs nothing and keeps the rule in one place.
  const shown = listView === 'live' ? items.filter((r) => isLive(r, now)) : items;
  const views =
    shown.length > 0 ? await deps.posts.views(shown.map((p) => p.id)) : new Map<number, number>();
  const query = (n: number): Record<string, string | number> =>
    status ? { status, page: n } : { page: n };
  return {
    results: shown.map((r) => toPost(r, views.get(r.id) ?? 0, names)),
    next: hasNext ? buildPath('listPosts', {}, query(page + 1)) : null,
    previous: page > 1 ? buildPath('listPosts', {}, query(page - 1)) : null,
  };
}

/**
 * Count one view of the live post holding `slug`; drafts and posts before their time are 404. The
 * day's counter of the dashboard is best effort: the spec's total is the answer, whatever it does.
 */
export async function increaseView(
  deps: Pick<PostDeps, 'posts' | 'viewStats' | 'log' | 'now'>,
  slug: string,
): Promise<{ views: number }> {
  const now = clock(deps);
  const record = await bySlug(deps, slug);
  if (!record || !isLive(record, now)) throw notFound('The post');
  const [views, daily] = await Promise.allSettled([
    deps.posts.addView(record.id),
    deps.viewStats.postViewed(record.id, now),
  ]);
  if (daily.status === 'rejected')
    deps.log.warn('views per day: count failed', { postId: record.id, error: daily.reason });
  if (views.status === 'rejected') throw views.reason;
  return { views: views.value };
}
