import { postDeps } from '../deps';
import type { TrashDeps } from '../domain/ports';
import { purgeExpiredTrash, type PurgeSummary } from '../domain/trash';
import { logger } from '../../../platform/logger';

/**
 * Delete for good every post trashed more than TRASH_DAYS ago, with the images no other post uses.
 * Deps default to the configured tables and bucket; the local server calls this on an interval and
 * tests pass their own clock.
 */
export function purgeTrash(deps: Partial<TrashDeps> = {}): Promise<PurgeSummary> {
  const log = deps.log ?? logger.child({ job: 'purge-trash' });
  return purgeExpiredTrash({ ...postDeps(log), ...deps });
}

/** EventBridge scheduled rule target (every hour). */
export const handler = async (): Promise<PurgeSummary> => {
  const summary = await purgeTrash();
  if (summary.purged > 0) logger.info('trashed posts purged', { job: 'purge-trash', ...summary });
  return summary;
};
