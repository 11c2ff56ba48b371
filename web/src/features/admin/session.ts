import { useSyncExternalStore } from 'react';
import * as z from 'zod';
import type { LoginResult } from '@agency/shared';

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

/** Save the session a successful login returned. */
export function saveSession(login: LoginResult): AdminSession {
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

/** Forget the session (logout, 401, failed user-data check). */
export function clearSession(): void {
  storage()?.removeItem(SESSION_KEY);
  notify();
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
