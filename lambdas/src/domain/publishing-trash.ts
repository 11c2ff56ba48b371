import { TRASH_DAYS, type Post } from '@agency/shared';
import { conflict, DomainError, notFound } from '../lib/errors';
import { releaseImages } from './media';
import {
  isLegacyBanner,
  type PostDeps,
  type PostRecord,
  type TaxonomyKind,
  type TrashDeps,
} from './post-ports';
import { imagesOf, releaseReferences } from './post-references';
import { DAY_MS, invalidate, isLive, lastPublishedAt } from './publishing';
import { present, STALE_MESSAGE } from './posts';

const clock = (deps: Pick<PostDeps, 'now'>): Date => (deps.now ?? (() => new Date()))();

/** Tries at a trash or restore racing a save: each re-reads the post, so the last one wins. */
const ATTEMPTS = 3;

/** Logged and never fails the call: what it cleans up no public page shows any more. */
async function bestEffort(deps: Pick<PostDeps, 'log'>, what: string, step: () => Promise<unknown>) {
  try {
    await step();
  } catch (error) {
    deps.log.warn(`cleanup failed: ${what}`, { error });
  }
}

/**
 * Move a post to the Trash (the spec's delete): status `trashed`, off every public list and page at
 * once, its slug still held (a restore never collides), its images still claimed. The time it was
 * last public is remembered, so publishing it again after a restore keeps its date. Its category and
 * author are given back, so a trashed post never blocks deleting them; a restore claims them again.
 * Trashing a trashed post changes nothing.
 */
export async function trashPost(
  deps: PostDeps,
  id: number,
  savedBy: string | null = null,
): Promise<{ id: number }> {
  for (let attempt = 1; ; attempt++) {
    const now = clock(deps);
    const existing = await deps.posts.getPost(id);
    if (!existing) throw notFound('The post');
    if (existing.status === 'trashed') return { id };
    const next: PostRecord = {
      ...existing,
      status: 'trashed',
      publish_at: null,
      published_at: lastPublishedAt(existing, now),
      trashed_at: now.toISOString(),
      updated_at: now.toISOString(),
      updated_by: savedBy,
      version: existing.version + 1,
    };
    const outcome = await deps.posts.replacePost(next, existing.version);
    if (outcome === 'missing') throw notFound('The post');
    if (outcome === 'stale') {
      if (attempt < ATTEMPTS) continue;
      throw conflict(STALE_MESSAGE);
    }
    deps.saved?.(existing, next);
    await releaseReferences(deps.taxonomy, existing, deps.log);
    if (isLive(existing, now)) await invalidate(deps, [existing.slug]);
    return { id };
  }
}

/** Claim the category and author again; one deleted while the post was in the Trash comes back empty. */
async function reclaim(
  deps: Pick<PostDeps, 'taxonomy'>,
  post: PostRecord,
): Promise<{ category_id: number | null; author_id: number | null; undo: () => Promise<void> }> {
  const claimed: [TaxonomyKind, number][] = [];
  const claim = async (kind: TaxonomyKind, ref: number | null): Promise<number | null> => {
    if (ref === null || !(await deps.taxonomy.claim(kind, ref))) return null;
    claimed.push([kind, ref]);
    return ref;
  };
  return {
    category_id: await claim('category', post.category_id),
    author_id: await claim('author', post.author_id),
    undo: async () => {
      for (const [kind, ref] of claimed) await deps.taxonomy.release(kind, ref);
    },
  };
}

/**
 * Restore a trashed post as a draft, as WordPress has done since 5.6: the post was public, scheduled
 * or a draft before, but restoring must not put anything on the blog (nor let a schedule whose time
 * passed in the Trash publish it at once) without someone pressing Publish; its publication date is
 * remembered for that. 409 for a post that is not in the Trash.
 */
