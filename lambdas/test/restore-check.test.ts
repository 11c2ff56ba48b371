import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { BackupClient, PutRestoreValidationResultCommand } from '@aws-sdk/client-backup';
import { CreateTableCommand, PutItemCommand, waitUntilTableExists } from '@aws-sdk/client-dynamodb';
import { CreateBucketCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetClients } from '../src/platform/aws/clients';
import { resetEnv } from '../src/platform/env';
import { standInClients } from '../src/local/provisioning/provision';
import { LOCAL_CREDENTIALS, LOCAL_REGION } from '../src/local/stand-ins/credentials';
import { startStandIns, type StandIns } from '../src/local/stand-ins/stand-ins';
import {
  checkRestore,
  RESTORE_TEST_PREFIX,
  type RestoreProbe,
  type Verdict,
} from '../src/modules/system/domain/restore-check';

/**
 * The restore check (issue 36): what AWS Backup's weekly restore test restored is looked at on the
 * local DynamoDB and S3 stand-ins, as the function looks at it in AWS, and the verdict is reported
 * on the restore job (AWS Backup has no stand-in: its client is mocked, and only it).
 */
const backup = mockClient(BackupClient);
let standIns: StandIns;
let dataDir = '';
let clients: ReturnType<typeof standInClients>;
let handler: (event: unknown) => Promise<void>;
const saved = new Map<string, string | undefined>();

const TABLE = `${RESTORE_TEST_PREFIX}content-1a2b3c`;
const EMPTY_TABLE = `${RESTORE_TEST_PREFIX}views-4d5e6f`;
const BUCKET = `${RESTORE_TEST_PREFIX}media-7a8b9c`;
const EMPTY_BUCKET = `${RESTORE_TEST_PREFIX}media-empty`;
const tableArn = (name: string) => `arn:aws:dynamodb:eu-west-1:123456789012:table/${name}`;
const bucketArn = (name: string) => `arn:aws:s3:::${name}`;

/** AWS Backup's event that a restore of the restore testing plan completed. */
const completed = (resourceType: string, createdResourceArn: string | undefined, id = 'job-1') => ({
  version: '0',
  source: 'aws.backup',
  'detail-type': 'Restore Job State Change',
  detail: {
    restoreJobId: id,
    resourceType,
    status: 'COMPLETED',
    restoreTestingPlanArn:
      'arn:aws:backup:eu-west-1:123456789012:restore-testing-plan:AgencySite_prod_restore_test-abc',
    ...(createdResourceArn ? { createdResourceArn } : {}),
  },
});

/** The verdicts reported to AWS Backup, in order. */
const reported = () =>
  backup.commandCalls(PutRestoreValidationResultCommand).map((c) => c.args[0].input);

async function createTable(name: string): Promise<void> {
  await clients.dynamo.send(
    new CreateTableCommand({
      TableName: name,
      BillingMode: 'PAY_PER_REQUEST',
      AttributeDefinitions: [{ AttributeName: 'pk', AttributeType: 'S' }],
      KeySchema: [{ AttributeName: 'pk', KeyType: 'HASH' }],
    }),
  );
  await waitUntilTableExists({ client: clients.dynamo, maxWaitTime: 30 }, { TableName: name });
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'restore-check-'));
  standIns = await startStandIns({ dataDir, dynamoInMemory: true });
  clients = standInClients(standIns.endpoints);
  const env = {
    AWS_ENDPOINT_URL_DYNAMODB: standIns.endpoints.dynamodb,
    AWS_ENDPOINT_URL_S3: standIns.endpoints.s3,
    AWS_REGION: LOCAL_REGION,
    AWS_ACCESS_KEY_ID: LOCAL_CREDENTIALS.accessKeyId,
    AWS_SECRET_ACCESS_KEY: LOCAL_CREDENTIALS.secretAccessKey,
    LOG_LEVEL: 'info',
  };
  for (const [key, value] of Object.entries(env)) {
    saved.set(key, process.env[key]);
    process.env[key] = value;
  }
  resetEnv();
  resetClients();
  // The function's clients are made when its module loads, as at a cold start: after the env.
  ({ handler } = await import('../src/modules/system/workers/check-restore'));

  await createTable(TABLE);
  await clients.dynamo.send(
    new PutItemCommand({ TableName: TABLE, Item: { pk: { S: 'POST#hello' } } }),
  );
  await createTable(EMPTY_TABLE);
  for (const bucket of [BUCKET, EMPTY_BUCKET])
    await clients.s3.send(new CreateBucketCommand({ Bucket: bucket }));
  await clients.s3.send(
    new PutObjectCommand({ Bucket: BUCKET, Key: 'images/hello.webp', Body: 'webp' }),
  );
}, 60_000);

afterAll(async () => {
  for (const [key, value] of saved)
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  resetEnv();
  resetClients();
  clients.destroy();
  await standIns.stop();
  await rm(dataDir, { recursive: true, force: true });
});

beforeEach(() => {
  backup.reset();
  backup.on(PutRestoreValidationResultCommand).resolves({});
});

