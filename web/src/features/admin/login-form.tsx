import { useId, useState, type FormEvent, type ReactNode, type Ref } from 'react';
import type { LoginResult } from '@agency/shared';
import { ApiError, callApi } from '../../lib/api-client';

export interface LoginFormProps {
  /** The form's heading (an h1 on the login page, an h2 in the dialog). */
  heading: ReactNode;
  /** Called with the login result once the API accepts the credentials (the cookie is set by then). */
  onSignedIn: (result: LoginResult) => void;
  /** The e-mail to start with (the dialog knows who was signed in). */
  initialEmail?: string;
  emailRef?: Ref<HTMLInputElement>;
  passwordRef?: Ref<HTMLInputElement>;
  /** Shown under the heading. */
  children?: ReactNode;
}

/** E-mail and password sign-in; wrong credentials and throttling are explained in the form. */
export function LoginForm({
  heading,
  onSignedIn,
  initialEmail = '',
  emailRef,
  passwordRef,
  children,
}: LoginFormProps) {
  const [email, setEmail] = useState(initialEmail);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const emailId = useId();
  const passwordId = useId();

  const onSubmit = async (e: FormEvent): Promise<void> => {
    e.preventDefault();
    setError(null);
    setBusy(true);
    try {
      const { data } = await callApi('login', { body: { email, password } });
      setBusy(false);
      // The sign-in steps after the password (code, new password) come with the accounts work.
      if (!('token' in data)) throw new Error(data.challenge);
      onSignedIn(data);
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
    <form className="admin-login__form" onSubmit={(e) => void onSubmit(e)} noValidate>
      {heading}
      {children}
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      <label htmlFor={emailId}>Email</label>
      <input
        id={emailId}
        ref={emailRef}
        type="email"
        autoComplete="username"
        required
        value={email}
        onChange={(e) => setEmail(e.target.value)}
      />
      <label htmlFor={passwordId}>Password</label>
      <input
        id={passwordId}
        ref={passwordRef}
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
  );
}
