import { randomUUID } from 'node:crypto';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { AUDIT } from '@agency/shared';
import type { AuditEntry, AuditLog } from '../domain/account-ports';
import { tableName } from '../lib/env';
import { dynamoClient } from './clients';

/** The one partition of the audit trail (an agency's staff writes a few records a minute at most). */
export const AUDIT_PK = 'AUDIT';
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
    ip: entry.ip,
    outcome: entry.outcome,
    status: entry.status,
    expiresAt: Math.floor(at.getTime() / 1000) + AUDIT.retentionDays * DAY_SECONDS,
  };
}

/**
 * Appends records to the audit table. Each record gets a new random key and is written only if
 * that key is free, so a write can never replace a record; the functions' roles allow PutItem on
 * the table and nothing that changes or deletes (infra/lib/grants.ts, proved by the stack tests).
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