describe('a restored table', () => {
  it('that is ACTIVE and holds items passes', async () => {
    await handler(completed('DynamoDB', tableArn(TABLE)));
    expect(reported()).toEqual([
      {
        RestoreJobId: 'job-1',
        ValidationStatus: 'SUCCESSFUL',
        ValidationStatusMessage: `The restored table ${TABLE} is ACTIVE and holds items`,
      },
    ]);
  });

  it('that is empty passes only when its recovery point was empty (a stage with no lead yet)', async () => {
    const empty = completed('DynamoDB', tableArn(EMPTY_TABLE), 'job-0');
    await handler({ ...empty, detail: { ...empty.detail, backupSizeInBytes: '0' } });
    await handler({
      ...empty,
      detail: { ...empty.detail, restoreJobId: 'job-9', backupSizeInBytes: 2048 },
    });
    expect(reported()).toEqual([
      {
        RestoreJobId: 'job-0',
        ValidationStatus: 'SUCCESSFUL',
        ValidationStatusMessage: `The restored table ${EMPTY_TABLE} is ACTIVE and empty, as its recovery point was`,
      },
      {
        RestoreJobId: 'job-9',
        ValidationStatus: 'FAILED',
        ValidationStatusMessage: `The restored table ${EMPTY_TABLE} holds no items (its recovery point holds 2048 bytes)`,
      },
    ]);
  });

  it('that holds no items fails, and the log line says FAILED for the alarm', async () => {
    const lines: string[] = [];
    const stderr = vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => {
      lines.push(String(chunk));
      return true;
    });
    try {
      await handler(completed('DynamoDB', tableArn(EMPTY_TABLE), 'job-2'));
    } finally {
      stderr.mockRestore();
    }
    expect(reported()).toEqual([
      {
        RestoreJobId: 'job-2',
        ValidationStatus: 'FAILED',
        ValidationStatusMessage: `The restored table ${EMPTY_TABLE} holds no items`,
      },
    ]);
    // What the stage's metric filter matches: `{ $.verdict = "FAILED" }`.
    const failed = lines.map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(failed).toEqual([
      expect.objectContaining({ level: 'error', verdict: 'FAILED', job: 'job-2' }),
    ]);
  });

  it('that does not exist fails', async () => {
    await handler(completed('DynamoDB', tableArn(`${RESTORE_TEST_PREFIX}gone`)));
    expect(reported()[0]).toMatchObject({
      ValidationStatus: 'FAILED',
      ValidationStatusMessage: `The restored table ${RESTORE_TEST_PREFIX}gone does not exist`,
    });
  });
});

describe('a restored bucket', () => {
  it('that holds objects passes', async () => {
    await handler(completed('S3', bucketArn(BUCKET)));
    expect(reported()).toEqual([
      {
        RestoreJobId: 'job-1',
        ValidationStatus: 'SUCCESSFUL',
        ValidationStatusMessage: `The restored bucket ${BUCKET} holds objects`,
      },
    ]);
  });

  it('that is empty, or missing, fails', async () => {
    await handler(completed('S3', bucketArn(EMPTY_BUCKET), 'empty'));
    await handler(completed('S3', bucketArn(`${RESTORE_TEST_PREFIX}gone`), 'gone'));
    expect(reported()).toEqual([
      expect.objectContaining({
        RestoreJobId: 'empty',
        ValidationStatus: 'FAILED',
        ValidationStatusMessage: `The restored bucket ${EMPTY_BUCKET} holds no objects`,
      }),
      expect.objectContaining({
        RestoreJobId: 'gone',
        ValidationStatus: 'FAILED',
        ValidationStatusMessage: `The restored bucket ${RESTORE_TEST_PREFIX}gone does not exist`,
      }),
    ]);
  });
});

describe('what the check will not pass', () => {
  it('a live table or bucket (not a test restore): failed without being read', async () => {
    const probe: RestoreProbe = {
      table: vi.fn(),
      bucketHasObjects: vi.fn(),
    };
    const put = vi.fn<(id: string, verdict: Verdict) => Promise<void>>(() => Promise.resolve());
    await checkRestore(
      {
        restoreJobId: 'j',
        resourceType: 'DynamoDB',
        createdResourceArn: tableArn('AgencySite-prod-Content'),
      },
      { probe, results: { put } },
    );
    await checkRestore(
      {
        restoreJobId: 'k',
        resourceType: 'S3',
        createdResourceArn: bucketArn('agencysite-prod-media'),
      },
      { probe, results: { put } },
    );
    expect(probe.table).not.toHaveBeenCalled();
    expect(probe.bucketHasObjects).not.toHaveBeenCalled();
    expect(put.mock.calls.map(([, v]) => v.status)).toEqual(['FAILED', 'FAILED']);
  });

  it('a restore of another type, or one that names no resource', async () => {
    await handler(completed('EBS', 'arn:aws:ec2:eu-west-1:123456789012:volume/vol-1', 'ebs'));
    await handler(completed('DynamoDB', undefined, 'none'));
    expect(reported().map((r) => [r.RestoreJobId, r.ValidationStatus])).toEqual([
      ['ebs', 'FAILED'],
      ['none', 'FAILED'],
    ]);
  });

  it('an event that is not a completed restore: refused, with no verdict', async () => {
    const running = completed('DynamoDB', tableArn(TABLE));
    await expect(
      handler({ ...running, detail: { ...running.detail, status: 'RUNNING' } }),
    ).rejects.toThrow();
    expect(reported()).toEqual([]);
  });

  it('a read that fails for another reason: no verdict, so the retry can give the true one', async () => {
    const put = vi.fn(() => Promise.resolve());
    const throttled = Object.assign(new Error('Rate exceeded'), {
      name: 'ProvisionedThroughputExceededException',
    });
    await expect(
      checkRestore(
        { restoreJobId: 'j', resourceType: 'DynamoDB', createdResourceArn: tableArn(TABLE) },
        {
          probe: { table: () => Promise.reject(throttled), bucketHasObjects: vi.fn() },
          results: { put },
        },
      ),
    ).rejects.toThrow('Rate exceeded');
    expect(put).not.toHaveBeenCalled();
  });
});
