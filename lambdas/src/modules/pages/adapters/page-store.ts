import {
  DeleteCommand,
  GetCommand,
  PutCommand,
  QueryCommand,
  UpdateCommand,
  type DynamoDBDocumentClient,
} from '@aws-sdk/lib-dynamodb';
import {
  pageContent,
  pageDraftContent,
  pageRevision,
  pageRevisionSummary,
  siteSettings,
  type PageRevision,
  type PageRevisionSummary,
} from '@agency/shared';
import * as z from 'zod';
import type { PageRecord, PageStore, SettingsRecord, SettingsStore } from '../domain/ports';
import { tableName } from '../../../platform/env';
import { dynamoClient, isConditionFailure } from '../../../platform/aws/clients';
import { PAGES_INDEX_KEY, pageKey, pagePk, REV_PREFIX, revSk, settingsKey } from './page-keys';
import { parseStored } from './stored-links';
import { TABLES } from '../../../platform/aws/tables';
import { mediaKey } from '../../media/adapters/media-repository';
import { MAX_TRANSACT_ITEMS, transact, type Step } from '../../../platform/aws/transaction';

const T = TABLES.content;
const { byDate } = T.indexes;

const stored = z.object({
  path: z.string(),
  content: pageDraftContent,
  published: pageContent.nullable().default(null),
  version: z.number().int(),
  published_version: z.number().int().nullable().default(null),
  reason: z.enum(['save', 'publish', 'restore']),
  updated_at: z.string(),
  updated_by: z.string().nullable().default(null),
  published_at: z.string().nullable().default(null),
  site_version: z.number().int().default(0),
  rendered_version: z.number().int().default(0),
  retired_at: z.string().nullable().default(null),
  redirect_to: z.string().nullable().default(null),
  publish_at: z.string().nullable().default(null),
});

const parse = (item: Record<string, unknown>): PageRecord =>
  parseStored(stored, item, `page ${String(item.path)}`);

/** A record as stored: nulls left out, so conditions can test `attribute_not_exists(retired_at)`. */
function itemOf(r: PageRecord): Record<string, unknown> {
  const attributes = Object.fromEntries(Object.entries(r).filter(([, v]) => v !== null));
  return {
    ...pageKey(r.path),
    gsi1pk: PAGES_INDEX_KEY,
    gsi1sk: r.path,
    ...attributes,
  };
}

const db = (): { client: DynamoDBDocumentClient; table: string } => ({
  client: dynamoClient(),
  table: tableName('content'),
});

/** The put of a page over its stored record, only if that is still at `expect` and not retired. */
function unchangedPut(record: PageRecord, expect: { version: number; site_version: number }) {
  return {
    Item: itemOf(record),
    ConditionExpression: 'version = :v AND site_version = :s AND attribute_not_exists(retired_at)',
    ExpressionAttributeValues: { ':v': expect.version, ':s': expect.site_version },
  };
}

/** The put of a new page at a free path: none stored there, or a retired one still at `over`. */
function newPagePut(record: PageRecord, over: number | null) {
  return {
    Item: itemOf(record),
    ...(over === null
      ? {
          ConditionExpression: 'attribute_not_exists(#pk)',
          ExpressionAttributeNames: { '#pk': T.partitionKey },
        }
      : {
          ConditionExpression: 'attribute_exists(retired_at) AND version = :over',
          ExpressionAttributeValues: { ':over': over },
        }),
  };
}

export class DynamoPageStore implements PageStore, SettingsStore {
  async get(path: string): Promise<PageRecord | null> {
    const { client, table } = db();
    const out = await client.send(
      new GetCommand({ TableName: table, Key: pageKey(path), ConsistentRead: true }),
    );
    return out.Item ? parse(out.Item) : null;
  }

  async all(): Promise<PageRecord[]> {
    const { client, table } = db();
    const found: PageRecord[] = [];
    let start: Record<string, unknown> | undefined;
    do {
      const out = await client.send(
        new QueryCommand({
          TableName: table,
          IndexName: byDate.name,
          KeyConditionExpression: '#pk = :pk',
          ExpressionAttributeNames: { '#pk': byDate.partitionKey },
          ExpressionAttributeValues: { ':pk': PAGES_INDEX_KEY },
          ExclusiveStartKey: start,
        }),
      );
      for (const item of out.Items ?? []) found.push(parse(item));
      start = out.LastEvaluatedKey;
    } while (start);
    return found;
  }

  async create(record: PageRecord, over: number | null): Promise<'written' | 'exists'> {
    const { client, table } = db();
    try {
      await client.send(new PutCommand({ TableName: table, ...newPagePut(record, over) }));
      return 'written';
    } catch (error) {
      if (isConditionFailure(error)) return 'exists';
      throw error;
    }
  }

  async move(
    moved: PageRecord,
    over: number | null,
    retired: PageRecord,
    expect: { version: number; site_version: number },
  ): Promise<'written' | 'exists' | 'stale'> {
    const { client, table } = db();
    const outcome = await transact<'exists' | 'stale'>(client, [
      { item: { Put: { TableName: table, ...newPagePut(moved, over) } }, refused: () => 'exists' },
      {
        item: {
          Put: { TableName: table, ...unchangedPut(retired, expect) },
        },
        refused: () => 'stale',
      },
    ]);
    return outcome.written ? 'written' : outcome.refused;
  }

