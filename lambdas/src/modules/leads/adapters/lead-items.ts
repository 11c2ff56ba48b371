import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type * as z from 'zod';
import { lead as leadSchema, type Lead, type LeadStatus } from '@agency/shared';
import type { Channel } from '../domain/ports';
import { KEY_PREFIXES, TABLES } from '../../../platform/aws/tables';
import { queryAll } from '../../../platform/aws/paging';

/**
 * Item layout of the leads table, shared by the lead repository (the lead, its history, erasures)
 * and the delivery store (per-channel leases). One lead is a partition:
 * - `LEAD#<id>` / `LEAD`: the lead's fields, `status`, `source`, the delivery state of each channel
 *   (CHANNEL_ATTRIBUTES), gsi1pk "LEADS" + gsi1sk `<created_at>#<id>` (byDate), gsi2pk
 *   `STATUS#<status>` (byStatus), `pendingPk` "PENDING" while any channel is pending, and
 *   `search`: lower-case name, e-mail and message for the inbox search.
 * - `LEAD#<id>` / `EVENT#<at>#<event id>`: one status change or note (oldest first by sort key).
 * - `ERASURE#<id>` / `ERASURE`: what is kept of an erased lead (no personal data).
 */
export const T = TABLES.leads;

export const LEAD_SK = 'LEAD';
export const EVENT_SK_PREFIX = 'EVENT#';
export const ERASURE_SK = 'ERASURE';
/** Partition of the byDate index. */
export const ALL_LEADS = 'LEADS';
/** Partition of the pending index while any channel of a lead is pending. */
export const PENDING = 'PENDING';

export const leadKey = (id: string) => ({
  [T.partitionKey]: `${KEY_PREFIXES.leads.lead}${id}`,
  [T.sortKey]: LEAD_SK,
});
export const eventKey = (id: string, at: string, eventId: string) => ({
  [T.partitionKey]: `${KEY_PREFIXES.leads.lead}${id}`,
  [T.sortKey]: `${EVENT_SK_PREFIX}${at}#${eventId}`,
});
export const erasureKey = (id: string) => ({
  [T.partitionKey]: `${KEY_PREFIXES.leads.erasure}${id}`,
  [T.sortKey]: ERASURE_SK,
});
/** Sort key of a lead in the byDate, byStatus and pending indexes. */
export const dateSortKey = (lead: { created_at: string; id: string }) =>
  `${lead.created_at}#${lead.id}`;
/** Partition of a status in the byStatus index. */
export const statusPartition = (status: LeadStatus) => `STATUS#${status}`;

/**
 * Attributes of each delivery channel on the lead item. The e-mail's are the names leads had
 * before the webhook existed, so stored leads keep working.
 */
export const CHANNEL_ATTRIBUTES = {
  email: {
    status: 'email_status',
    attempts: 'email_attempts',
    /** Epoch ms: a sender's lease, or after a failure the earliest next attempt (backoff). */
    until: 'sendingUntil',
    lease: 'leaseToken',
    sentAt: 'sent_at',
    error: 'last_error',
  },
  webhook: {
    status: 'webhook_status',
    attempts: 'webhook_attempts',
    until: 'webhookUntil',
    lease: 'webhookLease',
    sentAt: 'webhook_sent_at',
    error: 'webhook_error',
  },
} as const satisfies Record<Channel, Record<string, string>>;

/** The lower-case text the inbox search matches (`contains` on one attribute). */
export const searchText = (lead: { name: string; email: string; message: string }): string =>
  `${lead.name}\n${lead.email}\n${lead.message}`.toLowerCase();

/** A stored item of the leads table read through its schema; a malformed item is an error naming it. */
export function parsedItem<V>(schema: z.ZodType<V>, item: Record<string, unknown>): V {
  const result = schema.safeParse(item);
  if (!result.success)
    throw new Error(
      `Stored lead item ${String(item[T.partitionKey])}/${String(item[T.sortKey])} is malformed: ${result.error.message}`,
    );
  return result.data;
}

/** The lead of a stored lead item (bookkeeping attributes dropped). */
export const leadOfItem = (item: Record<string, unknown>): Lead => parsedItem(leadSchema, item);

/**
 * Every lead whose byDate sort key (`<created_at>#<id>`) lies between `from` and `to`, page by page,
 * optionally narrowed by a filter expression with its names and values.
 */
export async function leadsArrivedBetween(
  db: DynamoDBDocumentClient,
  table: string,
  from: string,
  to: string,
  filter?: { expression: string; names: Record<string, string>; values: Record<string, unknown> },
): Promise<Lead[]> {
  const idx = T.indexes.byDate;
  const items = await queryAll(db, {
    TableName: table,
    IndexName: idx.name,
    KeyConditionExpression: '#p = :p AND #s BETWEEN :from AND :to',
    ...(filter ? { FilterExpression: filter.expression } : {}),
    ExpressionAttributeNames: { '#p': idx.partitionKey, '#s': idx.sortKey, ...filter?.names },
    ExpressionAttributeValues: { ':p': ALL_LEADS, ':from': from, ':to': to, ...filter?.values },
  });
  return items.map(leadOfItem);
}
