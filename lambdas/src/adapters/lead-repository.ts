import {
  PutCommand,
  QueryCommand,
  UpdateCommand,
  type DynamoDBDocumentClient,
  type QueryCommandInput,
} from '@aws-sdk/lib-dynamodb';
import { lead as leadSchema, type Lead } from '@agency/shared';
import type { LeadPage, LeadRepository, NewLead } from '../domain/leads';
import { tableName } from '../lib/env';
import { dynamoClient, isConditionFailure } from './clients';
import { queryPage } from './paging';
import { TABLES } from './tables';

const T = TABLES.leads;
type Key = Record<string, unknown>;

/** Item keys of a lead: `LEAD#<id>` / `LEAD`. */
const keyOf = (id: string) => ({ [T.partitionKey]: `LEAD#${id}`, [T.sortKey]: 'LEAD' });
const PENDING = 'PENDING';
const ALL_LEADS = 'LEADS';

function toLead(item: Record<string, unknown>): Lead {
  const parsed = leadSchema.safeParse(item);
  if (!parsed.success)
    throw new Error(
      `Stored lead ${String(item[T.partitionKey])} is malformed: ${parsed.error.message}`,
    );
  return parsed.data;
}

/**
 * Leads in the leads table. Layout: `{ pk: 'LEAD#<id>', sk: 'LEAD', …lead fields, gsi1pk: 'LEADS',
 * gsi1sk: '<created_at>#<id>', pendingPk: 'PENDING' while the e-mail is pending, sendingUntil and
 * leaseToken while a sender holds the lead }`. Lists are Queries of the byDate index; the retry job
 * reads the sparse pending index.
 */
export class DynamoLeadRepository implements LeadRepository {
  constructor(
    private readonly db: DynamoDBDocumentClient,
    private readonly table: string,
  ) {}

  async create(lead: NewLead): Promise<void> {
    const sortKey = `${lead.created_at}#${lead.id}`;
    await this.db.send(
      new PutCommand({
        TableName: this.table,
        Item: {
          ...keyOf(lead.id),
          ...lead,
          email_status: 'pending',
          email_attempts: 0,
          [T.indexes.byDate.partitionKey]: ALL_LEADS,
          [T.indexes.byDate.sortKey]: sortKey,
          [T.indexes.pending.partitionKey]: PENDING,
        },
        ConditionExpression: 'attribute_not_exists(#pk)',
        ExpressionAttributeNames: { '#pk': T.partitionKey },
      }),
    );
  }

  private byDate(): QueryCommandInput {
    const idx = T.indexes.byDate;
    return {
      TableName: this.table,
      IndexName: idx.name,
      KeyConditionExpression: '#p = :p',
      ExpressionAttributeNames: { '#p': idx.partitionKey },
      ExpressionAttributeValues: { ':p': ALL_LEADS },
      ScanIndexForward: false,
    };
  }

  async page(page: number, size: number): Promise<LeadPage> {
    const out = await queryPage(this.db, this.byDate(), page, size);
    return { items: out.items.map(toLead), hasMore: out.hasNext };
  }

  async *all(): AsyncIterable<Lead> {
    let cursor: Key | undefined;
    do {
      const out = await this.db.send(
        new QueryCommand({ ...this.byDate(), ExclusiveStartKey: cursor }),
      );
      for (const item of out.Items ?? []) yield toLead(item);
      cursor = out.LastEvaluatedKey;
    } while (cursor);
  }

  async *pendingIds(): AsyncIterable<string> {
    const idx = T.indexes.pending;
    let cursor: Key | undefined;
    do {
      const out = await this.db.send(
        new QueryCommand({
          TableName: this.table,
          IndexName: idx.name,
          KeyConditionExpression: '#p = :p',
          ExpressionAttributeNames: { '#p': idx.partitionKey },
          ExpressionAttributeValues: { ':p': PENDING },
          ExclusiveStartKey: cursor,
        }),
      );
      for (const item of out.Items ?? []) {
        const id = item.id;
        if (typeof id === 'string') yield id;
      }
      cursor = out.LastEvaluatedKey;
    } while (cursor);
  }

  async claim(
    id: string,
    leaseToken: string,
    now: number,
    leaseUntil: number,
  ): Promise<Lead | null> {
    try {
      const out = await this.db.send(
        new UpdateCommand({
          TableName: this.table,
          Key: keyOf(id),
          UpdateExpression: 'SET sendingUntil = :until, leaseToken = :token',
          ConditionExpression:
            'attribute_exists(#pk) AND email_status = :pending AND (attribute_not_exists(sendingUntil) OR sendingUntil < :now)',
          ExpressionAttributeNames: { '#pk': T.partitionKey },
          ExpressionAttributeValues: {
            ':until': leaseUntil,
            ':token': leaseToken,
            ':pending': 'pending',
            ':now': now,
          },
          ReturnValues: 'ALL_NEW',
        }),
      );
      return out.Attributes ? toLead(out.Attributes) : null;
    } catch (error) {
      if (isConditionFailure(error)) return null;
      throw error;
    }
  }

  async markSent(id: string, leaseToken: string, sentAt: string): Promise<void> {
    await this.finish(id, leaseToken, {
      update:
        'SET email_status = :sent, sent_at = :at ADD email_attempts :one REMOVE #pending, sendingUntil, leaseToken, last_error',
      values: { ':sent': 'sent', ':at': sentAt },
    });
  }

  async markFailed(id: string, leaseToken: string, reason: string): Promise<void> {
    await this.finish(id, leaseToken, {
      update: 'SET last_error = :reason ADD email_attempts :one REMOVE sendingUntil, leaseToken',
      values: { ':reason': reason },
    });
  }

  /** Apply an outcome only while our lease is the current one; a lost lease means another sender owns the lead. */
  private async finish(
    id: string,
    leaseToken: string,
    change: { update: string; values: Record<string, unknown> },
  ): Promise<void> {
    const usesPending = change.update.includes('#pending');
    try {
      await this.db.send(
        new UpdateCommand({
          TableName: this.table,
          Key: keyOf(id),
          UpdateExpression: change.update,
          ConditionExpression: 'leaseToken = :token',
          ExpressionAttributeNames: usesPending
            ? { '#pending': T.indexes.pending.partitionKey }
            : undefined,
          ExpressionAttributeValues: { ...change.values, ':token': leaseToken, ':one': 1 },
        }),
      );
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
    }
  }
}

/** The lead repository on the configured leads table (the inbox handlers need nothing else: no SES, no SSM). */
export const leadRepository = (): DynamoLeadRepository =>
  new DynamoLeadRepository(dynamoClient(), tableName('leads'));
