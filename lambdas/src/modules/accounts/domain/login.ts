import * as z from 'zod';
import {
  LOGIN_THROTTLE,
  SIGN_IN_IP_LIMIT,
  type LoginAnswer,
  type LoginChallenge,
} from '@agency/shared';
import { tooManyRequests, unauthenticated } from '../../../platform/errors';
import {
  SESSION_ENDED,
  validAfterNow,
  type AccountStore,
  type Profile,
  type SessionRevocations,
} from '../../../platform/staff/ports';
import { requirePasswordRules } from './password-rules';
import {
  countHit,
  requireUnderLimit,
  type HitCounter,
  type HitReader,
} from '../../../platform/rate-limit';

export const WRONG_CREDENTIALS = 'Incorrect e-mail or password.';
export const WRONG_CODE = 'That code is not right.';
export const STEP_EXPIRED = 'This sign-in step has expired. Sign in again.';
export const ACCOUNT_DISABLED = 'This account is disabled.';

/** What a sign-in yields: the access token for API calls and the refresh token that renews it. */
export interface Tokens {
  accessToken: string;
  refreshToken: string;
}

export type ChallengeName = LoginChallenge['challenge'];

/** The pool's answer to one sign-in step: the tokens, or one more step (with the pool's own session). */
export type SignInStep =
  { tokens: Tokens } | { challenge: ChallengeName; poolSession: string; email: string };

/** Why the pool refused a challenge answer (anything else is thrown). */
export type StepRefusal = 'wrong-code' | 'expired' | 'weak-password';

/** The user pool: sign-in and its steps, renewal and sign-out, and the signed-in user's profile. */
export interface IdentityProvider {
  /** The tokens or the next step, or null when the e-mail or password is wrong. */
  signIn(email: string, password: string): Promise<SignInStep | null>;
  /**
   * Answer a step the pool asked for: the authenticator code (SOFTWARE_TOKEN_MFA) or the new
   * password (NEW_PASSWORD_REQUIRED). `email` is the USERNAME the pool bound its session to.
   */
  answerChallenge(
    email: string,
    challenge: ChallengeName,
    poolSession: string,
    answer: string,
  ): Promise<SignInStep | { refused: StepRefusal }>;
  /** A new access token, or null when the refresh token is unknown, expired or revoked. */
  refresh(refreshToken: string): Promise<string | null>;
  /** Revoke a refresh token (and the access tokens it issued); an unknown token is no error. */
  revoke(refreshToken: string): Promise<void>;
  /** Revoke every refresh token of the access token's user (Cognito GlobalSignOut). */
  signOutEverywhere(accessToken: string): Promise<void>;
  profile(accessToken: string): Promise<Profile>;
}

/** Failed sign-ins per e-mail within a fixed window (LOGIN_THROTTLE). */
export interface LoginThrottle {
  /** Failures in the current window (0 when none or the window has passed). */
  failures(email: string): Promise<number>;
  /** Count one failure; the window starts at the first one. */
  recordFailure(email: string): Promise<number>;
  reset(email: string): Promise<void>;
}

/** What the sign-in steps need. */
export interface SignInDeps {
  identity: Pick<IdentityProvider, 'signIn' | 'answerChallenge' | 'profile' | 'revoke'>;
  throttle: LoginThrottle;
  accounts: Pick<AccountStore, 'get' | 'recordSignIn'>;
  /** Failed steps per client IP (SIGN_IN_IP_LIMIT), whatever the e-mail. */
  ipFailures: HitCounter & HitReader;
  now: () => number;
}

/** What a sign-in step ends with: the answer, the refresh token for the cookie, and who signed in. */
export interface SignInOutcome {
  answer: LoginAnswer;
  /** Set when the step signed the person in (the session cookie's value). */
  refreshToken?: string;
  /** The account's id once known (a completed sign-in). */
  sub?: string;
}

const throttled = () =>
  tooManyRequests(
    `Too many failed sign-in attempts. Try again in ${Math.round(LOGIN_THROTTLE.windowMs / 60_000)} minutes.`,
  );

/** The e-mail as the throttle and the pool key it: trimmed, lower case. */
export const normaliseEmail = (email: string): string => email.trim().toLowerCase();

export const IP_THROTTLED = `Too many failed sign-in attempts from your network. Try again in ${Math.round(SIGN_IN_IP_LIMIT.windowMs / 60_000)} minutes.`;

const ipKey = (ip: string) => `sign-in-ip:${ip}`;

