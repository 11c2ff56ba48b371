import { useId, useState, type FormEvent } from 'react';
import type { SitePage } from '@agency/shared';
import { fromLocalInput, toLocalInput, zoneLabel } from '../ui/publish-time';
import { useAdminApi } from '../shell/use-admin-api';
import { apiErrorText } from '../ui/api-error-text';
import { formatAdminDateTime } from '../ui/format-admin-date';
import { usePagesChanged } from './api';

/**
 * Publish the saved draft by itself at a time (the every-minute job does it), in the editor's own
 * time zone, named at the field; Unschedule takes the time away. Unsaved edits are saved first by
 * the editor's own Save: scheduling takes the saved draft.
 */
export function PageSchedule({
  page,
  dirty,
  onChange,
}: {
  page: SitePage;
  dirty: boolean;
  onChange: (page: SitePage) => void;
}) {
  const api = useAdminApi();
  const changed = usePagesChanged();
  const id = useId();
  const [at, setAt] = useState(toLocalInput(page.publish_at ?? null));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [said, setSaid] = useState<string | null>(null);

  const send = async (publishAt: string | null): Promise<void> => {
    setBusy(true);
    setError(null);
    setSaid(null);
    try {
      const { data } = await api('schedulePage', {
        body: { path: page.path, version: page.version, publish_at: publishAt ?? undefined },
      });
      onChange(data);
      changed();
      setSaid(
        data.publish_at
          ? `Scheduled: published by itself on ${formatAdminDateTime(data.publish_at)}.`
          : 'Not scheduled any more.',
      );
      if (!data.publish_at) setAt('');
    } catch (err) {
      setError(apiErrorText(err));
    } finally {
      setBusy(false);
    }
  };

  const submit = (e: FormEvent): void => {
    e.preventDefault();
    const iso = fromLocalInput(at);
    if (!iso) {
      setError('Choose a date and a time.');
      return;
    }
    void send(iso);
  };

  return (
    <form className="post-form__schedule page-schedule" onSubmit={submit} noValidate>
      <div className={error ? 'form-field form-field--invalid' : 'form-field'}>
        <label htmlFor={`${id}-at`}>Publish at (your time zone: {zoneLabel()})</label>
        <input
          id={`${id}-at`}
          type="datetime-local"
          value={at}
          onChange={(e) => {
            setAt(e.target.value);
            setError(null);
          }}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
        />
        <p className="post-form__hint" id={`${id}-hint`}>
          {dirty
            ? 'Save your changes first: the saved draft is what gets published.'
            : page.publish_at
              ? `Scheduled for ${formatAdminDateTime(page.publish_at)}: the saved draft goes live by itself within a minute of it.`
              : 'The saved draft goes live by itself within a minute of this time.'}
        </p>
        {error && (
          <p className="form-field__error" id={`${id}-error`} role="alert">
            {error}
          </p>
        )}
      </div>
      <div className="admin-table__actions">
        <button type="submit" className="btn btn--outline" disabled={busy || dirty}>
          {busy ? 'Scheduling…' : page.publish_at ? 'Reschedule' : 'Schedule'}
        </button>
        {page.publish_at && (
          <button
            type="button"
            className="btn btn--link"
            disabled={busy}
            onClick={() => void send(null)}
          >
            Unschedule
          </button>
        )}
      </div>
      <p className="visually-hidden" role="status" aria-live="polite">
        {said}
      </p>
      {said && <p className="post-form__hint">{said}</p>}
    </form>
  );
}
