import { DynamoAuditLog } from './audit-log';
import type { AuditEntry, AuditLog } from './ports';
import type { Logger } from '../logger';

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
