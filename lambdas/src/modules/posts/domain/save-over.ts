import type { Post } from '@agency/shared';
import {
  isLegacyBanner,
  revisionRecord,
  type PostDeps,
  type PostRecord,
  type RevisionRecord,
} from './ports';
import { imagesOf, referenceChanges, unclaimImages } from './references';
import { invalidate, isLive } from './publishing';
import type { BannerChange } from './banner-change';
import { present } from './present';
import { bestEffort, REVISIONS_KEPT } from './shared';
import { keepAddresses, write } from './write';

/** The post as it is now, kept as a revision before a write replaces it: every field a restore brings back. */
const revisionOf = (post: PostRecord): RevisionRecord =>
  revisionRecord.parse({
    ...post,
    post_id: post.id,
    revision: post.version,
    saved_at: post.updated_at,
    saved_by: post.updated_by,
  });

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
export async function saveOver(
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
