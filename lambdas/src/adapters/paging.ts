import {
  QueryCommand,
  type DynamoDBDocumentClient,
  type QueryCommandInput,
} from '@aws-sdk/lib-dynamodb';

type Key = Record<string, unknown>;

/**
 * Page `page` (1-based) of `size` items of a Query, in the Query's order: the items of earlier pages
 * are only counted (Select COUNT reads no attributes back), then size+1 items are read from there,
 * the extra one telling whether a next page exists. Page 1 is one Query whatever the table holds.
 * Every paged list (posts, leads, media) reads through here.
 */
export async function queryPage(
  db: DynamoDBDocumentClient,
  query: QueryCommandInput,
  page: number,
  size: number,
): Promise<{ items: Record<string, unknown>[]; hasNext: boolean }> {
  let start: Key | undefined;
  let toSkip = (page - 1) * size;
  while (toSkip > 0) {
    const out = await db.send(
      new QueryCommand({ ...query, Select: 'COUNT', Limit: toSkip, ExclusiveStartKey: start }),
    );
    toSkip -= out.Count ?? 0;
    start = out.LastEvaluatedKey;
    // The earlier pages used up every item: this page is past the end.
    if (!start) return { items: [], hasNext: false };
  }
  const items: Record<string, unknown>[] = [];
  // Loop: a Query stops at 1 MB read whatever its Limit.
  do {
    const out = await db.send(
      new QueryCommand({ ...query, Limit: size + 1 - items.length, ExclusiveStartKey: start }),
    );
    items.push(...(out.Items ?? []));
    start = out.LastEvaluatedKey;
  } while (start && items.length < size + 1);
  return { items: items.slice(0, size), hasNext: items.length > size };
}
