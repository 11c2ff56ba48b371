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

let cachedRaw: string | null = null;
let cachedSession: AdminSession | null = null;

/** The stored session, or null when absent or unreadable. */
export function readSession(): AdminSession | null {
  const raw = storage()?.getItem(SESSION_KEY) ?? null;
  if (raw === cachedRaw) return cachedSession;
  cachedRaw = raw;
  cachedSession = null;
  if (raw !== null) {
    try {
      const parsed = sessionSchema.safeParse(JSON.parse(raw));
      if (parsed.success) cachedSession = parsed.data;
    } catch {
      // Unreadable JSON: no session.
    }
  }
  return cachedSession;
}

const notify = (): void => {
  window.dispatchEvent(new Event(CHANGE_EVENT));
};

/** Save the session a successful login returned. */
export function saveSession(login: LoginResult): AdminSession {
  const session: AdminSession = {
    isAdminLoggedIn: true,
    name: login.username,
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
