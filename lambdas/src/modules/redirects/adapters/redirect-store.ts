import { createHash } from 'node:crypto';
import {
  BatchGetCommand,
  DeleteCommand,
  QueryCommand,
  UpdateCommand,
  GetCommand,
  type DynamoDBDocumentClient,
} from '@aws-sdk/lib-dynamodb';
import {
  NOT_FOUND_LOG,
  readableAddress,
  redirect,
  targetKey,
  type NotFoundEntry,
} from '@agency/shared';
import * as z from 'zod';
import type {
  RedirectGraph,
  RedirectRecord,
  RedirectStore,
  RedirectWrite,
} from '../domain/redirects';
import { foldCase } from '../../../platform/search-form';
import type { NotFoundLog } from '../../not-found/domain/not-found-log';
import { tableName } from '../../../platform/env';
import { dynamoClient, isConditionFailure } from '../../../platform/aws/clients';
import { queryPage } from '../../../platform/aws/paging';
import { KEY_PREFIXES, TABLES } from '../../../platform/aws/tables';
import { transact, type Step, MAX_TRANSACT_ITEMS } from '../../../platform/aws/transaction';

const T = TABLES.content;
const { byDate } = T.indexes;

/**
 * Key prefixes of the redirect records in the content table (grants.ts names them for IAM):
 * redirects are one partition, `{ pk: 'REDIRECT', sk: <source key> }`, ordered by source, with the
 * graph's version item `{ pk: 'REDIRECT', sk: '#GRAPH' }` beside them (every source key starts with
 * `/`, so reads of the redirects ask for sort keys from `/` on and never see it); each 404
 * path is `{ pk: 'NOTFOUND#<path>', sk: 'NOTFOUND' }` and sits in the byDate index under
 * gsi1pk 'NOTFOUND' with gsi1sk = its count zero-padded + '#' + path, so the log reads most hit first.
 */
export const REDIRECT_KEYS = {
  redirects: KEY_PREFIXES.content.redirect,
  notFound: KEY_PREFIXES.content.notFound,
  notFoundIndex: 'NOTFOUND',
  graph: '#GRAPH',
} as const;

/** Every redirect's sort key starts so (a source key is a site path); the version item's does not. */
const SOURCE_START = '/';
/** The key condition of the redirects (the partition's items from `/` on). */
const SOURCES_CONDITION = '#pk = :pk AND begins_with(#sk, :source)';

const redirectKey = (from: string) => ({
  [T.partitionKey]: REDIRECT_KEYS.redirects,
  [T.sortKey]: from,
});
const graphKey = () => ({
  [T.partitionKey]: REDIRECT_KEYS.redirects,
  [T.sortKey]: REDIRECT_KEYS.graph,
});
const storedGraph = z.object({ version: z.number().int(), bytes: z.number().int() });
const notFoundKey = (path: string) => ({
  [T.partitionKey]: `${REDIRECT_KEYS.notFound}${path}`,
  [T.sortKey]: 'NOTFOUND',
});
/**
 * The mark that an access-log file's 404s of a path were counted: `NOTFOUND#FILE#<hash of file and
 * path>` (no path starts so: every path starts with `/`), expiring after LOG_FILE_MARK_DAYS, long
 * past any retry of the file's event.
 */
const logFileMark = (source: string, path: string) => ({
  [T.partitionKey]: `${REDIRECT_KEYS.notFound}FILE#${createHash('sha256').update(`${source}\n${path}`).digest('hex')}`,
  [T.sortKey]: 'NOTFOUND',
});
const LOG_FILE_MARK_DAYS = 7;

const stored = redirect.extend({ note: z.string().nullable().default(null) });
const parse = (item: Record<string, unknown>): RedirectRecord => stored.parse(item);

/**
 * What the manager's search looks in: source and target as stored (`/caf%C3%A9-offer`) and as the
 * lists show them (`/café-offer`), and the note, in search form (`foldCase`: NFC, lower case), which the query
 * is put in too.
 */
const searchTextOf = (r: RedirectRecord): string =>
  foldCase([r.from, r.to, readableAddress(r.from), readableAddress(r.to), r.note ?? ''].join('\n'));

/** A redirect as stored: the record, its target's key (to find what leads to a source) and its search text. */
function itemOf(r: RedirectRecord): Record<string, unknown> {
  const target = targetKey(r.to);
  return {
    ...redirectKey(r.from),
    ...r,
    ...(target ? { target } : {}),
    search: searchTextOf(r),
  };
}

const db = (): { client: DynamoDBDocumentClient; table: string } => ({
  client: dynamoClient(),
  table: tableName('content'),
});

