import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import {
  BatchGetCommand,
  DeleteCommand,
  GetCommand,
  PutCommand,
  QueryCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import * as z from 'zod';
import type { PostRecord, PostStore, UpdateOutcome } from '../domain/post-ports';
import { env } from '../lib/env';
import { dynamoClient } from './clients';
import { TABLES } from './tables';

/** How long a pending slug guard blocks its slug: long enough for a banner upload, short enough to forgive a crash. */
export const SLUG_GUARD_TTL_SECONDS = 60;

const INDEX = TABLES.content.indexes.byDate.name;
const POSTS_PK = 'POSTS';

const pad = (n: number, width: number) => String(n).padStart(width, '0');
export const postKey = (id: number) => ({ pk: `POST#${id}`, sk: 'POST' });
export const slugKey = (slug: string) => ({ pk: `SLUG#${slug}`, sk: 'SLUG' });
const counterKey = { pk: 'COUNTER', sk: 'POST' };
const sortKeyOf = (p: Pick<PostRecord, 'created_at' | 'id'>) => `${p.created_at}#${pad(p.id, 10)}`;
const epochSeconds = () => Math.floor(Date.now() / 1000);

const postItem = z.object({
  id: z.number().int(),
  title: z.string(),
  slug: z.string(),
  content: z.string(),
  head_tag: z.string(),
  banner_key: z.string().nullable().default(null),
  created_at: z.string(),
  updated_at: z.string(),
  category_id: z.number().int().nullable().default(null),
  author_id: z.number().int().nullable().default(null),
  version: z.number().int(),
});

const guardItem = z.object({
  postId: z.number().int(),
  state: z.enum(['pending', 'committed']),
  expiresAt: z.number().optional(),
});
type Guard = z.infer<typeof guardItem>;

const indexKey = z.object({
  pk: z.string(),
  sk: z.string(),
  gsi1pk: z.string(),
  gsi1sk: z.string(),
});
const viewsItem = z.object({ postId: z.number().int(), views: z.number().int() });

const isConditionFailure = (e: unknown) =>
  e instanceof ConditionalCheckFailedException ||
  (e instanceof Error && e.name === 'ConditionalCheckFailedException');

/** Run a conditional write; false when its condition did not hold. */
async function conditional(write: () => Promise<unknown>): Promise<boolean> {
  try {
    await write();
    return true;
  } catch (e) {
    if (isConditionFailure(e)) return false;
    throw e;
  }
}

function toRecord(item: Record<string, unknown> | undefined): PostRecord | null {
  if (!item) return null;
  const parsed = postItem.safeParse(item);
  if (!parsed.success)
    throw new Error(`Stored post ${String(item.pk)} is malformed: ${parsed.error.message}`);
  return parsed.data;
}

/** Posts, slug guards and view counters in DynamoDB (content and views tables). */
export class DynamoPostStore implements PostStore {
  private get content() {
    return env().CONTENT_TABLE;
  }

  private get viewsTable() {
    return env().VIEWS_TABLE;
  }

  async nextPostId(): Promise<number> {
    const out = await dynamoClient().send(
      new UpdateCommand({
        TableName: this.content,
        Key: counterKey,
        UpdateExpression: 'ADD #value :one',
        ExpressionAttributeNames: { '#value': 'value' },
        ExpressionAttributeValues: { ':one': 1 },
        ReturnValues: 'UPDATED_NEW',
      }),
    );
    return z.object({ value: z.number().int().positive() }).parse(out.Attributes).value;
  }

  private async guard(slug: string): Promise<Guard | null> {
    const out = await dynamoClient().send(
      new GetCommand({ TableName: this.content, Key: slugKey(slug), ConsistentRead: true }),
    );
    return out.Item ? guardItem.parse(out.Item) : null;
  }

  private putGuard(
    slug: string,
    postId: number,
    condition: string,
    values: Record<string, unknown>,
    names: Record<string, string> = {},
  ) {
    return dynamoClient().send(
      new PutCommand({
        TableName: this.content,
        Item: {
          ...slugKey(slug),
          postId,
          state: 'pending',
          expiresAt: epochSeconds() + SLUG_GUARD_TTL_SECONDS,
        },
        ConditionExpression: condition,
        ExpressionAttributeNames: { '#state': 'state', ...names },
        ExpressionAttributeValues: values,
      }),
    );
  }

  async reserveSlug(slug: string, postId: number): Promise<boolean> {
    // A few rounds at most: each round either wins, sees a live holder, or saw the guard change under it.
    for (let round = 0; round < 5; round++) {
      const now = epochSeconds();
      const fresh = await conditional(() =>
        this.putGuard(
          slug,
          postId,
          'attribute_not_exists(pk) OR (#state = :pending AND expiresAt < :now)',
          { ':pending': 'pending', ':now': now },
        ),
      );
      if (fresh) return true;
      const guard = await this.guard(slug);
      if (!guard) continue;
      if (guard.postId === postId) return true;
      if (guard.state === 'pending' && (guard.expiresAt ?? 0) >= now) return false;
      // A committed guard, or a pending one left by a crash: is the slug really in use?
      const holder = await this.getPost(guard.postId);
      if (holder && holder.slug === slug) {
        if (guard.state === 'pending') await this.commitSlug(slug, guard.postId);
        return false;
      }
      const takenOver = await conditional(() =>
        this.putGuard(slug, postId, 'postId = :old AND #state = :oldState', {
          ':old': guard.postId,
          ':oldState': guard.state,
        }),
      );
      if (takenOver) return true;
    }
    return false;
  }

  async commitSlug(slug: string, postId: number): Promise<boolean> {
    return conditional(() =>
      dynamoClient().send(
        new UpdateCommand({
          TableName: this.content,
          Key: slugKey(slug),
          UpdateExpression: 'SET #state = :committed REMOVE expiresAt',
          ConditionExpression: 'postId = :id',
          ExpressionAttributeNames: { '#state': 'state' },
          ExpressionAttributeValues: { ':committed': 'committed', ':id': postId },
        }),
      ),
    );
  }

  async releaseSlug(slug: string, postId: number): Promise<void> {
    await conditional(() =>
      dynamoClient().send(
        new DeleteCommand({
          TableName: this.content,
          Key: slugKey(slug),
          ConditionExpression: 'postId = :id',
          ExpressionAttributeValues: { ':id': postId },
        }),
      ),
    );
  }

  async slugOwner(slug: string): Promise<number | null> {
    const guard = await this.guard(slug);
    return guard?.state === 'committed' ? guard.postId : null;
  }

  private item(post: PostRecord) {
    return { ...postKey(post.id), gsi1pk: POSTS_PK, gsi1sk: sortKeyOf(post), ...post };
  }

  async putPost(post: PostRecord): Promise<boolean> {
    return conditional(() =>
      dynamoClient().send(
        new PutCommand({
          TableName: this.content,
          Item: this.item(post),
          ConditionExpression: 'attribute_not_exists(pk)',
        }),
      ),
    );
  }

  async getPost(id: number): Promise<PostRecord | null> {
    const out = await dynamoClient().send(
      new GetCommand({ TableName: this.content, Key: postKey(id), ConsistentRead: true }),
    );
    return toRecord(out.Item);
  }

  async replacePost(post: PostRecord, expectedVersion: number): Promise<UpdateOutcome> {
    const written = await conditional(() =>
      dynamoClient().send(
        new PutCommand({
          TableName: this.content,
          Item: this.item(post),
          ConditionExpression: 'attribute_exists(pk) AND #version = :expected',
          ExpressionAttributeNames: { '#version': 'version' },
          ExpressionAttributeValues: { ':expected': expectedVersion },
        }),
      ),
    );
    if (written) return 'updated';
    return (await this.getPost(post.id)) ? 'stale' : 'missing';
  }

  async deletePost(id: number): Promise<PostRecord | null> {
    let old: Record<string, unknown> | undefined;
    const deleted = await conditional(async () => {
      const out = await dynamoClient().send(
        new DeleteCommand({
          TableName: this.content,
          Key: postKey(id),
          ConditionExpression: 'attribute_exists(pk)',
          ReturnValues: 'ALL_OLD',
        }),
      );
      old = out.Attributes;
    });
    return deleted ? toRecord(old) : null;
  }

  /**
   * Page N of the newest-first index. Page 1 is one Query of size+1 items. Later pages first walk
   * the keys of the posts before them (keys only, so cheap), then read size+1 items from there:
   * the cost of page 1 never depends on how many posts exist.
   */
  async listPage(page: number, size: number): Promise<{ items: PostRecord[]; hasNext: boolean }> {
    let startKey: Record<string, unknown> | undefined;
    let toSkip = (page - 1) * size;
    while (toSkip > 0) {
      const out = await dynamoClient().send(
        new QueryCommand({
          TableName: this.content,
          IndexName: INDEX,
          KeyConditionExpression: 'gsi1pk = :p',
          ExpressionAttributeValues: { ':p': POSTS_PK },
          ProjectionExpression: 'pk, sk, gsi1pk, gsi1sk',
          ScanIndexForward: false,
          Limit: toSkip,
          ExclusiveStartKey: startKey,
        }),
      );
      const keys = out.Items ?? [];
      toSkip -= keys.length;
      const last = keys[keys.length - 1];
      if (!last || (toSkip > 0 && !out.LastEvaluatedKey)) return { items: [], hasNext: false };
      startKey = indexKey.parse(last);
    }
    const out = await dynamoClient().send(
      new QueryCommand({
        TableName: this.content,
        IndexName: INDEX,
        KeyConditionExpression: 'gsi1pk = :p',
        ExpressionAttributeValues: { ':p': POSTS_PK },
        ScanIndexForward: false,
        Limit: size + 1,
        ExclusiveStartKey: startKey,
      }),
    );
    const items = (out.Items ?? [])
      .map((i) => toRecord(i))
      .filter((r): r is PostRecord => r !== null);
    return { items: items.slice(0, size), hasNext: items.length > size };
  }

  private async neighbour(post: PostRecord, older: boolean): Promise<PostRecord | null> {
    const out = await dynamoClient().send(
      new QueryCommand({
        TableName: this.content,
        IndexName: INDEX,
        KeyConditionExpression: older
          ? 'gsi1pk = :p AND gsi1sk < :s'
          : 'gsi1pk = :p AND gsi1sk > :s',
        ExpressionAttributeValues: { ':p': POSTS_PK, ':s': sortKeyOf(post) },
        ScanIndexForward: !older,
        Limit: 1,
      }),
    );
    return toRecord(out.Items?.[0]);
  }

  async neighbours(
    post: PostRecord,
  ): Promise<{ older: PostRecord | null; newer: PostRecord | null }> {
    const [older, newer] = await Promise.all([
      this.neighbour(post, true),
      this.neighbour(post, false),
    ]);
    return { older, newer };
  }

  async views(ids: number[]): Promise<Map<number, number>> {
    const counts = new Map<number, number>();
    const unique = [...new Set(ids)];
    for (let i = 0; i < unique.length; i += 100) {
      let keys: Record<string, unknown>[] = unique.slice(i, i + 100).map((postId) => ({ postId }));
      // BatchGet may hand back part of the keys unprocessed under load: ask again for those.
      for (let attempt = 0; keys.length > 0 && attempt < 5; attempt++) {
        const out = await dynamoClient().send(
          new BatchGetCommand({ RequestItems: { [this.viewsTable]: { Keys: keys } } }),
        );
        for (const item of out.Responses?.[this.viewsTable] ?? []) {
          const parsed = viewsItem.safeParse(item);
          if (parsed.success) counts.set(parsed.data.postId, parsed.data.views);
        }
        keys = out.UnprocessedKeys?.[this.viewsTable]?.Keys ?? [];
      }
    }
    return counts;
  }

  async addView(id: number): Promise<number> {
    const out = await dynamoClient().send(
      new UpdateCommand({
        TableName: this.viewsTable,
        Key: { postId: id },
        UpdateExpression: 'ADD #views :one',
        ExpressionAttributeNames: { '#views': 'views' },
        ExpressionAttributeValues: { ':one': 1 },
        ReturnValues: 'UPDATED_NEW',
      }),
    );
    return z.object({ views: z.number().int() }).parse(out.Attributes).views;
  }

  async deleteViews(id: number): Promise<void> {
    await dynamoClient().send(
      new DeleteCommand({ TableName: this.viewsTable, Key: { postId: id } }),
    );
  }
}
