import { BackupClient, PutRestoreValidationResultCommand } from '@aws-sdk/client-backup';
import {
  DescribeTableCommand,
  DynamoDBClient,
  ResourceNotFoundException,
  ScanCommand,
} from '@aws-sdk/client-dynamodb';
import { ListObjectsV2Command, NoSuchBucket, type S3Client } from '@aws-sdk/client-s3';
import type { RestoreProbe, ValidationResults } from '../domain/restore-check';

/** A missing table or bucket, by the SDK's class or, across copies of it, by its name. */
const isMissing = (error: unknown, type: typeof ResourceNotFoundException | typeof NoSuchBucket) =>
  error instanceof type || (error instanceof Error && error.name === type.name);

/**
 * The restored resources as DynamoDB and S3 show them: a table's status and one counted item (no
 * item is read out), a bucket's first key. A missing resource is undefined; other errors throw.
 */
export function awsRestoreProbe(dynamo: DynamoDBClient, s3: S3Client): RestoreProbe {
  return {
    async table(name) {
      try {
        const described = await dynamo.send(new DescribeTableCommand({ TableName: name }));
        const scanned = await dynamo.send(
          new ScanCommand({ TableName: name, Limit: 1, Select: 'COUNT' }),
        );
        return {
          status: described.Table?.TableStatus ?? 'UNKNOWN',
          hasItems: (scanned.Count ?? 0) > 0,
        };
      } catch (error) {
        if (isMissing(error, ResourceNotFoundException)) return undefined;
        throw error;
      }
    },
    async bucketHasObjects(name) {
      try {
        const listed = await s3.send(new ListObjectsV2Command({ Bucket: name, MaxKeys: 1 }));
        return (listed.KeyCount ?? 0) > 0;
      } catch (error) {
        if (isMissing(error, NoSuchBucket)) return undefined;
        throw error;
      }
    },
  };
}

/** The verdicts, as AWS Backup's validation result of each restore job. */
export function backupValidationResults(backup: BackupClient): ValidationResults {
  return {
    async put(restoreJobId, verdict) {
      await backup.send(
        new PutRestoreValidationResultCommand({
          RestoreJobId: restoreJobId,
          ValidationStatus: verdict.status,
          // The API takes a free-form message; the console shows it beside the job.
          ValidationStatusMessage: verdict.message,
        }),
      );
    },
  };
}
