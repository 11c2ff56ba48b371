import { useEffect, useId, useRef, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import useSWR from 'swr';
import { AUDIT_OUTCOMES, buildPath, contract } from '@agency/shared';
import type { ResponseOf } from '../../lib/api-client';
import { AdminLayout } from './admin-layout';
import { AUDIT_ACTION_LABEL, AUDIT_OUTCOME_LABEL, auditActionLabel } from './audit-labels';
import { formatAdminDateTime } from './format-admin-date';
import { Pager } from './pager';
import { useAdminApi } from './use-admin-api';

/** The trail's filters, named as the API's query names them; the page address carries them. */
const FILTERS = ['actor', 'action', 'outcome'] as const;
type Filters = Partial<Record<(typeof FILTERS)[number], string>>;

const auditQuery = contract.listAudit.request.query;

/**
 * The filters and page of an audit address. The address is outside input, so each value goes
 * through the API's own rule and one it would refuse is left out.
 */
export function auditAddressQuery(params: URLSearchParams): { filters: Filters; page: number } {
  const filters: Filters = {};
  for (const name of FILTERS) {
    const parsed = auditQuery.shape[name].safeParse(params.get(name) ?? undefined);
    if (parsed.success && parsed.data) filters[name] = parsed.data;
  }
  const page = auditQuery.shape.page.safeParse(params.get('page') ?? undefined);
  return { filters, page: page.success ? page.data : 1 };
}

/** The filter form; a chosen action or outcome applies at once, the actor on Enter or "Filter". */
function AuditFilters({ filters, onApply }: { filters: Filters; onApply: (f: Filters) => void }) {
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const { actor, action, outcome } = filters;
  // The fields follow the address (Back shows that page's filters) without being re-created.
  useEffect(() => {
    const values: Filters = { actor, action, outcome };
    for (const name of FILTERS) {
      const field = formRef.current?.elements.namedItem(name);
      if (field instanceof HTMLInputElement || field instanceof HTMLSelectElement)
        field.value = values[name] ?? '';
    }
  }, [actor, action, outcome]);
  const apply = (form: HTMLFormElement): void => {
    const data = new FormData(form);
    const next: Filters = {};
    for (const name of FILTERS) {
      const value = data.get(name);
      if (typeof value === 'string' && value.trim() !== '') next[name] = value.trim();
    }
    onApply(next);
  };
  const onSubmit = (e: FormEvent<HTMLFormElement>): void => {
    e.preventDefault();
    apply(e.currentTarget);
  };
  const applyNow = (e: { currentTarget: { form: HTMLFormElement | null } }): void => {
    if (e.currentTarget.form) apply(e.currentTarget.form);
  };
  return (
    <form
      ref={formRef}
      className="lead-filters"
      role="search"
      aria-label="Filter the audit trail"
      onSubmit={onSubmit}
    >
      <div className="lead-filters__field lead-filters__field--search">
        <label htmlFor={`${id}-actor`}>Who</label>
        <input
          id={`${id}-actor`}
          name="actor"
          type="search"
          placeholder="E-mail or account id"
          maxLength={254}
          defaultValue={filters.actor ?? ''}
        />
      </div>
      <div className="lead-filters__field">
        <label htmlFor={`${id}-action`}>Action</label>
        <select
          id={`${id}-action`}
          name="action"
          defaultValue={filters.action ?? ''}
          onChange={applyNow}
        >
          <option value="">All actions</option>
          {Object.entries(AUDIT_ACTION_LABEL).map(([name, label]) => (
            <option key={name} value={name}>
              {label}
            </option>
          ))}
        </select>
      </div>
      <div className="lead-filters__field">
        <label htmlFor={`${id}-outcome`}>Outcome</label>
        <select
          id={`${id}-outcome`}
          name="outcome"
          defaultValue={filters.outcome ?? ''}
          onChange={applyNow}
        >
          <option value="">All outcomes</option>
          {AUDIT_OUTCOMES.map((o) => (
            <option key={o} value={o}>
              {AUDIT_OUTCOME_LABEL[o]}
            </option>
          ))}
        </select>
      </div>
      <div className="lead-filters__actions">
        <button type="submit" className="btn btn--primary">
          Filter
        </button>
        <button type="button" className="btn btn--outline" onClick={() => onApply({})}>
          Clear
        </button>
      </div>
    </form>
  );
}

function AuditTable({
  filters,
  page,
  setPage,
}: {
  filters: Filters;
  page: number;
  setPage: (page: number) => void;
}) {
  const api = useAdminApi();
  const query = { ...filters, page };
  const { data, error, isLoading, mutate } = useSWR<ResponseOf<'listAudit'>, Error>(
    `admin:${buildPath('listAudit', {}, query)}`,
    () => api('listAudit', { query }),
    { keepPreviousData: true },
  );
  if (error && !data)
    return (
      <div className="form-error" role="alert">
        <p>The audit trail could not be loaded: {error.message}</p>
        <button type="button" className="btn btn--primary" onClick={() => void mutate()}>
          Retry
        </button>
      </div>
    );
  if (isLoading && !data) return <p aria-busy="true">Loading the audit trail…</p>;
  if (!data) return null;
  if (data.results.length === 0 && page === 1)
    return (
      <p>
        {Object.keys(filters).length === 0
          ? 'Nothing recorded yet.'
          : 'No records match these filters.'}
      </p>
    );
  return (
    <>
      <div className="admin-table-wrap">
        <table className="admin-table admin-table--cards admin-table--audit">
          <caption className="visually-hidden">Audit trail, newest first</caption>
          <thead>
            <tr>
              <th scope="col">Time</th>
              <th scope="col">Who</th>
              <th scope="col">Action</th>
              <th scope="col">Target</th>
              <th scope="col">IP</th>
              <th scope="col">Outcome</th>
            </tr>
          </thead>
          <tbody>
            {data.results.map((r) => (
              <tr key={r.id}>
                <td data-label="Time">
                  <time dateTime={r.at}>{formatAdminDateTime(r.at)}</time>
                </td>
                <td data-label="Who">{r.actor_email || r.actor_id || '—'}</td>
                <td data-label="Action">{auditActionLabel(r.action)}</td>
                <td data-label="Target">{r.target || '—'}</td>
                <td data-label="IP" className="audit-ip">
                  {r.ip || '—'}
                </td>
                <td data-label="Outcome">
                  <span className={`audit-outcome audit-outcome--${r.outcome}`}>
                    {AUDIT_OUTCOME_LABEL[r.outcome]}
                  </span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Pager
        label="Audit trail pages"
        page={page}
        hasPrevious={data.previous !== null}
        hasNext={data.next !== null}
        onPage={setPage}
      />
    </>
  );
}

/**
 * `/admin/audit`: who did what, newest first: every sign-in, every write and every export, with
 * filters kept in the address (reload, Back and a shared link keep them).
 */
export default function AuditPage() {
  const [params, setParams] = useSearchParams();
  const { filters, page } = auditAddressQuery(params);
  const show = (f: Filters, p: number): void => {
    const next = new URLSearchParams(p > 1 ? { ...f, page: String(p) } : { ...f });
    if (next.toString() !== params.toString()) setParams(next);
  };
  return (
    <AdminLayout title="Audit trail">
      <AuditFilters filters={filters} onApply={(f) => show(f, 1)} />
      <AuditTable filters={filters} page={page} setPage={(p) => show(filters, p)} />
    </AdminLayout>
  );
}
