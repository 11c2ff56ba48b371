import { invalid, notFound, stale, taken } from '../../../platform/errors';
import type { PostDeps, PostRecord, PostWrite, WriteRefusal } from './ports';
import { notInLibrary, referenceField } from './references';
import { isLive } from './publishing';
import { dropRegistered, type BannerChange } from './banner-change';
import { MAX_NEW_IMAGES, SLUG_TAKEN, STALE_MESSAGE } from './shared';

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
export async function write(
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
 * Addresses that never break: a published post whose slug changed (and that stays published)
 * leaves a 301 from its old address to the new one; a post live at an address takes it back from a
 * redirect. The post is saved by then, so a failure here is logged, not answered (the redirect can
 * be added by hand).
 */
export async function keepAddresses(
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
    // A later save that renamed the post may have written its redirect from this address before
    // the line above dropped it (this save's steps ran late): it is written again from the post
    // as it is now, so the old address keeps its 301.
    const current = await deps.posts.getPost(after.id);
    const renamedSince = current && current.version > after.version && current.slug !== after.slug;
    if (renamedSince && isLive(current, now)) await redirects.renamed(after.slug, current.slug);
  } catch (error) {
    deps.log.warn('keeping the post address failed: add the redirect in the manager', {
      error,
      id: after.id,
      from: before?.slug,
      to: after.slug,
    });
  }
}
