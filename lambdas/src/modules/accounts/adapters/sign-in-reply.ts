import type { LoginAnswer } from '@agency/shared';
import type { SignInOutcome } from '../domain/login';
import { DomainError } from '../../../platform/errors';
import { METRICS, putMetric } from '../../../platform/metrics';
import { auditedSignIn, type SignInAuditDeps } from './sign-in-audit';
import type { Logger } from '../../../platform/logger';
import { sessionCookie } from '../../../platform/session-cookie';

/**
 * One sign-in step as a handler answers it: run it with its audit record, answer the session or the
 * next step, and set the session cookie when the step signed the person in.
 */
export async function signInReply(
  deps: Omit<SignInAuditDeps, 'log'>,
  req: { sourceIp: string; log: Logger },
  attempt: { action: 'login' | 'loginMfa' | 'loginNewPassword'; email: string },
  run: () => Promise<SignInOutcome>,
): Promise<{ body: { data: LoginAnswer }; cookies?: string[] }> {
  const { answer, refreshToken } = await auditedSignIn(
    { ...deps, log: req.log },
    { ...attempt, ip: req.sourceIp, status: 200 },
    run,
    // A right password that still needs its code is worth seeing in the trail.
    (r) => ('challenge' in r.answer ? { target: `step ${r.answer.challenge}` } : {}),
  ).catch((error: unknown) => {
    // A refusal (wrong password or code, locked out, throttled) is a failed sign-in.
    if (error instanceof DomainError) putMetric(METRICS.signInsFailed, 1, { step: attempt.action });
    throw error;
  });
  return {
    body: { data: answer },
    ...(refreshToken ? { cookies: [sessionCookie(refreshToken)] } : {}),
  };
}
