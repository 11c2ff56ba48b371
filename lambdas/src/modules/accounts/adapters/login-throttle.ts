import { createHmac } from 'node:crypto';
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { LOGIN_THROTTLE } from '@agency/shared';
import * as z from 'zod';
import type { LoginThrottle } from '../domain/login';
import { captchaEnv, tableName } from '../../../platform/env';
import { captchaKey } from '../../captcha/adapters/captcha-key';
import { dynamoClient, isConditionFailure } from '../../../platform/aws/clients';
import { KEY_PREFIXES } from '../../../platform/aws/tables';

/**
 * The key the throttle hashes e-mails with: derived from the captcha HMAC key (a secret the
 * functions already read from Parameter Store), under its own label so neither use can stand in
 * for the other. Read once per cold start; a failed read is tried again on the next call.
 */
let hashKey: Promise<Buffer> | undefined;
function throttleHashKey(): Promise<Buffer> {
  hashKey ??= captchaKey(captchaEnv()).then(
    (secret) => createHmac('sha256', secret).update('agency/login-throttle/v1').digest(),
    (error: unknown) => {
      hashKey = undefined;
      throw error;
    },
  );
  return hashKey;
}

/**
 * The throttle's key of what was typed as the e-mail: `LOGIN#` and the HMAC-SHA-256 of it trimmed
 * and lower-cased, so the table never keeps the text (people type passwords there) and
 * `Ann@Example.com ` counts with `ann@example.com`.
 */
export async function loginThrottleKey(email: string): Promise<{ pk: string; sk: string }> {
  const digest = createHmac('sha256', await throttleHashKey())
    .update(email.trim().toLowerCase())
    .digest('base64url');
  return { pk: `${KEY_PREFIXES.content.login}${digest}`, sk: 'LOGIN' };
}

const record = z.object({ failures: z.number().int(), expiresAt: z.number() });
const nowSeconds = () => Math.floor(Date.now() / 1000);
const WINDOW_SECONDS = Math.ceil(LOGIN_THROTTLE.windowMs / 1000);

/**
 * Failed sign-ins per e-mail in the content table (`LOGIN#<keyed hash of the e-mail>`), counted with an atomic ADD
 * in a fixed window from the first failure. Expired records are ignored in code: the stand-in has no TTL.
 */
export class DynamoLoginThrottle implements LoginThrottle {
  async failures(email: string): Promise<number> {
    const out = await dynamoClient().send(
      new GetCommand({
        TableName: tableName('content'),
        Key: await loginThrottleKey(email),
        ConsistentRead: true,
      }),
    );
    const parsed = record.safeParse(out.Item);
    return parsed.success && parsed.data.expiresAt > nowSeconds() ? parsed.data.failures : 0;
  }

  async recordFailure(email: string): Promise<number> {
    const now = nowSeconds();
    const key = await loginThrottleKey(email);
    try {
      const out = await dynamoClient().send(
        new UpdateCommand({
          TableName: tableName('content'),
          Key: key,
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
          Item: { ...key, failures: 1, expiresAt: now + WINDOW_SECONDS },
        }),
      );
      return 1;
    }
  }

  async reset(email: string): Promise<void> {
    await dynamoClient().send(
      new DeleteCommand({ TableName: tableName('content'), Key: await loginThrottleKey(email) }),
    );
  }
}
