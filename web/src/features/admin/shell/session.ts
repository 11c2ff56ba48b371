import { useSyncExternalStore } from 'react';
import * as z from 'zod';
import type { LoginResult } from '@agency/shared';
import { pagePath } from '../../../config/pages';

/** Login route of the admin area. */
export const LOGIN_PATH = pagePath('login');

/** localStorage key of the admin session (spec 000 §3). */
export const SESSION_KEY = 'userState';

const sessionSchema = z.object({
  isAdminLoggedIn: z.literal(true),
  name: z.string(),
  email: z.string(),
  token: z.string().min(1),
});
export type AdminSession = z.infer<typeof sessionSchema>;

const CHANGE_EVENT = 'admin-session-change';

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

/** A user-pool id (the Cognito `sub`), which an e-mail-as-username pool reports as the user name. */
const ID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What the admin bar calls the person: their name, or their e-mail when the name is blank or an id. */
export function displayName(username: string, email: string): string {
  const name = username.trim();
  return name && !ID_PATTERN.test(name) ? name : email;
}

let cachedRaw: string | null = null;
let cachedSession: AdminSession | null = null;

/**
 * The stored session, or null when absent or unreadable. A session saved before the name rule
 * (with the user's id as its name) is rewritten once with the e-mail in its place.
 */
export function readSession(): AdminSession | null {
  const raw = storage()?.getItem(SESSION_KEY) ?? null;
  if (raw === cachedRaw) return cachedSession;
  cachedRaw = raw;
  cachedSession = null;
  if (raw !== null) {
    try {
      const parsed = sessionSchema.safeParse(JSON.parse(raw));
      if (parsed.success) cachedSession = migrate(parsed.data);
    } catch {
      // Unreadable JSON: no session.
    }
  }
  return cachedSession;
}

function migrate(session: AdminSession): AdminSession {
  const name = displayName(session.name, session.email);
  if (name === session.name) return session;
  const migrated = { ...session, name };
  try {
    storage()?.setItem(SESSION_KEY, JSON.stringify(migrated));
    cachedRaw = storage()?.getItem(SESSION_KEY) ?? null;
  } catch {
    // Storage full or blocked: show the migrated session anyway.
  }
  return migrated;
}

const notify = (): void => {
  window.dispatchEvent(new Event(CHANGE_EVENT));
};

/** Set when the person signed out in this tab: the admin pages then go to the login page instead of asking to sign in over the page. */
let endedByUser = false;

/** Whether the last session here ended by the person's own Logout (not by expiry or another tab). */
export const sessionEndedByUser = (): boolean => endedByUser;

/** Save the session a successful login returned. */
export function saveSession(login: LoginResult): AdminSession {
  endedByUser = false;
  const session: AdminSession = {
    isAdminLoggedIn: true,
    name: displayName(login.username, login.email),
    email: login.email,
    token: login.token,
  };
  storage()?.setItem(SESSION_KEY, JSON.stringify(session));
  notify();
  return session;
}

/** Keep the session, with the access token a renewal returned. */
export function replaceToken(token: string): void {
  const session = readSession();
  if (!session) return;
  storage()?.setItem(SESSION_KEY, JSON.stringify({ ...session, token }));
  notify();
}

/** Forget the session (Logout, failed user-data check); `byUser` when the person signed out here. */
export function clearSession({ byUser = false }: { byUser?: boolean } = {}): void {
  endedByUser = byUser;
  storage()?.removeItem(SESSION_KEY);
  notify();
}

const claims = z.object({ exp: z.number(), iat: z.number().optional() });

/** The `exp` and `iat` claims of a JWT in milliseconds, read without verifying (the server verifies). */
export function tokenTimes(token: string): { expiresAt: number; issuedAt?: number } | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const parsed = claims.safeParse(JSON.parse(json));
    if (!parsed.success) return null;
    const { exp, iat } = parsed.data;
    return { expiresAt: exp * 1000, ...(iat !== undefined ? { issuedAt: iat * 1000 } : {}) };
  } catch {
    return null;
  }
}

/** How long before expiry to renew: a minute, or half the token's life when that is shorter. */
export const RENEW_BEFORE_MS = 60_000;

/**
 * Milliseconds from `now` until the token should be renewed (0 when that time has passed), or null
 * when the token carries no expiry to go by.
 */
export function renewalDelay(token: string, now = Date.now()): number | null {
  const times = tokenTimes(token);
  if (!times) return null;
  const life = times.issuedAt !== undefined ? times.expiresAt - times.issuedAt : Infinity;
  const lead = Math.min(RENEW_BEFORE_MS, life / 2);
  return Math.max(0, times.expiresAt - lead - now);
}

/** Whether the token has expired (or will within a second); unreadable tokens count as live and let the server decide. */
export function tokenExpired(token: string, now = Date.now()): boolean {
  const times = tokenTimes(token);
  return times !== null && times.expiresAt - 1000 <= now;
}

function subscribe(onChange: () => void): () => void {
  const onStorage = (e: StorageEvent): void => {
    if (e.key === null || e.key === SESSION_KEY) onChange();
  };
  window.addEventListener(CHANGE_EVENT, onChange);
  window.addEventListener('storage', onStorage);
  return () => {
    window.removeEventListener(CHANGE_EVENT, onChange);
    window.removeEventListener('storage', onStorage);
  };
}

/** The current admin session; follows login/logout in this tab and in other tabs. Null on the server. */
export const useSession = (): AdminSession | null =>
  useSyncExternalStore(subscribe, readSession, () => null);
