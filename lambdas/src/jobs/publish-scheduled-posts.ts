import { postDeps } from '../adapters/post-deps';
import type { PublishDeps } from '../domain/post-ports';
import { publishDuePosts, type PublishSummary } from '../domain/publishing';
import { logger } from '../lib/logger';

/**
 * Publish every scheduled post whose time has come and invalidate the pages that now show it.
 * Deps default to the configured table and distribution; the local server calls this on an interval.
 */
export function publishScheduledPosts(deps: Partial<PublishDeps> = {}): Promise<PublishSummary> {
  const log = deps.log ?? logger.child({ job: 'publish-scheduled-posts' });
  return publishDuePosts({ ...postDeps(log), ...deps });
}

/** EventBridge scheduled rule target (every minute). */
export const handler = async (): Promise<PublishSummary> => {
  const summary = await publishScheduledPosts();
  if (summary.published > 0)
    logger.info('scheduled posts published', { job: 'publish-scheduled-posts', ...summary });
  return summary;
};
