import { pageDeps } from '../adapters/page-deps';
import { postDeps } from '../adapters/post-deps';
import { healPages } from '../domain/pages/live';
import type { PublishDeps } from '../domain/post-ports';
import { publishDuePosts, type PublishSummary } from '../domain/publishing';
import { logger } from '../lib/logger';
import { METRICS, putMetric } from '../lib/metrics';
import { runRepairWordSpaces } from './repair-word-spaces';

/**
 * Publish every scheduled post whose time has come and invalidate the pages that now show it.
 * Deps default to the configured table and distribution; the local server calls this on an interval.
 */
export async function publishScheduledPosts(
  deps: Partial<PublishDeps> = {},
): Promise<PublishSummary & { pages: number }> {
  const log = deps.log ?? logger.child({ job: 'publish-scheduled-posts' });
  const summary = await publishDuePosts({ ...postDeps(log), ...deps });
  // Page publishes the site could not follow at once (their render or write failed) go live here.
  const healed = await healPages(pageDeps(log)).catch((error: unknown) => {
    log.warn('finishing page publishes failed; the next run tries again', { error });
    return { pages: 0, settings: false };
  });
  if (healed.pages > 0 || healed.settings)
    logger.info('page changes made live', { job: 'publish-scheduled-posts', ...healed });
  return { ...summary, pages: healed.pages };
}

/**
 * EventBridge scheduled rule target (every minute). In AWS it also carries the one-off repair of
 * posts stored with U+00A0 between words: the first run after a deploy does it (same table and
 * invalidation grants), and every later run finds its done marker with one read and moves on.
 */
export const handler = async (): Promise<PublishSummary & { pages: number }> => {
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
