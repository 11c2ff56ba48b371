import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  CreateTableCommand,
  DynamoDBClient,
  GetItemCommand,
  PutItemCommand,
  TransactionCanceledException,
  TransactGetItemsCommand,
  TransactWriteItemsCommand,
  UpdateItemCommand,
  type TransactWriteItem,
} from '@aws-sdk/client-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitForActive } from '../provisioning/tables';
import { LOCAL_CREDENTIALS } from './credentials';
import { startDynalite, transactionJournal } from './dynalite-store';
import { Gate } from './dynalite-transactions';

const TABLE = 'transactions-test';
let server: Server;
let client: DynamoDBClient;

beforeAll(async () => {
  server = startDynalite({ createTableMs: 0 });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  client = new DynamoDBClient({
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
      ],
      KeySchema: [
        { AttributeName: 'pk', KeyType: 'HASH' },
        { AttributeName: 'sk', KeyType: 'RANGE' },
      ],
    }),
  );
  // A new table takes items once ACTIVE, in DynamoDB as in dynalite (which activates it a tick later).
  await waitForActive(client, TABLE);
});

afterAll(async () => {
  client?.destroy();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const key = (pk: string) => ({ pk: { S: pk }, sk: { S: 'x' } });
const get = async (pk: string) =>
  (await client.send(new GetItemCommand({ TableName: TABLE, Key: key(pk), ConsistentRead: true })))
    .Item;
const putNew = (pk: string, extra: Record<string, { S: string } | { N: string }> = {}) => ({
  Put: {
    TableName: TABLE,
    Item: { ...key(pk), ...extra },
    ConditionExpression: 'attribute_not_exists(pk)',
  },
});
const write = (items: TransactWriteItem[], token?: string) =>
  client.send(new TransactWriteItemsCommand({ TransactItems: items, ClientRequestToken: token }));

async function cancellation(promise: Promise<unknown>): Promise<TransactionCanceledException> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(TransactionCanceledException);
  return error as TransactionCanceledException;
}

describe('TransactWriteItems on the DynamoDB stand-in', () => {
  it('writes every action of a transaction whose conditions hold', async () => {
    await client.send(
      new PutItemCommand({ TableName: TABLE, Item: { ...key('count'), n: { N: '1' } } }),
    );
    await client.send(
      new PutItemCommand({ TableName: TABLE, Item: { ...key('doomed'), n: { N: '1' } } }),
    );
    await write([
      putNew('ok-a', { v: { S: 'a' } }),
      {
        Update: {
          TableName: TABLE,
          Key: key('count'),
          UpdateExpression: 'ADD n :one',
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeValues: { ':one': { N: '1' } },
        },
      },
      {
        Delete: {
          TableName: TABLE,
          Key: key('doomed'),
          ConditionExpression: 'n = :one',
          ExpressionAttributeValues: { ':one': { N: '1' } },
        },
      },
      {
        ConditionCheck: {
          TableName: TABLE,
          Key: key('never-there'),
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
    ]);
    expect((await get('ok-a'))?.v).toEqual({ S: 'a' });
    expect((await get('count'))?.n).toEqual({ N: '2' });
    expect(await get('doomed')).toBeUndefined();
  });

  it('writes nothing when one condition fails, and names it in AWS shape', async () => {
    await client.send(
      new PutItemCommand({ TableName: TABLE, Item: { ...key('taken'), owner: { S: 'first' } } }),
    );
    await client.send(
      new PutItemCommand({ TableName: TABLE, Item: { ...key('counter'), n: { N: '5' } } }),
    );
    const error = await cancellation(
      write([
        putNew('fresh'),
        {
          Update: {
            TableName: TABLE,
            Key: key('counter'),
            UpdateExpression: 'ADD n :one',
            ExpressionAttributeValues: { ':one': { N: '1' } },
          },
        },
        {
          Put: {
            ...putNew('taken').Put,
            ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
          },
        },
        {
          ConditionCheck: {
            TableName: TABLE,
            Key: key('absent'),
            ConditionExpression: 'attribute_exists(pk)',
          },
        },
      ]),
    );
    expect(error.name).toBe('TransactionCanceledException');
    expect(error.message).toBe(
      'Transaction cancelled, please refer cancellation reasons for specific reasons [None, None, ConditionalCheckFailed, ConditionalCheckFailed]',
    );
    expect(error.CancellationReasons).toEqual([
      { Code: 'None' },
      { Code: 'None' },
      {
        Code: 'ConditionalCheckFailed',
        Message: 'The conditional request failed',
        Item: { ...key('taken'), owner: { S: 'first' } },
      },
      { Code: 'ConditionalCheckFailed', Message: 'The conditional request failed' },
    ]);
    // Nothing written: neither the new item nor the counter's increment.
    expect(await get('fresh')).toBeUndefined();
    expect((await get('counter'))?.n).toEqual({ N: '5' });
  });

  it('refuses two actions on one item, more than 100 actions, and a ReturnValues', async () => {
    const twice = write([putNew('dup'), { Delete: { TableName: TABLE, Key: key('dup') } }]);
    await expect(twice).rejects.toMatchObject({
      name: 'ValidationException',
      message: 'Transaction request cannot include multiple operations on one item',
    });
    const many = Array.from({ length: 101 }, (_, i) => putNew(`many-${i}`));
    await expect(write(many)).rejects.toMatchObject({ name: 'ValidationException' });
    expect(await get('many-0')).toBeUndefined();
    expect(await get('dup')).toBeUndefined();
  });

  it('uses dynalite condition semantics, refusing a bad expression as DynamoDB does', async () => {
    await expect(
      write([
        {
          Put: {
            TableName: TABLE,
            Item: key('bad'),
            ConditionExpression: 'attribute_not_exists(pk) AND #missing = :v',
            ExpressionAttributeValues: { ':v': { S: 'x' } },
          },
        },
      ]),
    ).rejects.toMatchObject({ name: 'ValidationException' });
    expect(await get('bad')).toBeUndefined();
  });

  it('puts back what it wrote when a later write is refused only while applying', async () => {
    await client.send(
      new PutItemCommand({ TableName: TABLE, Item: { ...key('text'), n: { S: 'not a number' } } }),
    );
    const error = await cancellation(
      write([
        putNew('early'),
        {
          Update: {
            TableName: TABLE,
            Key: key('text'),
            UpdateExpression: 'ADD n :one',
            ExpressionAttributeValues: { ':one': { N: '1' } },
          },
        },
      ]),
    );
    expect(error.CancellationReasons?.map((r) => r.Code)).toEqual(['None', 'ValidationError']);
    expect(await get('early')).toBeUndefined();
  });

  it('answers a repeated ClientRequestToken without writing again, and refuses it for other actions', async () => {
    await client.send(
      new PutItemCommand({ TableName: TABLE, Item: { ...key('idem'), n: { N: '0' } } }),
    );
    const add: TransactWriteItem = {
      Update: {
        TableName: TABLE,
        Key: key('idem'),
        UpdateExpression: 'ADD n :one',
        ExpressionAttributeValues: { ':one': { N: '1' } },
      },
    };
    await write([add], 'token-1');
    await write([add], 'token-1');
    expect((await get('idem'))?.n).toEqual({ N: '1' });
    await expect(write([putNew('other')], 'token-1')).rejects.toMatchObject({
      name: 'IdempotentParameterMismatchException',
    });
  });

  it('lets exactly one of many transactions racing for one guard win', async () => {
    const racers = Array.from({ length: 8 }, (_, i) =>
      write([putNew('SLUG#race', { owner: { S: `post-${i}` } }), putNew(`POST#race-${i}`)]).then(
        () => i,
        (e: unknown) => {
          expect(e).toBeInstanceOf(TransactionCanceledException);
          return null;
        },
      ),
    );
    const winners = (await Promise.all(racers)).filter((i) => i !== null);
    expect(winners).toHaveLength(1);
    expect((await get('SLUG#race'))?.owner).toEqual({ S: `post-${winners[0]}` });
    for (let i = 0; i < 8; i++)
      expect(await get(`POST#race-${i}`)).toEqual(
        i === winners[0] ? key(`POST#race-${i}`) : undefined,
      );
  });

  it('never lets a plain write interleave with a running transaction', async () => {
    await client.send(
      new PutItemCommand({ TableName: TABLE, Item: { ...key('hits'), n: { N: '0' } } }),
    );
    const add = (by: number) => ({
      TableName: TABLE,
      Key: key('hits'),
      UpdateExpression: 'ADD n :by',
      ExpressionAttributeValues: { ':by': { N: String(by) } },
    });
    const transactions = Array.from({ length: 10 }, () => write([{ Update: add(10) }]));
    const plain = Array.from({ length: 30 }, () => client.send(new UpdateItemCommand(add(1))));
    await Promise.all([...transactions, ...plain]);
    expect((await get('hits'))?.n).toEqual({ N: '130' });
  });
});

describe('TransactGetItems on the DynamoDB stand-in', () => {
  it('reads every item at once, absent ones as empty responses', async () => {
    await client.send(
      new PutItemCommand({ TableName: TABLE, Item: { ...key('read-a'), v: { S: 'a' } } }),
    );
    const out = await client.send(
      new TransactGetItemsCommand({
        TransactItems: [
          { Get: { TableName: TABLE, Key: key('read-a'), ProjectionExpression: 'v' } },
          { Get: { TableName: TABLE, Key: key('read-none') } },
        ],
      }),
    );
    expect(out.Responses).toEqual([{ Item: { v: { S: 'a' } } }, {}]);
  });
});

describe('the gate in front of dynalite', () => {
  it('lets shared calls run together and a transaction only alone, in arrival order', async () => {
    const gate = new Gate();
    const order: string[] = [];
    const a = await gate.enter(false);
    const b = await gate.enter(false);
    const tx = gate.enter(true).then((leave) => {
      order.push('tx');
      return leave;
    });
    const late = gate.enter(false).then((leave) => {
      order.push('late');
      return leave;
    });
    await new Promise((r) => setTimeout(r, 10));
    expect(order).toEqual([]);
    a();
    b();
    (await tx)();
    (await late)();
    expect(order).toEqual(['tx', 'late']);
  });
});

describe('a stand-in killed while applying a transaction', () => {
  it('puts the half-applied items back when it starts again, before answering anything', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'transactions-journal-'));
    const dbPath = path.join(dir, 'dynamodb');
    const open = async () => {
      const s = startDynalite({ path: dbPath, createTableMs: 0 });
      await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
      const c = new DynamoDBClient({
        endpoint: `http://127.0.0.1:${(s.address() as AddressInfo).port}`,
        region: 'eu-west-1',
        credentials: LOCAL_CREDENTIALS,
      });
      return { s, c };
    };
    const close = async ({ s, c }: { s: Server; c: DynamoDBClient }) => {
      c.destroy();
      await new Promise<void>((resolve) => s.close(() => resolve()));
    };
    try {
      const first = await open();
      await first.c.send(
        new CreateTableCommand({
          TableName: TABLE,
          BillingMode: 'PAY_PER_REQUEST',
          AttributeDefinitions: [
            { AttributeName: 'pk', AttributeType: 'S' },
            { AttributeName: 'sk', AttributeType: 'S' },
          ],
          KeySchema: [
            { AttributeName: 'pk', KeyType: 'HASH' },
            { AttributeName: 'sk', KeyType: 'RANGE' },
          ],
        }),
      );
      await waitForActive(first.c, TABLE);
      const before = { ...key('POST#1'), title: { S: 'before' } };
      await first.c.send(new PutItemCommand({ TableName: TABLE, Item: before }));
      // As a kill leaves it: the journal of a two-item transaction, its first write applied.
      await writeFile(
        transactionJournal(dbPath),
        JSON.stringify([
          { TableName: TABLE, key: key('POST#1'), old: before },
          { TableName: TABLE, key: key('SLUG#new'), old: null },
        ]),
      );
      // And the draft of a later transaction's journal, cut by the kill while it was written.
      await writeFile(`${transactionJournal(dbPath)}.draft`, '[{"TableName":');
      await first.c.send(
        new PutItemCommand({ TableName: TABLE, Item: { ...key('POST#1'), title: { S: 'after' } } }),
      );
      await close(first);

      const again = await open();
      try {
        const read = async (pk: string) =>
          (
            await again.c.send(
              new GetItemCommand({ TableName: TABLE, Key: key(pk), ConsistentRead: true }),
            )
          ).Item;
        expect(await read('POST#1')).toEqual(before);
        expect(await read('SLUG#new')).toBeUndefined();
        expect(existsSync(transactionJournal(dbPath))).toBe(false);
        expect(existsSync(`${transactionJournal(dbPath)}.draft`)).toBe(false);
      } finally {
        await close(again);
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