export async function untrashPost(
  deps: PostDeps,
  id: number,
  savedBy: string | null = null,
): Promise<Post> {
  for (let attempt = 1; ; attempt++) {
    const now = clock(deps);
    const existing = await deps.posts.getPost(id);
    if (!existing) throw notFound('The post');
    if (existing.status !== 'trashed') throw notInTrash();
    const refs = await reclaim(deps, existing);
    const next: PostRecord = {
      ...existing,
      category_id: refs.category_id,
      author_id: refs.author_id,
      status: 'draft',
      publish_at: null,
      trashed_at: null,
      updated_at: now.toISOString(),
      updated_by: savedBy,
      version: existing.version + 1,
    };
    const outcome = await deps.posts.replacePost(next, existing.version);
    if (outcome === 'updated') {
      deps.saved?.(existing, next);
      return present(deps, next);
    }
    await bestEffort(deps, 'release references', refs.undo);
    if (outcome === 'missing') throw notFound('The post');
    if (attempt >= ATTEMPTS) throw conflict(STALE_MESSAGE);
  }
}

const notInTrash = () =>
  conflict('This post is not in the Trash: delete it first (it goes to the Trash).', 'id');

/**
 * Delete a trashed post for good, with everything that hangs off it: slug guard, view counter,
 * revisions, legacy banners and its claim on the library images it or its revisions showed; an
 * image nothing else shows is deleted with its objects. The delete is conditional on the post still
 * being trashed, so a restore racing it wins or loses whole. 409 for a post not in the Trash.
 */
export async function purgePost(deps: TrashDeps, id: number): Promise<{ id: number }> {
  // What to release is read from the deleted item itself, so a restore just before cannot make it
  // release the wrong slug.
  const existing = await deps.posts.deletePost(id, 'trashed');
  if (!existing) {
    if (await deps.posts.getPost(id)) throw notInTrash();
    throw notFound('The post');
  }
  deps.saved?.(existing, null);
  await deps.posts.releaseSlug(existing.slug, id);
  await deps.posts.deleteViews(id);
  // Its category and author were given back when it was trashed (trashPost).
  const banners = new Set<string>();
  const images = new Set(imagesOf(existing));
  if (isLegacyBanner(existing.banner_key)) banners.add(existing.banner_key);
  await bestEffort(deps, 'delete revisions', async () => {
    for (const r of await deps.posts.deleteRevisions(id, existing.version)) {
      if (isLegacyBanner(r.banner_key)) banners.add(r.banner_key);
      for (const image of imagesOf(r)) images.add(image);
    }
  });
  for (const key of banners)
    await bestEffort(deps, 'delete banner', () => deps.media.deleteBanner(key));
  await bestEffort(deps, 'release images', () => releaseImages(deps.library, id, images));
  return { id };
}

export interface PurgeSummary {
  purged: number;
  ids: number[];
}

/** Expired posts asked for at once; a run goes on while batches come back full. */
const BATCH = 25;
/** Batches in one run at most: the next run takes the rest. */
const MAX_BATCHES = 20;

/**
 * The purge job: delete for good every post trashed more than TRASH_DAYS ago. A post restored (or
 * purged by an admin) meanwhile is left alone; a failure on one post is logged and the others go on.
 */
export async function purgeExpiredTrash(deps: TrashDeps): Promise<PurgeSummary> {
  const now = clock(deps);
  const before = new Date(now.getTime() - TRASH_DAYS * DAY_MS).toISOString();
  const ids: number[] = [];
  for (let batch = 0; batch < MAX_BATCHES; batch++) {
    const due = await deps.posts.trashedBefore(before, BATCH);
    let failed = 0;
    for (const post of due) {
      try {
        ids.push((await purgePost(deps, post.id)).id);
      } catch (error) {
        failed += 1;
        if (!(error instanceof DomainError))
          deps.log.warn('purge failed; the next run tries again', { error, id: post.id });
      }
    }
    // A short batch is the last; one where nothing could be purged would only repeat itself.
    if (due.length < BATCH || failed === due.length) break;
  }
  return { purged: ids.length, ids };
}
