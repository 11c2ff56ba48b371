import { randomBytes, randomInt } from 'node:crypto';
import { PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { ANALYTICS, CHANNELS, DEVICES } from '@agency/shared';
import * as z from 'zod';
import { dynamoClient } from '../../../platform/aws/clients';
import { KEY_PREFIXES, TABLES } from '../../../platform/aws/tables';
import { queryAll } from '../../../platform/aws/paging';
import { logger } from '../../../platform/logger';
import type { HitLog, RawHit } from '../domain/ports';

const V = TABLES.visitors;
const MINUTE_MS = 60_000;

/** The partition of a minute's shard: `HIT#<epoch minute>#<shard>`. */
export const hitPartition = (minute: number, shard: number): string =>
  `${KEY_PREFIXES.visitors.hit}${minute}#${shard}`;

/** A stored hit as the roll-up reads it back: the item's keys and expiry are left out. */
const storedHit = z.object({
  kind: z.enum(['view', 'end', 'bot']),
  at: z.number(),
  visitor: z.string(),
  path: z.string(),
  channel: z.enum(CHANNELS),
  source: z.string(),
  campaign: z.string(),
  country: z.string(),
  device: z.enum(DEVICES),
  duration_ms: z.number().optional(),
}) satisfies z.ZodType<RawHit>;

/**
 * The hit an item holds, or undefined (logged) for an item that is not one: a stored item only
 * collect wrote is never that, and skipping it keeps one bad item from holding the roll-up's cursor
 * on its minute for ever.
 */
function hitOf(item: Record<string, unknown>): RawHit | undefined {
  const parsed = storedHit.safeParse(item);
  if (parsed.success) return parsed.data;
  logger.warn('analytics: skipped an item of the hit log that is not a hit', {
    pk: item[V.partitionKey],
    sk: item[V.sortKey],
    problems: parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`),
  });
  return undefined;
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
      .flatMap((item) => hitOf(item) ?? []);
  }
}
