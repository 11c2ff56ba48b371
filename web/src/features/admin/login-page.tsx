import { Navigate, useLocation, useNavigate } from 'react-router';
import * as z from 'zod';
import { LOGIN_PATH, saveSession, useSession } from './session';
import { AdminStyles } from './admin-styles';
import { LoginForm } from './login-form';
import { pagePath } from '../../config/pages';

const fromState = z.object({ from: z.string().startsWith('/') });

/** Where to go after login: the admin page that redirected here, or /admin. */
const returnPath = (state: unknown): string => {
  const parsed = fromState.safeParse(state);
  return parsed.success && parsed.data.from !== LOGIN_PATH
    ? parsed.data.from
    : pagePath('adminList');
};

/** `/creative-login`: admin sign-in with e-mail and password; wrong credentials and throttling are explained. */
export default function LoginPage() {
  const session = useSession();
  const navigate = useNavigate();
  const location = useLocation();

  if (session) return <Navigate to={returnPath(location.state)} replace />;

  return (
    <div className="admin-login">
      <AdminStyles />
      <LoginForm
        heading={<h1>Admin login</h1>}
        onSignedIn={(data) => {
          saveSession(data);
          void navigate(returnPath(location.state), { replace: true });
        }}
      />
    </div>
  );
}
