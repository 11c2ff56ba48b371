import { DynamoJobMarkers } from '../../../platform/aws/job-markers';
import { postDeps } from '../deps';
import { repairStoredWordSpaces } from '../domain/repair-word-spaces';
import { logger } from '../../../platform/logger';

/**
 * One-off: posts stored with U+00A0 between words get ordinary spaces. An operator runs it
 * (`npm run ops:repair-word-spaces`, lambdas/scripts/repair-word-spaces.ts), never a schedule: it
 * marks itself done, and `again` repairs data a restore brought back.
 */
export async function runRepairWordSpaces(
  options: { again?: boolean } = {},
): Promise<{ skipped: boolean; repaired: number }> {
  const log = logger.child({ job: 'repair-word-spaces' });
  const { posts, cdn } = postDeps(log);
  const result = await repairStoredWordSpaces(
    { posts, cdn, log, markers: new DynamoJobMarkers() },
    options,
  );
  log.info('word spaces repair run', { ...result });
  return result;
}
