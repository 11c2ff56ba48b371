import { useId, useRef, useState, type FormEvent } from 'react';
import {
  readableAddress,
  REDIRECT_LIMITS,
  REDIRECT_STATUSES,
  type Redirect,
  type RedirectStatus,
} from '@agency/shared';
import type { ResponseOf } from '../../../lib/api-client';
import { FormError } from '../ui/action-status';
import { formProblem, type FormProblem } from '../ui/api-error-text';
import { FieldError } from '../ui/password-fields';
import { useAdminApi } from '../shell/use-admin-api';
import { REDIRECT_STATUS_HINT, REDIRECT_STATUS_LABEL } from './redirect-labels';

/** The form's fields by the API's names, with the labels people see. */
export const REDIRECT_FIELDS = {
  from: 'From',
  to: 'To',
  status: 'Type',
  note: 'Note',
} as const;
type RedirectField = keyof typeof REDIRECT_FIELDS;

/** What tells the two address fields apart. */
interface AddressFieldText {
  placeholder: string;
  hint: string;
  readOnly?: boolean;
  autoFocus?: boolean;
}

/** What a save answered: the redirect as stored and the others the chain collapse rewrote. */
export type SavedRedirect = ResponseOf<'createRedirect'>;

const isStatus = (value: number): value is RedirectStatus =>
  (REDIRECT_STATUSES as readonly number[]).includes(value);

/**
 * Add a redirect, or change one (`editing`: its source is its key, so From is shown and kept).
 * A refusal is shown at the field the API names, that field focused; anything else above the form.
 */
