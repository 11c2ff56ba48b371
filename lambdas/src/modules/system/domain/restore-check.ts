/**
 * The check of a test restore (AWS Backup's restore testing plan): what AWS Backup restored is
 * looked at as the site would need it, and the verdict goes back to the restore job, so a backup
 * that cannot be restored, or restores empty, fails the test instead of passing unseen.
 */

/** Where AWS Backup's restore tests put what they restore (its own prefix for every test restore). */
export const RESTORE_TEST_PREFIX = 'awsbackup-restore-test-';

/** A restored resource the check knows how to look at. */
export type RestoredResource = { kind: 'table'; name: string } | { kind: 'bucket'; name: string };

/** What a restored table looks like from outside; undefined when there is no such table. */
export interface TableState {
  status: string;
  /** Whether a read of the table returned at least one item. */
  hasItems: boolean;
}

/** Reads of the restored resources (DescribeTable + a one-item Scan; a one-key ListObjectsV2). */
export interface RestoreProbe {
  table(name: string): Promise<TableState | undefined>;
  /** Whether the bucket holds at least one object; undefined when there is no such bucket. */
  bucketHasObjects(name: string): Promise<boolean | undefined>;
}

export type ValidationStatus = 'SUCCESSFUL' | 'FAILED';

export interface Verdict {
  status: ValidationStatus;
  message: string;
}

/** Where a verdict goes: the restore job's validation result. */
export interface ValidationResults {
  put(restoreJobId: string, verdict: Verdict): Promise<void>;
}

/** The part of AWS Backup's "Restore Job State Change" event the check reads. */
export interface CompletedRestore {
  restoreJobId: string;
  resourceType: string;
  createdResourceArn?: string | undefined;
  /** Size of the recovery point restored (the event's `backupSizeInBytes`), when AWS Backup says. */
  backupSizeInBytes?: number | undefined;
}

/**
 * The resource an ARN names when it is a DynamoDB table (`arn:…:dynamodb:<region>:<account>:table/<name>`)
 * or an S3 bucket (`arn:…:s3:::<name>`) of the type AWS Backup says it restored; otherwise why not.
 */
export function restoredResource(
  resourceType: string,
  arn: string | undefined,
): RestoredResource | string {
  if (!arn) return `The ${resourceType} restore names no restored resource`;
  const parts = arn.split(':');
  const [, , service, , , resource = ''] = parts;
  if (resourceType === 'DynamoDB' && service === 'dynamodb' && resource.startsWith('table/'))
    return { kind: 'table', name: resource.slice('table/'.length) };
  if (resourceType === 'S3' && service === 's3' && parts.length === 6 && resource)
    return { kind: 'bucket', name: resource };
  return `No check for ${resourceType} restores (${arn})`;
}

/**
 * The verdict on one restored resource: a table is ACTIVE and holds items (or was backed up empty:
 * a stage without a lead yet has an empty leads table, and its restore is right to be empty), a
 * bucket holds objects. Only test restores (RESTORE_TEST_PREFIX) are looked at: the function may
 * read nothing else.
 */
export async function judgeRestore(
  resource: RestoredResource,
  probe: RestoreProbe,
  backupSizeInBytes?: number,
): Promise<Verdict> {
  const failed = (message: string): Verdict => ({ status: 'FAILED', message });
  if (!resource.name.startsWith(RESTORE_TEST_PREFIX))
    return failed(`${resource.name} is not a test restore (${RESTORE_TEST_PREFIX}…)`);
  if (resource.kind === 'table') {
    const table = await probe.table(resource.name);
    if (!table) return failed(`The restored table ${resource.name} does not exist`);
    if (table.status !== 'ACTIVE')
      return failed(`The restored table ${resource.name} is ${table.status}, not ACTIVE`);
    if (!table.hasItems && backupSizeInBytes === 0)
      return {
        status: 'SUCCESSFUL',
        message: `The restored table ${resource.name} is ACTIVE and empty, as its recovery point was`,
      };
    if (!table.hasItems)
      return failed(
        `The restored table ${resource.name} holds no items${backupSizeInBytes ? ` (its recovery point holds ${backupSizeInBytes} bytes)` : ''}`,
      );
    return {
      status: 'SUCCESSFUL',
      message: `The restored table ${resource.name} is ACTIVE and holds items`,
    };
  }
  const hasObjects = await probe.bucketHasObjects(resource.name);
  if (hasObjects === undefined)
    return failed(`The restored bucket ${resource.name} does not exist`);
  if (!hasObjects) return failed(`The restored bucket ${resource.name} holds no objects`);
  return { status: 'SUCCESSFUL', message: `The restored bucket ${resource.name} holds objects` };
}

/**
 * Check one completed test restore and report the verdict on its job. A read that fails for another
 * reason than a missing resource (throttling, an outage) throws before any verdict: a verdict is
 * final, and the event's retry gets another chance to give the true one.
 */
export async function checkRestore(
  restore: CompletedRestore,
  deps: { probe: RestoreProbe; results: ValidationResults },
): Promise<Verdict> {
  const resource = restoredResource(restore.resourceType, restore.createdResourceArn);
  const verdict: Verdict =
    typeof resource === 'string'
      ? { status: 'FAILED', message: resource }
      : await judgeRestore(resource, deps.probe, restore.backupSizeInBytes);
  await deps.results.put(restore.restoreJobId, verdict);
  return verdict;
}
