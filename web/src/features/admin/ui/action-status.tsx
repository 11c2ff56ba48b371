import type { ActionStatus } from './use-confirmed-delete';

/**
 * The line that says how the last action went. An error is an alert (read out at once) unless
 * `politeErrors`, for a line beside a form that shows its own alert.
 */
export function StatusLine({
  status,
  politeErrors = false,
}: {
  status: ActionStatus;
  politeErrors?: boolean;
}) {
  return (
    <p
      role={status?.kind === 'error' && !politeErrors ? 'alert' : 'status'}
      className={
        status
          ? `admin-status admin-status--${status.kind === 'ok' ? 'ok' : 'error'}`
          : 'admin-status'
      }
    >
      {status?.text}
    </p>
  );
}

/** A form's error, read out as it appears; nothing while there is none. */
export function FormError({ error }: { error: string | null }) {
  if (!error) return null;
  return (
    <p className="form-error" role="alert">
      {error}
    </p>
  );
}
