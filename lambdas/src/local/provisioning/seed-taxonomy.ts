/**
 * The sample categories and authors a fresh local stack starts with, so the post editor has
 * something to offer before anyone manages them. They are written the way the admin writes them,
 * and a data folder from before categories and authors were managed is adopted rather than seeded.
 */
import {
  GetCommand,
  PutCommand,
  ScanCommand,
  UpdateCommand,
  type DynamoDBDocumentClient,
} from '@aws-sdk/lib-dynamodb';
import { TAXONOMY_PREFIXES } from '../../platform/aws/tables';
import {
  DynamoTaxonomyStore,
  taxonomyCounterKey,
  taxonomyKey,
} from '../../modules/taxonomy/adapters/taxonomy-store';
import type { TaxonomyKind } from '../../modules/posts/domain/ports';
import {
  createTaxon,
  nameKey,
  type TaxonomyDeps,
  type TaxonRecord,
} from '../../modules/taxonomy/domain/taxonomy';

/** Sample taxonomy of a fresh stack; the admin editor offers these. */
export const SEED_CATEGORIES = [
  'Digital Marketing',
  'SEO',
  'Web Development',
  'Branding',
  'Content Marketing',
  'Social Media',
] as const;
/** Sample authors of a fresh stack, ids 1… in this order. */
export const SEED_AUTHORS = [
  'Priya Raman',
  'Daniel Okafor',
  'Hannah Lindqvist',
  'Marco Bellini',
] as const;

/** Give the admin's add a no-op CDN and log: provisioning has neither. */
const quietDeps = (store: DynamoTaxonomyStore): TaxonomyDeps => ({
  store,
  cdn: { invalidate: async () => undefined },
  log: { warn: () => undefined },
});

/**
 * The sample categories and authors of a fresh stack, added the way the admin adds them (ids from
 * the counter, a guard per name), so ids 1… are the seed lists in order. Only while a kind has never
 * been managed (no counter yet): what the admin deleted or renamed stays so on the next start.
 */
export async function ensureTaxonomy(doc: DynamoDBDocumentClient, table: string): Promise<void> {
  const store = new DynamoTaxonomyStore(() => ({ client: doc, table }));
  const seeds = [
    ['category', SEED_CATEGORIES],
    ['author', SEED_AUTHORS],
  ] as const;
  for (const [kind, names] of seeds) {
    const counter = await doc.send(
      new GetCommand({ TableName: table, Key: taxonomyCounterKey(kind), ConsistentRead: true }),
    );
    if (counter.Item) continue;
    const existing = await store.records(kind);
    if (existing.length === 0) {
      for (const name of names) await createTaxon(quietDeps(store), kind, name);
    } else {
      await adoptTaxonomy(doc, table, store, kind, existing);
    }
  }
}

/**
 * A data folder from before categories and authors were managed holds their items without name
 * guards, counter or usage counts: add them. The usage counts come from a Scan of the posts, which
 * is fine once at start-up on a local stack and is how a count left too high by a crash would be
 * recounted (see post-references.ts).
 */
async function adoptTaxonomy(
  doc: DynamoDBDocumentClient,
  table: string,
  store: DynamoTaxonomyStore,
  kind: TaxonomyKind,
  existing: TaxonRecord[],
): Promise<void> {
  const usage = await recountUsage(doc, table, kind);
  for (const { id, name } of existing) {
    const key = nameKey(name);
    await store.adoptName(kind, key, id);
    await doc.send(
      new UpdateCommand({
        TableName: table,
        Key: taxonomyKey(TAXONOMY_PREFIXES[kind], id),
        UpdateExpression: 'SET #posts = :n',
        ExpressionAttributeNames: { '#posts': 'posts' },
        ExpressionAttributeValues: { ':n': usage.get(id) ?? 0 },
      }),
    );
  }
  await doc.send(
    new PutCommand({
      TableName: table,
      Item: { ...taxonomyCounterKey(kind), value: Math.max(...existing.map((t) => t.id)) },
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
}

/** How many posts point at each category or author id (a Scan: local provisioning only). */
export async function recountUsage(
  doc: DynamoDBDocumentClient,
  table: string,
  kind: TaxonomyKind,
): Promise<Map<number, number>> {
  const field = kind === 'category' ? 'category_id' : 'author_id';
  const counts = new Map<number, number>();
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await doc.send(
      new ScanCommand({
        TableName: table,
        FilterExpression: 'sk = :post',
        ProjectionExpression: '#ref',
        ExpressionAttributeNames: { '#ref': field },
        ExpressionAttributeValues: { ':post': 'POST' },
        ExclusiveStartKey: startKey,
      }),
    );
    for (const item of page.Items ?? []) {
      const id = item[field];
      if (typeof id === 'number') counts.set(id, (counts.get(id) ?? 0) + 1);
    }
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return counts;
}
