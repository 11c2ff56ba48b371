import { useRef, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { LOGIN_PATH, sessionEndedByUser, useSession } from './session';
import { useSignInRequested, useTokenRenewal } from './session-renewal';
import { SignInDialog } from './sign-in-dialog';

export { LOGIN_PATH } from './session';

/**
 * Renders its children only with an admin session; without one on arrival it redirects to the login
 * page, remembering where to come back to. Once the page is open it stays open: the token is renewed
 * before it expires, and when the session ends (expired, revoked, signed out in another tab) sign-in
 * opens over the page. Only the person's own Logout leaves the page.
 */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const session = useSession();
  const location = useLocation();
  const signInRequested = useSignInRequested();
  const email = useRef(session?.email ?? '');
  if (session) email.current = session.email;
  const opened = useRef(session !== null);
  useTokenRenewal(session?.token);
  if (!session && (!opened.current || sessionEndedByUser()))
    return <Navigate to={LOGIN_PATH} replace state={{ from: location.pathname }} />;
  return (
    <>
      {children}
      {(signInRequested || !session) && <SignInDialog email={email.current} />}
    </>
  );
}
