import { matchesPattern } from '@agency/shared/edge';
import { EDGE_PAGE_VALUES } from '@agency/shared';
import { reportStoreFill } from '../adapters/edge-store';
import { DynamoPageStore } from '../../pages/adapters/page-store';
import { redirectDeps } from '../deps';
import { rebuildEdgeStore, type Rekeyed } from '../domain/redirects';
import { sitePagePaths } from '../../../platform/env';
import { logger } from '../../../platform/logger';

export interface RebuildSummary extends Rekeyed {
  /** Redirects in the table of record (and now in the store). */
  redirects: number;
  /** Keys written because they were missing or different. */
  put: number;
  /** Keys the table does not have, deleted. */
  deleted: number;
  /** Redirects whose source is a live page or post again, removed from the table. */
  dropped: number;
  /** Redirects whose search text was written again (saved before it held the readable forms). */
  searchRefreshed: number;
  /** Bytes the store holds now (redirects and pages' entries), of its 5 MB. */
  storeBytes: number;
}

/**
 * Make the redirect KeyValueStore equal the table of record in DynamoDB (UpdateKeys in batches of
 * 50), moving redirects saved under an older form of their address to the key the edge looks up
 * today (each one logged that had to go for another at the same key), dropping redirects whose source is a live page or post again, and count again the bytes the
 * redirects take (kept on the graph's version item, which writes check room against); its fill is
 * printed as a metric (RedirectStoreFill, alarmed at 80 %). Run after each deploy (the
 * store of a new stage starts empty; a page added by the deploy takes its address back), at each
 * start of the local stack, and by hand with `npm run redirects:rebuild`.
 */
export async function runRebuildRedirects(): Promise<RebuildSummary> {
  const deps = redirectDeps();
  const result = await rebuildEdgeStore(deps, 50, await pageEntries());
  if (result.rekeyed || result.collapsed)
    logger.info('redirects moved to their canonical address', {
      job: 'rebuild-redirects',
      rekeyed: result.rekeyed,
      collapsed: result.collapsed,
    });
  for (const d of result.discarded)
    logger.warn('redirect removed while moving redirects to their canonical address', {
      job: 'rebuild-redirects',
      ...d,
    });
  const storeBytes = await deps.edge.size();
  reportStoreFill(storeBytes);
  return { ...result, storeBytes };
}

/**
 * The store's page entries the pages table says there should be: every published page (`page`),
 * and each retired page without a redirect that the build still lists as prerendered (`gone`).
 */
async function pageEntries(): Promise<{ key: string; value: string }[]> {
  const patterns = sitePagePaths();
  return (await new DynamoPageStore().all()).flatMap((p): { key: string; value: string }[] => {
    if (p.retired_at === null)
      return p.published === null ? [] : [{ key: p.path, value: EDGE_PAGE_VALUES.page }];
    if (p.redirect_to === null && patterns.some((pattern) => matchesPattern(pattern, p.path)))
      return [{ key: p.path, value: EDGE_PAGE_VALUES.gone }];
    return [];
  });
}

/** Lambda entry point of the job. */
export const handler = async (): Promise<RebuildSummary> => {
  const result = await runRebuildRedirects();
  logger.info('redirect store rebuilt', { job: 'rebuild-redirects', ...result });
  return result;
};
