import { useId, type Ref } from 'react';
import { TOTP } from '@agency/shared';
import { FieldError } from './password-fields';

/**
 * An authenticator code: digits only, the browser's one-time-code autofill, the numeric keypad on
 * a phone. Spaces people copy with the code are dropped as they type.
 */
export function CodeField({
  value,
  onChange,
  label = 'Code from your authenticator app',
  inputRef,
  digits = TOTP.digits,
  error,
}: {
  value: string;
  onChange: (value: string) => void;
  label?: string;
  inputRef?: Ref<HTMLInputElement>;
  /** How many digits the code has (reset codes from the e-mail may differ). */
  digits?: number;
  /** Why the API refused the code ("Is not right."), shown under the field. */
  error?: string | null;
}) {
  const id = useId();
  return (
    <>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        ref={inputRef}
        className="code-field"
        type="text"
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="[0-9]*"
        maxLength={digits}
        required
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => onChange(e.target.value.replace(/\D/g, '').slice(0, digits))}
      />
      <FieldError id={`${id}-error`} error={error} />
    </>
  );
}
