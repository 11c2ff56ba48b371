import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { ReplayGuard } from '../domain/captcha';
import { KEY_PREFIXES, TABLES } from '../../../platform/aws/tables';

const T = TABLES.content;

/**
 * Used captcha solutions in the content table: `{ pk: 'ALTCHA#<signature>', sk: 'ALTCHA', expiresAt }`,
 * written with a conditional Put so that of two concurrent uses exactly one wins. An expired record
 * (dynalite has no TTL) may be overwritten; by then the challenge itself has expired.
 */
export class DynamoReplayGuard implements ReplayGuard {
  constructor(
    private readonly db: DynamoDBDocumentClient,
    private readonly table: string,
    private readonly now: () => number = Date.now,
  ) {}

  async useOnce(key: string, expiresAt: number): Promise<boolean> {
    try {
      await this.db.send(
        new PutCommand({
          TableName: this.table,
          Item: {
            [T.partitionKey]: `${KEY_PREFIXES.content.altcha}${key}`,
            [T.sortKey]: 'ALTCHA',
            [T.expiresAt]: expiresAt,
          },
          ConditionExpression: 'attribute_not_exists(#pk) OR #exp < :now',
          ExpressionAttributeNames: { '#pk': T.partitionKey, '#exp': T.expiresAt },
          ExpressionAttributeValues: { ':now': Math.floor(this.now() / 1000) },
        }),
      );
      return true;
    } catch (error) {
      if (
        error instanceof ConditionalCheckFailedException ||
        (error instanceof Error && error.name === 'ConditionalCheckFailedException')
      )
        return false;
      throw error;
    }
  }
}
