import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod';
import { FALLBACK_FORMATS, MEDIA_LIMITS } from '@agency/shared';
import {
  mediaSearchText,
  type MediaFilter,
  type MediaRecord,
  type MediaRepository,
} from '../domain/ports';
import { tableName } from '../../../platform/env';
import { batchGet } from '../../../platform/aws/batch-get';
import { dynamoClient, isConditionFailure } from '../../../platform/aws/clients';
import { queryPage } from '../../../platform/aws/paging';
import { KEY_PREFIXES, TABLES } from '../../../platform/aws/tables';

/** Sort key of an image's record and partition of the library's list. */
export const MEDIA_PREFIX = 'MEDIA';
/** An image's record: pk `MEDIA#<id>` (a grant can be limited to `MEDIA#` records). */
export const mediaKey = (id: string) => ({
  pk: `${KEY_PREFIXES.content.media}${id}`,
  sk: MEDIA_PREFIX,
});
/** The ETag a confirmation pinned to an id (sk `UPLOAD` beside the record, under the same grant). */
const pinKey = (id: string) => ({ pk: `${KEY_PREFIXES.content.media}${id}`, sk: 'UPLOAD' });
/**
 * How long a pin lasts: well past the five minutes a form can post, as long as an unconfirmed
 * upload is kept.
 */
const PIN_SECONDS = MEDIA_LIMITS.unconfirmedDays * 86_400;

const { byDate } = TABLES.content.indexes;
/** The attribute the library's search looks in (`mediaSearchText`: file name and description). */
const SEARCH = 'search';
/**
 * At most this many ids of images pages and settings show go into a used/unused filter (each an
 * operand of IN, within DynamoDB's 4 KB of expression): far more than a site's pages show.
 */
const MAX_FILTER_IDS = 400;
/** The library is its own partition of the byDate index, newest upload first. */
const LIST_PARTITION = MEDIA_PREFIX;

const mediaItem = z.object({
  id: z.string(),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  format: z.enum(FALLBACK_FORMATS),
  placeholder: z.string(),
  filename: z.string(),
  bytes: z.number().int().nonnegative(),
  created_at: z.string(),
  created_by: z.string().nullable().default(null),
  alt: z.string().default(''),
  // A number set; DynamoDB removes the attribute when its last member goes.
  used_by: z
    .set(z.number().int())
    .optional()
    .transform((s) => [...(s ?? [])].sort((a, b) => a - b)),
});

function toRecord(item: Record<string, unknown>): MediaRecord {
  const parsed = mediaItem.safeParse(item);
  if (!parsed.success)
    throw new Error(`Stored image ${String(item.pk)} is malformed: ${parsed.error.message}`);
  return parsed.data;
}

/** Images of the media library in the content table (pk `MEDIA#<id>`, sk `MEDIA`). */
export class DynamoMediaRepository implements MediaRepository {
  private get table() {
    return tableName('content');
  }

  async put(record: MediaRecord): Promise<boolean> {
    const { used_by: usedBy, ...rest } = record;
    try {
      await dynamoClient().send(
        new PutCommand({
          TableName: this.table,
          Item: {
            ...mediaKey(record.id),
            ...rest,
            ...(usedBy.length > 0 ? { used_by: new Set(usedBy) } : {}),
            alt: record.alt ?? '',
            [SEARCH]: mediaSearchText(record),
            [byDate.partitionKey]: LIST_PARTITION,
            [byDate.sortKey]: `${record.created_at}#${record.id}`,
          },
          ConditionExpression: 'attribute_not_exists(pk)',
        }),
      );
      return true;
    } catch (e) {
      if (isConditionFailure(e)) return false;
      throw e;
    }
  }

  async get(id: string): Promise<MediaRecord | null> {
    const out = await dynamoClient().send(
      new GetCommand({ TableName: this.table, Key: mediaKey(id), ConsistentRead: true }),
    );
    return out.Item ? toRecord(out.Item) : null;
  }

  async getMany(ids: readonly string[]): Promise<Map<string, MediaRecord>> {
    // BatchGetItem, 100 keys at a time; keys it leaves unprocessed are asked for again with backoff.
    const items = await batchGet(this.table, [...new Set(ids)].map(mediaKey));
    return new Map(items.map((item) => toRecord(item)).map((r) => [r.id, r]));
  }

