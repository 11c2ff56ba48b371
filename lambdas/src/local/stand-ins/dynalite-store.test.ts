import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  CreateTableCommand,
  DynamoDBClient,
  ListTablesCommand,
  PutItemCommand,
  QueryCommand,
  ScanCommand,
} from '@aws-sdk/client-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_CREDENTIALS } from './credentials';
import { iteratorCounts, startDynalite } from './dynalite-store';

const TABLE = 'iterator-test';

async function serve(options: {
  path?: string;
}): Promise<{ server: Server; client: DynamoDBClient }> {
  const server = startDynalite({ ...options, createTableMs: 0 });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const client = new DynamoDBClient({
    endpoint: `http://127.0.0.1:${port}`,
    region: 'eu-west-1',
    credentials: LOCAL_CREDENTIALS,
  });
  await client.send(
    new CreateTableCommand({
      TableName: TABLE,
      BillingMode: 'PAY_PER_REQUEST',
      AttributeDefinitions: [
        { AttributeName: 'pk', AttributeType: 'S' },
        { AttributeName: 'sk', AttributeType: 'S' },
        { AttributeName: 'kind', AttributeType: 'S' },
      ],
      KeySchema: [
        { AttributeName: 'pk', KeyType: 'HASH' },
        { AttributeName: 'sk', KeyType: 'RANGE' },
      ],
      GlobalSecondaryIndexes: [
        {
          IndexName: 'byKind',
          KeySchema: [
            { AttributeName: 'kind', KeyType: 'HASH' },
            { AttributeName: 'sk', KeyType: 'RANGE' },
          ],
          Projection: { ProjectionType: 'KEYS_ONLY' },
        },
      ],
    }),
  );
  for (let i = 0; i < 12; i++)
    await client.send(
      new PutItemCommand({
        TableName: TABLE,
        Item: { pk: { S: 'p' }, sk: { S: String(i).padStart(2, '0') }, kind: { S: 'post' } },
      }),
    );
  return { server, client };
}

const query = (extra: Partial<ConstructorParameters<typeof QueryCommand>[0]> = {}) =>
  new QueryCommand({
    TableName: TABLE,
    KeyConditionExpression: 'pk = :p',
    ExpressionAttributeValues: { ':p': { S: 'p' } },
    ...extra,
  });

describe.each([
  ['on disk, as npm start keeps it', true],
  ['in memory, as the tests keep it', false],
])('the DynamoDB stand-in %s', (_label, onDisk) => {
  let dir = '';
  let server: Server;
  let client: DynamoDBClient;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'dynalite-store-'));
    ({ server, client } = await serve(onDisk ? { path: dir } : {}));
  });
  afterAll(async () => {
    client.destroy();
    await new Promise((resolve) => server.close(resolve));
    await rm(dir, { recursive: true, force: true });
  });

  it('closes the LevelDB iterator of every read, whether it stops early or reads to the end', async () => {
    const before = iteratorCounts(server).opened;
    const limited = await client.send(query({ Limit: 5 }));
    expect(limited.Items?.map((i) => i.sk?.S)).toEqual(['00', '01', '02', '03', '04']);
    expect(limited.LastEvaluatedKey).toBeDefined();
    const next = await client.send(
      query({ Limit: 5, ExclusiveStartKey: limited.LastEvaluatedKey }),
    );
    expect(next.Items?.map((i) => i.sk?.S)).toEqual(['05', '06', '07', '08', '09']);
    const backwards = await client.send(query({ Limit: 3, ScanIndexForward: false }));
    expect(backwards.Items?.map((i) => i.sk?.S)).toEqual(['11', '10', '09']);
    expect((await client.send(query())).Items).toHaveLength(12);
    const index = await client.send(
      new QueryCommand({
        TableName: TABLE,
        IndexName: 'byKind',
        KeyConditionExpression: 'kind = :k',
        ExpressionAttributeValues: { ':k': { S: 'post' } },
        Limit: 3,
      }),
    );
    expect(index.Items).toHaveLength(3);
    expect((await client.send(new ScanCommand({ TableName: TABLE, Limit: 4 }))).Items).toHaveLength(
      4,
    );
    expect((await client.send(new ScanCommand({ TableName: TABLE }))).Items).toHaveLength(12);
    expect((await client.send(new ListTablesCommand({ Limit: 1 }))).TableNames).toEqual([TABLE]);

    const counts = iteratorCounts(server);
    expect(counts.opened - before).toBeGreaterThanOrEqual(8);
    expect(counts.open).toBe(0);
  });

  it('keeps no iterator open under concurrent reads', async () => {
    await Promise.all(
      Array.from({ length: 50 }, (_, i) => client.send(query(i % 2 ? { Limit: 2 } : {}))),
    );
    expect(iteratorCounts(server).open).toBe(0);
  });
});
