import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { LOGIN_THROTTLE } from '@agency/shared';
import * as z from 'zod';
import type { LoginThrottle } from '../domain/login';
import { tableName } from '../lib/env';
import { dynamoClient, isConditionFailure } from './clients';
import { KEY_PREFIXES } from './tables';

const key = (email: string) => ({ pk: `${KEY_PREFIXES.content.login}${email}`, sk: 'LOGIN' });
const record = z.object({ failures: z.number().int(), expiresAt: z.number() });
const nowSeconds = () => Math.floor(Date.now() / 1000);
const WINDOW_SECONDS = Math.ceil(LOGIN_THROTTLE.windowMs / 1000);

/**
 * Failed sign-ins per e-mail in the content table (`LOGIN#<email>`), counted with an atomic ADD
 * in a fixed window from the first failure. Expired records are ignored in code: the stand-in has no TTL.
 */
export class DynamoLoginThrottle implements LoginThrottle {
  async failures(email: string): Promise<number> {
    const out = await dynamoClient().send(
      new GetCommand({ TableName: tableName('content'), Key: key(email), ConsistentRead: true }),
    );
    const parsed = record.safeParse(out.Item);
    return parsed.success && parsed.data.expiresAt > nowSeconds() ? parsed.data.failures : 0;
  }

  async recordFailure(email: string): Promise<number> {
    const now = nowSeconds();
    try {
      const out = await dynamoClient().send(
        new UpdateCommand({
          TableName: tableName('content'),
          Key: key(email),
          UpdateExpression: 'ADD failures :one SET expiresAt = if_not_exists(expiresAt, :expires)',
          ConditionExpression: 'attribute_not_exists(pk) OR expiresAt > :now',
          ExpressionAttributeValues: { ':one': 1, ':expires': now + WINDOW_SECONDS, ':now': now },
          ReturnValues: 'ALL_NEW',
        }),
      );
      return record.parse(out.Attributes).failures;
    } catch (e) {
      if (!isConditionFailure(e)) throw e;
      // The old window has passed: this failure starts a new one.
      await dynamoClient().send(
        new PutCommand({
          TableName: tableName('content'),
          Item: { ...key(email), failures: 1, expiresAt: now + WINDOW_SECONDS },
        }),
      );
      return 1;
    }
  }

  async reset(email: string): Promise<void> {
    await dynamoClient().send(
      new DeleteCommand({ TableName: tableName('content'), Key: key(email) }),
    );
  }
}
