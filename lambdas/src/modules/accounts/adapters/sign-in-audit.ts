import {
  AUDIT_PUBLIC_WRITE_LIMIT,
  auditOutcomeOf,
  type AuditOutcome,
  type OperationName,
} from '@agency/shared';
import type { AuditLog } from '../../../platform/staff/ports';
import type { AccountDirectory } from '../domain/password';
import { countHit, type HitCounter } from '../../../platform/rate-limit';
import { DomainError, STATUS_OF } from '../../../platform/errors';
import { recordAudit } from '../../../platform/staff/audit';
import type { Logger } from '../../../platform/logger';

/** What one sign-in step knows before it runs: who tried, from where. */
export interface SignInAttempt {
  action: OperationName;
  /** The e-mail tried (the audit's actor e-mail; the actor id is known only once signed in). */
  email: string;
  ip: string;
  /** The status of a successful answer (the operation's status). */
  status: number;
}

/** What the records of callers who are not signed in need besides the trail. */
export interface SignInAuditDeps {
  audit: AuditLog;
  log: Logger;
  /** Counts those records per client IP (AUDIT_PUBLIC_WRITE_LIMIT). */
  counter: HitCounter;
  /** Whether a typed identifier is an account's e-mail (else it is recorded masked). */
  directory: Pick<AccountDirectory, 'findByEmail'>;
  now: () => number;
}

const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * What the trail shows of an identifier that is no account's e-mail: its first and last character
 * only (`p…!@unknown`), since people type passwords into the e-mail field and admins read the trail.
 */
export function maskIdentifier(typed: string): string {
  const text = typed.trim();
  const local = EMAIL_SHAPE.test(text) ? text.slice(0, text.lastIndexOf('@')) : text;
  const chars = [...local];
  const shown = chars.length > 2 ? `${chars[0]}…${chars[chars.length - 1]}` : '…';
  return `${shown}@unknown`;
}

/**
 * The actor e-mail of a record nobody signed in for: the e-mail when it is an account's, else
 * masked. Only an e-mail-shaped identifier is looked up (the pool signs in by e-mail); a lookup
 * that fails masks too.
 */
async function actorEmailOf(deps: SignInAuditDeps, typed: string): Promise<string> {
  const email = typed.trim().toLowerCase();
  if (!EMAIL_SHAPE.test(email)) return maskIdentifier(typed);
  const account = await deps.directory.findByEmail(email).catch((error: unknown) => {
    deps.log.warn('account lookup for the audit record failed', { error });
    return null;
  });
  return account ? email : maskIdentifier(typed);
}

/**
 * Run a sign-in step (a public call, which the wrapper does not audit) and append its record:
 * success with the account's id, or the refusal's outcome (failure, throttled) with the e-mail
 * tried (masked unless it is an account's). A failed audit write never changes the answer
 * (recordAudit). Records of callers not signed in are limited per client IP: past
 * AUDIT_PUBLIC_WRITE_LIMIT they are dropped with a warning, so nobody can flood the trail.
 * `describe` lets a step that always answers the same (forgotPassword) record what really
 * happened, and a password step that asks for one more name it in the target (a right password
 * still waiting for its code is worth seeing in the trail).
 */
export async function auditedSignIn<T extends object>(
  deps: SignInAuditDeps,
  attempt: SignInAttempt,
  run: () => Promise<T>,
  describe: (result: T) => { outcome?: AuditOutcome; target?: string } = () => ({}),
): Promise<T> {
  const record = async (actorId: string, status: number, outcome: AuditOutcome, target = '') => {
    if (!actorId) {
      const count = await countHit(
        deps.counter,
        `audit-ip:${attempt.ip}`,
        deps.now(),
        AUDIT_PUBLIC_WRITE_LIMIT,
      ).catch((error: unknown) => {
        deps.log.warn('audit write counter unavailable', { error });
        return 0;
      });
      if (count > AUDIT_PUBLIC_WRITE_LIMIT.max) {
        deps.log.warn('audit record dropped: too many from this address', {
          action: attempt.action,
          outcome,
          ip: attempt.ip,
        });
        return;
      }
    }
    await recordAudit(
      {
        actorId,
        actorEmail: actorId
          ? attempt.email.trim().toLowerCase()
          : await actorEmailOf(deps, attempt.email),
        action: attempt.action,
        target,
        ip: attempt.ip,
        outcome,
        status,
      },
      deps.log,
      deps.audit,
    );
  };
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
