import { useId, useState } from 'react';
import { Link, useLocation } from 'react-router';
import type { SWRResponse } from 'swr';
import {
  LEAD_SEARCH_MAX,
  LEAD_SOURCE_LIMITS,
  LEAD_SUBJECTS,
  leadListQuery,
  type LeadStatus,
} from '@agency/shared';
import type { ResponseOf } from '../../../lib/api-client';
import { pageHref, pagePath } from '../../../config/pages';
import {
  type AddressFilters,
  addressQuery,
  FilterForm,
  FilterSearch,
  FilterSelect,
  useAddressFilters,
} from '../ui/address-filters';
import { AdminLayout } from '../shell/admin-layout';
import { downloadText, leadsFilename } from '../ui/download';
import { formatAdminDateTime } from '../ui/format-admin-date';
import { TimeZoneNote } from '../ui/time-zone-note';
import {
  deliveryLabel,
  erasedNotice,
  LeadStatusBadge,
  telHref,
  LeadStatusOptions,
  statusWithCount,
} from '../ui/lead-labels';
import { PagedTable } from '../ui/paged-list';
import { type Column } from '../ui/list-table';
import { useLeadList } from './api';
import { useAdminApi } from '../shell/use-admin-api';
import { ResponseTime } from './response-time';

/** The inbox's filters, named as the API's query names them; the page address carries them. */
const FILTERS = ['status', 'subject', 'source', 'from', 'to', 'q'] as const;
type Filters = AddressFilters<(typeof FILTERS)[number]>;

/** The filters and page of an inbox address; a value the API would refuse is left out. */
export function inboxQuery(params: URLSearchParams): { filters: Filters; page: number } {
  return addressQuery(params, FILTERS, leadListQuery.shape);
}

type LeadList = ResponseOf<'listLeads'>;
type StatusCounts = Partial<Record<LeadStatus, number>>;

/** The inbox address for these filters with another status (undefined: all but spam). */
function viewHref(filters: Filters, status: LeadStatus | undefined): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries({ ...filters, status }))
    if (typeof v === 'string') params.set(k, v);
  const query = params.toString();
  return query ? `${pagePath('leads')}?${query}` : pagePath('leads');
}

/**
 * The inbox's two views, as WordPress lists its statuses: the default leaves spam out, so how many
 * leads sit in Spam is always in sight, one click from them.
 */
function LeadViews({ filters, counts }: { filters: Filters; counts: StatusCounts | undefined }) {
  const inSpam = filters.status === 'spam';
  return (
    <nav className="lead-views" aria-label="Lead views">
      <Link to={viewHref(filters, undefined)} aria-current={!filters.status ? 'page' : undefined}>
        All but spam
      </Link>
      <Link to={viewHref(filters, 'spam')} aria-current={inSpam ? 'page' : undefined}>
        {statusWithCount('spam', counts?.spam)}
      </Link>
    </nav>
  );
}

