import {
  DynamoDBDocumentClient,
  QueryCommand,
  ScanCommand,
  TransactWriteCommand,
} from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resetEnv } from '../../../platform/env';
import { resetClients } from '../../../platform/aws/clients';
import { DynamoPostStore } from './post-store';

const ddb = mockClient(DynamoDBDocumentClient);

const row = (id: number) => ({
  pk: `POST#${id}`,
  sk: 'POST',
  gsi1pk: 'POSTS',
  gsi1sk: `2024-01-01T00:00:00.000Z#${String(id).padStart(10, '0')}`,
  id,
  title: `t${id}`,
  slug: `s${id}`,
  content: '',
  head_tag: '',
  banner_key: null,
  created_at: '2024-01-01T00:00:00.000Z',
  updated_at: '2024-01-01T00:00:00.000Z',
  category_id: null,
  author_id: null,
  version: 1,
});

// What the CDK stack sets on a post function (grants content and views); these tests read no other setting.
const TABLE_ENV = { CONTENT_TABLE: 'content', VIEWS_TABLE: 'views' };
const saved = Object.fromEntries(Object.keys(TABLE_ENV).map((k) => [k, process.env[k]]));

beforeEach(() => {
  ddb.reset();
  resetClients();
  Object.assign(process.env, TABLE_ENV);
  resetEnv();
});
afterEach(() => {
  ddb.reset();
  for (const [k, v] of Object.entries(saved)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
  resetEnv();
});

// The cost of a page is what it asks DynamoDB for: these pin the shape of the requests.
describe('DynamoPostStore.listPage', () => {
  it('reads page 1 with one Query of size+1 on the newest-first index, whatever the table holds', async () => {
    ddb.on(QueryCommand).resolves({
      Items: Array.from({ length: 11 }, (_, i) => row(100 - i)),
      LastEvaluatedKey: { pk: 'x' },
    });
    const page = await new DynamoPostStore().listPage(1, 10);
    expect(page.items.map((p) => p.id)).toEqual([100, 99, 98, 97, 96, 95, 94, 93, 92, 91]);
    expect(page.hasNext).toBe(true);
    const calls = ddb.commandCalls(QueryCommand);
    expect(calls).toHaveLength(1);
    expect(calls[0]?.args[0].input).toMatchObject({
      IndexName: 'byDate',
      ScanIndexForward: false,
      Limit: 11,
    });
    expect(calls[0]?.args[0].input.ExclusiveStartKey).toBeUndefined();
    expect(ddb.commandCalls(ScanCommand)).toHaveLength(0);
  });

  it('counts past earlier pages without reading them, then reads size+1 items from there', async () => {
    const last = (({ pk, sk, gsi1pk, gsi1sk }) => ({ pk, sk, gsi1pk, gsi1sk }))(row(81));
    ddb.on(QueryCommand, { Select: 'COUNT' }).resolves({ Count: 20, LastEvaluatedKey: last });
    ddb.on(QueryCommand, { Limit: 11 }).resolves({ Items: [row(80), row(79)] });
    const page = await new DynamoPostStore().listPage(3, 10);
    expect(page).toMatchObject({ hasNext: false });
    expect(page.items.map((p) => p.id)).toEqual([80, 79]);
    const calls = ddb.commandCalls(QueryCommand).map((c) => c.args[0].input);
    expect(calls).toHaveLength(2);
    expect(calls[0]).toMatchObject({ Limit: 20, Select: 'COUNT' });
    expect(calls[1]).toMatchObject({ Limit: 11, ExclusiveStartKey: last });
  });

  it('answers an empty last page without reading items when the skip runs out', async () => {
    ddb
      .on(QueryCommand)
      .resolves({ Items: [{ pk: 'POST#1', sk: 'POST', gsi1pk: 'POSTS', gsi1sk: 'a' }] });
    expect(await new DynamoPostStore().listPage(5, 10)).toEqual({ items: [], hasNext: false });
    expect(ddb.commandCalls(QueryCommand)).toHaveLength(1);
  });
});

/** A stored row without its keys: the record the domain hands the store. */
function postFields(item: ReturnType<typeof row>) {
  const { pk: _pk, sk: _sk, gsi1pk: _p, gsi1sk: _s, ...fields } = item;
  return fields;
}

describe('DynamoPostStore index attributes', () => {
  const record = (status: 'draft' | 'scheduled' | 'published') => ({
    ...postFields(row(7)),
    status,
    publish_at: status === 'draft' ? null : '2030-01-01T00:00:00.000Z',
    updated_by: null,
  });

  it('puts a published post in the public index only, and hidden ones in the unpublished index only', async () => {
    ddb.on(TransactWriteCommand).resolves({});
    const store = new DynamoPostStore();
    for (const status of ['published', 'scheduled', 'draft'] as const)
      await store.writePost({ post: record(status), replaces: null });
    const items = ddb
      .commandCalls(TransactWriteCommand)
      .map((c) => c.args[0].input.TransactItems?.[0]?.Put?.Item ?? {});
    expect(items[0]).toMatchObject({
      gsi1pk: 'POSTS',
      gsi1sk: '2030-01-01T00:00:00.000Z#0000000007',
    });
    expect(items[0]).not.toHaveProperty('gsi2pk');
    expect(items[1]).toMatchObject({
      gsi2pk: 'SCHEDULED',
      gsi2sk: '2030-01-01T00:00:00.000Z#0000000007',
    });
    expect(items[2]).toMatchObject({ gsi2pk: 'DRAFT' });
    for (const hidden of [items[1], items[2]]) expect(hidden).not.toHaveProperty('gsi1pk');
  });

  it('reads a filtered admin list from the unpublished index', async () => {
    ddb.on(QueryCommand).resolves({ Items: [] });
    await new DynamoPostStore().listPage(1, 10, 'draft');
    expect(ddb.commandCalls(QueryCommand)[0]?.args[0].input).toMatchObject({
      IndexName: 'unpublished',
      ExpressionAttributeValues: { ':p': 'DRAFT' },
      Limit: 11,
    });
  });
});
