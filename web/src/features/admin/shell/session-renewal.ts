import { useEffect, useSyncExternalStore } from 'react';
import { ApiError, callApi } from '../../../lib/api-client';
import { readSession, renewalDelay, replaceToken } from './session';

/** Thrown to a waiting admin call when the person signs out instead of signing in again. */
export class NotSignedInError extends Error {
  override readonly name = 'NotSignedInError';
  constructor() {
    super('You are not signed in.');
  }
}

let renewing: Promise<string | null> | null = null;

/**
 * A new access token from the session cookie (one request however many callers ask at once), saved
 * in the session. Null when renewal is impossible (no cookie, expired or revoked: sign in again);
 * rejects with ApiError status 0 when the server cannot be reached.
 */
export function renewToken(): Promise<string | null> {
  renewing ??= (async () => {
    try {
      const { data } = await callApi('refreshSession');
      replaceToken(data.token);
      return data.token;
    } catch (err) {
      if (err instanceof ApiError && err.status !== 0) return null;
      throw err;
    } finally {
      renewing = null;
    }
  })();
  return renewing;
}

interface Waiter {
  resolve: (token: string) => void;
  reject: (error: unknown) => void;
}

let waiters: Waiter[] = [];
const listeners = new Set<() => void>();
const changed = (): void => listeners.forEach((l) => l());

/**
 * Ask the person to sign in again over the page (the admin guard shows the dialog while anyone waits);
 * resolves with the new access token, so the interrupted call can be sent again.
 */
export function requestSignIn(): Promise<string> {
  return new Promise((resolve, reject) => {
    waiters.push({ resolve, reject });
    if (waiters.length === 1) changed();
  });
}

/** The dialog's sign-in succeeded: every waiting call goes ahead with the new token. */
export function completeSignIn(token: string): void {
  const done = waiters;
  waiters = [];
  done.forEach((w) => w.resolve(token));
  changed();
}

/** The person signed out instead: every waiting call fails with NotSignedInError. */
export function abandonSignIn(): void {
  const done = waiters;
  waiters = [];
  done.forEach((w) => w.reject(new NotSignedInError()));
  changed();
}

const subscribe = (onChange: () => void): (() => void) => {
  listeners.add(onChange);
  return () => listeners.delete(onChange);
};

/** Whether a call is waiting for the person to sign in again. */
export const useSignInRequested = (): boolean =>
  useSyncExternalStore(
    subscribe,
    () => waiters.length > 0,
    () => false,
  );

/** After a renewal that could not reach the server, try again this much later. */
const RETRY_MS = 15_000;

/**
 * Renew the access token shortly before it expires, for as long as the admin page is open. A
 * renewal that is refused stays quiet: the next call's 401 asks the person to sign in.
 */
export function useTokenRenewal(token: string | undefined): void {
  useEffect(() => {
    if (!token) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let alive = true;
    const schedule = (delay: number): void => {
      timer = setTimeout(() => {
        // Another tab may have renewed meanwhile: only renew the token this timer was set for.
        if (readSession()?.token !== token) return;
        renewToken().catch(() => {
          if (alive) schedule(RETRY_MS);
        });
      }, delay);
    };
    const delay = renewalDelay(token);
    if (delay !== null) schedule(delay);
    return () => {
      alive = false;
      clearTimeout(timer);
    };
  }, [token]);
}
