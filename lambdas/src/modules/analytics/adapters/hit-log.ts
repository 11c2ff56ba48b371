import { randomBytes, randomInt } from 'node:crypto';
import { PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { ANALYTICS } from '@agency/shared';
import { dynamoClient } from '../../../platform/aws/clients';
import { KEY_PREFIXES, TABLES } from '../../../platform/aws/tables';
import { queryAll } from '../../../platform/aws/paging';
import type { HitLog, RawHit } from '../domain/ports';

const V = TABLES.visitors;
const MINUTE_MS = 60_000;

/** The partition of a minute's shard: `HIT#<epoch minute>#<shard>`. */
export const hitPartition = (minute: number, shard: number): string =>
  `${KEY_PREFIXES.visitors.hit}${minute}#${shard}`;

const HIT_FIELDS = [
  'kind',
  'at',
  'visitor',
  'path',
  'channel',
  'source',
  'campaign',
  'country',
  'device',
  'duration_ms',
] as const;

/** The hit an item holds (the item's keys and expiry left out). */
function hitOf(item: Record<string, unknown>): RawHit {
  const hit: Record<string, unknown> = {};
  for (const f of HIT_FIELDS) if (item[f] !== undefined) hit[f] = item[f];
  return hit as unknown as RawHit;
}

/**
 * Raw hits in the visitors table, one partition per minute and shard (a random one of
 * ANALYTICS.hitShards, so 1,000 views a second make no hot key), sk `<at>#<random>`, gone
 * ANALYTICS.rawTtlHours after the hit.
 */
export class DynamoHitLog implements HitLog {
  constructor(
    private readonly db: () => DynamoDBDocumentClient = dynamoClient,
    private readonly table: () => string = () => process.env[V.envVar] ?? '',
  ) {}

  async append(hit: RawHit): Promise<void> {
    const minute = Math.floor(hit.at / MINUTE_MS);
    await this.db().send(
      new PutCommand({
        TableName: this.table(),
        Item: {
          ...hit,
          [V.partitionKey]: hitPartition(minute, randomInt(ANALYTICS.hitShards)),
          [V.sortKey]: `${hit.at}#${randomBytes(6).toString('hex')}`,
          [V.expiresAt]: Math.floor((hit.at + ANALYTICS.rawTtlHours * 3_600_000) / 1000),
        },
      }),
    );
  }

  async minute(minute: number): Promise<RawHit[]> {
    const nowS = Math.floor(Date.now() / 1000);
    const shards = await Promise.all(
      Array.from({ length: ANALYTICS.hitShards }, (_, shard) =>
        queryAll(this.db(), {
          TableName: this.table(),
          KeyConditionExpression: '#pk = :pk',
          ExpressionAttributeNames: { '#pk': V.partitionKey },
          ExpressionAttributeValues: { ':pk': hitPartition(minute, shard) },
        }),
      ),
    );
    return shards
      .flat()
      .filter((item) => typeof item[V.expiresAt] !== 'number' || Number(item[V.expiresAt]) > nowS)
      .map(hitOf);
  }
}