/** 429 once the client IP has failed SIGN_IN_IP_LIMIT.max steps in the window, before the pool is asked. */
const requireIpNotThrottled = (deps: SignInDeps, ip: string): Promise<void> =>
  requireUnderLimit(deps.ipFailures, ipKey(ip), deps.now(), SIGN_IN_IP_LIMIT, IP_THROTTLED);

/** Count a wrong password or code against the e-mail and the client IP. */
async function recordFailure(deps: SignInDeps, email: string, ip: string): Promise<void> {
  await deps.throttle.recordFailure(email);
  await countHit(deps.ipFailures, ipKey(ip), deps.now(), SIGN_IN_IP_LIMIT);
}

/** 429 once an e-mail has failed LOGIN_THROTTLE.maxFailures times in the window, before the pool is asked. */
export async function requireNotThrottled(throttle: LoginThrottle, email: string): Promise<void> {
  if ((await throttle.failures(email)) >= LOGIN_THROTTLE.maxFailures) throw throttled();
}

const packed = z.object({ s: z.string().min(1), e: z.string().min(1) });

/**
 * The `session` our API hands out for a step: base64url JSON of the pool's session and the e-mail.
 * Cognito needs the USERNAME with every challenge answer and binds its session to that user, so an
 * edited e-mail is refused by the pool; the e-mail here only says whose throttle a wrong code counts to.
 */
export const packSession = (poolSession: string, email: string): string =>
  Buffer.from(JSON.stringify({ s: poolSession, e: email })).toString('base64url');

/** The pool's session and e-mail of one of our step sessions; 401 when it is not one. */
export function unpackSession(session: string): { poolSession: string; email: string } {
  let raw: unknown;
  try {
    raw = JSON.parse(Buffer.from(session, 'base64url').toString('utf8'));
  } catch {
    throw unauthenticated(STEP_EXPIRED, 'expired');
  }
  const parsed = packed.safeParse(raw);
  if (!parsed.success) throw unauthenticated(STEP_EXPIRED, 'expired');
  return { poolSession: parsed.data.s, email: normaliseEmail(parsed.data.e) };
}

/** The e-mail a step session names, for the audit trail; '' when the session is not one of ours. */
export function sessionEmail(session: string): string {
  try {
    return unpackSession(session).email;
  } catch {
    return '';
  }
}

/**
 * The end of every sign-in path: the e-mail's failures are forgotten, the account record learns
 * the e-mail, name and TOTP state the pool reports, and the answer is the spec's session. An
 * account disabled in the team table is refused here too (its new refresh token revoked), not
 * only on its first call.
 */
async function completeSignIn(
  deps: SignInDeps,
  who: string,
  tokens: Tokens,
): Promise<SignInOutcome> {
  const profile = await deps.identity.profile(tokens.accessToken);
  const state = profile.sub ? await deps.accounts.get(profile.sub) : null;
  if (state && !state.enabled) {
    await deps.identity.revoke(tokens.refreshToken);
    throw unauthenticated(ACCOUNT_DISABLED);
  }
  await deps.throttle.reset(who);
  if (profile.sub)
    await deps.accounts.recordSignIn({
      sub: profile.sub,
      email: profile.email || who,
      name: profile.name,
      mfa: profile.mfa,
    });
  // `username` is what the admin bar shows (spec 000 §3 stores it as the session's name): the
  // person's name where the pool has one; the browser shows the e-mail in place of an id.
  return {
    answer: {
      username: profile.name || profile.username,
      email: profile.email || who,
      token: tokens.accessToken,
    },
    refreshToken: tokens.refreshToken,
    sub: profile.sub,
  };
}

/**
 * A step's answer: signed in, or the next step with our packed session. A password that is right
 * but still needs a code does not reset the throttle: otherwise whoever holds the password could
 * clear the count between guesses of the code.
 */
function nextStep(deps: SignInDeps, who: string, step: SignInStep): Promise<SignInOutcome> {
  if ('tokens' in step) return completeSignIn(deps, who, step.tokens);
  return Promise.resolve({
    answer: {
      challenge: step.challenge,
      session: packSession(step.poolSession, step.email || who),
    },
  });
}

/**
 * Password sign-in. The throttle is checked before the user pool is asked, so a guessed password
 * is not even tried once an e-mail has failed LOGIN_THROTTLE.maxFailures times.
 */
export async function login(
  deps: SignInDeps,
  email: string,
  password: string,
  ip: string,
): Promise<SignInOutcome> {
  const who = normaliseEmail(email);
  await requireIpNotThrottled(deps, ip);
  await requireNotThrottled(deps.throttle, who);
  const step = await deps.identity.signIn(who, password);
  if (!step) {
    await recordFailure(deps, who, ip);
    throw unauthenticated(WRONG_CREDENTIALS, 'wrong-password');
  }
  return nextStep(deps, who, step);
}

