import {
  DeleteCommand,
  GetCommand,
  PutCommand,
  QueryCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { author, category, type Author, type Category } from '@agency/shared';
import * as z from 'zod';
import type { TaxonomyKind, TaxonomyStore } from '../domain/post-ports';
import {
  nameKey,
  type RemoveOutcome,
  type Taxon,
  type TaxonomyEditor,
  type TaxonRecord,
} from '../domain/taxonomy';
import { tableName } from '../lib/env';
import { dynamoClient } from './clients';
import { TAXONOMY_PREFIXES } from './tables';
import { conditional, UniqueGuard, type TableRef } from './unique-guard';

/** The attribute holding the name: the API's field (`category` for categories, `name` for authors). */
const NAME_ATTRIBUTE = { category: 'category', author: 'name' } as const;

/** Item layouts shared with the local seed and other readers: `{ pk: 'CATEGORY' | 'AUTHOR', sk: <id padded to 6>, id, …, posts }`. */
export const taxonomyKey = (kind: 'CATEGORY' | 'AUTHOR', id: number) => ({
  pk: kind,
  sk: String(id).padStart(6, '0'),
});
const itemKey = (kind: TaxonomyKind, id: number) => taxonomyKey(TAXONOMY_PREFIXES[kind], id);
/** The kind's id counter. */
export const taxonomyCounterKey = (kind: TaxonomyKind) => ({
  pk: `${TAXONOMY_PREFIXES[kind]}#COUNTER`,
  sk: 'COUNTER',
});
const nameGuardKey = (kind: TaxonomyKind, key: string) => ({
  pk: `${TAXONOMY_PREFIXES[kind]}#NAME#${key}`,
  sk: 'NAME',
});

/** How long a pending name guard blocks its name: well above the functions' 20 s limit. */
export const NAME_GUARD_TTL_SECONDS = 60;

const id = z.number().int();
const posts = z.number().int().default(0);
/** Stored items as the domain sees them: the name under one attribute, and the usage count. */
const RECORDS: Record<TaxonomyKind, z.ZodType<TaxonRecord>> = {
  category: z
    .object({ id, category: z.string(), posts })
    .transform((i) => ({ id: i.id, name: i.category, posts: i.posts })),
  author: z
    .object({ id, name: z.string(), posts })
    .transform((i) => ({ id: i.id, name: i.name, posts: i.posts })),
};

const handlersDb = (): TableRef => ({ client: dynamoClient(), table: tableName('content') });

/**
 * Categories and authors in the content table, ordered by id (the sort key): the lists and lookups
 * posts need, the usage counts post writes keep, and the admin's add, rename and delete.
 */
export class DynamoTaxonomyStore implements TaxonomyStore, TaxonomyEditor {
  private readonly guards: Record<TaxonomyKind, UniqueGuard>;

  /** `db`: the handlers' client and content table unless given (the local stack seeds through its own). */
  constructor(private readonly db: () => TableRef = handlersDb) {
    const guard = (kind: TaxonomyKind) =>
      new UniqueGuard({
        db,
        key: (value) => nameGuardKey(kind, value),
        holds: async (value, ownerId) => {
          const owner = await this.get(kind, ownerId);
          return owner !== null && nameKey(owner.name) === value;
        },
        ttlSeconds: NAME_GUARD_TTL_SECONDS,
      });
    this.guards = { category: guard('category'), author: guard('author') };
  }

  private async all<T>(kind: TaxonomyKind, schema: z.ZodType<T>): Promise<T[]> {
    const { client, table } = this.db();
    const found: T[] = [];
    let startKey: Record<string, unknown> | undefined;
    do {
      const out = await client.send(
        new QueryCommand({
          TableName: table,
          KeyConditionExpression: 'pk = :pk',
          ExpressionAttributeValues: { ':pk': TAXONOMY_PREFIXES[kind] },
          ExclusiveStartKey: startKey,
        }),
      );
      for (const item of out.Items ?? []) {
        const parsed = schema.safeParse(item);
        if (parsed.success) found.push(parsed.data);
      }
      startKey = out.LastEvaluatedKey;
    } while (startKey);
    return found;
  }

  private async item(kind: TaxonomyKind, id: number, consistent = false) {
    const { client, table } = this.db();
    const out = await client.send(
      new GetCommand({ TableName: table, Key: itemKey(kind, id), ConsistentRead: consistent }),
    );
    return out.Item;
  }

  categories(): Promise<Category[]> {
    return this.all('category', category);
  }

  authors(): Promise<Author[]> {
    return this.all('author', author);
  }

  async category(id: number): Promise<Category | null> {
    const parsed = category.safeParse(await this.item('category', id));
    return parsed.success ? parsed.data : null;
  }

  async author(id: number): Promise<Author | null> {
    const parsed = author.safeParse(await this.item('author', id));
    return parsed.success ? parsed.data : null;
  }

  /** Every category or author with its usage count. */
  records(kind: TaxonomyKind): Promise<TaxonRecord[]> {
    return this.all(kind, RECORDS[kind]);
  }

  async claim(kind: TaxonomyKind, id: number): Promise<boolean> {
    return this.addPosts(kind, id, 1, 'attribute_exists(pk)');
  }

  async release(kind: TaxonomyKind, id: number): Promise<void> {
    await this.addPosts(kind, id, -1, 'attribute_exists(pk) AND #posts > :zero');
  }

  private addPosts(kind: TaxonomyKind, id: number, by: number, condition: string) {
    const { client, table } = this.db();
    return conditional(() =>
      client.send(
        new UpdateCommand({
          TableName: table,
          Key: itemKey(kind, id),
          UpdateExpression: 'ADD #posts :by',
          ConditionExpression: condition,
          ExpressionAttributeNames: { '#posts': 'posts' },
          ExpressionAttributeValues: { ':by': by, ...(by < 0 ? { ':zero': 0 } : {}) },
        }),
      ),
    );
  }

  async nextId(kind: TaxonomyKind): Promise<number> {
    const { client, table } = this.db();
    const out = await client.send(
      new UpdateCommand({
        TableName: table,
        Key: taxonomyCounterKey(kind),
        UpdateExpression: 'ADD #value :one',
        ExpressionAttributeNames: { '#value': 'value' },
        ExpressionAttributeValues: { ':one': 1 },
        ReturnValues: 'UPDATED_NEW',
      }),
    );
    return z.object({ value: z.number().int().positive() }).parse(out.Attributes).value;
  }

  reserveName(kind: TaxonomyKind, key: string, id: number): Promise<boolean> {
    return this.guards[kind].reserve(key, id);
  }

  commitName(kind: TaxonomyKind, key: string, id: number): Promise<boolean> {
    return this.guards[kind].commit(key, id);
  }

  releaseName(kind: TaxonomyKind, key: string, id: number): Promise<void> {
    return this.guards[kind].release(key, id);
  }

  async get(kind: TaxonomyKind, id: number): Promise<TaxonRecord | null> {
    const item = await this.item(kind, id, true);
    if (!item) return null;
    const parsed = RECORDS[kind].safeParse(item);
    if (!parsed.success)
      throw new Error(`Stored ${kind} ${id} is malformed: ${parsed.error.message}`);
    return parsed.data;
  }

  async put(kind: TaxonomyKind, taxon: Taxon): Promise<boolean> {
    const { client, table } = this.db();
    return conditional(() =>
      client.send(
        new PutCommand({
          TableName: table,
          Item: {
            ...itemKey(kind, taxon.id),
            id: taxon.id,
            [NAME_ATTRIBUTE[kind]]: taxon.name,
            posts: 0,
          },
          ConditionExpression: 'attribute_not_exists(pk)',
        }),
      ),
    );
  }

  async rename(
    kind: TaxonomyKind,
    id: number,
    from: string,
    to: string,
  ): Promise<'renamed' | 'missing' | 'changed'> {
    const { client, table } = this.db();
    const renamed = await conditional(() =>
      client.send(
        new UpdateCommand({
          TableName: table,
          Key: itemKey(kind, id),
          UpdateExpression: 'SET #name = :to',
          ConditionExpression: 'attribute_exists(pk) AND #name = :from',
          ExpressionAttributeNames: { '#name': NAME_ATTRIBUTE[kind] },
          ExpressionAttributeValues: { ':from': from, ':to': to },
        }),
      ),
    );
    if (renamed) return 'renamed';
    return (await this.get(kind, id)) ? 'changed' : 'missing';
  }

  async remove(kind: TaxonomyKind, id: number): Promise<RemoveOutcome> {
    const { client, table } = this.db();
    // Rounds only repeat when the count dropped to zero between the refused delete and the read.
    for (let round = 0; round < 3; round++) {
      let old: Record<string, unknown> | undefined;
      const removed = await conditional(async () => {
        const out = await client.send(
          new DeleteCommand({
            TableName: table,
            Key: itemKey(kind, id),
            ConditionExpression:
              'attribute_exists(pk) AND (attribute_not_exists(#posts) OR #posts <= :zero)',
            ExpressionAttributeNames: { '#posts': 'posts' },
            ExpressionAttributeValues: { ':zero': 0 },
            ReturnValues: 'ALL_OLD',
          }),
        );
        old = out.Attributes;
      });
      if (removed) {
        const parsed = RECORDS[kind].safeParse(old);
        return { outcome: 'removed', name: parsed.success ? parsed.data.name : '' };
      }
      const current = await this.get(kind, id);
      if (!current) return { outcome: 'missing' };
      if (current.posts > 0) return { outcome: 'in-use', name: current.name, posts: current.posts };
    }
    throw new Error(`${kind} ${id} could be neither deleted nor found in use`);
  }
}
