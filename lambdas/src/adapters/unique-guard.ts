import {
  DeleteCommand,
  GetCommand,
  PutCommand,
  UpdateCommand,
  type DynamoDBDocumentClient,
} from '@aws-sdk/lib-dynamodb';
import * as z from 'zod';
import { isConditionFailure } from './clients';

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

const guardFields = z.object({
  state: z.enum(['pending', 'committed']),
  expiresAt: z.number().optional(),
});
type Guard = z.infer<typeof guardFields> & { ownerId: number };

export interface UniqueGuardOptions {
  db: () => TableRef;
  /** The guard item's key for a value. */
  key: (value: string) => { pk: string; sk: string };
  /**
   * Whether `ownerId` really holds `value` now (read consistently). A committed guard whose owner no
   * longer does (deleted, renamed, a crash before the old guard was removed) is taken over.
   */
  holds: (value: string, ownerId: number) => Promise<boolean>;
  /** How long a pending guard blocks its value: longer than any function runs, short enough to forgive a crash. */
  ttlSeconds: number;
  /** The attribute that holds the owner's id (`ownerId`; the slug guards, older, say `postId`). */
  ownerAttribute?: string;
}

/**
 * Uniqueness of a value (a name) without transactions, which the local stand-in lacks: a guard item
 * per value, claimed with a conditional put as `pending` before the owner is written, `committed`
 * after. Two claims at once: one put wins, the other sees a live pending guard and gives up. A guard
 * left by a crash expires (pending) or is found not to match its owner (committed) and is taken over
 * with a put conditional on the guard read, so two takers cannot both win. Taxonomy names and post
 * slugs both use it.
 */
export class UniqueGuard {
  private readonly owner: string;

  constructor(private readonly options: UniqueGuardOptions) {
    this.owner = options.ownerAttribute ?? 'ownerId';
  }

  private async read(value: string): Promise<Guard | null> {
    const { client, table } = this.options.db();
    const out = await client.send(
      new GetCommand({ TableName: table, Key: this.options.key(value), ConsistentRead: true }),
    );
    if (!out.Item) return null;
    return {
      ...guardFields.parse(out.Item),
      ownerId: z.number().int().parse(out.Item[this.owner]),
    };
  }

  /** The owner of a committed guard on `value`, or null (none, or one still being taken). */
  async committedOwner(value: string): Promise<number | null> {
    const guard = await this.read(value);
    return guard?.state === 'committed' ? guard.ownerId : null;
  }

  private put(value: string, ownerId: number, condition: string, values: Record<string, unknown>) {
    const { client, table } = this.options.db();
    return client.send(
      new PutCommand({
        TableName: table,
        Item: {
          ...this.options.key(value),
          [this.owner]: ownerId,
          state: 'pending',
          expiresAt: epochSeconds() + this.options.ttlSeconds,
        },
        ConditionExpression: condition,
        ExpressionAttributeNames: {
          '#state': 'state',
          ...(condition.includes('#owner') ? { '#owner': this.owner } : {}),
        },
        ExpressionAttributeValues: values,
      }),
    );
  }

  /** Claim `value` for `ownerId` as pending; false while another owner holds it or is taking it. */
  async reserve(value: string, ownerId: number): Promise<boolean> {
    // A few rounds at most: each round wins, sees a live holder, or saw the guard change under it.
    for (let round = 0; round < 5; round++) {
      const now = epochSeconds();
      const fresh = await conditional(() =>
        this.put(
          value,
          ownerId,
          'attribute_not_exists(pk) OR (#state = :pending AND expiresAt < :now)',
          {
            ':pending': 'pending',
            ':now': now,
          },
        ),
      );
      if (fresh) return true;
      const guard = await this.read(value);
      if (!guard) continue;
      if (guard.ownerId === ownerId) return true;
      if (guard.state === 'pending' && (guard.expiresAt ?? 0) >= now) return false;
      if (await this.options.holds(value, guard.ownerId)) {
        // A pending guard whose owner was written but never committed: finish its job.
        if (guard.state === 'pending') await this.commit(value, guard.ownerId);
        return false;
      }
      const takenOver = await conditional(() =>
        this.put(value, ownerId, '#owner = :old AND #state = :oldState', {
          ':old': guard.ownerId,
          ':oldState': guard.state,
        }),
      );
      if (takenOver) return true;
    }
    return false;
  }

  /** Mark the guard committed; false when it is no longer `ownerId`'s. */
  async commit(value: string, ownerId: number): Promise<boolean> {
    const { client, table } = this.options.db();
    return conditional(() =>
      client.send(
        new UpdateCommand({
          TableName: table,
          Key: this.options.key(value),
          UpdateExpression: 'SET #state = :committed REMOVE expiresAt',
          ConditionExpression: '#owner = :id',
          ExpressionAttributeNames: { '#state': 'state', '#owner': this.owner },
          ExpressionAttributeValues: { ':committed': 'committed', ':id': ownerId },
        }),
      ),
    );
  }

  /** Remove the guard if `ownerId` still holds it. */
  async release(value: string, ownerId: number): Promise<void> {
    const { client, table } = this.options.db();
    await conditional(() =>
      client.send(
        new DeleteCommand({
          TableName: table,
          Key: this.options.key(value),
          ConditionExpression: '#owner = :id',
          ExpressionAttributeNames: { '#owner': this.owner },
          ExpressionAttributeValues: { ':id': ownerId },
        }),
      ),
    );
  }
}

const epochSeconds = () => Math.floor(Date.now() / 1000);
