import { useState } from 'react';
import useSWR from 'swr';
import { buildPath } from '@agency/shared';
import type { ResponseOf } from '../../lib/api-client';
import { AdminLayout } from './admin-layout';
import { downloadText, leadsFilename } from './download';
import { formatAdminDateTime } from './format-admin-date';
import { Pager } from './pager';
import { useAdminApi } from './use-admin-api';

const STATUS_LABEL = { pending: 'Pending (retrying)', sent: 'Sent' } as const;

function ExportButton() {
  const api = useAdminApi();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const onExport = async (): Promise<void> => {
    setBusy(true);
    setError(null);
    try {
      const csv = await api('exportLeads');
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
        {busy ? 'Exporting…' : 'Export CSV'}
      </button>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

function LeadsTable() {
  const api = useAdminApi();
  const [page, setPage] = useState(1);
  const { data, error, isLoading, mutate } = useSWR<ResponseOf<'listLeads'>, Error>(
    `admin:${buildPath('listLeads', {}, { page })}`,
    () => api('listLeads', { query: { page } }),
    {
      keepPreviousData: true,
    },
  );
  if (error && !data)
    return (
      <div className="form-error" role="alert">
        <p>The leads could not be loaded: {error.message}</p>
        <button type="button" className="btn btn--primary" onClick={() => void mutate()}>
          Retry
        </button>
      </div>
    );
  if (isLoading && !data) return <p aria-busy="true">Loading leads…</p>;
  if (!data) return null;
  if (data.results.length === 0 && page === 1) return <p>No enquiries yet.</p>;
  return (
    <>
      <div className="admin-table-wrap">
        <table className="admin-table admin-table--leads">
          <thead>
            <tr>
              <th scope="col">Date</th>
              <th scope="col">Name</th>
              <th scope="col">E-mail</th>
              <th scope="col">Phone</th>
              <th scope="col">Subject</th>
              <th scope="col">Message</th>
              <th scope="col">Page</th>
              <th scope="col">Notification</th>
            </tr>
          </thead>
          <tbody>
            {data.results.map((l) => (
              <tr key={l.id}>
                <td>
                  <time dateTime={l.created_at}>{formatAdminDateTime(l.created_at)}</time>
                </td>
                <td>{l.name}</td>
                <td>
                  <a href={`mailto:${l.email}`}>{l.email}</a>
                </td>
                <td>
                  <a href={`tel:${l.phone.replace(/[^0-9+]/g, '')}`}>{l.phone}</a>
                </td>
                <td>{l.subject}</td>
                <td className="admin-table__message">{l.message}</td>
                <td>{l.page ?? '—'}</td>
                <td>
                  {STATUS_LABEL[l.email_status]}
                  {l.email_status === 'pending' && l.email_attempts > 0
                    ? ` (${l.email_attempts} attempts)`
                    : ''}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Pager
        label="Lead pages"
        page={page}
        hasPrevious={data.previous !== null}
        hasNext={data.next !== null}
        onPage={setPage}
      />
    </>
  );
}

/** `/admin/leads`: the enquiry inbox, newest first, with CSV export. */
export default function LeadsPage() {
  return (
    <AdminLayout title="Leads" actions={<ExportButton />}>
      <LeadsTable />
    </AdminLayout>
  );
}
