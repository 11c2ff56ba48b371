import { DynamoJobMarkers } from '../adapters/job-markers';
import { postDeps } from '../adapters/post-deps';
import { repairStoredWordSpaces } from '../domain/repair-word-spaces';
import { logger } from '../lib/logger';

/**
 * One-off: posts stored with U+00A0 between words get ordinary spaces. The local stack runs it at
 * start; in AWS the per-minute publishing job runs it (publish-scheduled-posts.ts). It marks itself
 * done, so reruns are no-ops.
 */
export async function runRepairWordSpaces(): Promise<{ skipped: boolean; repaired: number }> {
  const log = logger.child({ job: 'repair-word-spaces' });
  const { posts, cdn } = postDeps(log);
  return repairStoredWordSpaces({ posts, cdn, log, markers: new DynamoJobMarkers() });
}

/** Lambda entry point of the job. */
export const handler = async (): Promise<{ skipped: boolean; repaired: number }> => {
  const result = await runRepairWordSpaces();
  logger.info('word spaces repair run', { job: 'repair-word-spaces', ...result });
  return result;
};