export function RedirectForm({
  editing,
  initialFrom = '',
  onSaved,
  onStart,
  onCancel,
}: {
  editing: Redirect | null;
  /** A source to start from (the 404 log's "Redirect…"): the form then asks for the target first. */
  initialFrom?: string;
  onSaved: (saved: SavedRedirect, created: boolean) => void;
  /** A save begins: the page's message about the previous action no longer applies. */
  onStart: () => void;
  onCancel: () => void;
}) {
  const api = useAdminApi();
  const id = useId();
  const [from, setFrom] = useState(editing ? readableAddress(editing.from) : initialFrom);
  const [to, setTo] = useState(editing ? readableAddress(editing.to) : '');
  const [status, setStatus] = useState<RedirectStatus>(editing?.status ?? 301);
  const [note, setNote] = useState(editing?.note ?? '');
  const [error, setError] = useState<string | null>(null);
  const [refused, setRefused] = useState<FormProblem<RedirectField> | null>(null);
  const [busy, setBusy] = useState(false);
  const refs = {
    from: useRef<HTMLInputElement>(null),
    to: useRef<HTMLInputElement>(null),
    status: useRef<HTMLSelectElement>(null),
    note: useRef<HTMLInputElement>(null),
  };

  // Editing, or a source given: the target is what is left to type.
  const startAtTarget = editing !== null || initialFrom !== '';

  const fieldError = (field: RedirectField): string | null =>
    refused?.field === field ? refused.message : null;
  const described = (field: RedirectField, hint?: string) => {
    const ids = [hint, fieldError(field) ? `${id}-${field}-error` : undefined].filter(Boolean);
    return {
      ...(fieldError(field) ? { 'aria-invalid': true } : {}),
      ...(ids.length ? { 'aria-describedby': ids.join(' ') } : {}),
    };
  };
  const clear = (field: RedirectField) => {
    if (refused?.field === field) setRefused(null);
  };

  const submit = async (e: FormEvent): Promise<void> => {
    e.preventDefault();
    setError(null);
    setRefused(null);
    onStart();
    setBusy(true);
    try {
      const body = { from, to, status, note };
      const saved = editing
        ? await api('updateRedirect', { body })
        : await api('createRedirect', { body });
      if (!editing) {
        setFrom('');
        setTo('');
        setStatus(301);
        setNote('');
        refs.from.current?.focus();
      }
      onSaved(saved, !editing);
    } catch (err) {
      const problem = formProblem(err, REDIRECT_FIELDS);
      if (problem.field === null) setError(problem.message);
      else {
        setRefused(problem);
        refs[problem.field].current?.focus();
      }
    } finally {
      setBusy(false);
    }
  };

  /** The old or the new address: a path or URL typed whole, with its hint and the API's refusal. */
  const addressField = (
    field: 'from' | 'to',
    value: string,
    setValue: (value: string) => void,
    { placeholder, hint, readOnly, autoFocus }: AddressFieldText,
  ) => (
    <div className="lead-filters__field redirect-form__field--address">
      <label htmlFor={`${id}-${field}`}>{REDIRECT_FIELDS[field]}</label>
      <input
        ref={refs[field]}
        id={`${id}-${field}`}
        type="text"
        inputMode="url"
        autoComplete="off"
        spellCheck={false}
        placeholder={placeholder}
        required
        readOnly={readOnly}
        autoFocus={autoFocus}
        value={value}
        {...described(field, `${id}-${field}-hint`)}
        onChange={(e) => {
          setValue(e.target.value);
          clear(field);
        }}
      />
      <p id={`${id}-${field}-hint`} className="redirect-form__hint">
        {hint}
      </p>
      <FieldError id={`${id}-${field}-error`} error={fieldError(field)} />
    </div>
  );

  const title = editing
    ? `Edit the redirect from ${readableAddress(editing.from)}`
    : 'Add a redirect';
  return (
    <form
      className="redirect-form"
      aria-labelledby={`${id}-title`}
      onSubmit={(e) => void submit(e)}
      noValidate
    >
      <h2 id={`${id}-title`}>{title}</h2>
      <FormError error={error} />
      <div className="redirect-form__fields lead-filters">
        {addressField('from', from, setFrom, {
          placeholder: '/old-address',
          readOnly: editing !== null,
          hint: editing
            ? 'The old address stays: delete the redirect to free it.'
            : 'A path of this site.',
        })}
        {addressField('to', to, setTo, {
          placeholder: '/new-address or https://…',
          autoFocus: startAtTarget,
          hint: 'A path of this site, or a whole https:// address.',
        })}
        <div className="lead-filters__field redirect-form__field--status">
          <label htmlFor={`${id}-status`}>{REDIRECT_FIELDS.status}</label>
          <select
            ref={refs.status}
            id={`${id}-status`}
            value={status}
            {...described('status', `${id}-status-hint`)}
            onChange={(e) => {
              const chosen = Number(e.target.value);
              if (isStatus(chosen)) setStatus(chosen);
              clear('status');
            }}
          >
            {REDIRECT_STATUSES.map((s) => (
              <option key={s} value={s}>
                {REDIRECT_STATUS_LABEL[s]}
              </option>
            ))}
          </select>
          <FieldError id={`${id}-status-error`} error={fieldError('status')} />
        </div>
        <div className="lead-filters__field redirect-form__field--note">
          <label htmlFor={`${id}-note`}>
            {REDIRECT_FIELDS.note} <span className="redirect-form__optional">(optional)</span>
          </label>
          <input
            ref={refs.note}
            id={`${id}-note`}
            type="text"
            autoComplete="off"
            maxLength={REDIRECT_LIMITS.noteMax}
            placeholder="Why, for whoever looks next"
            value={note}
            {...described('note')}
            onChange={(e) => {
              setNote(e.target.value);
              clear('note');
            }}
          />
          <FieldError id={`${id}-note-error`} error={fieldError('note')} />
        </div>
        <div className="lead-filters__actions redirect-form__actions">
          <button type="submit" className="btn btn--primary" disabled={busy}>
            {busy ? 'Saving…' : editing ? 'Save changes' : 'Add redirect'}
          </button>
          {editing && (
            <button type="button" className="btn btn--outline" onClick={onCancel}>
              Cancel
            </button>
          )}
        </div>
      </div>
      <p id={`${id}-status-hint`} className="redirect-form__hint">
        {REDIRECT_STATUS_HINT}
      </p>
    </form>
  );
}
