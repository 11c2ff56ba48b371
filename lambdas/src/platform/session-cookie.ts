import { ADMIN_SESSION } from '@agency/shared';

const MAX_AGE_SECONDS = ADMIN_SESSION.refreshTokenDays * 24 * 60 * 60;

/**
 * The attributes every session cookie carries. `Secure` stays on locally too: browsers accept Secure
 * cookies from http://localhost and http://127.0.0.1 (potentially trustworthy origins).
 */
const ATTRIBUTES = `Path=${ADMIN_SESSION.cookiePath}; HttpOnly; Secure; SameSite=Strict`;

/** Set-Cookie value that keeps the refresh token for as long as Cognito honours it. */
export const sessionCookie = (refreshToken: string): string =>
  `${ADMIN_SESSION.cookieName}=${refreshToken}; ${ATTRIBUTES}; Max-Age=${MAX_AGE_SECONDS}`;

/** Set-Cookie value that removes the session cookie. */
export const clearedSessionCookie = (): string =>
  `${ADMIN_SESSION.cookieName}=; ${ATTRIBUTES}; Max-Age=0`;

/** The refresh token from a payload 2.0 event's `cookies` (`name=value` each), if present and non-empty. */
export function readSessionCookie(cookies: readonly string[] | undefined): string | undefined {
  const prefix = `${ADMIN_SESSION.cookieName}=`;
  const value = cookies
    ?.find((c) => c.startsWith(prefix))
    ?.slice(prefix.length)
    .trim();
  return value || undefined;
}
