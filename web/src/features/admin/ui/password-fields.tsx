import { useId, type Ref } from 'react';
import { passwordProblems, passwordRuleMessage } from '@agency/shared/password';

/** The rules an empty password breaks: every rule a person must meet, in the policy's order. */
const RULES = passwordProblems('');

/**
 * Why a new password cannot be sent yet: the rules it breaks (named as the API names them), or the
 * confirmation differing; null when it may be sent.
 */
export function newPasswordProblem(password: string, confirm: string): string | null {
  const problems = passwordProblems(password);
  if (problems.length) return passwordRuleMessage(problems);
  if (password !== confirm) return 'The two passwords are not the same.';
  return null;
}

export interface NewPasswordFieldsProps {
  password: string;
  confirm: string;
  onPassword: (value: string) => void;
  onConfirm: (value: string) => void;
  /** The first field's label ("New password", "Choose a password"). */
  label?: string;
  passwordRef?: Ref<HTMLInputElement>;
  /** The API's refusal of the new password (a rule of the pool's), shown under it. */
  error?: string | null;
}

/**
 * A new password and its confirmation, with the password rules listed under the field and ticked
 * as the person types (the list describes the field, so a screen reader reads it on focus; one
 * polite line says when every rule is met rather than announcing each keystroke).
 */
export function NewPasswordFields({
  password,
  confirm,
  onPassword,
  onConfirm,
  label = 'New password',
  passwordRef,
  error,
}: NewPasswordFieldsProps) {
  const id = useId();
  const problems = passwordProblems(password);
  // Rules only a typed password can break (too long, spaces at the ends) join the list when broken.
  const extra = problems.filter((p) => !RULES.includes(p));
  const mismatch = confirm !== '' && confirm !== password;
  return (
    <div className="password-fields">
      <label htmlFor={`${id}-new`}>{label}</label>
      <input
        id={`${id}-new`}
        ref={passwordRef}
        type="password"
        autoComplete="new-password"
        required
        value={password}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error ${id}-rules` : `${id}-rules`}
        onChange={(e) => onPassword(e.target.value)}
      />
      <FieldError id={`${id}-error`} error={error} />
      <ul id={`${id}-rules`} className="password-rules" aria-label="The password needs">
        {[...RULES, ...extra].map((rule) => {
          const met = !problems.includes(rule);
          return (
            <li key={rule} className={met ? 'password-rules__met' : undefined}>
              <span aria-hidden="true">{met ? '✓' : '•'}</span> {rule}
              <span className="visually-hidden">{met ? ' (done)' : ' (not yet)'}</span>
            </li>
          );
        })}
      </ul>
      <p className="visually-hidden" aria-live="polite">
        {password && problems.length === 0 ? 'The password meets every rule.' : ''}
      </p>
      <label htmlFor={`${id}-confirm`}>Confirm the password</label>
      <input
        id={`${id}-confirm`}
        type="password"
        autoComplete="new-password"
        required
        value={confirm}
        aria-invalid={mismatch || undefined}
        aria-describedby={mismatch ? `${id}-mismatch` : undefined}
        onChange={(e) => onConfirm(e.target.value)}
      />
      {mismatch && (
        <p id={`${id}-mismatch`} className="form-field__error">
          The two passwords are not the same.
        </p>
      )}
    </div>
  );
}

/** What the API said about one field, under it (announced as it appears). */
export function FieldError({ id, error }: { id: string; error?: string | null }) {
  if (!error) return null;
  return (
    <p id={id} className="form-field__error" role="alert">
      {error}
    </p>
  );
}

/** The password a person already has (signing in, or confirming it is them). */
export function PasswordField({
  value,
  onChange,
  label = 'Password',
  inputRef,
  error,
}: {
  value: string;
  onChange: (value: string) => void;
  label?: string;
  inputRef?: Ref<HTMLInputElement>;
  /** Why the API refused it ("Is not your current password."), shown under the field. */
  error?: string | null;
}) {
  const id = useId();
  return (
    <>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        ref={inputRef}
        type="password"
        autoComplete="current-password"
        required
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => onChange(e.target.value)}
      />
      <FieldError id={`${id}-error`} error={error} />
    </>
  );
}
