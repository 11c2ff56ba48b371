import { randomUUID } from 'node:crypto';
import { GetCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { isConditionFailure } from './clients';
import type { Step, TransactItem } from './transaction';

/** The client and table an adapter writes to: the handlers' by default, the local stack's when it provisions. */
export interface TableRef {
  client: DynamoDBDocumentClient;
  table: string;
}

/** Run a conditional write; false when its condition did not hold. */
export async function conditional(write: () => Promise<unknown>): Promise<boolean> {
  try {
    await write();
    return true;
  } catch (e) {
    if (isConditionFailure(e)) return false;
    throw e;
  }
}

/** What a guard item needs to be claimed or given up in a transaction. */
export interface GuardRef {
  table: string;
  /** The guard item's key (one item per unique value). */
  key: { pk: string; sk: string };
  /** The attribute that holds the owner's id (`ownerId`; the slug guards, older, say `postId`). */
  ownerAttribute: string;
  ownerId: number;
}

const epochSeconds = () => Math.floor(Date.now() / 1000);

/**
 * Uniqueness of a value (a slug, a name) as one action of the transaction that writes its owner: a
 * guard item per value, written committed with the owner, conditional on the value being free or
 * already the owner's. A guard left by a write from before transactions (which reserved pending,
 * then committed) blocks while pending and unexpired; one whose owner no longer has the value
 * (`holds` false) is taken over, conditional on the guard as read: its token, which every rewrite
 * changes, so an owner taking its value again meanwhile wins.
 */
export function claimGuard<R>(
  guard: GuardRef & { holds: (ownerId: number) => Promise<boolean>; refused: () => R },
): Step<R> {
  const put = (
    condition: string,
    names: Record<string, string>,
    values: Record<string, unknown>,
  ): TransactItem => ({
    Put: {
      TableName: guard.table,
      Item: {
        ...guard.key,
        [guard.ownerAttribute]: guard.ownerId,
        state: 'committed',
        token: randomUUID(),
      },
      ConditionExpression: condition,
      ExpressionAttributeNames: { '#owner': guard.ownerAttribute, ...names },
      ExpressionAttributeValues: values,
      ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
    },
  });
  return {
    item: put(
      'attribute_not_exists(pk) OR #owner = :me OR (#state = :pending AND expiresAt < :now)',
      { '#state': 'state' },
      { ':me': guard.ownerId, ':pending': 'pending', ':now': epochSeconds() },
    ),
    refused: guard.refused,
    retry: async (old) => {
      const owner = old?.[guard.ownerAttribute];
      if (typeof owner !== 'number' || owner === guard.ownerId) return null;
      if (old?.state === 'pending' && Number(old.expiresAt) >= epochSeconds()) return null;
      if (await guard.holds(owner)) return null;
      const token = old?.token;
      return typeof token === 'string'
        ? put(
            '#owner = :old AND #token = :token',
            { '#token': 'token' },
            { ':old': owner, ':token': token },
          )
        : put(
            '#owner = :old AND attribute_not_exists(#token)',
            { '#token': 'token' },
            { ':old': owner },
          );
    },
  };
}

/** Give up a guard in a transaction if its owner still holds it (one not ours, or gone, is left alone). */
export function releaseGuard<R>(guard: GuardRef): Step<R> {
  return {
    item: {
      Delete: {
        TableName: guard.table,
        Key: guard.key,
        ConditionExpression: 'attribute_not_exists(pk) OR #owner = :me',
        ExpressionAttributeNames: { '#owner': guard.ownerAttribute },
        ExpressionAttributeValues: { ':me': guard.ownerId },
      },
    },
    optional: true,
  };
}

/** The owner of a committed guard (a pending one, left by a write from before transactions, counts as none). */
export async function committedOwner(
  db: TableRef,
  key: { pk: string; sk: string },
  ownerAttribute: string,
): Promise<number | null> {
  const out = await db.client.send(
    new GetCommand({ TableName: db.table, Key: key, ConsistentRead: true }),
  );
  const owner = out.Item?.[ownerAttribute];
  return out.Item?.state === 'committed' && typeof owner === 'number' ? owner : null;
}
