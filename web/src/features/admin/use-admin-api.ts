import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import type { OperationName } from '@agency/shared';
import { ApiError, callApi, type CallOptions, type ResponseOf } from '../../lib/api-client';
import { LOGIN_PATH } from './require-admin';
import { clearSession, readSession } from './session';

/** Thrown instead of calling the API when there is no session (the guard redirects meanwhile). */
export class NotSignedInError extends Error {
  override readonly name = 'NotSignedInError';
  constructor() {
    super('You are not signed in.');
  }
}

/** Log out and go to the login page. */
export function useLogout(): () => void {
  const navigate = useNavigate();
  return useCallback(() => {
    clearSession();
    void navigate(LOGIN_PATH, { replace: true });
  }, [navigate]);
}

/** callApi with the admin token; a 401 from any admin call ends the session and goes to the login page. */
export function useAdminApi() {
  const logout = useLogout();
  return useCallback(
    async <N extends OperationName>(
      name: N,
      options: Omit<CallOptions, 'token'> = {},
    ): Promise<ResponseOf<N>> => {
      const session = readSession();
      if (!session) {
        logout();
        throw new NotSignedInError();
      }
      try {
        return await callApi(name, { ...options, token: session.token });
      } catch (err) {
        if (err instanceof ApiError && err.status === 401) logout();
        throw err;
      }
    },
    [logout],
  );
}