  /**
   * A page of the library's partition of the byDate index, newest first: a Query, never a Scan.
   * A search or a used/unused filter is a FilterExpression on that Query (paging.ts reads the
   * matches in batches), as the redirects' search is.
   */
  async listPage(
    page: number,
    size: number,
    filter: MediaFilter = {},
  ): Promise<{ items: MediaRecord[]; hasNext: boolean }> {
    const names: Record<string, string> = { '#p': byDate.partitionKey };
    const values: Record<string, unknown> = { ':p': LIST_PARTITION };
    const conditions: string[] = [];
    if (filter.q) {
      names['#search'] = SEARCH;
      names['#fn'] = 'filename';
      values[':q'] = filter.q;
      // Images registered before the search text existed: their file name as stored.
      conditions.push(
        '(contains(#search, :q) OR (attribute_not_exists(#search) AND contains(#fn, :q)))',
      );
    }
    if (filter.used) {
      const ids = filter.used.siteIds.slice(0, MAX_FILTER_IDS);
      const inSite: string[] = [];
      if (ids.length > 0) {
        names['#id'] = 'id';
        // IN takes at most 100 operands.
        for (let i = 0; i < ids.length; i += 100) {
          const chunk = ids.slice(i, i + 100).map((id, j) => {
            const key = `:i${i + j}`;
            values[key] = id;
            return key;
          });
          inSite.push(`#id IN (${chunk.join(', ')})`);
        }
      }
      const site = inSite.length > 0 ? `(${inSite.join(' OR ')})` : null;
      conditions.push(
        filter.used.used
          ? site
            ? `(attribute_exists(used_by) OR ${site})`
            : 'attribute_exists(used_by)'
          : site
            ? `(attribute_not_exists(used_by) AND NOT ${site})`
            : 'attribute_not_exists(used_by)',
      );
    }
    const query = {
      TableName: this.table,
      IndexName: byDate.name,
      KeyConditionExpression: '#p = :p',
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
      ScanIndexForward: false,
      ...(conditions.length > 0 ? { FilterExpression: conditions.join(' AND ') } : {}),
    };
    const out = await queryPage(dynamoClient(), query, page, size);
    return { items: out.items.map(toRecord), hasNext: out.hasNext };
  }

  async setAlt(id: string, alt: string): Promise<MediaRecord | null> {
    const record = await this.get(id);
    if (!record) return null;
    try {
      const out = await dynamoClient().send(
        new UpdateCommand({
          TableName: this.table,
          Key: mediaKey(id),
          UpdateExpression: 'SET alt = :alt, #search = :search',
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeNames: { '#search': SEARCH },
          ExpressionAttributeValues: {
            ':alt': alt,
            ':search': mediaSearchText({ filename: record.filename, alt }),
          },
          ReturnValues: 'ALL_NEW',
        }),
      );
      return out.Attributes ? toRecord(out.Attributes) : null;
    } catch (e) {
      if (isConditionFailure(e)) return null;
      throw e;
    }
  }

  async claim(id: string, postId: number): Promise<boolean> {
    try {
      await dynamoClient().send(
        new UpdateCommand({
          TableName: this.table,
          Key: mediaKey(id),
          UpdateExpression: 'ADD used_by :post',
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeValues: { ':post': new Set([postId]) },
        }),
      );
      return true;
    } catch (e) {
      if (isConditionFailure(e)) return false;
      throw e;
    }
  }

  async release(id: string, postId: number): Promise<MediaRecord | null> {
    try {
      const out = await dynamoClient().send(
        new UpdateCommand({
          TableName: this.table,
          Key: mediaKey(id),
          UpdateExpression: 'DELETE used_by :post',
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeValues: { ':post': new Set([postId]) },
          ReturnValues: 'ALL_NEW',
        }),
      );
      return out.Attributes ? toRecord(out.Attributes) : null;
    } catch (e) {
      if (isConditionFailure(e)) return null;
      throw e;
    }
  }

  async deleteUnused(id: string): Promise<'deleted' | 'in-use' | 'missing'> {
    try {
      await dynamoClient().send(
        new DeleteCommand({
          TableName: this.table,
          Key: mediaKey(id),
          ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(used_by)',
        }),
      );
      return 'deleted';
    } catch (e) {
      if (!isConditionFailure(e)) throw e;
      return (await this.get(id)) ? 'in-use' : 'missing';
    }
  }

  async pinUpload(id: string, etag: string): Promise<boolean> {
    const now = Math.floor(Date.now() / 1000);
    const { expiresAt } = TABLES.content;
    try {
      await dynamoClient().send(
        new PutCommand({
          TableName: this.table,
          Item: { ...pinKey(id), etag, [expiresAt]: now + PIN_SECONDS },
          // dynalite has no TTL and DynamoDB deletes late: an expired pin counts as none.
          ConditionExpression: 'attribute_not_exists(pk) OR etag = :etag OR #exp < :now',
          ExpressionAttributeNames: { '#exp': expiresAt },
          ExpressionAttributeValues: { ':etag': etag, ':now': now },
        }),
      );
      return true;
    } catch (e) {
      if (isConditionFailure(e)) return false;
      throw e;
    }
  }

  async unpinUpload(id: string): Promise<void> {
    await dynamoClient().send(new DeleteCommand({ TableName: this.table, Key: pinKey(id) }));
  }
}
