import type { AuditOutcome, OperationName } from '@agency/shared';
import type { AuditLog } from '../domain/account-ports';
import { DomainError, STATUS_OF } from './errors';
import { auditOutcomeOf, recordAudit } from './audit';
import type { Logger } from './logger';

/** What one sign-in step knows before it runs: who tried, from where. */
export interface SignInAttempt {
  action: OperationName;
  /** The e-mail tried (the audit's actor e-mail; the actor id is known only once signed in). */
  email: string;
  ip: string;
  /** The status of a successful answer (the operation's status). */
  status: number;
}

/**
 * Run a sign-in step (a public call, which the wrapper does not audit) and append its record:
 * success with the account's id, or the refusal's outcome (failure, throttled) with the e-mail
 * tried. A failed audit write never changes the answer (recordAudit). `describe` lets a step that
 * always answers the same (forgotPassword) record what really happened, and a password step that
 * asks for one more name it in the target (a right password still waiting for its code is worth
 * seeing in the trail).
 */
export async function auditedSignIn<T extends object>(
  deps: { audit: AuditLog; log: Logger },
  attempt: SignInAttempt,
  run: () => Promise<T>,
  describe: (result: T) => { outcome?: AuditOutcome; target?: string } = () => ({}),
): Promise<T> {
  const record = (actorId: string, status: number, outcome: AuditOutcome, target = '') =>
    recordAudit(
      {
        actorId,
        actorEmail: attempt.email.trim().toLowerCase(),
        action: attempt.action,
        target,
        ip: attempt.ip,
        outcome,
        status,
      },
      deps.log,
      deps.audit,
    );
  let result: T;
  try {
    result = await run();
  } catch (error) {
    const status = error instanceof DomainError ? STATUS_OF[error.kind] : 500;
    await record('', status, auditOutcomeOf(status));
    throw error;
  }
  const { outcome = 'success', target } = describe(result);
  const sub = 'sub' in result && typeof result.sub === 'string' ? result.sub : '';
  await record(sub, attempt.status, outcome, target);
  return result;
}
