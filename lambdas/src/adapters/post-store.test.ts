import { DynamoDBDocumentClient, QueryCommand, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resetEnv } from '../lib/env';
import { resetClients } from './clients';
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

beforeEach(() => {
  ddb.reset();
  resetClients();
  resetEnv();
});
afterEach(() => ddb.reset());

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

  it('skips earlier pages by keys only, then reads size+1 items from there', async () => {
    const keys = Array.from({ length: 20 }, (_, i) => {
      const { pk, sk, gsi1pk, gsi1sk } = row(100 - i);
      return { pk, sk, gsi1pk, gsi1sk };
    });
    ddb
      .on(QueryCommand, { ProjectionExpression: 'pk, sk, gsi1pk, gsi1sk' })
      .resolves({ Items: keys, LastEvaluatedKey: keys[19] });
    ddb.on(QueryCommand, { Limit: 11 }).resolves({ Items: [row(80), row(79)] });
    const page = await new DynamoPostStore().listPage(3, 10);
    expect(page).toMatchObject({ hasNext: false });
    expect(page.items.map((p) => p.id)).toEqual([80, 79]);
    const calls = ddb.commandCalls(QueryCommand).map((c) => c.args[0].input);
    expect(calls).toHaveLength(2);
    expect(calls[0]).toMatchObject({ Limit: 20, ProjectionExpression: 'pk, sk, gsi1pk, gsi1sk' });
    expect(calls[1]).toMatchObject({ Limit: 11, ExclusiveStartKey: keys[19] });
  });

  it('answers an empty last page without reading items when the skip runs out', async () => {
    ddb
      .on(QueryCommand)
      .resolves({ Items: [{ pk: 'POST#1', sk: 'POST', gsi1pk: 'POSTS', gsi1sk: 'a' }] });
    expect(await new DynamoPostStore().listPage(5, 10)).toEqual({ items: [], hasNext: false });
    expect(ddb.commandCalls(QueryCommand)).toHaveLength(1);
  });
});
