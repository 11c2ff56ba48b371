import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { TeamLock } from '../domain/team';
import { tableName } from '../../../platform/env';
import { dynamoClient, isConditionFailure } from '../../../platform/aws/clients';
import { KEY_PREFIXES, TABLES } from '../../../platform/aws/tables';

const T = TABLES.team;
const KEY = { [T.partitionKey]: KEY_PREFIXES.team.lease, [T.sortKey]: 'LOCK' } as const;

/**
 * The `TEAM`/`LOCK` lease in the team table: a conditional put that succeeds only when there is
 * no lease or it has run out (`until`, epoch ms), so of two admins changing the team at once one
 * waits. `expiresAt` lets TTL clear a lease left by a function that died holding it.
 */
export class DynamoTeamLock implements TeamLock {
  async acquire(owner: string, nowMs: number, untilMs: number): Promise<boolean> {
    try {
      await dynamoClient().send(
        new PutCommand({
          TableName: tableName('team'),
          Item: { ...KEY, owner, until: untilMs, [T.expiresAt]: Math.ceil(untilMs / 1000) },
          ConditionExpression: 'attribute_not_exists(#pk) OR #until < :now',
          ExpressionAttributeNames: { '#pk': T.partitionKey, '#until': 'until' },
          ExpressionAttributeValues: { ':now': nowMs },
        }),
      );
      return true;
    } catch (error) {
      if (isConditionFailure(error)) return false;
      throw error;
    }
  }

  async release(owner: string): Promise<void> {
    try {
      await dynamoClient().send(
        new DeleteCommand({
          TableName: tableName('team'),
          Key: KEY,
          ConditionExpression: '#owner = :owner',
          ExpressionAttributeNames: { '#owner': 'owner' },
          ExpressionAttributeValues: { ':owner': owner },
        }),
      );
    } catch (error) {
      // Our lease ran out and someone else holds it now: theirs to release.
      if (!isConditionFailure(error)) throw error;
    }
  }
}
