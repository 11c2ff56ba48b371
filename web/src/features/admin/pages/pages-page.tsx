import { useId, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { mayUse, type SitePageSummary } from '@agency/shared';
import { useModal } from '../../../lib/use-modal';
import { pagePath } from '../../../config/pages';
import { AdminLayout } from '../shell/admin-layout';
import { useAdminApi } from '../shell/use-admin-api';
import { useUserData } from '../shell/use-user-data';
import { StatusLine } from '../ui/action-status';
import { apiErrorText, formProblem, type FormProblem } from '../ui/api-error-text';
import { formatAdminDateTime } from '../ui/format-admin-date';
import { ListLoadState } from '../ui/paged-list';
import { ListTable, type Column } from '../ui/list-table';
import { TimeZoneNote } from '../ui/time-zone-note';
import type { ActionStatus } from '../ui/use-confirmed-delete';
import { usePageList, usePagesChanged } from './api';
import { PAGE_STATUS_LABEL } from './draft';
import { pageEditorHref } from './paths';

type Row = SitePageSummary & { id: string };

const NEW_PAGE_LABELS = { path: 'Address', from: 'Template', title: 'Title' } as const;
type NewPageField = keyof typeof NEW_PAGE_LABELS;

/** A dialog of this page: a modal form with its title; Escape or Cancel closes it. */
function Dialog({
  title,
  onClose,
  children,
}: {
  title: string;
  onClose: () => void;
  children: (titleId: string) => React.ReactNode;
}) {
  const titleId = useId();
  const { dialogRef, onKeyDown } = useModal<HTMLDivElement>({
    open: true,
    onClose,
    lockScroll: true,
  });
  return (
    <div className="popup-backdrop">
      <div
        ref={dialogRef}
        className="popup page-dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        onKeyDown={onKeyDown}
      >
        <h2 id={titleId} className="popup__title">
          {title}
        </h2>
        {children(titleId)}
      </div>
    </div>
  );
}

/** The buttons of a dialog's form: Cancel, and its submit button, disabled and saying so while busy. */
function DialogActions({
  onCancel,
  busy,
  submit,
  busyText,
  danger = false,
}: {
  onCancel: () => void;
  busy: boolean;
  submit: string;
  busyText: string;
  danger?: boolean;
}) {
  return (
    <div className="popup__actions">
      <button type="button" className="btn btn--outline" onClick={onCancel}>
        Cancel
      </button>
      <button
        type="submit"
        className={danger ? 'btn btn--danger' : 'btn btn--primary'}
        disabled={busy}
      >
        {busy ? busyText : submit}
      </button>
    </div>
  );
}

/** "New page": a copy of a template page at a new address, opened in the editor as a draft. */
function NewPageDialog({
  pages,
  onClose,
}: {
  pages: readonly SitePageSummary[];
  onClose: () => void;
}) {
  const api = useAdminApi();
  const navigate = useNavigate();
  const changed = usePagesChanged();
  const id = useId();
  const [from, setFrom] = useState(
    pages.find((p) => p.path !== '/')?.path ?? pages[0]?.path ?? '/',
  );
  const [path, setPath] = useState('/');
  const [title, setTitle] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<FormProblem<NewPageField> | null>(null);
  const error = (f: NewPageField) => (problem?.field === f ? problem.message : undefined);

  const submit = async (e: FormEvent): Promise<void> => {
    e.preventDefault();
    setBusy(true);
    setProblem(null);
    try {
      const { data } = await api('createPage', {
        body: { path: path.trim(), from, title: title.trim() || undefined },
      });
      changed();
      void navigate(pageEditorHref(data.path));
    } catch (err) {
      setProblem(formProblem(err, NEW_PAGE_LABELS));
    } finally {
      setBusy(false);
    }
  };

  const field = (f: NewPageField, input: React.ReactNode, hint?: string) => (
    <div className={error(f) ? 'form-field form-field--invalid' : 'form-field'}>
      <label htmlFor={`${id}-${f}`}>{NEW_PAGE_LABELS[f]}</label>
      {input}
      {hint && (
        <p className="post-form__hint" id={`${id}-${f}-hint`}>
          {hint}
        </p>
      )}
      {error(f) && (
        <p className="form-field__error" id={`${id}-${f}-error`}>
          {error(f)}
        </p>
      )}
    </div>
  );
  const described = (f: NewPageField, hint = false) =>
    [hint ? `${id}-${f}-hint` : '', error(f) ? `${id}-${f}-error` : ''].filter(Boolean).join(' ') ||
    undefined;

  return (
    <Dialog title="New page" onClose={onClose}>
      {(titleId) => (
        <form onSubmit={(e) => void submit(e)} aria-labelledby={titleId} noValidate>
          {problem && problem.field === null && (
            <p className="form-error" role="alert">
              {problem.message}
            </p>
          )}
          {field(
            'from',
            <select
              id={`${id}-from`}
              value={from}
              onChange={(e) => setFrom(e.target.value)}
              aria-describedby={described('from', true)}
            >
              {pages.map((p) => (
                <option key={p.path} value={p.path}>
                  {p.title} ({p.path})
                </option>
              ))}
            </select>,
            'The new page starts as a copy of this one: its blocks, head and breadcrumb.',
          )}
          {field(
            'path',
            <input
              id={`${id}-path`}
              type="text"
              value={path}
              onChange={(e) => setPath(e.target.value)}
              aria-invalid={error('path') ? true : undefined}
              aria-describedby={described('path', true)}
              placeholder="/spring-campaign"
              autoComplete="off"
            />,
            'Lower-case words joined by hyphens, e.g. /spring-campaign or /services/new-offer.',
          )}
          {field(
            'title',
            <input
              id={`${id}-title`}
              type="text"
              value={title}
              maxLength={160}
              onChange={(e) => setTitle(e.target.value)}
              aria-invalid={error('title') ? true : undefined}
              aria-describedby={described('title', true)}
            />,
            'Optional: the template’s title is kept when left empty.',
          )}
          <DialogActions
            onCancel={onClose}
            busy={busy}
            submit="Create draft"
            busyText="Creating…"
          />
        </form>
      )}
    </Dialog>
  );
}

/** Retire a page: where its address sends visitors from now on (home by default, or nowhere). */
function RetireDialog({
  page,
  pages,
  onClose,
  onDone,
}: {
  page: SitePageSummary;
  pages: readonly SitePageSummary[];
  onClose: () => void;
  onDone: (status: ActionStatus) => void;
}) {
  const api = useAdminApi();
  const id = useId();
  const [target, setTarget] = useState<string>('/');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const others = pages.filter((p) => p.path !== page.path);

  const submit = async (e: FormEvent): Promise<void> => {
    e.preventDefault();
    setBusy(true);
    setProblem(null);
    try {
      await api('deletePage', {
        body: { path: page.path, redirect_to: target === '' ? undefined : target },
      });
      onDone({
        kind: 'ok',
        text:
          target === ''
            ? `${page.path} was retired: its address now answers “Page not found”.`
            : `${page.path} was retired: its address now redirects to ${target}.`,
      });
    } catch (err) {
      setProblem(apiErrorText(err));
      setBusy(false);
    }
  };

  return (
    <Dialog title={`Retire ${page.title}?`} onClose={onClose}>
      {(titleId) => (
        <form onSubmit={(e) => void submit(e)} aria-labelledby={titleId}>
          <p>
            {page.path} leaves the site and the sitemap. Links and bookmarks to it can lead
            somewhere else:
          </p>
          {problem && (
            <p className="form-error" role="alert">
              {problem}
            </p>
          )}
          <div className="form-field">
            <label htmlFor={`${id}-to`}>Send its visitors to</label>
            <select id={`${id}-to`} value={target} onChange={(e) => setTarget(e.target.value)}>
              <option value="/">The home page (a permanent redirect)</option>
              {others
                .filter((p) => p.path !== '/')
                .map((p) => (
                  <option key={p.path} value={p.path}>
                    {p.title} ({p.path})
                  </option>
                ))}
              <option value="">Nowhere: “Page not found”</option>
            </select>
          </div>
          <DialogActions
            onCancel={onClose}
            busy={busy}
            submit="Retire page"
            busyText="Retiring…"
            danger
          />
        </form>
      )}
    </Dialog>
  );
}

/**
 * `/admin/pages` (admins and editors): every marketing page with its status in words and its last
 * change; New page (a copy of a template), and per page Edit, View live and, for admins, Retire.
 */
export default function PagesPage() {
  const list = usePageList();
  const { user } = useUserData();
  const changed = usePagesChanged();
  const [creating, setCreating] = useState(false);
  const [retiring, setRetiring] = useState<SitePageSummary | null>(null);
  const [status, setStatus] = useState<ActionStatus>(null);
  const pages = list.data?.data ?? [];
  const mayRetire = user ? mayUse(user.groups, 'deletePage') : false;
  const maySettings = user ? mayUse(user.groups, 'updateSiteSettings') : false;

  const columns: Column<Row>[] = [
    {
      heading: 'Page',
      cell: (p) => (
        <>
          <Link to={pageEditorHref(p.path)}>{p.title}</Link>
          <span className="page-list__path">{p.path}</span>
        </>
      ),
    },
    {
      heading: 'Status',
      cell: (p) => (
        <span
          className={`status-badge status-badge--${p.status === 'changed' ? 'scheduled' : p.status}`}
        >
          {PAGE_STATUS_LABEL[p.status]}
        </span>
      ),
    },
    {
      heading: 'Last change',
      cell: (p) => (
        <>
          <time dateTime={p.updated_at}>{formatAdminDateTime(p.updated_at)}</time>
          {p.updated_by_name && <span> by {p.updated_by_name}</span>}
        </>
      ),
    },
    {
      heading: 'Actions',
      labelled: false,
      cell: (p) => (
        <div className="admin-table__actions">
          <Link
            to={pageEditorHref(p.path)}
            className="btn btn--link"
            aria-label={`Edit ${p.title}`}
          >
            Edit
          </Link>
          {p.published_at && (
            <a
              href={p.path}
              target="_blank"
              rel="noopener"
              className="btn btn--link"
              aria-label={`View ${p.title} live`}
            >
              View live
            </a>
          )}
          {mayRetire && p.path !== '/' && (
            <button
              type="button"
              className="btn btn--link btn--danger"
              aria-label={`Retire ${p.title}`}
              onClick={() => {
                setStatus(null);
                setRetiring(p);
              }}
            >
              Retire
            </button>
          )}
        </div>
      ),
    },
  ];

  return (
    <AdminLayout
      title="Pages"
      actions={
        <div className="admin__title-actions">
          {maySettings && (
            <Link to={pagePath('siteSettings')} className="btn btn--outline">
              Site settings
            </Link>
          )}
          <button
            type="button"
            className="btn btn--primary"
            disabled={!list.data}
            onClick={() => {
              setStatus(null);
              setCreating(true);
            }}
          >
            New page
          </button>
        </div>
      }
    >
      <StatusLine status={status} />
      {!list.data ? (
        <ListLoadState
          what="pages"
          loadingText="Loading pages…"
          error={list.error}
          loading={list.isLoading}
          retry={() => void list.mutate()}
        />
      ) : pages.length === 0 ? (
        <p>No pages yet.</p>
      ) : (
        <>
          <TimeZoneNote />
          <div className="admin-table-wrap">
            <ListTable
              className="admin-table admin-table--cards"
              caption="Marketing pages, by address"
              columns={columns}
              rows={pages.map((p) => ({ ...p, id: p.path }))}
            />
          </div>
        </>
      )}
      {creating && <NewPageDialog pages={pages} onClose={() => setCreating(false)} />}
      {retiring && (
        <RetireDialog
          page={retiring}
          pages={pages}
          onClose={() => setRetiring(null)}
          onDone={(s) => {
            setRetiring(null);
            setStatus(s);
            changed();
          }}
        />
      )}
    </AdminLayout>
  );
}
