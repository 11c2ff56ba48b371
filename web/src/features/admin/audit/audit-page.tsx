import { useId } from 'react';
import { AUDIT_OUTCOMES, contract, type AuditRecord } from '@agency/shared';
import {
  type AddressFilters,
  addressQuery,
  FilterForm,
  FilterSearch,
  FilterSelect,
  useAddressFilters,
} from '../ui/address-filters';
import { AdminLayout } from '../shell/admin-layout';
import {
  AUDIT_ACTION_LABEL,
  AUDIT_OUTCOME_LABEL,
  auditRecordAction,
  auditRecordTarget,
} from './audit-labels';
import { formatAdminDateTime } from '../ui/format-admin-date';
import { TimeZoneNote } from '../ui/time-zone-note';
import { PagedTable } from '../ui/paged-list';
import { type Column } from '../ui/list-table';
import { useAuditList } from './api';

/** The trail's filters, named as the API's query names them; the page address carries them. */
const FILTERS = ['actor', 'action', 'outcome'] as const;
type Filters = AddressFilters<(typeof FILTERS)[number]>;

const auditQuery = contract.listAudit.request.query;

/** The filters and page of an audit address; a value the API would refuse is left out. */
export function auditAddressQuery(params: URLSearchParams): { filters: Filters; page: number } {
  return addressQuery(params, FILTERS, auditQuery.shape);
}

/** The filter form; a chosen action or outcome applies at once, the actor on Enter or "Filter". */
function AuditFilters({ filters, onApply }: { filters: Filters; onApply: (f: Filters) => void }) {
  const id = useId();
  return (
    <FilterForm label="Filter the audit trail" names={FILTERS} filters={filters} onApply={onApply}>
      {(applyNow) => (
        <>
          <FilterSearch
            id={`${id}-actor`}
            name="actor"
            label="Who"
            placeholder="E-mail or account id"
            maxLength={254}
            value={filters.actor}
          />
          <FilterSelect
            id={`${id}-action`}
            name="action"
            label="Action"
            value={filters.action}
            all="All actions"
            onChange={applyNow}
          >
            {Object.entries(AUDIT_ACTION_LABEL).map(([name, label]) => (
              <option key={name} value={name}>
                {label}
              </option>
            ))}
          </FilterSelect>
          <FilterSelect
            id={`${id}-outcome`}
            name="outcome"
            label="Outcome"
            value={filters.outcome}
            all="All outcomes"
            onChange={applyNow}
          >
            {AUDIT_OUTCOMES.map((o) => (
              <option key={o} value={o}>
                {AUDIT_OUTCOME_LABEL[o]}
              </option>
            ))}
          </FilterSelect>
        </>
      )}
    </FilterForm>
  );
}

const COLUMNS: readonly Column<AuditRecord>[] = [
  { heading: 'Time', cell: (r) => <time dateTime={r.at}>{formatAdminDateTime(r.at)}</time> },
  { heading: 'Who', cell: (r) => r.actor_email || r.actor_id || '—' },
  { heading: 'Action', cell: auditRecordAction },
  { heading: 'Target', cell: auditRecordTarget },
  { heading: 'IP', cell: (r) => r.ip || '—', className: 'audit-ip' },
  {
    heading: 'Outcome',
    cell: (r) => (
      <span className={`audit-outcome audit-outcome--${r.outcome}`}>
        {AUDIT_OUTCOME_LABEL[r.outcome]}
      </span>
    ),
  },
];

function AuditTable({
  filters,
  page,
  setPage,
}: {
  filters: Filters;
  page: number;
  setPage: (page: number) => void;
}) {
  const list = useAuditList({ ...filters, page });
  return (
    <PagedTable
      list={list}
      page={page}
      setPage={setPage}
      what="audit trail"
      loadingText="Loading the audit trail…"
      empty={
        Object.keys(filters).length === 0
          ? 'Nothing recorded yet.'
          : 'No records match these filters.'
      }
      pagerLabel="Audit trail pages"
      className="admin-table admin-table--cards admin-table--audit"
      caption="Audit trail, newest first"
      columns={COLUMNS}
      rowKey={(r) => r.id}
    />
  );
}

/**
 * `/admin/audit`: who did what, newest first: every sign-in, every write and every export, with
 * filters kept in the address (reload, Back and a shared link keep them).
 */
export default function AuditPage() {
  const { filters, page, applyFilters, setPage } = useAddressFilters(FILTERS, auditQuery.shape);
  return (
    <AdminLayout title="Audit trail">
      <AuditFilters filters={filters} onApply={applyFilters} />
      <TimeZoneNote />
      <AuditTable filters={filters} page={page} setPage={setPage} />
    </AdminLayout>
  );
}
