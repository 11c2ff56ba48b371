import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { author, category, type Author, type Category } from '@agency/shared';
import type { z } from 'zod';
import type { TaxonomyStore } from '../domain/post-ports';
import { env } from '../lib/env';
import { dynamoClient } from './clients';

/** Item layouts shared with the local seed and other readers: `{ pk: 'CATEGORY' | 'AUTHOR', sk: <id padded to 6>, id, … }`. */
export const taxonomyKey = (kind: 'CATEGORY' | 'AUTHOR', id: number) => ({
  pk: kind,
  sk: String(id).padStart(6, '0'),
});

async function all<T>(pk: 'CATEGORY' | 'AUTHOR', schema: z.ZodType<T>): Promise<T[]> {
  const found: T[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const out = await dynamoClient().send(
      new QueryCommand({
        TableName: env().CONTENT_TABLE,
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': pk },
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

async function one<T>(
  kind: 'CATEGORY' | 'AUTHOR',
  id: number,
  schema: z.ZodType<T>,
): Promise<T | null> {
  const out = await dynamoClient().send(
    new GetCommand({ TableName: env().CONTENT_TABLE, Key: taxonomyKey(kind, id) }),
  );
  const parsed = schema.safeParse(out.Item);
  return parsed.success ? parsed.data : null;
}

/** Categories and authors, ordered by id (the sort key). */
export class DynamoTaxonomyStore implements TaxonomyStore {
  categories(): Promise<Category[]> {
    return all('CATEGORY', category);
  }

  authors(): Promise<Author[]> {
    return all('AUTHOR', author);
  }

  category(id: number): Promise<Category | null> {
    return one('CATEGORY', id, category);
  }

  author(id: number): Promise<Author | null> {
    return one('AUTHOR', id, author);
  }
}
