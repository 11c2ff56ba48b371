import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { contract, type NotFoundEntry } from '@agency/shared';
import { pagePath } from '../../../config/pages';
import { StatusLine } from '../ui/action-status';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { apiErrorText } from '../ui/api-error-text';
import { formatAdminDateTime } from '../ui/format-admin-date';
import { PagedTable } from '../ui/paged-list';
import { actionsColumn, RowButton, type Column } from '../ui/list-table';
import { TimeZoneNote } from '../ui/time-zone-note';
import { useAdminApi } from '../shell/use-admin-api';
import type { ActionStatus } from '../ui/use-confirmed-delete';
import { useNotFoundLog } from './api';
import { PREFILL_PARAM } from './redirect-manager';

const pageQuery = contract.listNotFound.request.query.shape.page;

/** The redirect manager's address with its add form filled in with `path`. */
export const redirectHref = (path: string): string =>
  `${pagePath('redirects')}?${new URLSearchParams({ [PREFILL_PARAM]: path }).toString()}`;

const EMPTY =
  'Nothing here yet. When someone opens an address this site does not have (an old link, a ' +
  'mistyped campaign address, a page that moved without a redirect), it is listed here with how ' +
  'often and from which sites, so you can send it where it should go.';

/**
 * The hosts that linked to an address, as plain text: a referrer is whatever a request said (a
 * scam site can name itself), so it is never made a link.
 */
function Referrers({ entry }: { entry: NotFoundEntry }) {
  if (entry.referrers.length === 0)
    return <span className="not-found-none">None: typed, bookmarked or not said</span>;
  return (
    <ul className="not-found-referrers">
      {entry.referrers.map((r) => (
        <li key={r.host}>
          {r.host} <span className="not-found-count">({r.count})</span>
        </li>
      ))}
    </ul>
  );
}

/** The log's columns but its actions. */
const ENTRY_COLUMNS: readonly Column<NotFoundEntry>[] = [
  {
    heading: 'Address',
    cell: (entry) => entry.path,
    labelled: false,
    className: 'redirect-path redirect-path--from',
  },
  { heading: 'Visits', cell: (entry) => entry.count, className: 'not-found-hits' },
  {
    heading: 'First seen',
    cell: (entry) => (
      <time dateTime={entry.first_seen}>{formatAdminDateTime(entry.first_seen)}</time>
    ),
  },
  {
    heading: 'Last seen',
    cell: (entry) => <time dateTime={entry.last_seen}>{formatAdminDateTime(entry.last_seen)}</time>,
  },
  { heading: 'Linked from', cell: (entry) => <Referrers entry={entry} /> },
];

/**
 * The 404 log: the addresses people asked for that the site does not have, most asked-for first,
 * each with "Redirect…" (the manager's add form, filled in) and Dismiss.
 */
export function NotFoundLogView() {
  const api = useAdminApi();
  const [params, setParams] = useSearchParams();
  const parsed = pageQuery.safeParse(params.get('page') ?? undefined);
  const page = parsed.success ? parsed.data : 1;
  const setPage = (p: number): void =>
    setParams((next) => {
      if (p > 1) next.set('page', String(p));
      else next.delete('page');
      return next;
    });
  const list = useNotFoundLog(page);
  const [status, setStatus] = useState<ActionStatus>(null);
  const [dismissing, setDismissing] = useState<string | null>(null);
  const [clearing, setClearing] = useState<'asking' | 'busy' | null>(null);

  // After a bot's scan the log holds hundreds of addresses nobody will redirect.
  const clearAll = async (): Promise<void> => {
    setStatus(null);
    setClearing('busy');
    try {
      const { data } = await api('dismissAllNotFound', {});
      setStatus({
        kind: 'ok',
        text: `The 404 log was cleared (${data.dismissed} ${data.dismissed === 1 ? 'address' : 'addresses'}). An address comes back here if someone asks for it again.`,
      });
      if (page > 1) setPage(1);
      else await list.mutate();
    } catch (err) {
      setStatus({ kind: 'error', text: `The 404 log could not be cleared: ${apiErrorText(err)}` });
    } finally {
      setClearing(null);
    }
  };

  const dismiss = async (entry: NotFoundEntry): Promise<void> => {
    setStatus(null);
    setDismissing(entry.path);
    try {
      await api('dismissNotFound', { body: { path: entry.path } });
      setStatus({
        kind: 'ok',
        text: `${entry.path} was dismissed. It comes back here if someone asks for it again.`,
      });
      // The last row of a page gone: step back a page.
      if (list.data?.results.length === 1 && page > 1) setPage(page - 1);
      else await list.mutate();
    } catch (err) {
      setStatus({
        kind: 'error',
        text: `${entry.path} could not be dismissed: ${apiErrorText(err)}`,
      });
    } finally {
      setDismissing(null);
    }
  };

  const columns: readonly Column<NotFoundEntry>[] = [
    ...ENTRY_COLUMNS,
    actionsColumn(
      'Actions',
      (entry) => (
        <>
          <Link to={redirectHref(entry.path)} aria-label={`Redirect ${entry.path}…`}>
            Redirect…
          </Link>
          <RowButton
            label={`Dismiss ${entry.path}`}
            disabled={dismissing === entry.path}
            onClick={() => void dismiss(entry)}
          >
            {dismissing === entry.path ? 'Dismissing…' : 'Dismiss'}
          </RowButton>
        </>
      ),
      { hiddenHeading: true },
    ),
  ];

  return (
    <>
      <p className="redirect-intro">
        Addresses people asked for that this site does not have, most asked-for first. A visit is
        counted when its browser shows the “Page not found” page, so crawlers that run no script are
        left out. Addresses you redirect leave the log.
      </p>
      <StatusLine status={status} />
      {list.data && list.data.results.length > 0 && (
        <p className="not-found-clear">
          <button
            type="button"
            className="btn btn--outline btn--danger"
            disabled={clearing !== null}
            onClick={() => setClearing('asking')}
          >
            {clearing === 'busy' ? 'Clearing…' : 'Clear the log…'}
          </button>
        </p>
      )}
      <ConfirmDialog
        open={clearing !== null}
        title="Clear the 404 log?"
        message="Every address leaves the log (on every page of it). An address comes back if someone asks for it again. Redirects are not touched."
        confirmLabel="Clear the log"
        busy={clearing === 'busy'}
        onConfirm={() => void clearAll()}
        onCancel={() => setClearing(null)}
      />
      {/* Said where there are times to read. */}
      {list.data && list.data.results.length > 0 && <TimeZoneNote />}
      <div className="redirect-list">
        <PagedTable
          list={list}
          page={page}
          setPage={setPage}
          what="404 log"
          loadingText="Loading the 404 log…"
          empty={EMPTY}
          pagerLabel="404 log pages"
          className="admin-table admin-table--cards admin-table--not-found"
          caption="Addresses not found, most asked-for first"
          columns={columns}
          rowKey={(entry) => entry.path}
        />
      </div>
    </>
  );
}
