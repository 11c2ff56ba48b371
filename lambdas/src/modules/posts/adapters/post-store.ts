import {
  DeleteCommand,
  GetCommand,
  PutCommand,
  QueryCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import * as z from 'zod';
import { image, postStatus } from '@agency/shared';
import {
  postRecord,
  revisionRecord,
  type ListPosition,
  type ListView,
  type PostPurge,
  type PostRecord,
  type PostStore,
  type PostWrite,
  type RevisionRecord,
  type TaxonRef,
  type UpdateOutcome,
  type WriteOutcome,
  type WriteRefusal,
} from '../domain/ports';
import { filters, passes, postSearchText, type PostFilter } from '../domain/search';
import { tableName } from '../../../platform/env';
import { batchGet } from '../../../platform/aws/batch-get';
import { dynamoClient } from '../../../platform/aws/clients';
import { mediaKey } from '../../media/adapters/media-repository';
import { queryPage } from '../../../platform/aws/paging';
import { KEY_PREFIXES, TABLES, TAXONOMY_PREFIXES } from '../../../platform/aws/tables';
import {
  MAX_TRANSACT_ITEMS,
  transact,
  type Step,
  type TransactItem,
} from '../../../platform/aws/transaction';
import {
  claimGuard,
  committedOwner,
  conditional,
  releaseGuard,
} from '../../../platform/aws/unique-guard';

const { byDate, unpublished } = TABLES.content.indexes;

/**
 * The lists a post can be in, each one partition of a sparse index ordered newest first: published
 * posts by publication time (the public list: nothing else is in it), scheduled posts by their time
 * (the publishing job reads the due end), drafts by their last save, trashed posts by the time they
 * were trashed (the purge job reads the old end). A post is in exactly one.
 */
const STREAMS = {
  published: { index: byDate, value: 'POSTS' },
  scheduled: { index: unpublished, value: 'SCHEDULED' },
  draft: { index: unpublished, value: 'DRAFT' },
  trashed: { index: unpublished, value: 'TRASH' },
} as const;
type Stream = (typeof STREAMS)[keyof typeof STREAMS];
/** What an admin's "all" list merges: every list but the Trash (as in WordPress). */
const ALL_STREAMS = [STREAMS.published, STREAMS.scheduled, STREAMS.draft] as const;

const pad = (n: number, width: number) => String(n).padStart(width, '0');
export const postKey = (id: number) => ({ pk: `${KEY_PREFIXES.content.post}${id}`, sk: 'POST' });
export const slugKey = (slug: string) => ({
  pk: `${KEY_PREFIXES.content.slug}${slug}`,
  sk: 'SLUG',
});
const REVISION_PREFIX = 'REV#';
/** A kept version: beside its post in the same partition, one item each (each within the item size limit). */
export const revisionKey = (postId: number, revision: number) => ({
  pk: `${KEY_PREFIXES.content.post}${postId}`,
  sk: `${REVISION_PREFIX}${pad(revision, 10)}`,
});
const counterKey = { pk: KEY_PREFIXES.content.postCounter, sk: 'POST' };
/** A category's or author's item (as taxonomy-store.ts keeps them), whose `posts` counts the posts using it. */
const taxonKey = (ref: TaxonRef) => ({
  pk: TAXONOMY_PREFIXES[ref.kind],
  sk: String(ref.id).padStart(6, '0'),
});
/** Attribute of a slug guard holding its post id. */
const GUARD_OWNER = 'postId';

const positionKey = (at: ListPosition) => `${at.publish_at}#${pad(at.id, 10)}`;

/** The list a post is in and its place there. */
function placeOf(post: PostRecord): { stream: Stream; sortKey: string } {
  const stream = STREAMS[post.status];
  const at =
    post.status === 'draft'
      ? post.updated_at
      : post.status === 'trashed'
        ? (post.trashed_at ?? post.updated_at)
        : (post.publish_at ?? post.updated_at);
  return { stream, sortKey: positionKey({ publish_at: at, id: post.id }) };
}

/** Attributes that items stored before them lack: they read as none. */
const legacyReferences = {
  banner_key: z.string().nullable().default(null),
  banner: image.nullable().default(null),
  category_id: z.number().int().nullable().default(null),
  author_id: z.number().int().nullable().default(null),
};

/** A stored post item (its keys and index attributes are dropped); every record field, read leniently. */
const postItem = postRecord.extend({
  ...legacyReferences,
  status: postStatus.optional(),
  publish_at: z.string().nullable().optional(),
  published_at: z.string().nullable().default(null),
  trashed_at: z.string().nullable().default(null),
  updated_by: z.string().nullable().default(null),
});

/** Posts written before the lifecycle existed were all published, at their creation time. */
const withLifecycle = (p: z.infer<typeof postItem>): PostRecord => ({
  ...p,
  status: p.status ?? 'published',
  publish_at: p.publish_at ?? (p.status ? null : p.created_at),
});

const revisionItem = revisionRecord.extend({
  ...legacyReferences,
  publish_at: z.string().nullable().default(null),
  saved_by: z.string().nullable().default(null),
});

const tableKey = z.object({ pk: z.string(), sk: z.string() });
/** Attribute holding a post's search text (modules/posts/domain/search.ts). */
const SEARCH = 'search';
/** What a filtered list reads of each post: its keys, search text and what the filter compares. */
const listedItem = tableKey.extend({
  search: z.string().optional(),
  title: z.string(),
  slug: z.string(),
  meta_description: z.string().optional(),
  category_id: z.number().int().nullable().default(null),
  author_id: z.number().int().nullable().default(null),
});
/** Items a filtered list reads per request once the filter has dropped some. */
const FILTERED_BATCH = 200;
/**
 * The most items a filtered list reads of each list (published, scheduled, drafts, Trash) a call:
 * the newest 5,000 of each are searched. Posts are read whole (the indexes project every attribute)
 * and a Query reads at most 1 MB, so this is some 100 requests at most, for a blog of that size.
 */
const SEARCH_CAP = 5_000;
const viewsItem = z.object({ postId: z.number().int(), views: z.number().int() });
const titleItem = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  status: z.string().optional(),
});

