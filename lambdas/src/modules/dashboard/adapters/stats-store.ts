import {
  GetCommand,
  PutCommand,
  QueryCommand,
  UpdateCommand,
  type DynamoDBDocumentClient,
} from '@aws-sdk/lib-dynamodb';
import * as z from 'zod';
import { dayKey, landingPath, weekKey, type Lead, type LeadStatus } from '@agency/shared';
import type { DashboardStats, WeekCounts } from '../domain/dashboard';
import type { LeadStats, ViewStats } from '../../leads/domain/ports';
import { tableName } from '../../../platform/env';
import { batchGet } from '../../../platform/aws/batch-get';
import { dynamoClient, isConditionFailure } from '../../../platform/aws/clients';
import { KEY_PREFIXES, TABLES } from '../../../platform/aws/tables';

const T = TABLES.stats;
type Key = Record<string, unknown>;

/** The key a lead without a known landing page is counted under. */
export const NO_LANDING = '(none)';

const P = KEY_PREFIXES.stats;
const LEAD_STATUS = P.leadStatus;
const TOTAL = 'TOTAL';
/** Sort-key prefixes of a week partition, one per breakdown the dashboard shows. */
const BREAKDOWN = { source: 'SOURCE#', subject: 'SUBJECT#', landing: 'LANDING#' } as const;
const key = (pk: string, sk: string): Key => ({ [T.partitionKey]: pk, [T.sortKey]: sk });
const weekPartition = (week: string) => `${P.leadWeek}${week}`;
/**
 * The views of one UTC day: VIEW_SHARDS items, `VIEWS#<day>` / `POSTS` and `POSTS#1` … `POSTS#15`,
 * each with one number per post viewed that day, attribute `p<postId>`, an atomic counter changed
 * with `ADD`; a view adds to one shard picked at random, and a read sums the shards. The dashboard's
 * 30 days are then 480 keys read with BatchGet (5 calls), whatever the number of posts (one item per
 * post and day was ~39,000 items, ~2 s, for 100,000 views over 1,300 posts). Why shards: today's item
 * is a hot key — every view of the day writes it, DynamoDB serves ~1,000 write units a second per
 * item and an update costs 1 unit per KB of the item (~13 KB for 1,300 posts), so one item would cap
 * the site near 75 views a second; 16 shards carry 1,000 views a second at ~800 units on each. An
 * item holds at most 400 KB, ≈10 bytes per post viewed in the day: tens of thousands of distinct
 * posts a day. Shard 0 keeps the key of the single item this replaced, so days counted before read
 * on. Items of the earlier per-post layout (`VIEWS#<day>` / `POST#<id>`, local stacks only: it never
 * shipped) are never read, so they are simply ignored.
 */
export const VIEW_SHARDS = 16;
const VIEWS_SORT_KEY = 'POSTS';
export const viewsKey = (day: string, shard = 0): Key =>
  key(`${P.views}${day}`, shard === 0 ? VIEWS_SORT_KEY : `${VIEWS_SORT_KEY}#${shard}`);
/** The attribute counting one post's views in a day item. */
export const viewsAttribute = (postId: number) => `p${postId}`;
const VIEWS_ATTRIBUTE = /^p(\d+)$/;
/** Marks a lead as counted, so a retried call or the backfill never counts it twice. */
const countedKey = (leadId: string) => key(`${P.counted}${leadId}`, 'LEAD');

const countItem = z.object({ sk: z.string(), count: z.number().int() });

/** The week figures a lead (not spam) adds to: its week's total and each breakdown. */
function weekKeys(lead: Lead): Key[] {
  const pk = weekPartition(weekKey(lead.created_at));
  return [
    key(pk, TOTAL),
    key(pk, BREAKDOWN.source + lead.source),
    key(pk, BREAKDOWN.subject + lead.subject),
    key(pk, BREAKDOWN.landing + (landingPath(lead.landing_page) ?? NO_LANDING)),
  ];
}

const statusKey = (status: LeadStatus) => key(LEAD_STATUS, status);

/**
 * The dashboard's aggregates in the stats table (layout: platform/aws/tables.ts): counters changed only
 * with ADD, each change an independent UpdateItem sent in parallel (the local stand-in has no
 * transactions, and each counter is right on its own). Lead figures are read with a Query of one
 * partition each, the views of all the days asked for with one BatchGet.
 * Table and client are read on each call, from the configured stats table.
 */
export class DynamoStatsStore implements LeadStats, ViewStats, DashboardStats {
  // Read on use, so functions that hold a store but never count (post writers) need no stats table.
  private get db(): DynamoDBDocumentClient {
    return dynamoClient();
  }

  private get table(): string {
    return tableName('stats');
  }

  private async add(changes: [Key, number][]): Promise<void> {
    await Promise.all(
      changes.map(([k, by]) =>
        this.db.send(
          new UpdateCommand({
            TableName: this.table,
            Key: k,
            UpdateExpression: 'ADD #count :by',
            ExpressionAttributeNames: { '#count': 'count' },
            ExpressionAttributeValues: { ':by': by },
          }),
        ),
      ),
    );
  }

