import { pageDeps, pageStore } from '../../pages/deps';
import { postDeps } from '../deps';
import { healPages, type HealSummary } from '../../pages/domain/live';
import type { PublishDeps } from '../domain/ports';
import { publishDuePosts, type PublishSummary } from '../domain/publishing';
import { logger } from '../../../platform/logger';
import { METRICS, putMetric } from '../../../platform/metrics';

/**
 * Publish every scheduled post whose time has come and invalidate the pages that now show it.
 * Deps default to the configured table and distribution; the local server calls this on an interval.
 */
export async function publishScheduledPosts(
  deps: Partial<PublishDeps> = {},
): Promise<PublishSummary & { pages: number; staleLeft: number }> {
  const log = deps.log ?? logger.child({ job: 'publish-scheduled-posts' });
  const summary = await publishDuePosts({ ...postDeps(log), ...deps });
  // Page publishes the site could not follow at once (their render or write failed) go live here,
  // and pages whose HTML is older than their record or the settings are rendered again.
  const healed = await healPages(pageDeps(log)).catch((error: unknown): HealSummary => {
    log.warn('finishing page publishes failed; the next run tries again', { error });
    return { pages: 0, settings: false, stale: 0, staleLeft: 0 };
  });
  if (healed.pages > 0 || healed.settings)
    logger.info('page changes made live', { job: 'publish-scheduled-posts', ...healed });
  return { ...summary, pages: healed.pages, staleLeft: healed.staleLeft };
}

/**
 * Page changes the site does not show yet: pages whose `rendered_version` lags their
 * `site_version`, and the settings when theirs lags (counted after this run's attempt).
 */
export async function pageChangesNotLive(): Promise<number> {
  const store = pageStore();
  const [pages, settings] = await Promise.all([store.all(), store.getSettings()]);
  const lagging = pages.filter((p) => p.rendered_version < p.site_version).length;
  return lagging + (settings && settings.rendered_version < settings.version ? 1 : 0);
}

/** EventBridge scheduled rule target (every minute). */
export const handler = async (): Promise<PublishSummary & { pages: number; staleLeft: number }> => {
  const summary = await publishScheduledPosts();
  if (summary.published > 0) putMetric(METRICS.postsPublished, summary.published);
  // Every run, 0 included: the stage's alarm fires when changes stay off the site for 10 minutes.
  try {
    // The table's lagging changes, and the pages whose HTML this run found older and could not fix.
    putMetric(METRICS.pageChangesNotLive, (await pageChangesNotLive()) + summary.staleLeft, {
      job: 'publish-scheduled-posts',
    });
  } catch (error) {
    logger.warn('counting the page changes not live yet failed', { error });
  }
  if (summary.published > 0)
    logger.info('scheduled posts published', { job: 'publish-scheduled-posts', ...summary });
  return summary;
};
