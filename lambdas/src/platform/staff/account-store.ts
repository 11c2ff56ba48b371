import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod';
import type { AccountState, AccountStore, SessionRevocations } from './ports';
import { tableName } from '../env';
import { dynamoClient } from '../aws/clients';
import { KEY_PREFIXES } from '../aws/tables';

const memberPk = (sub: string) => `${KEY_PREFIXES.team.member}${sub}`;
/** The account record of a `sub` in the team table. */
export const accountKey = (sub: string) => ({ pk: memberPk(sub), sk: 'MEMBER' });
/** A signed-out session of the account, in its partition (the staff check's key grant covers it). */
const sessionKey = (sub: string, originJti: string) => ({
  pk: memberPk(sub),
  sk: `SESSION#${originJti}`,
});

const item = z.object({
  sub: z.string(),
  email: z.string().default(''),
  name: z.string().default(''),
  enabled: z.boolean().default(true),
  mfa: z.boolean().default(false),
  validAfter: z.number().default(0),
});

/** Build `SET a = :a, b = :b` (or `if_not_exists` for the `keep` fields) from a record of values. */
function setExpression(
  values: Record<string, unknown>,
  keep: readonly string[] = [],
): {
  UpdateExpression: string;
  ExpressionAttributeNames: Record<string, string>;
  ExpressionAttributeValues: Record<string, unknown>;
} {
  const names: Record<string, string> = {};
  const vals: Record<string, unknown> = {};
  const parts = Object.entries(values)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => {
      names[`#${k}`] = k;
      vals[`:${k}`] = v;
      return keep.includes(k) ? `#${k} = if_not_exists(#${k}, :${k})` : `#${k} = :${k}`;
    });
  return {
    UpdateExpression: `SET ${parts.join(', ')}`,
    ExpressionAttributeNames: names,
    ExpressionAttributeValues: vals,
  };
}

/**
 * Account records in the team table (`MEMBER#<sub>` / `MEMBER`). Read with a consistent read: a
 * member disabled or signed out a moment ago must be refused on the next call.
 */
export class DynamoAccountStore implements AccountStore {
  async get(sub: string): Promise<AccountState | null> {
    const out = await dynamoClient().send(
      new GetCommand({ TableName: tableName('team'), Key: accountKey(sub), ConsistentRead: true }),
    );
    if (!out.Item) return null;
    return item.parse(out.Item);
  }

  async recordSignIn(state: Pick<AccountState, 'sub' | 'email' | 'name' | 'mfa'>): Promise<void> {
    await dynamoClient().send(
      new UpdateCommand({
        TableName: tableName('team'),
        Key: accountKey(state.sub),
        ...setExpression(
          { ...state, enabled: true, validAfter: 0, signedInAt: new Date().toISOString() },
          ['enabled', 'validAfter'],
        ),
      }),
    );
  }

  async update(
    base: Pick<AccountState, 'sub' | 'email'>,
    changes: Partial<Omit<AccountState, 'sub'>>,
  ): Promise<void> {
    const { email = base.email, ...rest } = changes;
    await dynamoClient().send(
      new UpdateCommand({
        TableName: tableName('team'),
        Key: accountKey(base.sub),
        ...setExpression({ sub: base.sub, email, ...rest }),
      }),
    );
  }
}

/**
 * Signed-out sessions in the team table (`MEMBER#<sub>` / `SESSION#<origin_jti>`), each kept until
 * its last access token expires (`expiresAt`, TTL; an expired one is ignored in code too). Read
 * consistently, like the account record: a session signed out a moment ago is refused at once.
 */
export class DynamoSessionRevocations implements SessionRevocations {
  async isRevoked(sub: string, originJti: string): Promise<boolean> {
    const out = await dynamoClient().send(
      new GetCommand({
        TableName: tableName('team'),
        Key: sessionKey(sub, originJti),
        ConsistentRead: true,
      }),
    );
    const expiresAt: unknown = out.Item?.expiresAt;
    return typeof expiresAt === 'number' && expiresAt * 1000 > Date.now();
  }

  async revoke(sub: string, originJti: string, expiresAt: number): Promise<void> {
    await dynamoClient().send(
      new PutCommand({
        TableName: tableName('team'),
        Item: { ...sessionKey(sub, originJti), expiresAt },
      }),
    );
  }
}
