import { DeleteCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod';
import type { PresenceMark, PresenceStore } from '../domain/presence';
import { tableName } from '../../../platform/env';
import { dynamoClient } from '../../../platform/aws/clients';
import { KEY_PREFIXES, TABLES } from '../../../platform/aws/tables';

const T = TABLES.content;
const pk = (subject: string) => `${KEY_PREFIXES.content.presence}${subject}`;
const item = z.object({ sk: z.string(), seenAt: z.number(), expiresAt: z.number() });

/**
 * Who has an editor open, in the content table: `{ pk: 'PRESENCE#<subject>', sk: <sub>, seenAt,
 * expiresAt }`. DynamoDB's TTL deletes expired marks in its own time (hours, even days, later) and
 * the local stand-in never does, so every read also leaves out those past `expiresAt`.
 */
export class DynamoPresenceStore implements PresenceStore {
  async mark(subject: string, user: string, seenAt: number, expiresAt: number): Promise<void> {
    await dynamoClient().send(
      new PutCommand({
        TableName: tableName('content'),
        Item: {
          [T.partitionKey]: pk(subject),
          [T.sortKey]: user,
          seenAt,
          [T.expiresAt]: expiresAt,
        },
      }),
    );
  }

  async marks(subject: string, now: number): Promise<PresenceMark[]> {
    const out = await dynamoClient().send(
      new QueryCommand({
        TableName: tableName('content'),
        KeyConditionExpression: '#pk = :pk',
        FilterExpression: '#exp > :now',
        ExpressionAttributeNames: { '#pk': T.partitionKey, '#exp': T.expiresAt },
        ExpressionAttributeValues: { ':pk': pk(subject), ':now': Math.floor(now / 1000) },
        // A subject has a handful of people at most; one page of results holds them.
        Limit: 100,
      }),
    );
    return (out.Items ?? []).flatMap((raw) => {
      const parsed = item.safeParse(raw);
      if (!parsed.success || parsed.data.expiresAt * 1000 <= now) return [];
      return [{ user: parsed.data.sk, seenAt: parsed.data.seenAt }];
    });
  }

  async remove(subject: string, user: string): Promise<void> {
    await dynamoClient().send(
      new DeleteCommand({
        TableName: tableName('content'),
        Key: { [T.partitionKey]: pk(subject), [T.sortKey]: user },
      }),
    );
  }
}