  /** Puts the counted marker; false when the lead was counted before. */
  private async markCounted(lead: Lead): Promise<boolean> {
    try {
      await this.db.send(
        new PutCommand({
          TableName: this.table,
          Item: { ...countedKey(lead.id), at: new Date().toISOString() },
          ConditionExpression: 'attribute_not_exists(#pk)',
          ExpressionAttributeNames: { '#pk': T.partitionKey },
        }),
      );
      return true;
    } catch (error) {
      if (isConditionFailure(error)) return false;
      throw error;
    }
  }

  private async isCounted(leadId: string): Promise<boolean> {
    const out = await this.db.send(
      new GetCommand({ TableName: this.table, Key: countedKey(leadId), ConsistentRead: true }),
    );
    return out.Item !== undefined;
  }

  async leadReceived(lead: Lead): Promise<void> {
    if (!(await this.markCounted(lead))) return;
    const week = lead.status === 'spam' ? [] : weekKeys(lead);
    await this.add([[statusKey(lead.status), 1], ...week.map((k): [Key, number] => [k, 1])]);
  }

  async statusChanged(lead: Lead, from: LeadStatus, to: LeadStatus): Promise<void> {
    if (from === to) return;
    // A lead stored before the aggregates existed and not backfilled yet: count it as it is now.
    if (!(await this.isCounted(lead.id))) return this.leadReceived({ ...lead, status: to });
    const changes: [Key, number][] = [
      [statusKey(from), -1],
      [statusKey(to), 1],
    ];
    const weekChange = to === 'spam' ? -1 : from === 'spam' ? 1 : 0;
    if (weekChange !== 0)
      changes.push(...weekKeys(lead).map((k): [Key, number] => [k, weekChange]));
    await this.add(changes);
  }

  async leadErased(lead: Lead): Promise<void> {
    if (!(await this.isCounted(lead.id))) return;
    await this.add([[statusKey(lead.status), -1]]);
  }

  async postViewed(postId: number, at: Date): Promise<void> {
    if (!Number.isSafeInteger(postId) || postId < 1) throw new Error(`Not a post id: ${postId}`);
    await this.db.send(
      new UpdateCommand({
        TableName: this.table,
        Key: viewsKey(dayKey(at), Math.floor(Math.random() * VIEW_SHARDS)),
        UpdateExpression: 'ADD #p :one',
        ExpressionAttributeNames: { '#p': viewsAttribute(postId) },
        ExpressionAttributeValues: { ':one': 1 },
      }),
    );
  }

  /** The sort key and count of every item of one partition; looping, as a Query stops at 1 MB. */
  private async partition(pk: string): Promise<Record<string, unknown>[]> {
    const items: Record<string, unknown>[] = [];
    let start: Key | undefined;
    do {
      const out = await this.db.send(
        new QueryCommand({
          TableName: this.table,
          KeyConditionExpression: '#pk = :pk',
          ProjectionExpression: '#sk, #count',
          ExpressionAttributeNames: { '#pk': T.partitionKey, '#sk': T.sortKey, '#count': 'count' },
          ExpressionAttributeValues: { ':pk': pk },
          ExclusiveStartKey: start,
        }),
      );
      items.push(...(out.Items ?? []));
      start = out.LastEvaluatedKey;
    } while (start);
    return items;
  }

  private async counts(pk: string): Promise<Map<string, number>> {
    const counts = new Map<string, number>();
    for (const item of await this.partition(pk)) {
      const parsed = countItem.safeParse(item);
      if (parsed.success) counts.set(parsed.data.sk, parsed.data.count);
    }
    return counts;
  }

  async week(week: string): Promise<WeekCounts> {
    const counts = await this.counts(weekPartition(week));
    const breakdown = (prefix: string) =>
      new Map(
        [...counts]
          .filter(([sk]) => sk.startsWith(prefix))
          .map(([sk, n]) => [sk.slice(prefix.length), n]),
      );
    return {
      total: counts.get(TOTAL) ?? 0,
      source: breakdown(BREAKDOWN.source),
      subject: breakdown(BREAKDOWN.subject),
      landing: breakdown(BREAKDOWN.landing),
    };
  }

  statuses(): Promise<Map<string, number>> {
    return this.counts(LEAD_STATUS);
  }

  async viewsOn(days: string[]): Promise<Map<number, number>[]> {
    const shards = Array.from({ length: VIEW_SHARDS }, (_, n) => n);
    const items = await batchGet(
      this.table,
      days.flatMap((day) => shards.map((n) => viewsKey(day, n))),
    );
    const byDay = new Map<unknown, Record<string, unknown>[]>();
    for (const item of items) {
      const pk = item[T.partitionKey];
      byDay.set(pk, [...(byDay.get(pk) ?? []), item]);
    }
    return days.map((day) => {
      const views = new Map<number, number>();
      for (const item of byDay.get(viewsKey(day)[T.partitionKey]) ?? []) {
        for (const [name, count] of Object.entries(item)) {
          const id = VIEWS_ATTRIBUTE.exec(name)?.[1];
          if (id !== undefined && typeof count === 'number')
            views.set(Number(id), (views.get(Number(id)) ?? 0) + count);
        }
      }
      return views;
    });
  }
}