/** Redirects (the table of record) in the content table. */
export class DynamoRedirectStore implements RedirectStore {
  async get(from: string): Promise<RedirectRecord | null> {
    const { client, table } = db();
    const out = await client.send(
      new GetCommand({ TableName: table, Key: redirectKey(from), ConsistentRead: true }),
    );
    return out.Item ? parse(out.Item) : null;
  }

  async graph(): Promise<RedirectGraph | null> {
    const { client, table } = db();
    const out = await client.send(
      new GetCommand({ TableName: table, Key: graphKey(), ConsistentRead: true }),
    );
    if (!out.Item) return null;
    const { version, bytes } = storedGraph.parse(out.Item);
    return { version, bytes };
  }

  async getMany(froms: readonly string[]): Promise<Map<string, RedirectRecord>> {
    const { client, table } = db();
    const found = new Map<string, RedirectRecord>();
    const unique = [...new Set(froms)];
    for (let i = 0; i < unique.length; i += 100) {
      let keys: Record<string, unknown>[] = unique.slice(i, i + 100).map(redirectKey);
      while (keys.length) {
        const out = await client.send(
          new BatchGetCommand({
            RequestItems: { [table]: { Keys: keys, ConsistentRead: true } },
          }),
        );
        for (const item of out.Responses?.[table] ?? []) {
          const r = parse(item);
          found.set(r.from, r);
        }
        keys = (out.UnprocessedKeys?.[table]?.Keys ?? []) as Record<string, unknown>[];
      }
    }
    return found;
  }

  // One partition read with a filter: what leads to a source is asked only when a redirect is
  // written, and the whole table is at most the edge store's 5 MB.
  async leadingTo(key: string): Promise<RedirectRecord[]> {
    return this.query({
      FilterExpression: '#target = :key',
      names: { '#target': 'target' },
      values: { ':key': key },
    });
  }

  async all(): Promise<RedirectRecord[]> {
    return this.query({});
  }

  async refreshSearch(): Promise<number> {
    const { client, table } = db();
    let written = 0;
    for (const item of await this.items({})) {
      const r = parse(item);
      const search = searchTextOf(r);
      if (item.search === search) continue;
      try {
        await client.send(
          new UpdateCommand({
            TableName: table,
            Key: redirectKey(r.from),
            UpdateExpression: 'SET #search = :search',
            // Only over the redirect as read: a write meanwhile has written its own search text.
            ConditionExpression: 'updated_at = :at AND #to = :to',
            ExpressionAttributeNames: { '#search': 'search', '#to': 'to' },
            ExpressionAttributeValues: { ':search': search, ':at': r.updated_at, ':to': r.to },
          }),
        );
        written++;
      } catch (error) {
        if (!isConditionFailure(error)) throw error;
      }
    }
    return written;
  }

  private async query(filter: {
    FilterExpression?: string;
    names?: Record<string, string>;
    values?: Record<string, unknown>;
  }): Promise<RedirectRecord[]> {
    return (await this.items(filter)).map(parse);
  }

  /** Every stored redirect item (the graph's version item left out), read consistently. */
  private async items(filter: {
    FilterExpression?: string;
    names?: Record<string, string>;
    values?: Record<string, unknown>;
  }): Promise<Record<string, unknown>[]> {
    const { client, table } = db();
    const found: Record<string, unknown>[] = [];
    let start: Record<string, unknown> | undefined;
    do {
      const out = await client.send(
        new QueryCommand({
          TableName: table,
          KeyConditionExpression: SOURCES_CONDITION,
          ...(filter.FilterExpression ? { FilterExpression: filter.FilterExpression } : {}),
          ExpressionAttributeNames: { '#pk': T.partitionKey, '#sk': T.sortKey, ...filter.names },
          ExpressionAttributeValues: {
            ':pk': REDIRECT_KEYS.redirects,
            ':source': SOURCE_START,
            ...filter.values,
          },
          ConsistentRead: true,
          ExclusiveStartKey: start,
        }),
      );
      found.push(...(out.Items ?? []));
      start = out.LastEvaluatedKey;
    } while (start);
    return found;
  }

  async page(
    page: number,
    size: number,
    q?: string,
  ): Promise<{ items: RedirectRecord[]; hasNext: boolean; count: number }> {
    const { client, table } = db();
    const query = {
      TableName: table,
      KeyConditionExpression: SOURCES_CONDITION,
      ExpressionAttributeNames: {
        '#pk': T.partitionKey,
        '#sk': T.sortKey,
        ...(q ? { '#search': 'search' } : {}),
      },
      ExpressionAttributeValues: {
        ':pk': REDIRECT_KEYS.redirects,
        ':source': SOURCE_START,
        ...(q ? { ':q': q } : {}),
      },
      ...(q ? { FilterExpression: 'contains(#search, :q)' } : {}),
    };
    const [{ items, hasNext }, count] = await Promise.all([
      queryPage(client, query, page, size),
      this.count(query),
    ]);
    return { items: items.map(parse), hasNext, count };
  }

