import { TRASH_DAYS, type Post } from '@agency/shared';
import { conflict, DomainError, notFound } from '../../../platform/errors';
import { deleteUnusedImages } from '../../media/domain/media';
import { isLegacyBanner, type PostDeps, type PostRecord, type TrashDeps } from './ports';
import { imagesOf, referenceChanges } from './references';
import { DAY_MS, invalidate, isLive, lastPublishedAt } from './publishing';
import { present } from './present';
import { bestEffort, clock, STALE_MESSAGE } from './shared';
import { refusalError } from './write';

/** Tries at a trash or restore racing a save: each re-reads the post, so the last one wins. */
const ATTEMPTS = 3;

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
    // One transaction: the post trashed and its category and author counted one post fewer.
    const outcome = await deps.posts.writePost({
      post: next,
      replaces: existing.version,
      references: referenceChanges(existing, null),
    });
    if (!outcome.written) {
      if (outcome.refused.reason === 'stale' && attempt < ATTEMPTS) continue;
      if (outcome.refused.reason === 'stale') throw conflict(STALE_MESSAGE);
      throw refusalError(outcome.refused, next);
    }
    deps.saved?.(existing, next);
    if (isLive(existing, now)) await invalidate(deps, [existing.slug]);
    return { id };
  }
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
  let attempt = 1;
  // A category or author deleted while the post was in the Trash comes back empty.
  const gone = { category_id: false, author_id: false };
  for (;;) {
    const now = clock(deps);
    const existing = await deps.posts.getPost(id);
    if (!existing) throw notFound('The post');
    if (existing.status !== 'trashed') throw notInTrash();
    const next: PostRecord = {
      ...existing,
      category_id: gone.category_id ? null : existing.category_id,
      author_id: gone.author_id ? null : existing.author_id,
      status: 'draft',
      publish_at: null,
      trashed_at: null,
      updated_at: now.toISOString(),
      updated_by: savedBy,
      version: existing.version + 1,
    };
    // One transaction: the post restored and its category and author counted again.
    const outcome = await deps.posts.writePost({
      post: next,
      replaces: existing.version,
      references: referenceChanges(null, next),
    });
    if (outcome.written) {
      deps.saved?.(existing, next);
      return present(deps, next);
    }
    const { refused } = outcome;
    if (refused.reason === 'reference') {
      gone[`${refused.ref.kind}_id`] = true;
      continue;
    }
    if (refused.reason !== 'stale') throw refusalError(refused, next);
    if (++attempt > ATTEMPTS) throw conflict(STALE_MESSAGE);
  }
}

const notInTrash = () =>
  conflict('This post is not in the Trash: delete it first (it goes to the Trash).', 'id');

/**
 * Delete a trashed post for good, with everything that hangs off it: slug guard, view counter,
 * revisions and its claims on the library images it or its revisions showed, as one transaction
 * conditional on the post still being the version read, in the Trash, so a restore racing it wins
 * or loses whole. Then, best effort, legacy banners and images nothing else shows are deleted with
 * their objects (a crash before leaves them unused, for the media page to delete). 409 for a post
 * not in the Trash.
 */
export async function purgePost(deps: TrashDeps, id: number): Promise<{ id: number }> {
  for (let attempt = 1; ; attempt++) {
    const existing = await deps.posts.getPost(id);
    if (!existing) throw notFound('The post');
    if (existing.status !== 'trashed') throw notInTrash();
    const revisions = await deps.posts.listRevisions(id, 10_000);
    const banners = new Set<string>();
    const images = new Set(imagesOf(existing));
    for (const version of [existing, ...revisions]) {
      if (isLegacyBanner(version.banner_key)) banners.add(version.banner_key);
      for (const image of imagesOf(version)) images.add(image);
    }
    // Only the images this post claims are its to give back (and then delete if nothing else uses them).
    const records = await deps.library.media.getMany([...images]);
    const claimed = [...images].filter((image) => records.get(image)?.used_by.includes(id));
    const outcome = await deps.posts.purgePost({
      post: existing,
      revisions: revisions.map((r) => r.revision),
      images: claimed,
    });
    if (outcome === 'missing') throw notFound('The post');
    if (outcome === 'stale') {
      if (attempt < ATTEMPTS) continue;
      throw conflict(STALE_MESSAGE);
    }
    deps.saved?.(existing, null);
    // Its category and author were given back when it was trashed (trashPost).
    for (const key of banners)
      await bestEffort(deps, 'delete banner', () => deps.media.deleteBanner(key));
    await bestEffort(deps, 'delete unused images', () => deleteUnusedImages(deps.library, claimed));
    return { id };
  }
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
