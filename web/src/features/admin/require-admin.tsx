import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useSession } from './session';

/** Login route of the admin area. */
export const LOGIN_PATH = '/creative-login';

/** Renders its children only with an admin session; otherwise redirects to the login page, remembering where to come back to. */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const session = useSession();
  const location = useLocation();
  if (!session) return <Navigate to={LOGIN_PATH} replace state={{ from: location.pathname }} />;
  return <>{children}</>;
}
