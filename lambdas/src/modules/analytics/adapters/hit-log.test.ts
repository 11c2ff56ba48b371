import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { ANALYTICS } from '@agency/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dynamoClient } from '../../../platform/aws/clients';
import { TABLES } from '../../../platform/aws/tables';
import { startTestStack, type TestStack } from '../../../../test/harness';
import type { RawHit } from '../domain/ports';
import { DynamoHitLog, hitPartition } from './hit-log';

const V = TABLES.visitors;
let stack: TestStack;

beforeAll(async () => {
  stack = await startTestStack();
});
afterAll(async () => {
  await stack?.stop();
});

const hitAt = (at: number, path: string): RawHit => ({
  kind: 'view',
  at,
  visitor: 'a'.repeat(64),
  path,
  channel: 'direct',
  source: 'direct',
  campaign: '',
  country: 'IN',
  device: 'desktop',
});

describe('DynamoHitLog', () => {
  it("reads back every hit of a minute across its shards, not the next minute's, nor an expired one", async () => {
    const log = new DynamoHitLog();
    const minute = Math.floor(Date.now() / 60_000) - 5;
    const start = minute * 60_000;
    const hits = Array.from({ length: 40 }, (_, i) => hitAt(start + i * 1000, `/p${i}`));
    await Promise.all(hits.map((h) => log.append(h)));
    await log.append(hitAt(start + 60_000, '/next-minute'));
    await dynamoClient().send(
      new PutCommand({
        TableName: process.env[V.envVar],
        Item: {
          ...hitAt(start, '/expired'),
          [V.partitionKey]: hitPartition(minute, ANALYTICS.hitShards - 1),
          [V.sortKey]: `${start}#expired`,
          [V.expiresAt]: Math.floor(Date.now() / 1000) - 1,
        },
      }),
    );
    const read = await log.minute(minute);
    expect(read.map((h) => h.path).sort()).toEqual(hits.map((h) => h.path).sort());
    expect(read[0]).not.toHaveProperty(V.partitionKey);
    expect(read[0]).not.toHaveProperty(V.expiresAt);
  });

  it('skips an item of a minute that is not a hit, and reads the others', async () => {
    const log = new DynamoHitLog();
    const minute = Math.floor(Date.now() / 60_000) - 9;
    const start = minute * 60_000;
    await log.append(hitAt(start, '/good'));
    await dynamoClient().send(
      new PutCommand({
        TableName: process.env[V.envVar],
        Item: {
          ...hitAt(start + 1, '/bad'),
          device: 'toaster',
          [V.partitionKey]: hitPartition(minute, 0),
          [V.sortKey]: `${start + 1}#bad`,
        },
      }),
    );
    expect((await log.minute(minute)).map((h) => h.path)).toEqual(['/good']);
  });
});
