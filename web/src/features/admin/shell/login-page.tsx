import { useState } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import * as z from 'zod';
import { LOGIN_PATH, saveSession, useSession } from './session';
import { AdminStyles } from '../ui/admin-styles';
import { ForgotPasswordForm } from './forgot-password-form';
import { LoginForm } from './login-form';
import { pagePath } from '../../../config/pages';

const fromState = z.object({ from: z.string().startsWith('/') });
/** A line the page that sent the person here left for them ("signed out on every device"). */
const noticeState = z.object({ notice: z.string().max(200) });

/** Where to go after login: the admin page that redirected here, or /admin. */
const returnPath = (state: unknown): string => {
  const parsed = fromState.safeParse(state);
  return parsed.success && parsed.data.from !== LOGIN_PATH
    ? parsed.data.from
    : pagePath('adminList');
};

/** What the page shows: sign-in (with a line after a reset), or the forgotten-password steps. */
type View = { kind: 'signIn'; email: string; notice?: string } | { kind: 'forgot'; email: string };

/**
 * `/creative-login`: admin sign-in with e-mail and password, then the code or new password when the
 * account needs one; "Forgot password?" resets it with an e-mailed code. Wrong credentials and
 * throttling are explained.
 */
export default function LoginPage() {
  const session = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const [view, setView] = useState<View>(() => {
    const state = noticeState.safeParse(location.state);
    return { kind: 'signIn', email: '', ...(state.success ? { notice: state.data.notice } : {}) };
  });

  if (session) return <Navigate to={returnPath(location.state)} replace />;

  return (
    <div className="admin-login">
      <AdminStyles />
      {view.kind === 'forgot' ? (
        <ForgotPasswordForm
          initialEmail={view.email}
          onCancel={() => setView({ kind: 'signIn', email: view.email })}
          onDone={(email) =>
            setView({
              kind: 'signIn',
              email,
              notice: 'Your password was changed. Sign in with the new one.',
            })
          }
        />
      ) : (
        <LoginForm
          // A new view starts the form afresh with its e-mail.
          key={`${view.email}|${view.notice ?? ''}`}
          heading={<h1>Admin login</h1>}
          initialEmail={view.email}
          onForgotPassword={(email) => setView({ kind: 'forgot', email })}
          onSignedIn={(data) => {
            saveSession(data);
            void navigate(returnPath(location.state), { replace: true });
          }}
        >
          {view.notice && (
            <p className="admin-status admin-status--ok" role="status">
              {view.notice}
            </p>
          )}
        </LoginForm>
      )}
    </div>
  );
}
