import { notFound, stale } from '../../../platform/errors';
import type { PostDeps, PostRecord } from './ports';

/** What the post use cases share: the rules' numbers and words, the clock, and reading a post to change it. */

/** Earlier versions kept per post; older ones are deleted as new ones come. */
export const REVISIONS_KEPT = 25;

export const STALE_MESSAGE =
  'This post was changed by someone else since you opened it. Reload it and apply your changes again.';
export const SLUG_TAKEN = 'is already taken';

/**
 * Library images one write may newly show: its transaction holds the post, its revision, two slug
 * guards and four usage counts besides, within DynamoDB's 100 actions.
 */
export const MAX_NEW_IMAGES = 90;

export const clock = (deps: Pick<PostDeps, 'now'>): Date => (deps.now ?? (() => new Date()))();

/** Cleanup after a write or a refused one: logged, never masks the original outcome. */
export async function bestEffort(
  deps: Pick<PostDeps, 'log'>,
  what: string,
  step: () => Promise<unknown>,
): Promise<void> {
  try {
    await step();
  } catch (error) {
    deps.log.warn(`cleanup failed: ${what}`, { error });
  }
}

/** The stored post `id`, checked against the version the client edited (409 when stale). */
export async function current(
  deps: PostDeps,
  id: number,
  version: number | undefined,
): Promise<PostRecord> {
  const existing = await deps.posts.getPost(id);
  if (!existing) throw notFound('The post');
  if (version !== undefined && version !== existing.version) throw stale(STALE_MESSAGE);
  return existing;
}
