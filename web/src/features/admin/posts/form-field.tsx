import type { ReactNode } from 'react';

/** A labelled form field with its error message (the id `${id}-error` that controls point at). */
export function Field({
  id,
  label,
  error,
  children,
  labelId,
}: {
  id: string;
  label: string;
  error?: string;
  children: ReactNode;
  labelId?: string;
}) {
  return (
    <div className={error ? 'form-field form-field--invalid' : 'form-field'}>
      <label htmlFor={id} id={labelId}>
        {label}
      </label>
      {children}
      {error && (
        <p id={`${id}-error`} className="form-field__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
