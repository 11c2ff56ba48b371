import { PASSWORD_RESET } from '@agency/shared';
import { invalid } from '../../../platform/errors';
import { validAfterNow, type AccountStore } from '../../../platform/staff/ports';
import {
  normaliseEmail,
  requireNotThrottled,
  type IdentityProvider,
  type LoginThrottle,
} from './login';
import { requirePasswordRules } from './password-rules';
import {
  checkRateLimit,
  countHit,
  requireUnderLimit,
  type HitCounter,
  type HitReader,
} from '../../../platform/rate-limit';

export const RESET_REQUESTED =
  'If that e-mail belongs to an account, a reset code is on its way. It works for one hour.';
export const RESET_DONE = 'Your password is reset. Sign in with the new one.';
export const PASSWORD_CHANGED = 'Your password is changed.';
export const RESET_THROTTLED = 'Too many reset requests. Try again in an hour.';
export const RESET_CODE_THROTTLED = `Too many wrong codes. Try again in ${Math.round(PASSWORD_RESET.wrongCodes.windowMs / 60_000)} minutes, or ask for a new code then.`;
const WRONG_RESET_CODE = 'is not right or has expired. Ask for a new code.';

/** The pool's password calls. */
export interface PasswordService {
  /** Change the password of the access token's user; the pool checks the current one. */
  changePassword(
    accessToken: string,
    current: string,
    next: string,
  ): Promise<'done' | 'wrong-password' | 'weak-password'>;
  /**
   * Ask the pool to e-mail a reset code. Never throws for "no such account" or anything else that
   * depends on the account: `sent` false with the pool's reason, for the audit trail only.
   */
  forgotPassword(email: string): Promise<{ sent: boolean; reason?: string }>;
  /** Set the new password with the e-mailed code (a wrong code and an unknown e-mail look the same). */
  confirmReset(
    email: string,
    code: string,
    password: string,
  ): Promise<'done' | 'wrong-code' | 'weak-password'>;
}

/** The pool's admin view of an account by e-mail: what a reset needs, having no token. */
export interface AccountDirectory {
  /** The account's id (`sub`), e-mail and pool user name, or null when no account has this e-mail. */
  findByEmail(email: string): Promise<{ sub: string; email: string; username: string } | null>;
  /** Revoke every refresh token of the account (AdminUserGlobalSignOut). */
  signOutAccount(username: string): Promise<void>;
}

/**
 * "Forgot password?": the same 202 for every e-mail, never sooner than PASSWORD_RESET.minAnswerMs
 * so a known e-mail (the pool sends a message) takes no longer than an unknown one; limited per
 * client IP and per e-mail, counted whether or not the account exists.
 */
export async function forgotPassword(
  deps: {
    passwords: Pick<PasswordService, 'forgotPassword'>;
    counter: HitCounter;
    now: () => number;
    sleep: (ms: number) => Promise<void>;
  },
  email: string,
  ip: string,
): Promise<{ sent: boolean; reason?: string }> {
  const started = deps.now();
  const who = normaliseEmail(email);
  try {
    const { perIp, perEmail } = PASSWORD_RESET;
    await checkRateLimit(deps.counter, `reset-ip:${ip}`, started, perIp, RESET_THROTTLED);
    await checkRateLimit(deps.counter, `reset-email:${who}`, started, perEmail, RESET_THROTTLED);
    return await deps.passwords.forgotPassword(who);
  } finally {
    const left = PASSWORD_RESET.minAnswerMs - (deps.now() - started);
    if (left > 0) await deps.sleep(left);
  }
}

/**
 * Set a new password with the e-mailed code. Cognito leaves existing sessions alone; a reset is
 * what someone does when they fear their password is known, so every refresh token is revoked and
 * the account record refuses access tokens issued before now. The login throttle of the e-mail is
 * cleared: the person proved they read its inbox.
 */
export async function resetPassword(
  deps: {
    passwords: Pick<PasswordService, 'confirmReset'>;
    directory: AccountDirectory;
    accounts: Pick<AccountStore, 'update'>;
    throttle: Pick<LoginThrottle, 'reset'>;
    /** Wrong codes per account (PASSWORD_RESET.wrongCodes). */
    wrongCodes: HitCounter & HitReader;
    now: () => number;
  },
  input: { email: string; code: string; password: string },
): Promise<{ sub: string }> {
  requirePasswordRules('password', input.password);
  const who = normaliseEmail(input.email);
  // Six digits are guessable without a limit: past PASSWORD_RESET.wrongCodes, not even tried.
  const codeKey = `reset-code:${who}`;
  const { wrongCodes } = PASSWORD_RESET;
  await requireUnderLimit(deps.wrongCodes, codeKey, deps.now(), wrongCodes, RESET_CODE_THROTTLED);
  const result = await deps.passwords.confirmReset(who, input.code.trim(), input.password);
  if (result === 'wrong-code') {
    await countHit(deps.wrongCodes, codeKey, deps.now(), wrongCodes);
    throw invalid('code', WRONG_RESET_CODE, 'wrong-code');
  }
  if (result === 'weak-password') requirePasswordRules('password', input.password, true);
  await deps.throttle.reset(who);
  const account = await deps.directory.findByEmail(who);
  if (!account) return { sub: '' };
  // Rounded up: a token issued earlier in this same second must not survive.
  await deps.accounts.update(
    { sub: account.sub, email: account.email },
    { validAfter: validAfterNow(deps.now()) },
  );
  await deps.directory.signOutAccount(account.username);
  return { sub: account.sub };
}

/**
 * Change the signed-in member's password. The new one's rules first; a wrong current password
 * counts toward the e-mail's login throttle (it is a password guess like any other).
 */
export async function changePassword(
  deps: {
    passwords: Pick<PasswordService, 'changePassword'>;
    identity: Pick<IdentityProvider, 'profile'>;
    throttle: LoginThrottle;
  },
  accessToken: string,
  input: { current_password: string; new_password: string },
): Promise<void> {
  requirePasswordRules('new_password', input.new_password);
  const { email } = await deps.identity.profile(accessToken);
  const who = normaliseEmail(email);
  await requireNotThrottled(deps.throttle, who);
  const result = await deps.passwords.changePassword(
    accessToken,
    input.current_password,
    input.new_password,
  );
  if (result === 'wrong-password') {
    await deps.throttle.recordFailure(who);
    throw invalid('current_password', 'is not your current password.', 'wrong-password');
  }
  if (result === 'weak-password') requirePasswordRules('new_password', input.new_password, true);
}