function toRecord(item: Record<string, unknown> | undefined): PostRecord | null {
  if (!item) return null;
  const parsed = postItem.safeParse(item);
  if (!parsed.success)
    throw new Error(`Stored post ${String(item.pk)} is malformed: ${parsed.error.message}`);
  return withLifecycle(parsed.data);
}

function toRevision(item: Record<string, unknown>): RevisionRecord {
  const parsed = revisionItem.safeParse(item);
  if (!parsed.success)
    throw new Error(
      `Stored revision ${String(item.pk)} ${String(item.sk)} is malformed: ${parsed.error.message}`,
    );
  return parsed.data;
}

/** The index keys of a stream's items (what a keys-only walk reads). */
const keyAttributes = (stream: Stream) =>
  `pk, sk, ${stream.index.partitionKey}, ${stream.index.sortKey}`;

/** Posts, slug guards and view counters in DynamoDB (content and views tables). */
export class DynamoPostStore implements PostStore {
  /** @param searchCap the most items a filtered list reads of each list a call (see filteredPage) */
  constructor(private readonly searchCap = SEARCH_CAP) {}

  private get content() {
    return tableName('content');
  }

  private get viewsTable() {
    return tableName('views');
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

  /** The post holding a committed guard on `slug`. */
  slugOwner(slug: string): Promise<number | null> {
    return committedOwner(
      { client: dynamoClient(), table: this.content },
      slugKey(slug),
      GUARD_OWNER,
    );
  }

  private slugGuard(slug: string, postId: number) {
    return {
      table: this.content,
      key: slugKey(slug),
      ownerAttribute: GUARD_OWNER,
      ownerId: postId,
    };
  }

  /**
   * The stored item: the post, the index attributes of the one list it is in (so the others skip
   * it) and its search text (modules/posts/domain/search.ts), rewritten with every save.
   */
  private item(post: PostRecord) {
    const { stream, sortKey } = placeOf(post);
    return {
      ...post,
      ...postKey(post.id),
      [stream.index.partitionKey]: stream.value,
      [stream.index.sortKey]: sortKey,
      [SEARCH]: postSearchText(post),
    };
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

  /** A slug taken for `postId` with its write (see claimGuard); a guard whose post lost the slug is taken over. */
  private claimSlug(slug: string, postId: number): Step<WriteRefusal> {
    return claimGuard({
      ...this.slugGuard(slug, postId),
      holds: async (owner) => (await this.getPost(owner))?.slug === slug,
      refused: () => ({ reason: 'slug' }),
    });
  }

  private releaseSlug<R>(slug: string, postId: number): Step<R> {
    return releaseGuard(this.slugGuard(slug, postId));
  }

  /** Count one post more (refused when the category or author is gone) or fewer (skipped then). */
  private countOn(ref: TaxonRef, by: 1 | -1): Step<WriteRefusal> {
    const claim = by > 0;
    return {
      item: {
        Update: {
          TableName: this.content,
          Key: taxonKey(ref),
          UpdateExpression: 'ADD #posts :by',
          ConditionExpression: claim
            ? 'attribute_exists(pk)'
            : 'attribute_exists(pk) AND #posts > :zero',
          ExpressionAttributeNames: { '#posts': 'posts' },
          ExpressionAttributeValues: { ':by': by, ...(claim ? {} : { ':zero': 0 }) },
        },
      },
      ...(claim ? { refused: () => ({ reason: 'reference' as const, ref }) } : { optional: true }),
    };
  }

  /** A library image's claims: `ADD` (claim) or `DELETE` (give back) the post's id. */
  private usedBy(id: string, postId: number, op: 'ADD' | 'DELETE'): TransactItem {
    return {
      Update: {
        TableName: this.content,
        Key: mediaKey(id),
        UpdateExpression: `${op} used_by :post`,
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':post': new Set([postId]) },
      },
    };
  }

  async writePost(write: PostWrite): Promise<WriteOutcome> {
    const { post, replaces } = write;
    const postStep: Step<WriteRefusal> = {
      item: {
        Put: {
          TableName: this.content,
          Item: this.item(post),
          ...(replaces === null
            ? { ConditionExpression: 'attribute_not_exists(pk)' }
            : {
                ConditionExpression: 'attribute_exists(pk) AND #version = :expected',
                ExpressionAttributeNames: { '#version': 'version' },
                ExpressionAttributeValues: { ':expected': replaces },
              }),
          ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
        },
      },
      refused: (old) => ({ reason: replaces === null ? 'exists' : old ? 'stale' : 'missing' }),
    };
    const steps: Step<WriteRefusal>[] = [postStep];
    if (write.slug?.claim) steps.push(this.claimSlug(write.slug.claim, post.id));
    if (write.slug?.release) steps.push(this.releaseSlug(write.slug.release, post.id));
    if (write.revision) steps.push({ item: { Put: this.revisionPut(write.revision) } });
    for (const ref of write.references?.claim ?? []) steps.push(this.countOn(ref, 1));
    for (const ref of write.references?.release ?? []) steps.push(this.countOn(ref, -1));
    // Refused when the image is gone from the library: it can never end up on a page.
    for (const id of new Set(write.images ?? []))
      steps.push({
        item: this.usedBy(id, post.id, 'ADD'),
        refused: () => ({ reason: 'image', id }),
      });
    return transact(dynamoClient(), steps);
  }

  /**
   * One transaction deletes the post (only while still this version, in the Trash), its slug guard
   * and view counter, gives back its image claims and deletes its revisions. DynamoDB takes 100
   * actions at most: what does not fit (a post whose versions showed dozens of images) follows in
   * further transactions once the post is gone; a crash between them leaves only claims by, or
   * revisions of, a post id that no longer exists and is never used again.
   */
  async purgePost(purge: PostPurge): Promise<'purged' | 'stale' | 'missing'> {
    const { post } = purge;
    const first: Step<'stale' | 'missing'>[] = [
      {
        item: {
          Delete: {
            TableName: this.content,
            Key: postKey(post.id),
            ConditionExpression: '#status = :trashed AND #version = :version',
            ExpressionAttributeNames: { '#status': 'status', '#version': 'version' },
            ExpressionAttributeValues: { ':trashed': 'trashed', ':version': post.version },
            ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
          },
        },
        refused: (old) => (old ? 'stale' : 'missing'),
      },
      this.releaseSlug(post.slug, post.id),
      { item: { Delete: { TableName: this.viewsTable, Key: { postId: post.id } } } },
    ];
    const rest: Step<'stale' | 'missing'>[] = [
      // An image gone from the library has no claim to give back.
      ...[...new Set(purge.images)].map((id) => ({
        item: this.usedBy(id, post.id, 'DELETE'),
        optional: true,
      })),
      ...purge.revisions.map((revision) => ({
        item: { Delete: { TableName: this.content, Key: revisionKey(post.id, revision) } },
      })),
    ];
    const room = MAX_TRANSACT_ITEMS - first.length;
    const outcome = await transact(dynamoClient(), [...first, ...rest.slice(0, room)]);
    if (!outcome.written) return outcome.refused;
    for (let i = room; i < rest.length; i += MAX_TRANSACT_ITEMS)
      await transact(dynamoClient(), rest.slice(i, i + MAX_TRANSACT_ITEMS));
    return 'purged';
  }

  /**
   * Page N of a view, newest first. One list: page 1 is one Query of size+1 items; later pages
   * first walk the keys of the posts before them (keys only, so cheap), then read size+1 items from
   * there, so the cost of page 1 never depends on how many posts exist, hidden ones included. Every
   * status at once (admins): the keys of the first N pages of each list, merged, then the page's items.
   */
  async listPage(
    page: number,
    size: number,
    view: ListView = 'live',
    filter?: PostFilter,
  ): Promise<{ items: PostRecord[]; hasNext: boolean }> {
    if (filters(filter)) return this.filteredPage(page, size, view, filter);
    if (view === 'all') return this.mergedPage(page, size);
    const stream = STREAMS[view === 'live' ? 'published' : view];
    const out = await queryPage(dynamoClient(), this.streamQuery(stream), page, size);
    const items = out.items.map((i) => toRecord(i)).filter((r): r is PostRecord => r !== null);
    return { items, hasNext: out.hasNext };
  }

  private streamQuery(stream: Stream, newestFirst = true) {
    return {
      TableName: this.content,
      IndexName: stream.index.name,
      KeyConditionExpression: '#p = :p',
      ExpressionAttributeNames: { '#p': stream.index.partitionKey },
      ExpressionAttributeValues: { ':p': stream.value },
      ScanIndexForward: !newestFirst,
    };
  }

  /** The keys and sort keys of the newest `limit` posts of a list. */
  private async newestKeys(
    stream: Stream,
    limit: number,
  ): Promise<{ pk: string; sk: string; sortKey: string }[]> {
    const found: { pk: string; sk: string; sortKey: string }[] = [];
    let startKey: Record<string, unknown> | undefined;
    do {
      const out = await dynamoClient().send(
        new QueryCommand({
          ...this.streamQuery(stream),
          ProjectionExpression: keyAttributes(stream),
          Limit: limit - found.length,
          ExclusiveStartKey: startKey,
        }),
      );
      for (const item of out.Items ?? [])
        found.push({
          ...tableKey.parse(item),
          sortKey: z.string().parse(item[stream.index.sortKey]),
        });
      startKey = out.LastEvaluatedKey;
    } while (startKey && found.length < limit);
    return found;
  }

  private async mergedPage(
    page: number,
    size: number,
  ): Promise<{ items: PostRecord[]; hasNext: boolean }> {
    const wanted = page * size + 1;
    const lists = await Promise.all(ALL_STREAMS.map((stream) => this.newestKeys(stream, wanted)));
    return this.pageOfKeys(lists, page, size);
  }

  /**
   * Page N of the posts of a view that pass a filter: each list's partition is read newest first
   * with the filter (one Query per batch, keys and filtered attributes only) until it has given
   * page*size+1 matches or ends, then the lists merge as the unfiltered "all" does. A Query's Limit
   * counts the items read before its filter, so a selective filter takes several batches; each list
   * reads at most `searchCap` items a call (the newest), which bounds a call's cost whatever the
   * list holds.
   */
  private async filteredPage(
    page: number,
    size: number,
    view: ListView,
    filter: PostFilter,
  ): Promise<{ items: PostRecord[]; hasNext: boolean }> {
    const wanted = page * size + 1;
    const streams = view === 'all' ? ALL_STREAMS : [STREAMS[view === 'live' ? 'published' : view]];
    const lists = await Promise.all(
      streams.map((stream) => this.matchingKeys(stream, filter, wanted)),
    );
    return this.pageOfKeys(lists, page, size);
  }

  /** The keys of the newest `limit` posts of a list passing `filter`, reading at most `searchCap`. */
  private async matchingKeys(
    stream: Stream,
    filter: PostFilter,
    limit: number,
  ): Promise<{ pk: string; sk: string; sortKey: string }[]> {
    const names: Record<string, string> = {};
    const values: Record<string, unknown> = {};
    const terms: string[] = [];
    if (filter.words.length > 0) {
      names['#search'] = SEARCH;
      filter.words.forEach((word, i) => (values[`:w${i}`] = word));
      const all = filter.words.map((_, i) => `contains(#search, :w${i})`).join(' AND ');
      // A post saved before the search text existed has none: the code below reads its fields.
      terms.push(`(attribute_not_exists(#search) OR (${all}))`);
    }
    if (filter.category_id !== undefined) {
      names['#category'] = 'category_id';
      values[':category'] = filter.category_id;
      terms.push('#category = :category');
    }
    if (filter.author_id !== undefined) {
      names['#author'] = 'author_id';
      values[':author'] = filter.author_id;
      terms.push('#author = :author');
    }
    const query = this.streamQuery(stream);
    const found: { pk: string; sk: string; sortKey: string }[] = [];
    let read = 0;
    let startKey: Record<string, unknown> | undefined;
    do {
      const out = await dynamoClient().send(
        new QueryCommand({
          ...query,
          ProjectionExpression: `${keyAttributes(stream)}, #search, #title, #slug, #meta, #category, #author`,
          FilterExpression: terms.join(' AND '),
          ExpressionAttributeNames: {
            ...query.ExpressionAttributeNames,
            '#search': SEARCH,
            '#title': 'title',
            '#slug': 'slug',
            '#meta': 'meta_description',
            '#category': 'category_id',
            '#author': 'author_id',
            ...names,
          },
          ExpressionAttributeValues: { ...query.ExpressionAttributeValues, ...values },
          // The first batch as many as the page needs (all of them when the filter drops
          // nothing), then larger ones: the filter is dropping items.
          Limit: Math.min(
            this.searchCap - read,
            read === 0 ? limit : Math.max(limit - found.length, FILTERED_BATCH),
          ),
          ExclusiveStartKey: startKey,
        }),
      );
      read += out.ScannedCount ?? 0;
      for (const item of out.Items ?? []) {
        const listed = listedItem.parse(item);
        const search = listed.search ?? postSearchText(listed);
        if (!passes(filter, { ...listed, search })) continue;
        found.push({
          pk: listed.pk,
          sk: listed.sk,
          sortKey: z.string().parse(item[stream.index.sortKey]),
        });
      }
      startKey = out.LastEvaluatedKey;
    } while (startKey && found.length < limit && read < this.searchCap);
    return found.slice(0, limit);
  }

  /** Page N of lists of keys (each newest first) merged, read in full. */
  private async pageOfKeys(
    lists: { pk: string; sk: string; sortKey: string }[][],
    page: number,
    size: number,
  ): Promise<{ items: PostRecord[]; hasNext: boolean }> {
    const merged = lists.flat().sort((a, b) => (a.sortKey < b.sortKey ? 1 : -1));
    const keys = merged.slice((page - 1) * size, page * size);
    const items = await this.getMany(keys.map(({ pk, sk }) => ({ pk, sk })));
    const byKey = new Map(items.map((p) => [postKey(p.id).pk, p]));
    return {
      items: keys.map((k) => byKey.get(k.pk)).filter((p): p is PostRecord => p !== undefined),
      hasNext: merged.length > page * size,
    };
  }

  /** Posts by table key, in any order. */
  private async getMany(keys: { pk: string; sk: string }[]): Promise<PostRecord[]> {
    const items = await batchGet(this.content, keys);
    return items.map(toRecord).filter((p): p is PostRecord => p !== null);
  }

  /**
   * Titles and slugs of posts by id (only those attributes and the status are read); a deleted
   * post, in the Trash or purged, is absent.
   */
  async titles(ids: number[]): Promise<Map<number, { slug: string; title: string }>> {
    const items = await batchGet(this.content, [...new Set(ids)].map(postKey), [
      'id',
      'slug',
      'title',
      'status',
    ]);
    const found = new Map<number, { slug: string; title: string }>();
    for (const item of items) {
      const parsed = titleItem.safeParse(item);
      if (parsed.success && parsed.data.status !== 'trashed')
        found.set(parsed.data.id, { slug: parsed.data.slug, title: parsed.data.title });
    }
    return found;
  }

  private async neighbour(at: ListPosition, older: boolean): Promise<PostRecord | null> {
    const stream = STREAMS.published;
    const query = this.streamQuery(stream, older);
    const out = await dynamoClient().send(
      new QueryCommand({
        ...query,
        KeyConditionExpression: older ? '#p = :p AND #s < :s' : '#p = :p AND #s > :s',
        ExpressionAttributeNames: { ...query.ExpressionAttributeNames, '#s': stream.index.sortKey },
        ExpressionAttributeValues: { ...query.ExpressionAttributeValues, ':s': positionKey(at) },
        Limit: 1,
      }),
    );
    return toRecord(out.Items?.[0]);
  }

  async neighbours(
    at: ListPosition,
  ): Promise<{ older: PostRecord | null; newer: PostRecord | null }> {
    const [older, newer] = await Promise.all([this.neighbour(at, true), this.neighbour(at, false)]);
    return { older, newer };
  }

  duePosts(now: string, limit: number): Promise<PostRecord[]> {
    return this.oldestUpTo(STREAMS.scheduled, now, limit);
  }

  trashedBefore(before: string, limit: number): Promise<PostRecord[]> {
    return this.oldestUpTo(STREAMS.trashed, before, limit);
  }

  /** The oldest posts of a list placed at or before `at` (ISO), at most `limit`. */
  private async oldestUpTo(stream: Stream, at: string, limit: number): Promise<PostRecord[]> {
    const query = this.streamQuery(stream, false);
    const out = await dynamoClient().send(
      new QueryCommand({
        ...query,
        KeyConditionExpression: '#p = :p AND #s <= :s',
        ExpressionAttributeNames: { ...query.ExpressionAttributeNames, '#s': stream.index.sortKey },
        ExpressionAttributeValues: {
          ...query.ExpressionAttributeValues,
          ':s': positionKey({ publish_at: at, id: 9_999_999_999 }),
        },
        Limit: limit,
      }),
    );
    return (out.Items ?? []).map((i) => toRecord(i)).filter((r): r is PostRecord => r !== null);
  }

  async publishDue(post: PostRecord): Promise<boolean> {
    const published: PostRecord = { ...post, status: 'published' };
    const { stream, sortKey } = placeOf(published);
    return conditional(() =>
      dynamoClient().send(
        new UpdateCommand({
          TableName: this.content,
          Key: postKey(post.id),
          UpdateExpression: 'SET #status = :published, #p = :p, #s = :s REMOVE #hp, #hs',
          ConditionExpression: '#status = :scheduled AND publish_at = :at',
          ExpressionAttributeNames: {
            '#status': 'status',
            '#p': stream.index.partitionKey,
            '#s': stream.index.sortKey,
            '#hp': unpublished.partitionKey,
            '#hs': unpublished.sortKey,
          },
          ExpressionAttributeValues: {
            ':published': 'published',
            ':scheduled': 'scheduled',
            ':p': stream.value,
            ':s': sortKey,
            ':at': post.publish_at,
          },
        }),
      ),
    );
  }

  async putRevision(revision: RevisionRecord): Promise<void> {
    await dynamoClient().send(new PutCommand(this.revisionPut(revision)));
  }

  /** A kept version's item, beside its post. */
  private revisionPut(revision: RevisionRecord) {
    return {
      TableName: this.content,
      Item: { ...revisionKey(revision.post_id, revision.revision), ...revision },
    };
  }

  /** The revisions of a post between two numbers, newest or oldest first, at most `limit`. */
  private async revisions(
    postId: number,
    range: { from: number; to: number },
    newestFirst: boolean,
    limit: number,
  ): Promise<RevisionRecord[]> {
    const found: RevisionRecord[] = [];
    let startKey: Record<string, unknown> | undefined;
    do {
      const out = await dynamoClient().send(
        new QueryCommand({
          TableName: this.content,
          KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
          ExpressionAttributeValues: {
            ':pk': postKey(postId).pk,
            ':from': revisionKey(postId, range.from).sk,
            ':to': revisionKey(postId, range.to).sk,
          },
          ScanIndexForward: !newestFirst,
          Limit: limit - found.length,
          ExclusiveStartKey: startKey,
        }),
      );
      found.push(...(out.Items ?? []).map(toRevision));
      startKey = out.LastEvaluatedKey;
    } while (startKey && found.length < limit);
    return found;
  }

  listRevisions(postId: number, limit: number): Promise<RevisionRecord[]> {
    return this.revisions(postId, { from: 0, to: 9_999_999_999 }, true, limit);
  }

  async getRevision(postId: number, revision: number): Promise<RevisionRecord | null> {
    const out = await dynamoClient().send(
      new GetCommand({ TableName: this.content, Key: revisionKey(postId, revision) }),
    );
    return out.Item ? toRevision(out.Item) : null;
  }

  async deleteRevisions(postId: number, upTo: number): Promise<RevisionRecord[]> {
    const doomed = await this.revisions(postId, { from: 0, to: upTo }, false, 10_000);
    for (const r of doomed)
      await dynamoClient().send(
        new DeleteCommand({ TableName: this.content, Key: revisionKey(postId, r.revision) }),
      );
    return doomed;
  }

  async views(ids: number[]): Promise<Map<number, number>> {
    const keys = [...new Set(ids)].map((postId) => ({ postId }));
    const counts = new Map<number, number>();
    for (const item of await batchGet(this.viewsTable, keys)) {
      const parsed = viewsItem.safeParse(item);
      if (parsed.success) counts.set(parsed.data.postId, parsed.data.views);
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
}
