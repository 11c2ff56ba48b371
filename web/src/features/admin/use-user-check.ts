import { useEffect } from 'react';
import { ApiError } from '../../lib/api-client';
import { useAdminApi, useLogout } from './use-admin-api';

/**
 * Ask the API who is signed in; a refusal that survives renewal and signing in again (not an admin,
 * say) ends the session. Network failures keep it.
 */
export function useUserCheck(): void {
  const api = useAdminApi();
  const logout = useLogout();
  useEffect(() => {
    let alive = true;
    api('getUserData').catch((err: unknown) => {
      if (alive && err instanceof ApiError && err.status !== 0) logout();
    });
    return () => {
      alive = false;
    };
  }, [api, logout]);
}
