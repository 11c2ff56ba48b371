import { QueryCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { Lead } from '@agency/shared';
import { CHANNELS, type Channel, type LeadDeliveryStore } from '../../leads/domain/ports';
import type { BounceStore } from '../domain/mail-events';
import { tableName } from '../../../platform/env';
import { dynamoClient, isConditionFailure } from '../../../platform/aws/clients';
import {
  CHANNEL_ATTRIBUTES,
  leadKey,
  leadOfItem,
  PENDING,
  T,
} from '../../leads/adapters/lead-items';

type Key = Record<string, unknown>;
const PENDING_INDEX = T.indexes.pending;

/** Names and values for "no channel is pending" (a channel without its attribute is not pending). */
const NONE_PENDING = {
  condition: CHANNELS.map((_, i) => `NOT (#s${i} = :pending)`).join(' AND '),
  names: Object.fromEntries(CHANNELS.map((c, i) => [`#s${i}`, CHANNEL_ATTRIBUTES[c].status])),
};

/**
 * Delivery state of each channel on the lead item (layout: lead-items.ts): a channel is claimed
 * with a lease in its `until` attribute, which after a failure holds the backoff instead, so one
 * condition keeps both concurrent senders and early retries off. `pendingPk` puts the lead in the
 * sparse pending index the retry job reads while any channel is pending.
 */
export class DynamoLeadDeliveryStore implements LeadDeliveryStore, BounceStore {
  constructor(
    private readonly db: DynamoDBDocumentClient,
    private readonly table: string,
  ) {}

  /**
   * Pending leads, oldest first. A lead in the index with nothing pending (a sender died between
   * recording its send and leaving the index) is taken out of it on the way.
   */
  async *pendingIds(): AsyncIterable<string> {
    let cursor: Key | undefined;
    do {
      const out = await this.db.send(
        new QueryCommand({
          TableName: this.table,
          IndexName: PENDING_INDEX.name,
          KeyConditionExpression: '#p = :p',
          ExpressionAttributeNames: { '#p': PENDING_INDEX.partitionKey },
          ExpressionAttributeValues: { ':p': PENDING },
          ExclusiveStartKey: cursor,
        }),
      );
      for (const item of out.Items ?? []) {
        const id = item.id;
        if (typeof id !== 'string') continue;
        if (CHANNELS.some((c) => item[CHANNEL_ATTRIBUTES[c].status] === 'pending')) yield id;
        else await this.leavePendingIndex(id);
      }
      cursor = out.LastEvaluatedKey;
    } while (cursor);
  }

  /**
   * How many leads that arrived before `before` (ISO time) still have a delivery pending: the
   * pending index is sorted by arrival, so this counts its oldest entries without reading them.
   */
  async countPendingBefore(before: string): Promise<number> {
    let count = 0;
    let cursor: Key | undefined;
    do {
      const out = await this.db.send(
        new QueryCommand({
          TableName: this.table,
          IndexName: PENDING_INDEX.name,
          KeyConditionExpression: '#p = :p AND #sk < :before',
          ExpressionAttributeNames: {
            '#p': PENDING_INDEX.partitionKey,
            '#sk': PENDING_INDEX.sortKey,
          },
          ExpressionAttributeValues: { ':p': PENDING, ':before': before },
          Select: 'COUNT',
          ExclusiveStartKey: cursor,
        }),
      );
      count += out.Count ?? 0;
      cursor = out.LastEvaluatedKey;
    } while (cursor);
    return count;
  }

  async claim(
    channel: Channel,
    id: string,
    leaseToken: string,
    now: number,
    leaseUntil: number,
  ): Promise<Lead | null> {
    const a = CHANNEL_ATTRIBUTES[channel];
    try {
      const out = await this.db.send(
        new UpdateCommand({
          TableName: this.table,
          Key: leadKey(id),
          UpdateExpression: 'SET #until = :until, #lease = :token',
          ConditionExpression:
            'attribute_exists(#pk) AND #status = :pending AND (attribute_not_exists(#until) OR #until < :now)',
          ExpressionAttributeNames: {
            '#pk': T.partitionKey,
            '#status': a.status,
            '#until': a.until,
            '#lease': a.lease,
          },
          ExpressionAttributeValues: {
            ':until': leaseUntil,
            ':token': leaseToken,
            ':pending': 'pending',
            ':now': now,
          },
          ReturnValues: 'ALL_NEW',
        }),
      );
      return out.Attributes ? leadOfItem(out.Attributes) : null;
    } catch (error) {
      if (isConditionFailure(error)) return null;
      throw error;
    }
  }

  async markSent(channel: Channel, id: string, leaseToken: string, sentAt: string): Promise<void> {
    const a = CHANNEL_ATTRIBUTES[channel];
    const recorded = await this.underLease(channel, id, leaseToken, {
      update: `SET #status = :sent, #sentAt = :at ADD #attempts :one REMOVE #until, #lease, #error`,
      names: {
        '#status': a.status,
        '#sentAt': a.sentAt,
        '#attempts': a.attempts,
        '#error': a.error,
        '#until': a.until,
      },
      values: { ':sent': 'sent', ':at': sentAt, ':one': 1 },
    });
    // A second write: one update cannot both record this channel and leave the index only if the
    // other channel is done. Whichever channel records its send last sees the other settled here
    // (updates of one item apply one after another), so the lead leaves the index exactly when
    // nothing is pending; a sender dying in between leaves it for pendingIds() to clear.
    if (recorded) await this.leavePendingIndex(id);
  }

  async markFailed(
    channel: Channel,
    id: string,
    leaseToken: string,
    reason: string,
    retryAt: number,
  ): Promise<void> {
    const a = CHANNEL_ATTRIBUTES[channel];
    await this.underLease(channel, id, leaseToken, {
      update: 'SET #error = :reason, #until = :retryAt ADD #attempts :one REMOVE #lease',
      names: { '#error': a.error, '#until': a.until, '#attempts': a.attempts },
      values: { ':reason': reason, ':retryAt': retryAt, ':one': 1 },
    });
  }

  /**
   * SES reported the sent e-mail as bounced: the e-mail reads `bounced`, with the reason where a
   * failed attempt's would be. Only a lead that exists and whose e-mail is `sent` is changed.
   */
  async markBounced(id: string, reason: string): Promise<boolean> {
    const a = CHANNEL_ATTRIBUTES.email;
    try {
      await this.db.send(
        new UpdateCommand({
          TableName: this.table,
          Key: leadKey(id),
          UpdateExpression: 'SET #status = :bounced, #error = :reason',
          ConditionExpression: 'attribute_exists(#pk) AND #status = :sent',
          ExpressionAttributeNames: {
            '#pk': T.partitionKey,
            '#status': a.status,
            '#error': a.error,
          },
          ExpressionAttributeValues: { ':bounced': 'bounced', ':sent': 'sent', ':reason': reason },
        }),
      );
      return true;
    } catch (error) {
      if (isConditionFailure(error)) return false;
      throw error;
    }
  }

  /** One conditional update per held channel, so each is released once whoever else races. */
  async release(id: string, channels: Record<Channel, 'pending' | 'off'>): Promise<boolean> {
    const released = await Promise.all(
      CHANNELS.map(async (channel) => {
        const a = CHANNEL_ATTRIBUTES[channel];
        const toPending = channels[channel] === 'pending';
        try {
          await this.db.send(
            new UpdateCommand({
              TableName: this.table,
              Key: leadKey(id),
              UpdateExpression: `SET #status = :to${toPending ? ', #p = :p' : ''} REMOVE #until, #lease`,
              ConditionExpression: '#status = :held',
              ExpressionAttributeNames: {
                '#status': a.status,
                '#until': a.until,
                '#lease': a.lease,
                ...(toPending ? { '#p': PENDING_INDEX.partitionKey } : {}),
              },
              ExpressionAttributeValues: {
                ':to': channels[channel],
                ':held': 'held',
                ...(toPending ? { ':p': PENDING } : {}),
              },
            }),
          );
          return true;
        } catch (error) {
          if (isConditionFailure(error)) return false;
          throw error;
        }
      }),
    );
    return released.some(Boolean);
  }

  /** Apply an outcome only while our lease is the current one; false when another sender owns the channel. */
  private async underLease(
    channel: Channel,
    id: string,
    leaseToken: string,
    change: { update: string; names: Record<string, string>; values: Record<string, unknown> },
  ): Promise<boolean> {
    const a = CHANNEL_ATTRIBUTES[channel];
    try {
      await this.db.send(
        new UpdateCommand({
          TableName: this.table,
          Key: leadKey(id),
          UpdateExpression: change.update,
          ConditionExpression: '#lease = :token',
          ExpressionAttributeNames: { ...change.names, '#lease': a.lease },
          ExpressionAttributeValues: { ...change.values, ':token': leaseToken },
        }),
      );
      return true;
    } catch (error) {
      if (isConditionFailure(error)) return false;
      throw error;
    }
  }

  /** Take the lead out of the pending index if no channel is pending (and it still exists). */
  private async leavePendingIndex(id: string): Promise<void> {
    try {
      await this.db.send(
        new UpdateCommand({
          TableName: this.table,
          Key: leadKey(id),
          UpdateExpression: 'REMOVE #p',
          ConditionExpression: `attribute_exists(#p) AND ${NONE_PENDING.condition}`,
          ExpressionAttributeNames: { '#p': PENDING_INDEX.partitionKey, ...NONE_PENDING.names },
          ExpressionAttributeValues: { ':pending': 'pending' },
        }),
      );
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
    }
  }
}

/** The delivery store on the configured leads table. */
export const leadDeliveryStore = (): DynamoLeadDeliveryStore =>
  new DynamoLeadDeliveryStore(dynamoClient(), tableName('leads'));
