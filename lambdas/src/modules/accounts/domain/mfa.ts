import { Secret, TOTP as Totp } from 'otpauth';
import { TOTP } from '@agency/shared';
import { conflict, invalid } from '../../../platform/errors';
import type { AccountStore } from '../../../platform/staff/ports';
import {
  normaliseEmail,
  requireNotThrottled,
  type IdentityProvider,
  type LoginThrottle,
} from './login';

export const MFA_REQUIRED_BY_SITE = 'This site requires two-factor sign-in.';

/** The pool's software-token (TOTP) calls, all on the signed-in user's access token. */
export interface TotpService {
  /** A new secret for the user (not in use until verified). */
  associate(accessToken: string): Promise<string>;
  /** Whether the code matches the associated secret (the pool then marks it verified). */
  verify(accessToken: string, code: string): Promise<boolean>;
  /** Turn TOTP sign-in on (enabled and preferred) or off. */
  setEnabled(accessToken: string, enabled: boolean): Promise<void>;
}

/**
 * The otpauth:// URI an authenticator app reads from the QR code: issuer and e-mail as its label,
 * and the parameters Cognito's codes use (SHA1, 6 digits, 30 s).
 */
export function otpauthUri(secret: string, email: string): string {
  return new Totp({
    issuer: TOTP.issuer,
    label: email,
    algorithm: TOTP.algorithm,
    digits: TOTP.digits,
    period: TOTP.periodSeconds,
    secret: Secret.fromBase32(secret),
  }).toString();
}

/** Start enrolling: a new secret, as text and as the URI the admin draws as a QR code. */
export async function setupMfa(
  deps: { totp: Pick<TotpService, 'associate'>; identity: Pick<IdentityProvider, 'profile'> },
  accessToken: string,
): Promise<{ secret: string; otpauth_uri: string }> {
  const { email } = await deps.identity.profile(accessToken);
  const secret = await deps.totp.associate(accessToken);
  return { secret, otpauth_uri: otpauthUri(secret, email) };
}

/** Turn TOTP on with a code from the app just enrolled; the account record learns it at once. */
export async function verifyMfa(
  deps: {
    totp: Pick<TotpService, 'verify' | 'setEnabled'>;
    identity: Pick<IdentityProvider, 'profile'>;
    accounts: Pick<AccountStore, 'update'>;
  },
  accessToken: string,
  code: string,
): Promise<{ mfa: boolean }> {
  if (!(await deps.totp.verify(accessToken, code)))
    throw invalid(
      'code',
      'is not right. Check the time on your phone and try the next code.',
      'wrong-code',
    );
  await deps.totp.setEnabled(accessToken, true);
  const profile = await deps.identity.profile(accessToken);
  await deps.accounts.update({ sub: profile.sub, email: profile.email }, { mfa: true });
  return { mfa: true };
}

/**
 * Turn TOTP off. Whoever holds an open admin tab must not be able to drop the second factor, so
 * this needs the password and a current code. Cognito has no "check this code" call for an
 * enrolled token: the proof is a fresh sign-in through both steps, whose refresh token is revoked
 * at once. Wrong passwords and codes count toward the login throttle. Refused (409) when the stage
 * requires TOTP.
 */
export async function disableMfa(
  deps: {
    totp: Pick<TotpService, 'setEnabled'>;
    identity: Pick<IdentityProvider, 'profile' | 'signIn' | 'answerChallenge' | 'revoke'>;
    accounts: Pick<AccountStore, 'update'>;
    throttle: LoginThrottle;
    requireMfa: boolean;
  },
  accessToken: string,
  input: { password: string; code: string },
): Promise<{ mfa: boolean }> {
  if (deps.requireMfa) throw conflict(MFA_REQUIRED_BY_SITE);
  const profile = await deps.identity.profile(accessToken);
  const who = normaliseEmail(profile.email);
  await requireNotThrottled(deps.throttle, who);
  const step = await deps.identity.signIn(who, input.password);
  if (!step) {
    await deps.throttle.recordFailure(who);
    throw invalid('password', 'is not your password.', 'wrong-password');
  }
  let tokens = 'tokens' in step ? step.tokens : undefined;
  if ('challenge' in step) {
    if (step.challenge !== 'SOFTWARE_TOKEN_MFA')
      throw new Error(`Unexpected ${step.challenge} step for a signed-in account`);
    const answer = await deps.identity.answerChallenge(
      step.email || who,
      'SOFTWARE_TOKEN_MFA',
      step.poolSession,
      input.code,
    );
    if ('refused' in answer || 'challenge' in answer) {
      await deps.throttle.recordFailure(who);
      throw invalid('code', 'is not right.', 'wrong-code');
    }
    tokens = answer.tokens;
  }
  if (tokens) await deps.identity.revoke(tokens.refreshToken);
  await deps.totp.setEnabled(accessToken, false);
  await deps.accounts.update({ sub: profile.sub, email: profile.email }, { mfa: false });
  return { mfa: false };
}
