import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dynamoClient } from '../../../platform/aws/clients';
import { KEY_PREFIXES, TABLES } from '../../../platform/aws/tables';
import { startTestStack, type TestStack } from '../../../../test/harness';
import { DynamoSaltStore, saltExpiry } from './salt-store';

const V = TABLES.visitors;
let stack: TestStack;
const table = () => process.env[V.envVar] ?? '';
const key = (day: string) => ({
  [V.partitionKey]: `${KEY_PREFIXES.visitors.salt}${day}`,
  [V.sortKey]: 'SALT',
});

beforeAll(async () => {
  stack = await startTestStack();
});
afterAll(async () => {
  await stack?.stop();
});

describe('DynamoSaltStore', () => {
  it('gives cold starts racing on a new day one salt (the conditional put has one winner)', async () => {
    const day = '2032-01-10';
    const at = new Date(`${day}T00:00:05Z`);
    const salts = await Promise.all(
      Array.from({ length: 6 }, () => new DynamoSaltStore().saltOf(day, at)),
    );
    expect(new Set(salts).size).toBe(1);
    expect(salts[0]).toMatch(/^[0-9a-f]{64}$/);
    const item = await dynamoClient().send(new GetCommand({ TableName: table(), Key: key(day) }));
    expect(item.Item?.[V.expiresAt]).toBe(saltExpiry(day));
    expect(saltExpiry(day)).toBe(Date.parse('2032-01-12T00:00:00Z') / 1000);
  });

  it('ignores and replaces a salt past its expiry (TTL deletes late), even one cached in memory', async () => {
    const day = '2032-02-01';
    await dynamoClient().send(
      new PutCommand({
        TableName: table(),
        Item: { ...key(day), salt: 'old-salt', [V.expiresAt]: saltExpiry(day) },
      }),
    );
    const store = new DynamoSaltStore();
    expect(await store.saltOf(day, new Date(`${day}T12:00:00Z`))).toBe('old-salt');
    // 48 h after the day began, the salt is gone for every reader, this container's cache too.
    const later = new Date('2032-02-03T00:00:00Z');
    const fresh = await store.saltOf(day, later);
    expect(fresh).not.toBe('old-salt');
    // A day's salt asked for after its expiry is never one a hash was made with before.
    expect(await new DynamoSaltStore().saltOf(day, later)).not.toBe('old-salt');
  });
});
