import { BatchGetCommand, DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { batchGet } from './batch-get';
import { resetClients } from './clients';

// Unprocessed keys come from throttling or a 16 MB answer, which the local stand-in never does.
const ddb = mockClient(DynamoDBDocumentClient);
const key = (n: number) => ({ pk: `K#${n}`, sk: 'S' });

beforeEach(() => {
  ddb.reset();
  resetClients();
});
afterEach(() => ddb.reset());

describe('batchGet', () => {
  it('asks again for the keys left unprocessed until every item is read', async () => {
    ddb
      .on(BatchGetCommand)
      .resolvesOnce({
        Responses: { t: [key(1)] },
        UnprocessedKeys: { t: { Keys: [key(2), key(3)] } },
      })
      .resolvesOnce({ Responses: { t: [key(3)] }, UnprocessedKeys: { t: { Keys: [key(2)] } } })
      .resolvesOnce({ Responses: { t: [key(2)] }, UnprocessedKeys: {} });
    const items = await batchGet('t', [key(1), key(2), key(3)], ['pk']);
    expect(items).toEqual([key(1), key(3), key(2)]);
    const asked = ddb.commandCalls(BatchGetCommand).map((c) => c.args[0].input.RequestItems?.t);
    expect(asked.map((r) => r?.Keys)).toEqual([
      [key(1), key(2), key(3)],
      [key(2), key(3)],
      [key(2)],
    ]);
    expect(asked[2]).toMatchObject({
      ProjectionExpression: '#a0',
      ExpressionAttributeNames: { '#a0': 'pk' },
    });
  });

  it('sends at most 100 keys per call', async () => {
    ddb.on(BatchGetCommand).resolves({ Responses: { t: [] } });
    await batchGet(
      't',
      Array.from({ length: 250 }, (_, i) => key(i)),
    );
    const sizes = ddb
      .commandCalls(BatchGetCommand)
      .map((c) => c.args[0].input.RequestItems?.t?.Keys?.length);
    expect(sizes).toEqual([100, 100, 50]);
  });

  it('throws rather than answer without items it could not read', async () => {
    ddb
      .on(BatchGetCommand)
      .resolves({ Responses: { t: [] }, UnprocessedKeys: { t: { Keys: [key(1)] } } });
    await expect(batchGet('t', [key(1)])).rejects.toThrow('left 1 keys unprocessed');
    expect(ddb.commandCalls(BatchGetCommand)).toHaveLength(5);
  });
});
