import { useId, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import {
  isSpecPage,
  mayUse,
  PAGE_LIST_FILTERS,
  readableAddress,
  type PageListFilter,
  type SitePageSummary,
} from '@agency/shared';
import { useModal } from '../../../lib/use-modal';
import { pagePath } from '../../../config/pages';
import { AdminLayout } from '../shell/admin-layout';
import { useAdminApi } from '../shell/use-admin-api';
import { useUserData } from '../shell/use-user-data';
import { StatusLine } from '../ui/action-status';
import { apiErrorText, formProblem, type FormProblem } from '../ui/api-error-text';
import { formatAdminDateTime } from '../ui/format-admin-date';
import { ListLoadState } from '../ui/paged-list';
import { actionsColumn, ListTable, RowButton, type Column } from '../ui/list-table';
import { TimeZoneNote } from '../ui/time-zone-note';
import type { ActionStatus } from '../ui/use-confirmed-delete';
import { useOperation } from '../shell/use-operation';
import { usePageList, usePagesChanged } from './api';
import { PAGE_STATUS_LABEL } from './draft';
import { pageEditorHref } from './paths';
import { postPath } from '../../blog/paths';
import { FilterSearch } from '../ui/address-filters';

/** The list's filters as staff read them. */
const FILTER_LABEL: Readonly<Record<PageListFilter, string>> = {
  ...PAGE_STATUS_LABEL,
  scheduled: 'Scheduled',
  retired: 'Retired',
};

const isFilter = (v: string | null): v is PageListFilter =>
  (PAGE_LIST_FILTERS as readonly string[]).includes(v ?? '');

/** Where a retired page's visitors go, or the sentence for none. */
const leadsTo = (p: SitePageSummary): string =>
  p.redirect_to ? `Redirects to ${readableAddress(p.redirect_to)}` : 'Answers “Page not found”';

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

/** The retire dialog's choice of an address typed in. */
const OTHER = 'other';

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
  const [custom, setCustom] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const others = pages.filter((p) => p.path !== page.path);

  const submit = async (e: FormEvent): Promise<void> => {
    e.preventDefault();
    setBusy(true);
    setProblem(null);
    try {
      const to = target === OTHER ? custom.trim() : target;
      const { data } = await api('deletePage', {
        body: { path: page.path, redirect_to: to === '' ? undefined : to },
      });
      onDone({
        kind: 'ok',
        text: data.redirect_to
          ? `${page.path} was retired: its address now redirects to ${readableAddress(data.redirect_to)}.`
          : `${page.path} was retired: its address now answers “Page not found”.`,
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
              <option value={OTHER}>Another address: a post, any path or https:// address</option>
              <option value="">Nowhere: “Page not found”</option>
            </select>
          </div>
          {target === OTHER && (
            <div className="form-field">
              <label htmlFor={`${id}-custom`}>Address</label>
              <input
                id={`${id}-custom`}
                type="text"
                value={custom}
                maxLength={1000}
                onChange={(e) => setCustom(e.target.value)}
                placeholder={postPath('our-new-offer')}
                autoComplete="off"
                required
              />
            </div>
          )}
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
  const all = usePageList();
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const filter = isFilter(params.get('status')) ? (params.get('status') as PageListFilter) : null;
  const filtered = q !== '' || filter !== null;
  const found = useOperation(
    'listPages',
    filtered ? { query: { ...(q ? { q } : {}), ...(filter ? { status: filter } : {}) } } : null,
  );
  const list = filtered ? found : all;
  const id = useId();
  const api = useAdminApi();
  const [restoring, setRestoring] = useState<string | null>(null);
  const { user } = useUserData();
  const changed = usePagesChanged();
  const [creating, setCreating] = useState(false);
  const [retiring, setRetiring] = useState<SitePageSummary | null>(null);
  const [status, setStatus] = useState<ActionStatus>(null);
  const pages = list.data?.data ?? [];
  // The dialogs choose among every page, whatever the list shows.
  const everyPage = all.data?.data ?? [];
  const mayRetire = user ? mayUse(user.groups, 'deletePage') : false;
  const mayRestore = user ? mayUse(user.groups, 'restorePage') : false;

  const setFilters = (next: { q?: string; status?: string }): void => {
    const merged = { q, status: filter ?? '', ...next };
    const search = new URLSearchParams();
    if (merged.q.trim()) search.set('q', merged.q.trim());
    if (merged.status) search.set('status', merged.status);
    setParams(search, { replace: true });
  };

  const restore = async (p: SitePageSummary): Promise<void> => {
    setStatus(null);
    setRestoring(p.path);
    try {
      await api('restorePage', { body: { path: p.path } });
      setStatus({
        kind: 'ok',
        text: `${p.path} is back as a draft: review it, then publish it to put it on the site.`,
      });
      changed();
      void found.mutate();
    } catch (err) {
      setStatus({ kind: 'error', text: apiErrorText(err) });
    } finally {
      setRestoring(null);
    }
  };
  const maySettings = user ? mayUse(user.groups, 'updateSiteSettings') : false;

  const columns: Column<SitePageSummary>[] = [
    {
      heading: 'Page',
      cell: (p) => (
        <>
          {p.retired_at ? (
            <span>{p.title}</span>
          ) : (
            <Link to={pageEditorHref(p.path)}>{p.title}</Link>
          )}
          <span className="page-list__path">{p.path}</span>
        </>
      ),
    },
    {
      heading: 'Status',
      cell: (p) =>
        p.retired_at ? (
          <>
            <span className="status-badge status-badge--draft">Retired</span>{' '}
            <span className="post-form__hint">{leadsTo(p)}</span>
          </>
        ) : (
          <>
            <span
              className={`status-badge status-badge--${p.status === 'changed' ? 'scheduled' : p.status}`}
            >
              {PAGE_STATUS_LABEL[p.status]}
            </span>
            {p.publish_at && (
              <span className="post-form__hint">
                {' '}
                · publishes {formatAdminDateTime(p.publish_at)}
              </span>
            )}
          </>
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
    actionsColumn('Actions', (p) =>
      p.retired_at ? (
        mayRestore && (
          <RowButton
            label={`Restore ${p.title}`}
            disabled={restoring !== null}
            onClick={() => void restore(p)}
          >
            {restoring === p.path ? 'Restoring…' : 'Restore'}
          </RowButton>
        )
      ) : (
        <>
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
          {mayRetire && !isSpecPage(p.path) && (
            <RowButton
              danger
              label={`Retire ${p.title}`}
              onClick={() => {
                setStatus(null);
                setRetiring(p);
              }}
            >
              Retire
            </RowButton>
          )}
        </>
      ),
    ),
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
            disabled={!all.data}
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
      <form
        className="lead-filters"
        role="search"
        aria-label="Find pages"
        onSubmit={(e) => {
          e.preventDefault();
          const value = new FormData(e.currentTarget).get('q');
          setFilters({ q: typeof value === 'string' ? value : '' });
        }}
      >
        <FilterSearch
          key={q}
          id={`${id}-q`}
          name="q"
          label="Search"
          placeholder="Title or address"
          maxLength={200}
          value={q}
        />
        <div className="lead-filters__field">
          <label htmlFor={`${id}-status`}>Show</label>
          <select
            id={`${id}-status`}
            value={filter ?? ''}
            onChange={(e) => setFilters({ status: e.target.value })}
          >
            <option value="">All pages (not retired)</option>
            {PAGE_LIST_FILTERS.map((f) => (
              <option key={f} value={f}>
                {FILTER_LABEL[f]}
              </option>
            ))}
          </select>
        </div>
        <div className="lead-filters__actions">
          <button type="submit" className="btn btn--outline">
            Search
          </button>
          {filtered && (
            <button
              type="button"
              className="btn btn--link"
              onClick={() => setParams({}, { replace: true })}
            >
              Show all
            </button>
          )}
        </div>
      </form>
      {!list.data ? (
        <ListLoadState
          what="pages"
          loadingText="Loading pages…"
          error={list.error}
          loading={list.isLoading}
          retry={() => void list.mutate()}
        />
      ) : pages.length === 0 ? (
        <p>
          {filtered
            ? filter === 'retired' && !q
              ? 'No retired pages.'
              : 'No pages match.'
            : 'No pages yet.'}
        </p>
      ) : (
        <>
          <TimeZoneNote />
          <div className="admin-table-wrap">
            <ListTable
              className="admin-table admin-table--cards"
              caption="Marketing pages, by address"
              columns={columns}
              rows={pages}
              rowKey={(p) => p.path}
            />
          </div>
        </>
      )}
      {creating && <NewPageDialog pages={everyPage} onClose={() => setCreating(false)} />}
      {retiring && (
        <RetireDialog
          page={retiring}
          pages={everyPage}
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
