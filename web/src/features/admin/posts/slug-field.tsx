import { postPath } from '../../blog/paths';
import { Field } from './form-field';
import { FIELD_LABELS } from './post-form-errors';

/**
 * The slug, with what it means for a live post: its address stays unless changed here, and a
 * changed one moves it (the old address redirects).
 */
export function SlugField({
  id,
  value,
  error,
  liveSlug,
  onChange,
  onBlur,
  describedBy,
}: {
  id: string;
  value: string;
  error: string | undefined;
  /** The slug the post is live at; null when it is not published. */
  liveSlug: string | null;
  onChange: (value: string) => void;
  onBlur: () => void;
  /** The ids describing the input besides the address warning (its own, added here). */
  describedBy: (more: string | false) => string | undefined;
}) {
  /** The author is changing the address of a live post: say so at the field. */
  const movesAddress = liveSlug !== null && value.trim() !== liveSlug;
  return (
    <Field id={id} label={FIELD_LABELS.slug} error={error}>
      <input
        id={id}
        type="text"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        onBlur={onBlur}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(movesAddress && `${id}-moves`)}
      />
      {movesAddress ? (
        <p className="post-form__warning" id={`${id}-moves`} role="status">
          This post is live at {postPath(liveSlug)}. When you update, its address becomes{' '}
          {postPath(value.trim() || '…')}, and the old one redirects there (301): links people saved
          or shared keep working. See them under Redirects.
        </p>
      ) : (
        liveSlug !== null && (
          <p className="post-form__hint">
            The address stays {postPath(liveSlug)} whatever the title says; change it here only if
            you must.
          </p>
        )
      )}
    </Field>
  );
}
