import { Field } from './form-field';

/** A required choice from a list the API keeps (category, author): its id and the name shown. */
export function ChoiceField({
  id,
  label,
  error,
  describedBy,
  value,
  onChange,
  options,
}: {
  id: string;
  label: string;
  error: string | undefined;
  describedBy: string | undefined;
  value: string;
  onChange: (value: string) => void;
  /** Undefined while the list loads. */
  options: [id: number, name: string][] | undefined;
}) {
  return (
    <Field id={id} label={label} error={error}>
      <select
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
      >
        <option value="" disabled>
          Select
        </option>
        {options?.map(([option, name]) => (
          <option key={option} value={String(option)}>
            {name}
          </option>
        ))}
      </select>
    </Field>
  );
}
