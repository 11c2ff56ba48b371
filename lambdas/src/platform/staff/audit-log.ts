import { randomUUID } from 'node:crypto';
import { PutCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod';
import { AUDIT, auditOutcome, type AuditRecord } from '@agency/shared';
import type { AuditEntry, AuditFilter, AuditLog, AuditReader } from './ports';
import { tableName } from '../env';
import { dynamoClient } from '../aws/clients';
import { queryPage } from '../aws/paging';
import { KEY_PREFIXES, TABLES } from '../aws/tables';

/** The one partition of the audit trail (an agency's staff writes a few records a minute at most). */
export const AUDIT_PK = KEY_PREFIXES.audit.audit;
const DAY_SECONDS = 24 * 60 * 60;

/** The stored item of an audit record. */
export function auditItem(entry: AuditEntry, at: Date = new Date(), id: string = randomUUID()) {
  const iso = at.toISOString();
  return {
    pk: AUDIT_PK,
    sk: `${iso}#${id}`,
    id,
    at: iso,
    actorId: entry.actorId,
    actorEmail: entry.actorEmail,
    /** byActor index key: the e-mail in lower case (records without an e-mail stay out of it). */
    ...(entry.actorEmail ? { actorKey: entry.actorEmail.toLowerCase() } : {}),
    action: entry.action,
    target: entry.target,
    ...(entry.targetLabel ? { targetLabel: entry.targetLabel } : {}),
    ...(entry.event ? { event: entry.event } : {}),
    ip: entry.ip,
    outcome: entry.outcome,
    status: entry.status,
    expiresAt: Math.floor(at.getTime() / 1000) + AUDIT.retentionDays * DAY_SECONDS,
  };
}

/**
 * Appends records to the audit table. Each record gets a new random key and is written only if
 * that key is free, so a write can never replace a record; the functions' roles allow PutItem on
 * the table and nothing that changes or deletes (infra/lib/grants.ts adds it to every audited operation, proved by the stack tests).
 */
export class DynamoAuditLog implements AuditLog {
  async append(entry: AuditEntry): Promise<void> {
    await dynamoClient().send(
      new PutCommand({
        TableName: tableName('audit'),
        Item: auditItem(entry),
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
  }
}

const stored = z.object({
  id: z.string(),
  at: z.string(),
  actorId: z.string().default(''),
  actorEmail: z.string().default(''),
  action: z.string(),
  target: z.string().default(''),
  targetLabel: z.string().optional(),
  event: z.string().optional(),
  ip: z.string().default(''),
  outcome: auditOutcome,
  status: z.number().int(),
});

/** A stored item as the API names its fields. */
export function auditRecordOf(item: Record<string, unknown>): AuditRecord {
  const r = stored.parse(item);
  return {
    id: r.id,
    at: r.at,
    actor_id: r.actorId,
    actor_email: r.actorEmail,
    action: r.action,
    target: r.target,
    ...(r.targetLabel ? { target_label: r.targetLabel } : {}),
    ...(r.event ? { event: r.event } : {}),
    ip: r.ip,
    outcome: r.outcome,
    status: r.status,
  };
}

/** An actor filter is an e-mail when it has an @; otherwise an account id. */
const isEmail = (actor: string) => actor.includes('@');

/**
 * The Query of a filtered listing, newest first. One key condition: the actor's e-mail on
 * byActor, else the action on byAction, else the one partition; every other filter (the action
 * when the actor chose the index, an actor id, the outcome) and expiry go in the filter expression,
 * so pages stay full.
 */
export function auditQuery(table: string, filter: AuditFilter, now: Date): QueryCommandInput {
  const { indexes } = TABLES.audit;
  const names: Record<string, string> = { '#expiresAt': TABLES.audit.expiresAt };
  const values: Record<string, unknown> = { ':now': Math.floor(now.getTime() / 1000) };
  const filters = ['#expiresAt > :now'];
  let key: { IndexName?: string; KeyConditionExpression: string };
  const email = filter.actor && isEmail(filter.actor) ? filter.actor.toLowerCase() : undefined;
  if (email) {
    key = { IndexName: indexes.byActor.name, KeyConditionExpression: '#key = :key' };
    names['#key'] = indexes.byActor.partitionKey;
    values[':key'] = email;
  } else if (filter.action) {
    key = { IndexName: indexes.byAction.name, KeyConditionExpression: '#key = :key' };
    names['#key'] = indexes.byAction.partitionKey;
    values[':key'] = filter.action;
  } else {
    key = { KeyConditionExpression: '#key = :key' };
    names['#key'] = TABLES.audit.partitionKey;
    values[':key'] = AUDIT_PK;
  }
  if (filter.action && email) {
    names['#action'] = 'action';
    values[':action'] = filter.action;
    filters.push('#action = :action');
  }
  if (filter.actor && !email) {
    names['#actorId'] = 'actorId';
    values[':actorId'] = filter.actor;
    filters.push('#actorId = :actorId');
  }
  if (filter.outcome) {
    names['#outcome'] = 'outcome';
    values[':outcome'] = filter.outcome;
    filters.push('#outcome = :outcome');
  }
  return {
    TableName: table,
    ...key,
    FilterExpression: filters.join(' AND '),
    ExpressionAttributeNames: names,
    ExpressionAttributeValues: values,
    ScanIndexForward: false,
  };
}

/** Reads the audit trail: newest first, page by page, under the filters (Queries only, never a Scan). */
export class DynamoAuditReader implements AuditReader {
  async page(
    page: number,
    size: number,
    filter: AuditFilter,
    now: Date,
  ): Promise<{ items: AuditRecord[]; hasMore: boolean }> {
    const { items, hasNext } = await queryPage(
      dynamoClient(),
      auditQuery(tableName('audit'), filter, now),
      page,
      size,
    );
    return { items: items.map(auditRecordOf), hasMore: hasNext };
  }
}
