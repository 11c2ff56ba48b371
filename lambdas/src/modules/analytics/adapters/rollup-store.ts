import {
  DeleteCommand,
  GetCommand,
  PutCommand,
  UpdateCommand,
  type DynamoDBDocumentClient,
} from '@aws-sdk/lib-dynamodb';
import { ANALYTICS } from '@agency/shared';
import { batchGet } from '../../../platform/aws/batch-get';
import { isConditionFailure } from '../../../platform/aws/clients';
import { KEY_PREFIXES, TABLES } from '../../../platform/aws/tables';
import { queryAll } from '../../../platform/aws/paging';
import type { RollupReader, StoredRow } from '../domain/report';
import { dayPk, keyOfId, ROLLUP_COUNTS, type Counts } from '../domain/rollup';

/** Writes in flight at once: enough to finish a busy minute in seconds, few enough not to throttle. */
export const WRITE_CONCURRENCY = 16;

/** Runs `work` on each item, at most `limit` at once; the first failure fails the whole. */
export async function eachLimit<T>(
  items: Iterable<T>,
  limit: number,
  work: (item: T) => Promise<void>,
): Promise<void> {
  const it = items[Symbol.iterator]();
  const lane = async (): Promise<void> => {
    for (let n = it.next(); !n.done; n = it.next()) await work(n.value);
  };
  await Promise.all(Array.from({ length: limit }, lane));
}

const T = TABLES.analytics;
/** The stored partition key of a domain row partition (`DAY#<day>#<filter>`). */
export const rowPk = (pk: string): string => `${KEY_PREFIXES.analytics.day}${pk}`;
const V = TABLES.visitors;
const epochS = (ms: number): number => Math.floor(ms / 1000);
/** A roll-up row of `day` expires ANALYTICS.retentionMonths after it. */
export const rowExpiry = (day: string): number => {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() + ANALYTICS.retentionMonths);
  return epochS(d.getTime());
};

/**
 * The roll-up job's writes to the analytics table, exactly once per minute and key.
 *
 * Each distinct row a minute touches is written ONCE, with `ADD <counts> SET lm = <minute>` on
 * condition `attribute_not_exists(lm) OR lm < <minute>`: a rerun of the minute after a crash finds
 * the rows it already applied marked with it and skips them (the refused condition means "done"),
 * so no count is ever added twice. Because the job sums the whole minute in memory first, a hot
 * row such as today's totals is written at most once a minute, whatever the traffic: 1,000 views a
 * second make one write to it a minute, not 60,000, and no row needs sharding.
 */
export class DynamoRollupStore {
  constructor(
    private readonly db: DynamoDBDocumentClient,
    private readonly table: string,
    private readonly visitorsTable: string,
  ) {}

  /** Adds each row's counts, once per minute (rows already carrying `minute` are skipped). */
  async addRows(minute: number, rows: ReadonlyMap<string, Counts>): Promise<number> {
    let written = 0;
    await eachLimit(rows, WRITE_CONCURRENCY, async ([id, counts]) => {
      const key = keyOfId(id);
      const day = key.pk.slice(0, 10);
      if (await this.addOnce({ pk: rowPk(key.pk), sk: key.sk }, minute, counts, rowExpiry(day)))
        written += 1;
    });
    return written;
  }

  /** Changes the `NOW#<minute>` counts (visitors last seen then), once per minute run. */
  async addNow(minute: number, now: ReadonlyMap<number, number>): Promise<void> {
    await eachLimit(now, WRITE_CONCURRENCY, async ([m, by]) => {
      if (by === 0) return;
      const expires = epochS((m + 60) * 60_000);
      await this.addOnce(
        { pk: `${KEY_PREFIXES.analytics.now}${m}`, sk: 'NOW' },
        minute,
        { visitors: by },
        expires,
      );
    });
  }