/** Export exactly the leads the inbox view shows: its filters, or without any all but spam. */
function ExportButton({ filters }: { filters: Filters }) {
  const api = useAdminApi();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const onExport = async (): Promise<void> => {
    setBusy(true);
    setError(null);
    try {
      const csv = await api('exportLeads', { query: filters });
      downloadText(csv, leadsFilename(), 'text/csv;charset=utf-8');
    } catch (err) {
      setError(`The export failed: ${err instanceof Error ? err.message : 'unknown error'}`);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="leads-export">
      <button
        type="button"
        className="btn btn--primary"
        disabled={busy}
        onClick={() => void onExport()}
      >
        {busy ? 'Exporting…' : Object.keys(filters).length ? 'Export these as CSV' : 'Export CSV'}
      </button>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * The filter form. A chosen status or subject applies at once, a date when its field is left
 * (typing one digit by digit passes through other valid dates), typed text on Enter or "Filter".
 */
function LeadFilters({
  filters,
  counts,
  onApply,
}: {
  filters: Filters;
  counts: StatusCounts | undefined;
  onApply: (f: Filters) => void;
}) {
  const id = useId();
  return (
    <FilterForm label="Filter leads" names={FILTERS} filters={filters} onApply={onApply}>
      {(applyNow) => (
        <>
          <FilterSelect
            id={`${id}-status`}
            name="status"
            label="Status"
            value={filters.status}
            all="All but spam"
            onChange={applyNow}
          >
            <LeadStatusOptions counts={counts} />
          </FilterSelect>
          <FilterSelect
            id={`${id}-subject`}
            name="subject"
            label="Subject"
            value={filters.subject}
            all="All subjects"
            onChange={applyNow}
          >
            {LEAD_SUBJECTS.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </FilterSelect>
          <div className="lead-filters__field">
            <label htmlFor={`${id}-source`}>Source</label>
            <input
              id={`${id}-source`}
              name="source"
              type="text"
              placeholder="e.g. google"
              maxLength={LEAD_SOURCE_LIMITS.sourceMax}
              defaultValue={filters.source ?? ''}
            />
          </div>
          <FilterSearch
            id={`${id}-q`}
            name="q"
            label="Search"
            placeholder="Name, e-mail or message"
            maxLength={LEAD_SEARCH_MAX}
            value={filters.q}
          />
          <div className="lead-filters__field">
            <label htmlFor={`${id}-from`}>From</label>
            <input
              id={`${id}-from`}
              name="from"
              type="date"
              defaultValue={filters.from ?? ''}
              onBlur={applyNow}
            />
          </div>
          <div className="lead-filters__field">
            <label htmlFor={`${id}-to`}>To</label>
            <input
              id={`${id}-to`}
              name="to"
              type="date"
              defaultValue={filters.to ?? ''}
              onBlur={applyNow}
            />
          </div>
        </>
      )}
    </FilterForm>
  );
}

const COLUMNS: readonly Column<LeadList['results'][number]>[] = [
  {
    heading: 'Date',
    cell: (l) => <time dateTime={l.created_at}>{formatAdminDateTime(l.created_at)}</time>,
  },
  {
    heading: 'Name',
    cell: (l) => <Link to={pageHref('lead', { id: l.id })}>{l.name}</Link>,
    labelled: false,
  },
  { heading: 'Subject', cell: (l) => l.subject },
  { heading: 'Source', cell: (l) => l.source },
  { heading: 'Status', cell: (l) => <LeadStatusBadge status={l.status} /> },
  { heading: 'Response', cell: (l) => <ResponseTime lead={l} /> },
  {
    heading: 'Contact',
    cell: (l) => (
      <ul className="lead-contact">
        <li>
          <a href={`mailto:${l.email}`}>{l.email}</a>
        </li>
        <li>
          <a href={telHref(l.phone)}>{l.phone}</a>
        </li>
      </ul>
    ),
  },
  {
    heading: 'Message',
    cell: (l) => <div className="lead-excerpt">{l.message}</div>,
    labelled: false,
  },
  {
    heading: 'Notifications',
    cell: (l) => (
      <ul className="lead-delivery">
        <li>E-mail: {deliveryLabel(l.email_status, l.email_attempts)}</li>
        <li>Webhook: {deliveryLabel(l.webhook_status, l.webhook_attempts)}</li>
      </ul>
    ),
  },
];

function LeadsTable({
  list,
  filters,
  page,
  setPage,
}: {
  list: SWRResponse<LeadList, Error>;
  filters: Filters;
  page: number;
  setPage: (page: number) => void;
}) {
  return (
    <PagedTable
      list={list}
      page={page}
      setPage={setPage}
      what="leads"
      loadingText="Loading leads…"
      empty={
        Object.keys(filters).length === 0 ? 'No enquiries yet.' : 'No leads match these filters.'
      }
      pagerLabel="Lead pages"
      className="admin-table admin-table--cards admin-table--leads"
      columns={COLUMNS}
      rowKey={(l) => l.id}
    />
  );
}

/**
 * `/admin/leads`: the enquiry inbox, newest first, with filters kept in the address (so reload,
 * Back and a shared link keep them), how many leads sit in Spam, each lead linked to its page, and
 * CSV export of exactly the view.
 */
export default function LeadsPage() {
  const { filters, page, applyFilters, setPage } = useAddressFilters(FILTERS, leadListQuery.shape);
  const notice = erasedNotice(useLocation().state);
  const list = useLeadList({ ...filters, page });
  const counts = list.data?.counts;
  return (
    <AdminLayout title="Leads" actions={<ExportButton filters={filters} />}>
      <div role="status" className={notice ? 'admin-status admin-status--ok' : 'admin-status'}>
        {notice}
      </div>
      <LeadViews filters={filters} counts={counts} />
      <LeadFilters filters={filters} counts={counts} onApply={applyFilters} />
      <TimeZoneNote />
      <LeadsTable list={list} filters={filters} page={page} setPage={setPage} />
    </AdminLayout>
  );
}
