import { BackupClient } from '@aws-sdk/client-backup';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import * as z from 'zod';
import { s3Client } from '../../../platform/aws/clients';
import { createLogger } from '../../../platform/logger';
import { awsRestoreProbe, backupValidationResults } from '../adapters/restore-check-aws';
import { checkRestore } from '../domain/restore-check';

/** The fields of AWS Backup's "Restore Job State Change" event (EventBridge) the check reads. */
const restoreEvent = z.object({
  detail: z.object({
    restoreJobId: z.string().min(1),
    resourceType: z.string().min(1),
    status: z.literal('COMPLETED'),
    createdResourceArn: z.string().optional(),
    // AWS Backup sends sizes as numbers or numeric strings; absent when it does not know.
    backupSizeInBytes: z.coerce.number().int().nonnegative().optional(),
  }),
});

const dynamo = new DynamoDBClient({});
const backup = new BackupClient({});

/**
 * The restore test's check: EventBridge calls it when a restore of the stage's restore testing plan
 * has COMPLETED (infra/lib/constructs/backup.ts); it looks at the restored table or bucket and
 * reports SUCCESSFUL or FAILED on the restore job (domain/restore-check.ts). A verdict of FAILED is
 * logged as `restore check failed`, which the stage's restore alarm counts.
 */
export async function handler(event: unknown): Promise<void> {
  const { detail } = restoreEvent.parse(event);
  const log = createLogger({ job: detail.restoreJobId, resourceType: detail.resourceType });
  const verdict = await checkRestore(detail, {
    probe: awsRestoreProbe(dynamo, await s3Client()),
    results: backupValidationResults(backup),
  }).catch((error: unknown) => {
    log.error('The restore check could not finish', { error });
    throw error;
  });
  // The restore alarm counts the lines whose `verdict` is FAILED (a metric filter on this log group).
  const fields = { verdict: verdict.status, reason: verdict.message };
  if (verdict.status === 'FAILED') log.error('restore check failed', fields);
  else log.info('restore check passed', fields);
}
