import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import type { OperationName } from '@agency/shared';
import { ApiError, callApi, type CallOptions, type ResponseOf } from '../../../lib/api-client';
import { LOGIN_PATH, clearSession, readSession, tokenExpired } from './session';
import { abandonSignIn, renewToken, requestSignIn } from './session-renewal';

export { NotSignedInError } from './session-renewal';

/** Log out: revoke the session cookie's refresh token, forget the session and go to the login page. */
export function useLogout(): () => void {
  const navigate = useNavigate();
  return useCallback(() => {
    abandonSignIn();
    // Sent without waiting: the cookie is cleared by the answer, and nothing here depends on it.
    void callApi('logoutSession').catch(() => undefined);
    clearSession({ byUser: true });
    void navigate(LOGIN_PATH, { replace: true });
  }, [navigate]);
}

/** A token to send: the stored one, renewed first when it has already expired, or one from signing in again. */
async function currentToken(): Promise<string> {
  const session = readSession();
  if (!session) return requestSignIn();
  if (!tokenExpired(session.token)) return session.token;
  return (await renewToken()) ?? requestSignIn();
}

/**
 * callApi with the admin token. A 401 renews the token once and sends the call again; when renewal
 * is impossible the sign-in dialog opens over the page and the call is sent once the person has
 * signed in, so nothing typed is lost.
 */
export function useAdminApi() {
  return useCallback(
    async <N extends OperationName>(
      name: N,
      options: Omit<CallOptions, 'token'> = {},
    ): Promise<ResponseOf<N>> => {
      try {
        return await callApi(name, { ...options, token: await currentToken() });
      } catch (err) {
        if (!(err instanceof ApiError && err.status === 401)) throw err;
      }
      const token = (await renewToken()) ?? (await requestSignIn());
      return callApi(name, { ...options, token });
    },
    [],
  );
}
