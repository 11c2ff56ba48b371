import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { isSpecPage, mayUse, type SitePage } from '@agency/shared';
import { useAdminApi } from '../shell/use-admin-api';
import { useUserData } from '../shell/use-user-data';
import { formProblem, type FormProblem } from '../ui/api-error-text';
import { usePagesChanged } from './api';
import { pageEditorHref } from './paths';

const LABELS = { to: 'New address', path: 'Address', version: 'Version' } as const;

/**
 * The page's address in the editor, and (admins, pages that are not the site's own) a way to move
 * it: the server publishes a live page at the new address and leaves a 301 at the old one.
 */
export function PageAddress({ page, dirty }: { page: SitePage; dirty: boolean }) {
  const api = useAdminApi();
  const navigate = useNavigate();
  const changed = usePagesChanged();
  const { user } = useUserData();
  const id = useId();
  const [open, setOpen] = useState(false);
  const [to, setTo] = useState(page.path);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<FormProblem<keyof typeof LABELS> | null>(null);
  const mayMove = user ? mayUse(user.groups, 'movePage') : false;
  if (!mayMove) return null;
  if (isSpecPage(page.path))
    return (
      <p className="post-form__hint">
        {page.path} is one of the site’s own pages: its address stays as it is.
      </p>
    );

  const submit = async (e: FormEvent): Promise<void> => {
    e.preventDefault();
    setBusy(true);
    setProblem(null);
    try {
      const { data } = await api('movePage', {
        body: { path: page.path, to: to.trim(), version: page.version },
      });
      changed();
      void navigate(pageEditorHref(data.path), { replace: true });
    } catch (err) {
      setProblem(formProblem(err, LABELS));
      setBusy(false);
    }
  };

  if (!open)
    return (
      <p className="post-form__hint">
        <button
          type="button"
          className="btn btn--link"
          onClick={() => {
            setTo(page.path);
            setOpen(true);
          }}
        >
          Change address
        </button>
      </p>
    );
  const error =
    problem && (problem.field === 'to' || problem.field === null) ? problem.message : null;
  return (
    <form className="lead-filters page-address" onSubmit={(e) => void submit(e)} noValidate>
      <div
        className={
          error
            ? 'lead-filters__field lead-filters__field--search form-field--invalid'
            : 'lead-filters__field lead-filters__field--search'
        }
      >
        <label htmlFor={`${id}-to`}>New address</label>
        <input
          id={`${id}-to`}
          type="text"
          value={to}
          maxLength={200}
          autoComplete="off"
          onChange={(e) => setTo(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
        />
        <p className="post-form__hint" id={`${id}-hint`}>
          {dirty
            ? 'Save your changes first: moving takes the saved page.'
            : page.published
              ? `The page is published at the new address; ${page.path} then redirects there (301).`
              : 'The draft moves; nothing is on the site until you publish.'}
        </p>
        {error && (
          <p className="form-field__error" id={`${id}-error`}>
            {error}
          </p>
        )}
      </div>
      <div className="lead-filters__actions">
        <button type="submit" className="btn btn--primary" disabled={busy || dirty}>
          {busy ? 'Moving…' : 'Move page'}
        </button>
        <button type="button" className="btn btn--link" onClick={() => setOpen(false)}>
          Cancel
        </button>
      </div>
    </form>
  );
}
