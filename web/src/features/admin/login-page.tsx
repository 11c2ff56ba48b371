import { useId, useState, type FormEvent } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import * as z from 'zod';
import { ApiError, callApi } from '../../lib/api-client';
import { saveSession, useSession } from './session';
import { AdminStyles } from './admin-styles';

const fromState = z.object({ from: z.string().startsWith('/') });

/** Where to go after login: the admin page that redirected here, or /admin. */
const returnPath = (state: unknown): string => {
  const parsed = fromState.safeParse(state);
  return parsed.success && parsed.data.from !== '/creative-login' ? parsed.data.from : '/admin';
};

/** `/creative-login`: admin sign-in with e-mail and password; wrong credentials and throttling are explained. */
export default function LoginPage() {
  const session = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const emailId = useId();
  const passwordId = useId();

  if (session) return <Navigate to={returnPath(location.state)} replace />;

  const onSubmit = async (e: FormEvent): Promise<void> => {
    e.preventDefault();
    setError(null);
    setBusy(true);
    try {
      const { data } = await callApi('login', { body: { email, password } });
      saveSession(data);
      void navigate(returnPath(location.state), { replace: true });
    } catch (err) {
      setError(
        err instanceof ApiError
          ? err.status === 429
            ? `${err.message} Please wait a few minutes before trying again.`
            : err.message
          : 'Something went wrong. Please try again.',
      );
      setBusy(false);
    }
  };

  return (
    <div className="admin-login">
      <AdminStyles />
      <form className="admin-login__form" onSubmit={(e) => void onSubmit(e)} noValidate>
        <h1>Admin login</h1>
        {error && (
          <p className="form-error" role="alert">
            {error}
          </p>
        )}
        <label htmlFor={emailId}>Email</label>
        <input
          id={emailId}
          type="email"
          autoComplete="username"
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
        <label htmlFor={passwordId}>Password</label>
        <input
          id={passwordId}
          type="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <button type="submit" className="btn btn--primary" disabled={busy}>
          {busy ? 'Signing in…' : 'Login'}
        </button>
      </form>
    </div>
  );
}