  private async count(query: Parameters<typeof queryPage>[1]): Promise<number> {
    const { client } = db();
    let count = 0;
    let start: Record<string, unknown> | undefined;
    do {
      const out = await client.send(
        new QueryCommand({ ...query, Select: 'COUNT', ExclusiveStartKey: start }),
      );
      count += out.Count ?? 0;
      start = out.LastEvaluatedKey;
    } while (start);
    return count;
  }

  async write(change: RedirectWrite): Promise<'written' | 'changed'> {
    const { client, table } = db();
    const changed = () => 'changed' as const;
    const { expect, next } = change.graph;
    const steps: Step<'changed'>[] = [
      // The graph as read: unchanged (or still absent), raised by this write.
      {
        item: {
          Put: {
            TableName: table,
            Item: { ...graphKey(), version: next.version, bytes: next.bytes },
            ...(expect === null
              ? {
                  ConditionExpression: 'attribute_not_exists(#pk)',
                  ExpressionAttributeNames: { '#pk': T.partitionKey },
                }
              : {
                  ConditionExpression: '#version = :version',
                  ExpressionAttributeNames: { '#version': 'version' },
                  ExpressionAttributeValues: { ':version': expect },
                }),
          },
        },
        refused: changed,
      },
      ...change.puts.map(({ record, expect }) => ({
        item: {
          Put: {
            TableName: table,
            Item: itemOf(record),
            ...(expect === null
              ? {
                  ConditionExpression: 'attribute_not_exists(#pk)',
                  ExpressionAttributeNames: { '#pk': T.partitionKey },
                }
              : {
                  ConditionExpression: 'updated_at = :expect',
                  ExpressionAttributeValues: { ':expect': expect },
                }),
          },
        },
        refused: changed,
      })),
      ...change.deletes.map(({ from, expect }) => ({
        item: {
          Delete: {
            TableName: table,
            Key: redirectKey(from),
            ConditionExpression: 'updated_at = :expect',
            ExpressionAttributeValues: { ':expect': expect },
          },
        },
        refused: changed,
      })),
      ...change.dropNotFound.map((path) => ({
        item: { Delete: { TableName: table, Key: notFoundKey(path) } },
      })),
    ];
    if (steps.length > MAX_TRANSACT_ITEMS)
      throw new Error(`a redirect change of ${steps.length} items is over DynamoDB's limit`);
    const outcome = await transact(client, steps);
    return outcome.written ? 'written' : outcome.refused;
  }

  /** Which of these sources are redirected (the 404 log leaves them out). */
  async redirected(sources: string[]): Promise<Set<string>> {
    const { client, table } = db();
    const found = new Set<string>();
    for (let i = 0; i < sources.length; i += 100) {
      let keys: Record<string, unknown>[] = sources.slice(i, i + 100).map(redirectKey);
      while (keys.length) {
        const out = await client.send(
          new BatchGetCommand({
            RequestItems: {
              [table]: {
                Keys: keys,
                ProjectionExpression: '#sk',
                ExpressionAttributeNames: { '#sk': T.sortKey },
              },
            },
          }),
        );
        for (const item of out.Responses?.[table] ?? []) found.add(String(item[T.sortKey]));
        keys = (out.UnprocessedKeys?.[table]?.Keys ?? []) as Record<string, unknown>[];
      }
    }
    return found;
  }
}

const REFERRER_PREFIX = 'ref:';
const NO_REFERRER = '-';
const padCount = (n: number) => String(n).padStart(10, '0');

const notFoundItem = z.looseObject({
  path: z.string(),
  hits: z.number().int(),
  first_seen: z.string(),
  last_seen: z.string(),
});

function entryOf(item: Record<string, unknown>): NotFoundEntry {
  const base = notFoundItem.parse(item);
  const referrers = Object.entries(item)
    .filter(([k, v]) => k.startsWith(REFERRER_PREFIX) && typeof v === 'number')
    .map(([k, v]) => ({ host: k.slice(REFERRER_PREFIX.length), count: Number(v) }))
    .filter((r) => r.host !== NO_REFERRER)
    .sort((a, b) => b.count - a.count || a.host.localeCompare(b.host))
    .slice(0, NOT_FOUND_LOG.topReferrers);
  return {
    path: base.path,
    count: base.hits,
    first_seen: base.first_seen,
    last_seen: base.last_seen,
    referrers,
  };
}

/** The 404 log in the content table (keys: REDIRECT_KEYS). */
export class DynamoNotFoundLog implements NotFoundLog {
  constructor(private readonly redirects = new DynamoRedirectStore()) {}