  private async addOnce(
    key: { pk: string; sk: string },
    minute: number,
    counts: Counts,
    expiresAt: number,
  ): Promise<boolean> {
    const names = ROLLUP_COUNTS.filter((c) => counts[c] !== undefined && counts[c] !== 0);
    try {
      await this.db.send(
        new UpdateCommand({
          TableName: this.table,
          Key: { [T.partitionKey]: key.pk, [T.sortKey]: key.sk },
          UpdateExpression:
            `SET lm = :m, #exp = :exp` +
            (names.length ? ` ADD ${names.map((_, i) => `#c${i} :c${i}`).join(', ')}` : ''),
          ConditionExpression: 'attribute_not_exists(lm) OR lm < :m',
          ExpressionAttributeNames: {
            '#exp': T.expiresAt,
            ...Object.fromEntries(names.map((c, i) => [`#c${i}`, c])),
          },
          ExpressionAttributeValues: {
            ':m': minute,
            ':exp': expiresAt,
            ...Object.fromEntries(names.map((c, i) => [`:c${i}`, counts[c]])),
          },
        }),
      );
      return true;
    } catch (e) {
      if (isConditionFailure(e)) return false;
      throw e;
    }
  }

  /** The last minute rolled up, or null before the first run. */
  async cursor(): Promise<number | null> {
    const out = await this.db.send(
      new GetCommand({
        TableName: this.visitorsTable,
        Key: { [V.partitionKey]: KEY_PREFIXES.visitors.cursor, [V.sortKey]: 'CURSOR' },
        ConsistentRead: true,
      }),
    );
    const m: unknown = out.Item?.minute;
    return typeof m === 'number' ? m : null;
  }

  async setCursor(minute: number): Promise<void> {
    await this.db.send(
      new PutCommand({
        TableName: this.visitorsTable,
        Item: { [V.partitionKey]: KEY_PREFIXES.visitors.cursor, [V.sortKey]: 'CURSOR', minute },
      }),
    );
  }

  /** Takes the lease until `untilMs` unless another run holds one that has not expired. */
  async lease(owner: string, nowMs: number, untilMs: number): Promise<boolean> {
    try {
      await this.db.send(
        new PutCommand({
          TableName: this.visitorsTable,
          Item: {
            [V.partitionKey]: KEY_PREFIXES.visitors.cursor,
            [V.sortKey]: 'LEASE',
            owner,
            until: untilMs,
          },
          ConditionExpression: 'attribute_not_exists(#o) OR #u < :now',
          ExpressionAttributeNames: { '#o': 'owner', '#u': 'until' },
          ExpressionAttributeValues: { ':now': nowMs },
        }),
      );
      return true;
    } catch (e) {
      if (isConditionFailure(e)) return false;
      throw e;
    }
  }

  async release(owner: string): Promise<void> {
    try {
      await this.db.send(
        new DeleteCommand({
          TableName: this.visitorsTable,
          Key: { [V.partitionKey]: KEY_PREFIXES.visitors.cursor, [V.sortKey]: 'LEASE' },
          ConditionExpression: '#o = :o',
          ExpressionAttributeNames: { '#o': 'owner' },
          ExpressionAttributeValues: { ':o': owner },
        }),
      );
    } catch (e) {
      if (!isConditionFailure(e)) throw e;
    }
  }
}

const countsOf = (item: Record<string, unknown>): Counts =>
  Object.fromEntries(
    ROLLUP_COUNTS.filter((c) => typeof item[c] === 'number').map((c) => [c, item[c]]),
  ) as Counts;

/** The dashboard's reads of the roll-ups (expired rows left out: the stand-in has no TTL). */
export class DynamoRollupReader implements RollupReader {
  constructor(
    private readonly db: DynamoDBDocumentClient,
    private readonly table: string,
    private readonly nowMs: () => number = Date.now,
  ) {}

  private live = (item: Record<string, unknown>): boolean =>
    typeof item[T.expiresAt] !== 'number' || Number(item[T.expiresAt]) * 1000 > this.nowMs();

  async dayRows(day: string, filter: string): Promise<StoredRow[]> {
    const items = await queryAll(this.db, {
      TableName: this.table,
      KeyConditionExpression: '#pk = :pk',
      ExpressionAttributeNames: { '#pk': T.partitionKey },
      ExpressionAttributeValues: { ':pk': rowPk(dayPk(day, filter)) },
    });
    return items
      .filter(this.live)
      .map((item) => ({ sk: String(item[T.sortKey]), counts: countsOf(item) }));
  }

  async dayTotals(days: readonly string[], filter: string): Promise<Map<string, Counts>> {
    const items = await batchGet(
      this.table,
      days.map((d) => ({ [T.partitionKey]: rowPk(dayPk(d, filter)), [T.sortKey]: 'total' })),
    );
    const totals = new Map<string, Counts>();
    for (const item of items.filter(this.live))
      totals.set(
        String(item[T.partitionKey]).slice(
          KEY_PREFIXES.analytics.day.length,
          KEY_PREFIXES.analytics.day.length + 10,
        ),
        countsOf(item),
      );
    return totals;
  }

  async nowVisitors(minutes: readonly number[]): Promise<number> {
    const items = await batchGet(
      this.table,
      minutes.map((m) => ({
        [T.partitionKey]: `${KEY_PREFIXES.analytics.now}${m}`,
        [T.sortKey]: 'NOW',
      })),
    );
    return items.reduce((sum, i) => sum + (typeof i.visitors === 'number' ? i.visitors : 0), 0);
  }
}