  async save(
    record: PageRecord,
    expect: { version: number; site_version: number },
    revision: PageRevision | null,
    images: readonly string[] = [],
  ): Promise<'written' | 'stale' | { missing: string }> {
    const { client, table } = db();
    const steps: Step<'stale' | { missing: string }>[] = [
      {
        item: {
          Put: { TableName: table, ...unchangedPut(record, expect) },
        },
        refused: () => 'stale',
      },
    ];
    if (revision)
      steps.push({
        item: {
          Put: {
            TableName: table,
            Item: {
              [T.partitionKey]: pagePk(record.path),
              [T.sortKey]: revSk(revision.revision),
              ...revision,
            },
          },
        },
      });
    // Each library image the page shows still exists, checked in the write itself: a delete that
    // came after the caller's check cannot leave the page showing a missing image (a delete after
    // this write sees the page and refuses). Past the transaction's room the caller's check stands.
    if (steps.length + images.length <= MAX_TRANSACT_ITEMS)
      for (const id of images)
        steps.push({
          item: {
            ConditionCheck: {
              TableName: table,
              Key: mediaKey(id),
              ConditionExpression: 'attribute_exists(#pk)',
              ExpressionAttributeNames: { '#pk': T.partitionKey },
            },
          },
          refused: () => ({ missing: id }),
        });
    const outcome = await transact(client, steps);
    return outcome.written ? 'written' : outcome.refused;
  }

  async markRendered(path: string, siteVersion: number): Promise<void> {
    const { client, table } = db();
    try {
      await client.send(
        new UpdateCommand({
          TableName: table,
          Key: pageKey(path),
          UpdateExpression: 'SET rendered_version = :v',
          ConditionExpression:
            'attribute_exists(#pk) AND (attribute_not_exists(rendered_version) OR rendered_version < :v)',
          ExpressionAttributeNames: { '#pk': T.partitionKey },
          ExpressionAttributeValues: { ':v': siteVersion },
        }),
      );
    } catch (error) {
      // Already as new, or newer: another run got there first.
      if (!isConditionFailure(error)) throw error;
    }
  }

  private async revisionItems(path: string, summary: boolean): Promise<Record<string, unknown>[]> {
    const { client, table } = db();
    const items: Record<string, unknown>[] = [];
    let start: Record<string, unknown> | undefined;
    do {
      const out = await client.send(
        new QueryCommand({
          TableName: table,
          KeyConditionExpression: '#pk = :pk AND begins_with(#sk, :rev)',
          ExpressionAttributeNames: {
            '#pk': T.partitionKey,
            '#sk': T.sortKey,
            ...(summary ? { '#t': 'title', '#r': 'revision', '#reason': 'reason' } : {}),
          },
          ExpressionAttributeValues: { ':pk': pagePk(path), ':rev': REV_PREFIX },
          ...(summary
            ? { ProjectionExpression: '#pk, #sk, #r, #t, saved_at, saved_by, #reason' }
            : {}),
          ScanIndexForward: false,
          ExclusiveStartKey: start,
        }),
      );
      items.push(...(out.Items ?? []));
      start = out.LastEvaluatedKey;
    } while (start);
    return items;
  }

  async revisions(path: string): Promise<PageRevisionSummary[]> {
    return (await this.revisionItems(path, true)).map((item) => pageRevisionSummary.parse(item));
  }

  async revision(path: string, revision: number): Promise<PageRevision | null> {
    const { client, table } = db();
    const out = await client.send(
      new GetCommand({
        TableName: table,
        Key: { [T.partitionKey]: pagePk(path), [T.sortKey]: revSk(revision) },
      }),
    );
    return out.Item ? parseStored(pageRevision, out.Item, `revision ${revision} of ${path}`) : null;
  }

  async trimRevisions(path: string, keep: number): Promise<void> {
    const { client, table } = db();
    const items = await this.revisionItems(path, true);
    for (const item of items.slice(keep))
      await client.send(
        new DeleteCommand({
          TableName: table,
          Key: { [T.partitionKey]: item[T.partitionKey], [T.sortKey]: item[T.sortKey] },
        }),
      );
  }

  async getSettings(): Promise<SettingsRecord | null> {
    const { client, table } = db();
    const out = await client.send(
      new GetCommand({ TableName: table, Key: settingsKey, ConsistentRead: true }),
    );
    return out.Item ? parseStored(storedSettings, out.Item, 'site settings') : null;
  }

  async putSettings(record: SettingsRecord, expect: number): Promise<'written' | 'stale'> {
    const { client, table } = db();
    try {
      await client.send(
        new PutCommand({
          TableName: table,
          Item: { ...settingsKey, ...record },
          ...(expect === 0
            ? {
                ConditionExpression: 'attribute_not_exists(#pk)',
                ExpressionAttributeNames: { '#pk': T.partitionKey },
              }
            : { ConditionExpression: 'version = :e', ExpressionAttributeValues: { ':e': expect } }),
        }),
      );
      return 'written';
    } catch (error) {
      if (isConditionFailure(error)) return 'stale';
      throw error;
    }
  }

  async markSettingsRendered(version: number): Promise<void> {
    const { client, table } = db();
    try {
      await client.send(
        new UpdateCommand({
          TableName: table,
          Key: settingsKey,
          UpdateExpression: 'SET rendered_version = :v',
          ConditionExpression: 'attribute_exists(#pk) AND rendered_version < :v',
          ExpressionAttributeNames: { '#pk': T.partitionKey },
          ExpressionAttributeValues: { ':v': version },
        }),
      );
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
    }
  }
}

const storedSettings = z.object({
  settings: siteSettings,
  version: z.number().int(),
  updated_at: z.string().nullable().default(null),
  updated_by: z.string().nullable().default(null),
  rendered_version: z.number().int().default(0),
});
