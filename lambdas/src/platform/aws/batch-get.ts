import { BatchGetCommand } from '@aws-sdk/lib-dynamodb';
import { dynamoClient } from './clients';

/** Rounds of asking again for the keys BatchGet leaves unprocessed, before giving up. */
const ATTEMPTS = 5;
/** Wait before the first retry, doubled for each next one (AWS asks for backoff on unprocessed keys). */
const FIRST_RETRY_MS = 50;

/**
 * Items of one table by key, in any order, 100 keys per BatchGet (its limit). The keys BatchGet
 * hands back unprocessed (throttling, or more than 16 MB in one answer) are asked for again with
 * backoff; if some are still unprocessed after ATTEMPTS rounds this throws rather than answer
 * with items silently missing. Keys without an item are simply absent from the result.
 */
export async function batchGet(
  table: string,
  keys: Record<string, unknown>[],
  attributes?: string[],
): Promise<Record<string, unknown>[]> {
  // Names go through placeholders: some attribute names are DynamoDB reserved words.
  const projection = attributes && {
    ProjectionExpression: attributes.map((_, i) => `#a${i}`).join(', '),
    ExpressionAttributeNames: Object.fromEntries(attributes.map((a, i) => [`#a${i}`, a])),
  };
  const found: Record<string, unknown>[] = [];
  for (let i = 0; i < keys.length; i += 100) {
    let batch = keys.slice(i, i + 100);
    for (let attempt = 0; batch.length > 0; attempt++) {
      if (attempt === ATTEMPTS)
        throw new Error(`BatchGet on ${table} left ${batch.length} keys unprocessed`);
      if (attempt > 0) await new Promise((r) => setTimeout(r, FIRST_RETRY_MS * 2 ** (attempt - 1)));
      const out = await dynamoClient().send(
        new BatchGetCommand({ RequestItems: { [table]: { Keys: batch, ...projection } } }),
      );
      found.push(...(out.Responses?.[table] ?? []));
      batch = out.UnprocessedKeys?.[table]?.Keys ?? [];
    }
  }
  return found;
}
