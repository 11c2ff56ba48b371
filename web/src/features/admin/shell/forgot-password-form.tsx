import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { callApi } from '../../../lib/api-client';
import { formProblem, type FormProblem } from '../ui/api-error-text';
import { FormError } from '../ui/action-status';
import { CodeField } from '../ui/code-field';
import { FieldError, newPasswordProblem, NewPasswordFields } from '../ui/password-fields';

/*
 * The answer to the e-mail step is the same sentence whatever the API knows, so the page never
 * tells whether an account exists.
 */

/** Reset codes the user pool e-mails are 6 digits; the field takes a few more in case that changes. */
const RESET_CODE_DIGITS = 8;

/** Each step's fields by the API's names, with the labels people see. */
const STEP_FIELDS = {
  email: { email: 'Email' },
  reset: { code: 'Code from the e-mail', password: 'New password' },
} as const;
type ResetField = 'email' | 'code' | 'password';

/**
 * "Forgot password?": the e-mail, then the code the e-mail brings and a new password. The API answers
 * the first step the same whether or not the account exists, and so does this form.
 */
export function ForgotPasswordForm({
  initialEmail = '',
  onDone,
  onCancel,
}: {
  initialEmail?: string;
  /** The password was reset: back to sign in with this e-mail. */
  onDone: (email: string) => void;
  onCancel: () => void;
}) {
  const [step, setStep] = useState<'email' | 'reset'>('email');
  const [email, setEmail] = useState(initialEmail);
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [refused, setRefused] = useState<FormProblem<ResetField> | null>(null);
  const [busy, setBusy] = useState(false);
  const emailId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const emailRef = useRef<HTMLInputElement>(null);
  const codeRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const fieldError = (field: ResetField): string | null =>
    refused?.field === field ? refused.message : null;

  useEffect(() => {
    (step === 'email' ? headingRef : codeRef).current?.focus();
  }, [step]);
  // A refusal at a field moves the focus there.
  useEffect(() => {
    const ref = { email: emailRef, code: codeRef, password: passwordRef };
    if (refused?.field) ref[refused.field].current?.focus();
  }, [refused]);

  const onSubmit = async (e: FormEvent): Promise<void> => {
    e.preventDefault();
    if (step === 'reset') {
      const problem = newPasswordProblem(password, confirm);
      if (problem) {
        setError(problem);
        return;
      }
    }
    setError(null);
    setRefused(null);
    setBusy(true);
    try {
      if (step === 'email') {
        await callApi('forgotPassword', { body: { email } });
        setStep('reset');
      } else {
        await callApi('resetPassword', { body: { email, code, password } });
        onDone(email.trim());
      }
    } catch (err) {
      const problem = formProblem<ResetField>(err, STEP_FIELDS[step]);
      if (problem.field) setRefused(problem);
      else setError(problem.message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="admin-login__form" onSubmit={(e) => void onSubmit(e)} noValidate>
      <h1 ref={headingRef} tabIndex={-1}>
        Reset your password
      </h1>
      {step === 'email' ? (
        <p className="admin-login__intro">
          Enter the e-mail you sign in with. If it belongs to an account, we e-mail you a code to
          choose a new password.
        </p>
      ) : (
        <p className="admin-status admin-status--ok" role="status">
          If an account exists for that e-mail, we sent a code to it. Enter the code below with your
          new password.
        </p>
      )}
      <FormError error={error} />
      {step === 'email' ? (
        <>
          <label htmlFor={emailId}>{STEP_FIELDS.email.email}</label>
          <input
            id={emailId}
            ref={emailRef}
            type="email"
            autoComplete="username"
            required
            value={email}
            aria-invalid={fieldError('email') ? true : undefined}
            aria-describedby={fieldError('email') ? `${emailId}-error` : undefined}
            onChange={(e) => setEmail(e.target.value)}
          />
          <FieldError id={`${emailId}-error`} error={fieldError('email')} />
        </>
      ) : (
        <>
          <CodeField
            label={STEP_FIELDS.reset.code}
            value={code}
            onChange={setCode}
            inputRef={codeRef}
            digits={RESET_CODE_DIGITS}
            error={fieldError('code')}
          />
          <NewPasswordFields
            label={STEP_FIELDS.reset.password}
            passwordRef={passwordRef}
            error={fieldError('password')}
            password={password}
            confirm={confirm}
            onPassword={setPassword}
            onConfirm={setConfirm}
          />
        </>
      )}
      <button type="submit" className="btn btn--primary" disabled={busy}>
        {step === 'email'
          ? busy
            ? 'Sending…'
            : 'Send code'
          : busy
            ? 'Saving…'
            : 'Set new password'}
      </button>
      {step === 'reset' && (
        <button
          type="button"
          className="btn btn--link admin-login__aside"
          onClick={() => {
            setError(null);
            setRefused(null);
            setStep('email');
          }}
        >
          No code? Send it again
        </button>
      )}
      <button type="button" className="btn btn--link admin-login__aside" onClick={onCancel}>
        Back to sign in
      </button>
    </form>
  );
}
