import { useEffect } from 'react';
import { ApiError } from '../../../lib/api-client';
import { useLogout } from './use-admin-api';
import { useUserData } from './use-user-data';

/**
 * Ask the API who is signed in (the same answer the admin frame uses, asked once); a refusal that
 * survives renewal and signing in again (not staff, say) ends the session. Network failures keep it.
 */
export function useUserCheck(): void {
  const { error } = useUserData();
  const logout = useLogout();
  useEffect(() => {
    if (error instanceof ApiError && error.status !== 0) logout();
  }, [error, logout]);
}
