import { redirectDeps } from '../adapters/redirect-deps';
import { rebuildEdgeStore } from '../domain/redirects';
import { logger } from '../lib/logger';

export interface RebuildSummary {
  /** Redirects in the table of record (and now in the store). */
  redirects: number;
  /** Keys written because they were missing or different. */
  put: number;
  /** Keys the table does not have, deleted. */
  deleted: number;
  /** Redirects whose source is a live page or post again, removed from the table. */
  dropped: number;
}

/**
 * Make the redirect KeyValueStore equal the table of record in DynamoDB (UpdateKeys in batches of
 * 50), dropping redirects whose source is a live page or post again. Run after each deploy (the
 * store of a new stage starts empty; a page added by the deploy takes its address back), at each
 * start of the local stack, and by hand with `npm run redirects:rebuild`.
 */
export async function runRebuildRedirects(): Promise<RebuildSummary> {
  return rebuildEdgeStore(redirectDeps());
}

/** Lambda entry point of the job. */
export const handler = async (): Promise<RebuildSummary> => {
  const result = await runRebuildRedirects();
  logger.info('redirect store rebuilt', { job: 'rebuild-redirects', ...result });
  return result;
};
