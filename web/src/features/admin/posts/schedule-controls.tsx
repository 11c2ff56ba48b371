import type { ReactNode } from 'react';
import { zoneLabel } from '../ui/publish-time';
import { Field } from './form-field';
import { FIELD_LABELS } from './post-form-errors';

/** The time a post goes live by itself, in the author's time zone, and the button that schedules it. */
export function ScheduleControls({
  id,
  value,
  onChange,
  error,
  describedBy,
  button,
}: {
  id: string;
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
  describedBy: string | undefined;
  /** Schedule, or Reschedule. */
  button: ReactNode;
}) {
  return (
    <div className="post-form__schedule">
      <Field
        id={id}
        label={`${FIELD_LABELS.publish_at} (your time zone: ${zoneLabel()})`}
        error={error}
      >
        <input
          id={id}
          type="datetime-local"
          value={value}
          onChange={(e) => onChange(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
        />
      </Field>
      <p className="post-form__hint">The post goes live by itself within a minute of this time.</p>
      <div>{button}</div>
    </div>
  );
}
