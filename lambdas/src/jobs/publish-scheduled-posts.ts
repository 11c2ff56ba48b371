import { postDeps } from '../adapters/post-deps';
import type { PublishDeps } from '../domain/post-ports';
import { publishDuePosts, type PublishSummary } from '../domain/publishing';
import { logger } from '../lib/logger';
import { METRICS, putMetric } from '../lib/metrics';
import { runRepairWordSpaces } from './repair-word-spaces';

/**
 * Publish every scheduled post whose time has come and invalidate the pages that now show it.
 * Deps default to the configured table and distribution; the local server calls this on an interval.
 */
export function publishScheduledPosts(deps: Partial<PublishDeps> = {}): Promise<PublishSummary> {
  const log = deps.log ?? logger.child({ job: 'publish-scheduled-posts' });
  return publishDuePosts({ ...postDeps(log), ...deps });
}

/**
 * EventBridge scheduled rule target (every minute). In AWS it also carries the one-off repair of
 * posts stored with U+00A0 between words: the first run after a deploy does it (same table and
 * invalidation grants), and every later run finds its done marker with one read and moves on.
 */
export const handler = async (): Promise<PublishSummary> => {
  try {
    const repair = await runRepairWordSpaces();
    if (!repair.skipped)
      logger.info('word spaces repair run', { job: 'repair-word-spaces', ...repair });
  } catch (error) {
    logger.warn('word spaces repair failed; the next run tries again', { error });
  }
  const summary = await publishScheduledPosts();
  if (summary.published > 0) putMetric(METRICS.postsPublished, summary.published);
  if (summary.published > 0)
    logger.info('scheduled posts published', { job: 'publish-scheduled-posts', ...summary });
  return summary;
};