/** The authenticator code for a SOFTWARE_TOKEN_MFA step; a wrong code counts toward the e-mail's throttle. */
export async function loginMfa(
  deps: SignInDeps,
  session: string,
  code: string,
  ip: string,
): Promise<SignInOutcome> {
  const { poolSession, email } = unpackSession(session);
  await requireIpNotThrottled(deps, ip);
  await requireNotThrottled(deps.throttle, email);
  const step = await deps.identity.answerChallenge(email, 'SOFTWARE_TOKEN_MFA', poolSession, code);
  if ('refused' in step) {
    if (step.refused === 'expired') throw unauthenticated(STEP_EXPIRED, 'expired');
    await recordFailure(deps, email, ip);
    throw unauthenticated(WRONG_CODE, 'wrong-code');
  }
  return nextStep(deps, email, step);
}

/** An invited member's first sign-in: their own password for a NEW_PASSWORD_REQUIRED step. */
export async function loginNewPassword(
  deps: SignInDeps,
  session: string,
  password: string,
): Promise<SignInOutcome> {
  requirePasswordRules('password', password);
  const { poolSession, email } = unpackSession(session);
  await requireNotThrottled(deps.throttle, email);
  const step = await deps.identity.answerChallenge(
    email,
    'NEW_PASSWORD_REQUIRED',
    poolSession,
    password,
  );
  if ('refused' in step) {
    if (step.refused === 'weak-password') requirePasswordRules('password', password, true);
    throw unauthenticated(STEP_EXPIRED, 'expired');
  }
  return nextStep(deps, email, step);
}

/** A new access token for the session cookie's refresh token; 401 when there is none or it no longer works. */
export async function refreshSession(
  identity: Pick<IdentityProvider, 'refresh'>,
  refreshToken: string | undefined,
): Promise<string> {
  const token = refreshToken ? await identity.refresh(refreshToken) : null;
  if (!token) throw unauthenticated(SESSION_ENDED);
  return token;
}

const sessionClaims = z.object({
  sub: z.string().min(1),
  origin_jti: z.string().min(1),
  exp: z.number(),
});

/** The session claims of an access token Cognito just issued us (over TLS: read, not verified); null when absent. */
function sessionOf(accessToken: string): z.infer<typeof sessionClaims> | null {
  try {
    const payload: unknown = JSON.parse(
      Buffer.from(accessToken.split('.')[1] ?? '', 'base64url').toString('utf8'),
    );
    return sessionClaims.safeParse(payload).data ?? null;
  } catch {
    return null;
  }
}

/**
 * Sign out: the session's access tokens are refused from now on, then its refresh token is revoked.
 * Cognito's RevokeToken alone leaves the access tokens valid for API Gateway until they expire
 * (up to an hour), so the session (`origin_jti`, the same in every token of one sign-in) is
 * recorded as signed out until its newest token expires: the refresh token is used once more to
 * learn it, since the cookie's refresh token is opaque. The caller clears the cookie either way.
 */
export async function endSession(
  deps: {
    identity: Pick<IdentityProvider, 'refresh' | 'revoke'>;
    sessions: Pick<SessionRevocations, 'revoke'>;
  },
  refreshToken: string | undefined,
): Promise<void> {
  if (!refreshToken) return;
  const latest = await deps.identity.refresh(refreshToken);
  const session = latest ? sessionOf(latest) : null;
  if (session) await deps.sessions.revoke(session.sub, session.origin_jti, session.exp);
  await deps.identity.revoke(refreshToken);
}

/**
 * Sign out on every device: the account record refuses access tokens issued before now (they stay
 * valid at Cognito until they expire), then the pool revokes every refresh token. The e-mail is
 * asked of the pool first: access tokens carry none, and the record keeps the one it was given.
 */
export async function signOutEverywhere(
  deps: {
    identity: Pick<IdentityProvider, 'signOutEverywhere' | 'profile'>;
    accounts: Pick<AccountStore, 'update'>;
  },
  accessToken: string,
  nowMs: number,
): Promise<void> {
  const profile = await deps.identity.profile(accessToken);
  // Rounded up: a token issued earlier in this same second must not survive.
  await deps.accounts.update(
    { sub: profile.sub, email: profile.email },
    { validAfter: validAfterNow(nowMs) },
  );
  await deps.identity.signOutEverywhere(accessToken);
}
