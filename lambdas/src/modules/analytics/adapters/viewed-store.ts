import { PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { ANALYTICS } from '@agency/shared';
import { dynamoClient } from '../../../platform/aws/clients';
import { KEY_PREFIXES, TABLES } from '../../../platform/aws/tables';
import { conditional } from '../../../platform/aws/unique-guard';
import type { ViewedStore } from '../domain/once-a-day';

const V = TABLES.visitors;

/**
 * The post views counted today, one item per day, post and visitor hash
 * (`VIEWED#<day>#<postId>#<hash>` / `VIEWED`), put on condition that none is there (or only an
 * expired one), so of concurrent calls exactly one wins; gone ANALYTICS.rawTtlHours later.
 */
export class DynamoViewedStore implements ViewedStore {
  constructor(
    private readonly db: () => DynamoDBDocumentClient = dynamoClient,
    private readonly table: () => string = () => process.env[V.envVar] ?? '',
  ) {}

  claim(day: string, postId: number, hash: string, at: Date): Promise<boolean> {
    const nowS = Math.floor(at.getTime() / 1000);
    return conditional(() =>
      this.db().send(
        new PutCommand({
          TableName: this.table(),
          Item: {
            [V.partitionKey]: `${KEY_PREFIXES.visitors.viewed}${day}#${postId}#${hash}`,
            [V.sortKey]: 'VIEWED',
            [V.expiresAt]: nowS + ANALYTICS.rawTtlHours * 3600,
          },
          ConditionExpression: 'attribute_not_exists(#pk) OR #exp <= :now',
          ExpressionAttributeNames: { '#pk': V.partitionKey, '#exp': V.expiresAt },
          ExpressionAttributeValues: { ':now': nowS },
        }),
      ),
    );
  }
}
