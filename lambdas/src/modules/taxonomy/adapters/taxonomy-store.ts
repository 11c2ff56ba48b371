import { GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { author, category, type Author, type Category } from '@agency/shared';
import * as z from 'zod';
import type { TaxonomyKind, TaxonomyStore } from '../../posts/domain/ports';
import {
  nameKey,
  type RemoveOutcome,
  type Rename,
  type Taxon,
  type TaxonomyEditor,
  type TaxonRecord,
} from '../domain/taxonomy';
import { tableName } from '../../../platform/env';
import { dynamoClient } from '../../../platform/aws/clients';
import { TAXONOMY_PREFIXES } from '../../../platform/aws/tables';
import { transact, type Step } from '../../../platform/aws/transaction';
import { claimGuard, releaseGuard, type TableRef } from '../../../platform/aws/unique-guard';

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

/** Attribute of a name guard holding its owner's id. */
const GUARD_OWNER = 'ownerId';

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
  /** `db`: the handlers' client and content table unless given (the local stack seeds through its own). */
  constructor(private readonly db: () => TableRef = handlersDb) {}

  private guard(kind: TaxonomyKind, key: string, id: number) {
    return {
      table: this.db().table,
      key: nameGuardKey(kind, key),
      ownerAttribute: GUARD_OWNER,
      ownerId: id,
    };
  }

  /** The name key `key` taken for `id` in a transaction; a guard whose owner lost the name is taken over. */
  private claimName<R>(kind: TaxonomyKind, key: string, id: number, refused: () => R): Step<R> {
    return claimGuard({
      ...this.guard(kind, key, id),
      holds: async (owner) => {
        const record = await this.get(kind, owner);
        return record !== null && nameKey(record.name) === key;
      },
      refused,
    });
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

  /**
   * Give the name key to `id` on its own (the local stack adopting data from before name guards);
   * false when another one holds it.
   */
  async adoptName(kind: TaxonomyKind, key: string, id: number): Promise<boolean> {
    const outcome = await transact(this.db().client, [
      this.claimName(kind, key, id, () => 'taken' as const),
    ]);
    return outcome.written;
  }

  async get(kind: TaxonomyKind, id: number): Promise<TaxonRecord | null> {
    const item = await this.item(kind, id, true);
    if (!item) return null;
    const parsed = RECORDS[kind].safeParse(item);
    if (!parsed.success)
      throw new Error(`Stored ${kind} ${id} is malformed: ${parsed.error.message}`);
    return parsed.data;
  }

  async create(kind: TaxonomyKind, taxon: Taxon, key: string): Promise<'created' | 'taken'> {
    const { client, table } = this.db();
    const outcome = await transact<'exists' | 'taken'>(client, [
      {
        item: {
          Put: {
            TableName: table,
            Item: {
              ...itemKey(kind, taxon.id),
              id: taxon.id,
              [NAME_ATTRIBUTE[kind]]: taxon.name,
              posts: 0,
            },
            ConditionExpression: 'attribute_not_exists(pk)',
          },
        },
        refused: () => 'exists',
      },
      this.claimName(kind, key, taxon.id, () => 'taken' as const),
    ]);
    if (outcome.written) return 'created';
    if (outcome.refused === 'exists')
      throw new Error(`${kind} id ${taxon.id} from the counter already exists`);
    return 'taken';
  }

  async rename(
    kind: TaxonomyKind,
    id: number,
    rename: Rename,
  ): Promise<'renamed' | 'missing' | 'changed' | 'taken'> {
    const { client, table } = this.db();
    const steps: Step<'changed' | 'taken'>[] = [
      {
        item: {
          Update: {
            TableName: table,
            Key: itemKey(kind, id),
            UpdateExpression: 'SET #name = :to',
            ConditionExpression: 'attribute_exists(pk) AND #name = :from',
            ExpressionAttributeNames: { '#name': NAME_ATTRIBUTE[kind] },
            ExpressionAttributeValues: { ':from': rename.from, ':to': rename.to },
          },
        },
        refused: () => 'changed',
      },
    ];
    if (rename.toKey !== rename.fromKey)
      steps.push(
        this.claimName(kind, rename.toKey, id, () => 'taken' as const),
        releaseGuard(this.guard(kind, rename.fromKey, id)),
      );
    const outcome = await transact(client, steps);
    if (outcome.written) return 'renamed';
    if (outcome.refused === 'taken') return 'taken';
    return (await this.get(kind, id)) ? 'changed' : 'missing';
  }

  async remove(kind: TaxonomyKind, id: number): Promise<RemoveOutcome> {
    const { client, table } = this.db();
    // Rounds only repeat when it was renamed or its count dropped to zero between a read and the delete.
    for (let round = 0; round < 3; round++) {
      const current = await this.get(kind, id);
      if (!current) return { outcome: 'missing' };
      if (current.posts > 0) return { outcome: 'in-use', name: current.name, posts: current.posts };
      const outcome = await transact(client, [
        {
          item: {
            Delete: {
              TableName: table,
              Key: itemKey(kind, id),
              ConditionExpression:
                'attribute_exists(pk) AND #name = :name AND (attribute_not_exists(#posts) OR #posts <= :zero)',
              ExpressionAttributeNames: { '#name': NAME_ATTRIBUTE[kind], '#posts': 'posts' },
              ExpressionAttributeValues: { ':name': current.name, ':zero': 0 },
            },
          },
          refused: () => 'changed' as const,
        },
        releaseGuard(this.guard(kind, nameKey(current.name), id)),
      ]);
      if (outcome.written) return { outcome: 'removed', name: current.name };
    }
    throw new Error(`${kind} ${id} could be neither deleted nor found in use`);
  }
}
