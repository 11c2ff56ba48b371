import { POST_LIMITS } from '@agency/shared';
import { Field } from './form-field';
import { FIELD_LABELS } from './post-form-errors';

/** The meta description, with what it is for and how much of its limit is used. */
export function MetaDescriptionField({
  id,
  value,
  error,
  onChange,
  describedBy,
}: {
  id: string;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
  /** The ids describing the textarea besides its hint (its own, added here). */
  describedBy: (more: string) => string | undefined;
}) {
  return (
    <Field id={id} label={FIELD_LABELS.meta_description} error={error}>
      <textarea
        id={id}
        rows={3}
        maxLength={POST_LIMITS.metaDescriptionMax}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(`${id}-hint`)}
      />
      <p className="post-form__hint post-form__counted" id={`${id}-hint`}>
        <span>
          What search engines and link previews (Facebook, LinkedIn, X) show under the title. Left
          empty, the start of the post is used.
        </span>
        <span>
          {value.length} / {POST_LIMITS.metaDescriptionMax}
        </span>
      </p>
    </Field>
  );
}
