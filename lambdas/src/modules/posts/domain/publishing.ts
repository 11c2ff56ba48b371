import { TRASH_DAYS, type PostStatus, type WritablePostStatus } from '@agency/shared';
import { conflict, invalid } from '../../../platform/errors';
import type { Cdn, ListPosition, PostRecord, PublishDeps, WarnLog } from './ports';

/** Where a post is in its life. */
export interface Publication {
  status: PostStatus;
  publish_at: string | null;
}

/**
 * A post's publication with what it remembers while not public: `published_at`, the time it was
 * last public (absent on posts that never left the public list since it was kept).
 */
export interface RememberedPublication extends Publication {
  published_at?: string | null | undefined;
}

/** What a create or update asked for; both optional (the spec's calls send neither). */
export interface PublicationInput {
  status?: WritablePostStatus | undefined;
  /** ISO 8601 with a zone; stored as UTC. */
  publish_at?: string | undefined;
}

/** Whether the public may see a post at `now`: published, and its publication time has come. */
export function isLive(post: Publication, now: Date): boolean {
  return (
    post.status === 'published' &&
    post.publish_at !== null &&
    Date.parse(post.publish_at) <= now.getTime()
  );
}

/** The state a post is really in at `now`: a scheduled post whose time has come is published. */
export function effectivePublication(post: Publication, now: Date): Publication {
  if (
    post.status === 'scheduled' &&
    post.publish_at !== null &&
    Date.parse(post.publish_at) <= now.getTime()
  )
    return { status: 'published', publish_at: post.publish_at };
  return post;
}

/**
 * When a post was last public: its publication time while published, else the time it remembers
 * from before it was unpublished or trashed; null for a post never published.
 */
export function lastPublishedAt(post: RememberedPublication, now: Date): string | null {
  const effective = effectivePublication(post, now);
  return effective.status === 'published' ? effective.publish_at : (post.published_at ?? null);
}

/** 409 for a write to a post in the Trash: as in WordPress, restore it first. */
export const inTrash = () =>
  conflict('This post is in the Trash. Restore it before changing it.', 'status');

/**
 * The publication a write leads to. Without a status a new post is published now (the spec's
 * behaviour) and an existing one keeps its own; publishing keeps the time the post was last public
 * (so unpublishing and publishing again does not re-date it) unless a `publish_at` is given, else
 * takes `now`; scheduling needs a time in the future; a draft keeps a planned time only if given.
 */
export function resolvePublication(
  input: PublicationInput,
  current: RememberedPublication | null,
  now: Date,
): Publication {
  const nowIso = now.toISOString();
  const at = input.publish_at === undefined ? undefined : new Date(input.publish_at).toISOString();
  const was = current ? effectivePublication(current, now) : null;
  const status = input.status ?? was?.status ?? 'published';
  switch (status) {
    case 'published': {
      if (at !== undefined && at > nowIso)
        throw invalid('publish_at', 'is in the future: schedule the post instead of publishing it');
      const kept = current ? lastPublishedAt(current, now) : null;
      return { status, publish_at: at ?? kept ?? nowIso };
    }
    case 'trashed':
      throw inTrash();
    case 'scheduled': {
      const when = at ?? (was?.status === 'scheduled' ? was.publish_at : null);
      if (when === null) throw invalid('publish_at', 'is required to schedule a post', 'required');
      if (when <= nowIso) throw invalid('publish_at', 'must be in the future to schedule a post');
      return { status, publish_at: when };
    }
    case 'draft':
      return { status, publish_at: at ?? null };
  }
}

export const DAY_MS = 24 * 60 * 60 * 1000;

/** When a trashed post is purged for good: TRASH_DAYS after it was trashed; null for any other post. */
export function purgeAt(post: { status: PostStatus; trashed_at?: string | null }): string | null {
  if (post.status !== 'trashed' || !post.trashed_at) return null;
  return new Date(Date.parse(post.trashed_at) + TRASH_DAYS * DAY_MS).toISOString();
}

/**
 * Where a post sits in the public list, or would once public: its publication time, or `now` for a
 * draft without one (a preview shows the neighbours it would have if published now).
 */
export const listPosition = (post: PostRecord, now: Date): ListPosition => ({
  publish_at: post.publish_at ?? now.toISOString(),
  id: post.id,
});

/** Invalidation is best effort: a failure is logged and never fails the write. */
export async function invalidate(deps: { cdn: Cdn; log: WarnLog }, slugs: string[]): Promise<void> {
  try {
    await deps.cdn.invalidate(slugs);
  } catch (error) {
    deps.log.warn('cache invalidation failed', { error, slugs });
  }
}

export interface PublishSummary {
  published: number;
  slugs: string[];
}

/** Due posts asked for at once; a run goes on while batches come back full. */
const BATCH = 50;
/** Batches in one run at most: the next run (a minute later) takes the rest. */
const MAX_BATCHES = 20;

/**
 * The scheduled job: publish every scheduled post whose time has come and drop the cached pages
 * that now show it. Each post is published with a conditional write, so a post rescheduled or
 * edited to a draft meanwhile stays as its editor left it, and overlapping runs publish it once.
 */
export async function publishDuePosts(deps: PublishDeps): Promise<PublishSummary> {
  const now = (deps.now ?? (() => new Date()))();
  const slugs: string[] = [];
  for (let batch = 0; batch < MAX_BATCHES; batch++) {
    const due = await deps.posts.duePosts(now.toISOString(), BATCH);
    let publishedHere = 0;
    for (const post of due)
      if (await deps.posts.publishDue(post)) {
        slugs.push(post.slug);
        publishedHere += 1;
      }
    // A short batch is the last; a full one where nothing could be published would only repeat itself.
    if (due.length < BATCH || publishedHere === 0) break;
  }
  if (slugs.length > 0) await invalidate(deps, slugs);
  // A post live at an address takes it back from a redirect made meanwhile (logged, not thrown:
  // the posts are published; the deploy-time rebuild drops what is left).
  for (const slug of slugs)
    await deps.redirects?.live(slug).catch((error: unknown) => {
      deps.log.warn('dropping the redirect of a published post failed', { error, slug });
    });
  return { published: slugs.length, slugs };
}
