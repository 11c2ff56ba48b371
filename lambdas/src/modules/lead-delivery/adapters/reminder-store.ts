import { UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { Lead } from '@agency/shared';
import type { ReminderStore } from '../domain/reminder';
import { dynamoClient, isConditionFailure } from '../../../platform/aws/clients';
import { tableName } from '../../../platform/env';
import { T, leadKey, leadsArrivedBetween } from '../../leads/adapters/lead-items';

/** When a lead's unanswered reminder was claimed (absent until then; never cleared). */
const REMINDED = 'reminded_at';

/** Unanswered, not spam, not reminded: the filter of the query and the condition of the claim. */
const WAITING =
  '(attribute_not_exists(#status) OR #status <> :spam) AND (attribute_not_exists(#first) OR #first = :null) AND attribute_not_exists(#reminded)';
const NAMES = { '#status': 'status', '#first': 'first_response_at', '#reminded': REMINDED };
const VALUES = { ':spam': 'spam', ':null': null };

/** Reminders in the leads table: a range of the byDate index, and a conditional mark on the lead item. */
export class DynamoReminderStore implements ReminderStore {
  constructor(
    private readonly db: DynamoDBDocumentClient,
    private readonly table: string,
  ) {}

  unanswered(from: string, to: string): Promise<Lead[]> {
    return leadsArrivedBetween(this.db, this.table, from, to, {
      expression: WAITING,
      names: NAMES,
      values: VALUES,
    });
  }

  async claim(id: string, at: string): Promise<boolean> {
    try {
      await this.db.send(
        new UpdateCommand({
          TableName: this.table,
          Key: leadKey(id),
          UpdateExpression: 'SET #reminded = :at',
          ConditionExpression: `attribute_exists(#pk) AND ${WAITING}`,
          ExpressionAttributeNames: { '#pk': T.partitionKey, ...NAMES },
          ExpressionAttributeValues: { ':at': at, ...VALUES },
        }),
      );
      return true;
    } catch (error) {
      if (isConditionFailure(error)) return false;
      throw error;
    }
  }
}

/** The reminder store on the configured leads table. */
export const reminderStore = (): DynamoReminderStore =>
  new DynamoReminderStore(dynamoClient(), tableName('leads'));
