import {
  useEffect,
  useId,
  useRef,
  useState,
  type FormEvent,
  type ReactNode,
  type Ref,
} from 'react';
import { TOTP, type LoginAnswer, type LoginResult } from '@agency/shared';
import { ApiError, callApi } from '../../lib/api-client';
import { apiErrorText } from './api-error-text';
import { FormError } from './action-status';
import { CodeField } from './code-field';
import { newPasswordProblem, NewPasswordFields, PasswordField } from './password-fields';

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
  /** Offers "Forgot password?" on the password step (the login page; not the dialog over a page). */
  onForgotPassword?: (email: string) => void;
}

/** Where sign-in stands: the password, or a step the API asked for after it (with its session). */
type Step =
  | { kind: 'password' }
  | { kind: 'code'; session: string }
  | { kind: 'newPassword'; session: string };

const STEP_INTRO: Record<Exclude<Step['kind'], 'password'>, string> = {
  code: `Two-factor sign-in is on for this account: enter the ${TOTP.digits}-digit code your authenticator app shows now.`,
  newPassword:
    'Welcome! This is your first sign-in: choose your own password to replace the temporary one from the e-mail.',
};

/**
 * Sign-in: e-mail and password, then the step the API answers with when one is due (the
 * authenticator code, or a new password at an invited member's first sign-in), until a session
 * is granted. Wrong credentials, wrong codes and throttling are explained in the form.
 */
export function LoginForm({
  heading,
  onSignedIn,
  initialEmail = '',
  emailRef,
  passwordRef,
  children,
  onForgotPassword,
}: LoginFormProps) {
  const [step, setStep] = useState<Step>({ kind: 'password' });
  const [email, setEmail] = useState(initialEmail);
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const emailId = useId();
  const introId = useId();
  const stepFieldRef = useRef<HTMLInputElement>(null);

  // A new step moves the focus to its field, so a keyboard or screen-reader user is where to type.
  useEffect(() => {
    if (step.kind !== 'password') stepFieldRef.current?.focus();
  }, [step]);

  const restart = (): void => {
    setStep({ kind: 'password' });
    setPassword('');
    setCode('');
    setNewPassword('');
    setConfirm('');
  };

  /** Take a sign-in answer: the session, or the next step. */
  const next = (answer: LoginAnswer): void => {
    if ('token' in answer) {
      onSignedIn(answer);
      return;
    }
    setCode('');
    setNewPassword('');
    setConfirm('');
    setStep(
      answer.challenge === 'SOFTWARE_TOKEN_MFA'
        ? { kind: 'code', session: answer.session }
        : { kind: 'newPassword', session: answer.session },
    );
  };

  const send = async (): Promise<LoginAnswer> => {
    switch (step.kind) {
      case 'password':
        return (await callApi('login', { body: { email, password } })).data;
      case 'code':
        return (await callApi('loginMfa', { body: { session: step.session, code } })).data;
      case 'newPassword':
        return (
          await callApi('loginNewPassword', {
            body: { session: step.session, password: newPassword },
          })
        ).data;
    }
  };

  const onSubmit = async (e: FormEvent): Promise<void> => {
    e.preventDefault();
    if (step.kind === 'newPassword') {
      const problem = newPasswordProblem(newPassword, confirm);
      if (problem) {
        setError(problem);
        return;
      }
    }
    setError(null);
    setBusy(true);
    try {
      const answer = await send();
      setBusy(false);
      next(answer);
    } catch (err) {
      setBusy(false);
      // A step whose session has run out cannot be answered: start again from the password. A
      // wrong code is a 401 too, but its step stays open for the next try.
      const expired =
        err instanceof ApiError &&
        err.status === 401 &&
        (step.kind === 'newPassword' || (step.kind === 'code' && /expired/i.test(err.message)));
      if (expired) {
        restart();
        setError(
          /sign in again/i.test(err.message) ? err.message : `${err.message} Please sign in again.`,
        );
        return;
      }
      if (step.kind === 'code') setCode('');
      setError(apiErrorText(err));
    }
  };

  const submitLabel =
    step.kind === 'password'
      ? busy
        ? 'Signing in…'
        : 'Login'
      : step.kind === 'code'
        ? busy
          ? 'Checking…'
          : 'Verify code'
        : busy
          ? 'Saving…'
          : 'Set password and sign in';

  return (
    <form
      className="admin-login__form"
      onSubmit={(e) => void onSubmit(e)}
      noValidate
      aria-describedby={step.kind === 'password' ? undefined : introId}
    >
      {heading}
      {children}
      {step.kind !== 'password' && (
        <p id={introId} className="admin-login__intro">
          {STEP_INTRO[step.kind]}
        </p>
      )}
      <FormError error={error} />
      {step.kind === 'password' && (
        <>
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
          <PasswordField value={password} onChange={setPassword} inputRef={passwordRef} />
        </>
      )}
      {step.kind === 'code' && (
        <CodeField value={code} onChange={setCode} inputRef={stepFieldRef} />
      )}
      {step.kind === 'newPassword' && (
        <NewPasswordFields
          label="Choose a password"
          password={newPassword}
          confirm={confirm}
          onPassword={setNewPassword}
          onConfirm={setConfirm}
          passwordRef={stepFieldRef}
        />
      )}
      <button type="submit" className="btn btn--primary" disabled={busy}>
        {submitLabel}
      </button>
      {step.kind === 'password' && onForgotPassword && (
        <button
          type="button"
          className="btn btn--link admin-login__aside"
          onClick={() => onForgotPassword(email)}
        >
          Forgot password?
        </button>
      )}
      {step.kind !== 'password' && (
        <button
          type="button"
          className="btn btn--link admin-login__aside"
          onClick={() => {
            setError(null);
            restart();
          }}
        >
          Back to sign in
        </button>
      )}
    </form>
  );
}
