import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod';
import type { AccountState, AccountStore } from '../domain/account-ports';
import { tableName } from '../lib/env';
import { dynamoClient } from './clients';

/** The account record of a `sub` in the team table. */
export const accountKey = (sub: string) => ({ pk: `MEMBER#${sub}`, sk: 'MEMBER' });

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
