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

/** The user pool: password sign-in and the signed-in user's profile. */
export interface IdentityProvider {
  /** The access token, or null when the e-mail or password is wrong. */
  signIn(email: string, password: string): Promise<string | null>;
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
): Promise<LoginResult> {
  const who = email.trim().toLowerCase();
  if ((await deps.throttle.failures(who)) >= LOGIN_THROTTLE.maxFailures) throw throttled();
  const token = await deps.identity.signIn(who, password);
  if (!token) {
    await deps.throttle.recordFailure(who);
    throw unauthenticated(WRONG_CREDENTIALS);
  }
  await deps.throttle.reset(who);
  const profile = await deps.identity.profile(token);
  // `username` is what the admin bar shows (spec 000 §3 stores it as the session's name): the
  // person's name where the pool has one; the browser shows the e-mail in place of an id.
  return { username: profile.name || profile.username, email: profile.email || who, token };
}
