import { contract, type AuditOutcome, type Operation, type OperationName } from '@agency/shared';
import { DynamoAuditLog } from '../adapters/audit-log';
import type { AuditEntry, AuditLog } from '../domain/account-ports';
import type { Logger } from './logger';

/**
 * Staff operations the wrapper records in the audit trail: every one that changes something (not
 * a GET) and the lead export, which copies every lead out. Reads are not recorded; neither are the
 * public operations with a staff view (getPost is a POST but reads). Sign-ins record themselves.
 */
export function isAudited(name: OperationName): boolean {
  const op: Operation = contract[name];
  return op.auth === 'admin' && (op.method !== 'GET' || name === 'exportLeads');
}

/** How a call ended, from its status: 2xx success, 403 denied, 429 throttled, anything else failure. */
export function auditOutcomeOf(status: number): AuditOutcome {
  if (status >= 200 && status < 300) return 'success';
  if (status === 403) return 'denied';
  if (status === 429) return 'throttled';
  return 'failure';
}

const defaultLog = new DynamoAuditLog();

/**
 * Append one record. A record that cannot be written is logged at error level (alarms watch for
 * it) and never turns an answered call into an error: the change is made and the caller must
 * know it was.
 */
export async function recordAudit(
  entry: AuditEntry,
  log: Logger,
  audit: AuditLog = defaultLog,
): Promise<void> {
  try {
    await audit.append(entry);
  } catch (error) {
    log.error('audit record not written', {
      error,
      action: entry.action,
      target: entry.target,
      actorId: entry.actorId,
      outcome: entry.outcome,
    });
  }
}
