import { LOGIN_THROTTLE, type LoginResult } from '@agency/shared';
import { tooManyRequests, unauthenticated } from '../lib/errors';

export const WRONG_CREDENTIALS = 'Incorrect e-mail or password.';

/** Who holds an access token. */
export interface Profile {
  /** The pool's user name: in a pool that signs in by e-mail, an id (the `sub`), not a name. */
  username: string;
  email: string;
  /** The person's name (the `name` attribute, else given and family name), or '' when unset. */
  name: string;
}

/** What a sign-in yields: the access token for API calls and the refresh token that renews it. */
export interface Tokens {
  accessToken: string;
  refreshToken: string;
}

/** The user pool: password sign-in, renewal and sign-out, and the signed-in user's profile. */
export interface IdentityProvider {
  /** The tokens, or null when the e-mail or password is wrong. */
  signIn(email: string, password: string): Promise<Tokens | null>;
  /** A new access token, or null when the refresh token is unknown, expired or revoked. */
  refresh(refreshToken: string): Promise<string | null>;
  /** Revoke a refresh token (and the access tokens it issued); an unknown token is no error. */
  revoke(refreshToken: string): Promise<void>;
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

const throttled = () =>
  tooManyRequests(
    `Too many failed sign-in attempts. Try again in ${Math.round(LOGIN_THROTTLE.windowMs / 60_000)} minutes.`,
  );

/**
 * Password sign-in. The throttle is checked before the user pool is asked, so a guessed password
 * is not even tried once an e-mail has failed LOGIN_THROTTLE.maxFailures times; success resets it.
 */
export async function login(
  deps: { identity: IdentityProvider; throttle: LoginThrottle },
  email: string,
  password: string,
): Promise<{ session: LoginResult; refreshToken: string }> {
  const who = email.trim().toLowerCase();
  if ((await deps.throttle.failures(who)) >= LOGIN_THROTTLE.maxFailures) throw throttled();
  const tokens = await deps.identity.signIn(who, password);
  if (!tokens) {
    await deps.throttle.recordFailure(who);
    throw unauthenticated(WRONG_CREDENTIALS);
  }
  await deps.throttle.reset(who);
  const profile = await deps.identity.profile(tokens.accessToken);
  // `username` is what the admin bar shows (spec 000 §3 stores it as the session's name): the
  // person's name where the pool has one; the browser shows the e-mail in place of an id.
  return {
    session: {
      username: profile.name || profile.username,
      email: profile.email || who,
      token: tokens.accessToken,
    },
    refreshToken: tokens.refreshToken,
  };
}

export const SESSION_ENDED = 'Your session has ended. Sign in again.';

/** A new access token for the session cookie's refresh token; 401 when there is none or it no longer works. */
export async function refreshSession(
  identity: Pick<IdentityProvider, 'refresh'>,
  refreshToken: string | undefined,
): Promise<string> {
  const token = refreshToken ? await identity.refresh(refreshToken) : null;
  if (!token) throw unauthenticated(SESSION_ENDED);
  return token;
}

/** Sign out: revoke the refresh token when there is one. The caller clears the cookie either way. */
export async function endSession(
  identity: Pick<IdentityProvider, 'revoke'>,
  refreshToken: string | undefined,
): Promise<void> {
  if (refreshToken) await identity.revoke(refreshToken);
}
