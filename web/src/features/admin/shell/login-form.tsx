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
import { ApiError, callApi } from '../../../lib/api-client';
import { formProblem, type FormProblem } from '../ui/api-error-text';
import { FormError } from '../ui/action-status';
import { CodeField } from '../ui/code-field';
import {
  FieldError,
  newPasswordProblem,
  NewPasswordFields,
  PasswordField,
} from '../ui/password-fields';

/** One element, several refs (the caller's, and the form's own for focusing a field in error). */
function mergeRefs<T>(...refs: (Ref<T> | undefined)[]): (node: T | null) => void {
  return (node) => {
    for (const ref of refs) {
      if (typeof ref === 'function') ref(node);
      else if (ref) ref.current = node;
    }
  };
}

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
 * Each step's fields by the API's names, with the labels people see; a wrong code names no field
 * (a 401 about the whole step) but its `code` places it at the code field.
 */
const STEP_FIELDS = {
  password: { email: 'Email', password: 'Password' },
  code: { code: 'Code from your authenticator app' },
  newPassword: { password: 'Choose a password' },
} as const satisfies Record<Step['kind'], Partial<Record<StepField, string>>>;
type StepField = 'email' | 'password' | 'code';
const WRONG_CODE_AT: Partial<Record<string, StepField>> = { 'wrong-code': 'code' };

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
  const [refused, setRefused] = useState<FormProblem<StepField> | null>(null);
  const [busy, setBusy] = useState(false);
  const emailId = useId();
  const introId = useId();
  const stepFieldRef = useRef<HTMLInputElement>(null);
  const emailFieldRef = useRef<HTMLInputElement>(null);
  const passwordFieldRef = useRef<HTMLInputElement>(null);
  const fieldError = (field: StepField): string | null =>
    refused?.field === field ? refused.message : null;

  // A new step moves the focus to its field, so a keyboard or screen-reader user is where to type.
  useEffect(() => {
    if (step.kind !== 'password') stepFieldRef.current?.focus();
  }, [step]);

  // A refusal at a field moves the focus there.
  useEffect(() => {
    if (!refused?.field) return;
    if (step.kind !== 'password') stepFieldRef.current?.focus();
    else if (refused.field === 'email') emailFieldRef.current?.focus();
    else passwordFieldRef.current?.focus();
  }, [refused]);

  const restart = (): void => {
    setRefused(null);
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
    setRefused(null);
    setBusy(true);
    try {
      const answer = await send();
      setBusy(false);
      next(answer);
    } catch (err) {
      setBusy(false);
      // A step whose session has run out cannot be answered: start again from the password (its
      // sentence says so). A wrong code is a 401 too, but its step stays open for the next try.
      if (err instanceof ApiError && err.code === 'expired') {
        restart();
        setError(err.message);
        return;
      }
      if (step.kind === 'code') setCode('');
      const problem = formProblem<StepField>(
        err,
        STEP_FIELDS[step.kind],
        step.kind === 'code' ? WRONG_CODE_AT : {},
      );
      if (problem.field) setRefused(problem);
      else setError(problem.message);
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
          <label htmlFor={emailId}>{STEP_FIELDS.password.email}</label>
          <input
            id={emailId}
            ref={mergeRefs(emailRef, emailFieldRef)}
            type="email"
            autoComplete="username"
            required
            value={email}
            aria-invalid={fieldError('email') ? true : undefined}
            aria-describedby={fieldError('email') ? `${emailId}-error` : undefined}
            onChange={(e) => setEmail(e.target.value)}
          />
          <FieldError id={`${emailId}-error`} error={fieldError('email')} />
          <PasswordField
            label={STEP_FIELDS.password.password}
            value={password}
            onChange={setPassword}
            inputRef={mergeRefs(passwordRef, passwordFieldRef)}
            error={fieldError('password')}
          />
        </>
      )}
      {step.kind === 'code' && (
        <CodeField
          label={STEP_FIELDS.code.code}
          value={code}
          onChange={setCode}
          inputRef={stepFieldRef}
          error={fieldError('code')}
        />
      )}
      {step.kind === 'newPassword' && (
        <NewPasswordFields
          label={STEP_FIELDS.newPassword.password}
          error={fieldError('password')}
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