  async recordOnce(
    source: string,
    path: string,
    hits: ReadonlyMap<string | null, number>,
    now: Date,
  ): Promise<boolean> {
    const { client, table } = db();
    const before = await client.send(
      new GetCommand({ TableName: table, Key: notFoundKey(path), ConsistentRead: true }),
    );
    // Hosts past the ones kept are counted as no referrer (made-up referrers cannot grow the item).
    const kept = new Set(
      Object.keys(before.Item ?? {}).filter((k) => k.startsWith(REFERRER_PREFIX)),
    );
    const counts = new Map<string, number>();
    for (const [host, n] of hits) {
      let key = `${REFERRER_PREFIX}${host ?? NO_REFERRER}`;
      if (!kept.has(key)) {
        if (kept.size < NOT_FOUND_LOG.referrersKept) kept.add(key);
        else key = `${REFERRER_PREFIX}${NO_REFERRER}`;
      }
      counts.set(key, (counts.get(key) ?? 0) + n);
    }
    const total = [...hits.values()].reduce((a, b) => a + b, 0);
    const names: Record<string, string> = { '#path': 'path', '#exp': T.expiresAt };
    const values: Record<string, unknown> = {
      ':hits': total,
      ':path': path,
      ':at': now.toISOString(),
      ':exp': Math.floor(now.getTime() / 1000) + NOT_FOUND_LOG.retentionDays * 86_400,
    };
    const adds = [...counts].map(([key, n], i) => {
      names[`#r${i}`] = key;
      values[`:r${i}`] = n;
      return `#r${i} :r${i}`;
    });
    const seconds = Math.floor(now.getTime() / 1000);
    // The file's mark for this path, in the same transaction as the count: a retried file finds it.
    const outcome = await transact<'counted'>(client, [
      {
        item: {
          Put: {
            TableName: table,
            Item: {
              ...logFileMark(source, path),
              source,
              [T.expiresAt]: seconds + LOG_FILE_MARK_DAYS * 86_400,
            },
            ConditionExpression: 'attribute_not_exists(#pk)',
            ExpressionAttributeNames: { '#pk': T.partitionKey },
          },
        },
        refused: () => 'counted',
      },
      {
        item: {
          Update: {
            TableName: table,
            Key: notFoundKey(path),
            UpdateExpression: `ADD hits :hits, ${adds.join(', ')} SET #path = :path, first_seen = if_not_exists(first_seen, :at), last_seen = :at, #exp = :exp`,
            ExpressionAttributeNames: names,
            ExpressionAttributeValues: values,
          },
        },
      },
    ]);
    if (!outcome.written) return false;
    const after = await client.send(
      new GetCommand({ TableName: table, Key: notFoundKey(path), ConsistentRead: true }),
    );
    const count = typeof after.Item?.hits === 'number' ? after.Item.hits : total;
    try {
      await client.send(
        new UpdateCommand({
          TableName: table,
          Key: notFoundKey(path),
          UpdateExpression: 'SET #gpk = :gpk, #gsk = :gsk',
          // Only the latest count orders the entry: a later file has written its own.
          ConditionExpression: 'hits = :hits',
          ExpressionAttributeNames: { '#gpk': byDate.partitionKey, '#gsk': byDate.sortKey },
          ExpressionAttributeValues: {
            ':gpk': REDIRECT_KEYS.notFoundIndex,
            ':gsk': `${padCount(count)}#${path}`,
            ':hits': count,
          },
        }),
      );
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
    }
    return true;
  }

  async page(
    page: number,
    size: number,
    now: Date,
  ): Promise<{ items: NotFoundEntry[]; hasNext: boolean }> {
    const { client, table } = db();
    const { items, hasNext } = await queryPage(
      client,
      {
        TableName: table,
        IndexName: byDate.name,
        KeyConditionExpression: '#gpk = :gpk',
        FilterExpression: '#exp > :now',
        ExpressionAttributeNames: { '#gpk': byDate.partitionKey, '#exp': T.expiresAt },
        ExpressionAttributeValues: {
          ':gpk': REDIRECT_KEYS.notFoundIndex,
          ':now': Math.floor(now.getTime() / 1000),
        },
        ScanIndexForward: false,
      },
      page,
      size,
    );
    const entries = items.map(entryOf);
    const redirected = await this.redirects.redirected(entries.map((e) => e.path));
    return { items: entries.filter((e) => !redirected.has(e.path)), hasNext };
  }

  async isRedirected(path: string): Promise<boolean> {
    return (await this.redirects.get(path)) !== null;
  }

  async dismiss(path: string): Promise<boolean> {
    const { client, table } = db();
    const out = await client.send(
      new DeleteCommand({ TableName: table, Key: notFoundKey(path), ReturnValues: 'ALL_OLD' }),
    );
    return out.Attributes !== undefined;
  }
}
