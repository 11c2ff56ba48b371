import { notFound } from '../../../platform/errors';
import type { PostDeps, PostViewers, ViewCaller } from './ports';
import { isLive } from './publishing';
import { bySlug } from './read';
import { clock } from './shared';

/**
 * Count one view of the live post holding `slug`, once per visitor a UTC day (a reload or a second
 * tab answers the count unchanged, as do bots and browsers asking not to be tracked); drafts and
 * posts before their time are 404. The day's counter of the dashboard is best effort: the spec's
 * total is the answer, whatever it does.
 */
export async function increaseView(
  deps: Pick<PostDeps, 'posts' | 'viewStats' | 'log' | 'now'> & { viewers: PostViewers },
  slug: string,
  caller: ViewCaller,
): Promise<{ views: number }> {
  const now = clock(deps);
  const record = await bySlug(deps, slug);
  if (!record || !isLive(record, now)) throw notFound('The post');
  if (!(await deps.viewers.counts(record.id, caller, now)))
    return { views: (await deps.posts.views([record.id])).get(record.id) ?? 0 };
  const [views, daily] = await Promise.allSettled([
    deps.posts.addView(record.id),
    deps.viewStats.postViewed(record.id, now),
  ]);
  if (daily.status === 'rejected')
    deps.log.warn('views per day: count failed', { postId: record.id, error: daily.reason });
  if (views.status === 'rejected') throw views.reason;
  return { views: views.value };
}
