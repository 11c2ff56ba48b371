import { GetCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { HitCounter, HitReader } from '../rate-limit';
import { KEY_PREFIXES, TABLES } from './tables';

const T = TABLES.content;
const rateItem = (key: string) => ({
  [T.partitionKey]: `${KEY_PREFIXES.content.rate}${key}`,
  [T.sortKey]: 'RATE',
});

/**
 * Per-IP enquiry counters in the content table: `{ pk: 'RATE#<ip>#<window>', sk: 'RATE', hits, expiresAt }`,
 * incremented with an atomic ADD so concurrent requests are all counted. The window number is part of
 * the key, so a stale record never counts against a new window even without TTL.
 */
export class DynamoHitCounter implements HitCounter, HitReader {
  constructor(
    private readonly db: DynamoDBDocumentClient,
    private readonly table: string,
  ) {}

  async hit(key: string, expiresAt: number): Promise<number> {
    const out = await this.db.send(
      new UpdateCommand({
        TableName: this.table,
        Key: rateItem(key),
        UpdateExpression: 'ADD hits :one SET #exp = :exp',
        ExpressionAttributeNames: { '#exp': T.expiresAt },
        ExpressionAttributeValues: { ':one': 1, ':exp': expiresAt },
        ReturnValues: 'UPDATED_NEW',
      }),
    );
    const hits = out.Attributes?.hits;
    if (typeof hits !== 'number') throw new Error(`Rate counter ${key} returned no hit count`);
    return hits;
  }

  async hits(key: string): Promise<number> {
    const out = await this.db.send(
      new GetCommand({
        TableName: this.table,
        Key: rateItem(key),
        ConsistentRead: true,
      }),
    );
    const hits: unknown = out.Item?.hits;
    return typeof hits === 'number' ? hits : 0;
  }
}
