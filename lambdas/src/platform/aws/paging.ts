import {
  QueryCommand,
  type DynamoDBDocumentClient,
  type QueryCommandInput,
} from '@aws-sdk/lib-dynamodb';

type Key = Record<string, unknown>;

/** Items a filtered Query reads per request (see filteredPage). */
const FILTERED_BATCH = 200;

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
  if (query.FilterExpression) return filteredPage(db, query, page, size);
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

/**
 * A page of a filtered Query. A Query's Limit counts items read, not items matched, so the
 * count-then-read steps above would take a round trip per few matches when the filter is
 * selective; and a filter reads (and bills) the skipped items anyway. So the matches are read in
 * large batches and the earlier pages' matches dropped; a page still holds `size` matches when
 * they exist.
 */
async function filteredPage(
  db: DynamoDBDocumentClient,
  query: QueryCommandInput,
  page: number,
  size: number,
): Promise<{ items: Record<string, unknown>[]; hasNext: boolean }> {
  let toSkip = (page - 1) * size;
  const items: Record<string, unknown>[] = [];
  let start: Key | undefined;
  let first = true;
  do {
    // First as many as the page needs (when the filter drops nothing, one request does), then in
    // batches: the filter is dropping items.
    const needed = toSkip + size + 1 - items.length;
    const out = await db.send(
      new QueryCommand({
        ...query,
        Limit: first ? needed : Math.max(needed, FILTERED_BATCH),
        ExclusiveStartKey: start,
      }),
    );
    first = false;
    for (const item of out.Items ?? []) {
      if (toSkip > 0) toSkip -= 1;
      else items.push(item);
    }
    start = out.LastEvaluatedKey;
  } while (start && items.length < size + 1);
  return { items: items.slice(0, size), hasNext: items.length > size };
}

/** Every item a Query matches, page after page (a Query stops at 1 MB read). */
export async function queryAll(
  db: DynamoDBDocumentClient,
  query: QueryCommandInput,
): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  let start: Key | undefined;
  do {
    const out = await db.send(new QueryCommand({ ...query, ExclusiveStartKey: start }));
    items.push(...(out.Items ?? []));
    start = out.LastEvaluatedKey;
  } while (start);
  return items;
}
