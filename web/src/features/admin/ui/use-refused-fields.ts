import { useEffect, useRef, useState } from 'react';
import type { FieldLabels, FormProblem } from './api-error-text';

/**
 * A form's fields as the API may refuse them: the refusal (`setRefused(formProblem(...))`) shows at
 * its field and moves the focus there, so the message is read and the field retyped. `bind` gives
 * a field's label, value, change handler, ref and error in one.
 */
export function useRefusedFields<F extends string>(labels: FieldLabels<F>) {
  const [refused, setRefused] = useState<FormProblem<F> | null>(null);
  const inputs = useRef(new Map<F, HTMLInputElement | null>());
  const focus = (field: F): void => inputs.current.get(field)?.focus();
  useEffect(() => {
    if (refused?.field) inputs.current.get(refused.field)?.focus();
  }, [refused]);
  const error = (field: F): string | null => (refused?.field === field ? refused.message : null);
  const ref = (field: F) => (el: HTMLInputElement | null) => void inputs.current.set(field, el);
  const bind = (field: F, value: string, onChange: (value: string) => void) => ({
    label: labels[field],
    value,
    onChange,
    inputRef: ref(field),
    error: error(field),
  });
  return { setRefused, error, ref, bind, focus };
}
