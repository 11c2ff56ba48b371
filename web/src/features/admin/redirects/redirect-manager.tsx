import { useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import {
  contract,
  isRedirectSource,
  readableAddress,
  REDIRECT_LIMITS,
  type Redirect,
} from '@agency/shared';
import { StatusLine } from '../ui/action-status';
import { FilterForm, useAddressFilters, type AddressFilters } from '../ui/address-filters';
import { ConfirmDeleteDialog } from '../ui/confirm-dialog';
import { formatAdminDateTime } from '../ui/format-admin-date';
import { formatBytes } from '../ui/format-bytes';
import { PagedTable } from '../ui/paged-list';
import { actionsColumn, RowButton, type Column } from '../ui/list-table';
import { TimeZoneNote } from '../ui/time-zone-note';
import { useAdminApi } from '../shell/use-admin-api';
import { useConfirmedDelete, type ActionStatus } from '../ui/use-confirmed-delete';
import { useNotFoundLogChanged, useRedirectList, type RedirectList } from './api';
import { RedirectForm, type SavedRedirect } from './redirect-form';
import { REDIRECT_STATUS_LABEL } from './redirect-labels';

/** The list's search, named as the API's query names it; the page address carries it. */
const FILTERS = ['q'] as const;
type Filters = AddressFilters<(typeof FILTERS)[number]>;
const listQuery = contract.listRedirects.request.query;

/** The address parameter the 404 log's "Redirect…" fills with the path to redirect. */
export const PREFILL_PARAM = 'from';

/** What the status line says once a redirect is saved, the chain collapse included. */
export function savedText({ data, collapsed }: SavedRedirect, created: boolean): string {
  const what = `${readableAddress(data.to)} (${REDIRECT_STATUS_LABEL[data.status]})`;
  const done = created
    ? `${readableAddress(data.from)} now redirects to ${what}.`
    : `The redirect from ${readableAddress(data.from)} now leads to ${what}.`;
  const n = collapsed.length;
  if (n === 0) return done;
  return `${done} ${n === 1 ? 'One redirect that led' : `${n} redirects that led`} to ${readableAddress(data.from)} now ${n === 1 ? 'leads' : 'lead'} straight to ${readableAddress(data.to)}.`;
}

/**
 * How much of their room in the edge store all redirects take, as people read it: `max_bytes` is
 * the redirects' share (the store's 5 MB less the room kept for pages), not the whole store.
 */
function storeUse(store: RedirectList['store']): string {
  const share = store.max_bytes > 0 ? (store.bytes / store.max_bytes) * 100 : 0;
  const shown = share > 0 && share < 0.1 ? '<0.1' : share.toFixed(1).replace(/\.0$/, '');
  return `Redirects use ${formatBytes(store.bytes)} of the ${formatBytes(store.max_bytes)} they may take at the edge (${shown}%).`;
}

function Summary({ list, filters }: { list: RedirectList; filters: Filters }) {
  const n = list.count;
  const counted = filters.q
    ? `${n} ${n === 1 ? 'redirect matches' : 'redirects match'} “${filters.q}”.`
    : `${n} ${n === 1 ? 'redirect' : 'redirects'}.`;
  return (
    <p className="redirect-summary">
      {counted} {storeUse(list.store)}
    </p>
  );
}

function SearchForm({ filters, onApply }: { filters: Filters; onApply: (f: Filters) => void }) {
  const id = useId();
  return (
    <FilterForm label="Search redirects" names={FILTERS} filters={filters} onApply={onApply}>
      {() => (
        <div className="lead-filters__field lead-filters__field--search redirect-search">
          <label htmlFor={`${id}-q`}>Search</label>
          <input
            id={`${id}-q`}
            name="q"
            type="search"
            placeholder="Old or new address, or note"
            maxLength={REDIRECT_LIMITS.searchMax}
            defaultValue={filters.q ?? ''}
          />
        </div>
      )}
    </FilterForm>
  );
}

const EMPTY =
  'No redirects yet. When an address of the site moves (a post renamed, a page retired, a campaign ' +
  'link printed with a typo), a redirect sends visitors and search engines on to the new address, ' +
  'straight from the edge. Renaming a published post’s slug adds one by itself; add others above, ' +
  'or from the 404 log.';

/**
 * The redirect manager: add (prefilled from the address's `from`, as the 404 log links it), search,
 * page, edit and delete (after confirming) the site's redirects.
 */
export function RedirectManager() {
  const api = useAdminApi();
  const [params, setParams] = useSearchParams();
  const { filters, page, applyFilters, setPage } = useAddressFilters(FILTERS, listQuery.shape);
  const list = useRedirectList({ ...filters, page });
  // Read once: the address's source fills the add form when the page opens.
  const [prefill] = useState(() => {
    const from = params.get(PREFILL_PARAM)?.trim() ?? '';
    return isRedirectSource(from) ? from : '';
  });
  const [editing, setEditing] = useState<Redirect | null>(null);
  const [saved, setSaved] = useState<ActionStatus>(null);
  const logChanged = useNotFoundLogChanged();
  const del = useConfirmedDelete<Redirect>({
    rows: list.data?.results.length,
    page,
    setPage,
    reload: () => list.mutate(),
    remove: (r) => api('deleteRedirect', { body: { from: r.from } }),
    name: (r) => readableAddress(r.from),
    done: (from) =>
      `The redirect from ${from} was deleted: that address answers as the site has it again.`,
  });
  const line = saved ?? del.status;

  const onSaved = (result: SavedRedirect, created: boolean): void => {
    del.setStatus(null);
    setSaved({ kind: 'ok', text: savedText(result, created) });
    setEditing(null);
    if (params.has(PREFILL_PARAM))
      setParams(
        (p) => {
          p.delete(PREFILL_PARAM);
          return p;
        },
        { replace: true },
      );
    void list.mutate();
    logChanged();
  };

  /** Clear the status line before acting on a row. */
  const onRow = (act: () => void) => () => {
    setSaved(null);
    del.setStatus(null);
    act();
  };
  const columns: readonly Column<Redirect>[] = [
    {
      heading: 'From',
      cell: (r) => readableAddress(r.from),
      labelled: false,
      className: 'redirect-path redirect-path--from',
    },
    {
      heading: 'To',
      cell: (r) => (
        <a href={r.to} target="_blank" rel="noopener noreferrer">
          {readableAddress(r.to)}
        </a>
      ),
      className: 'redirect-path',
    },
    { heading: 'Type', cell: (r) => REDIRECT_STATUS_LABEL[r.status], className: 'redirect-type' },
    {
      heading: 'Note',
      cell: (r) => (
        <>
          {r.note ?? (r.origin === 'slug-change' ? '' : '—')}
          {r.origin === 'slug-change' && (
            <span className="redirect-origin">
              {r.note ? ' · ' : ''}Made when a post’s slug changed
            </span>
          )}
        </>
      ),
    },
    {
      heading: 'Changed',
      cell: (r) => <time dateTime={r.updated_at}>{formatAdminDateTime(r.updated_at)}</time>,
    },
    actionsColumn(
      'Actions',
      (r) => (
        <>
          <RowButton
            label={`Edit the redirect from ${readableAddress(r.from)}`}
            // The form above opens on this redirect, its target focused.
            onClick={onRow(() => setEditing(r))}
          >
            Edit
          </RowButton>
          <RowButton
            danger
            label={`Delete the redirect from ${readableAddress(r.from)}`}
            onClick={onRow(() => del.ask(r))}
          >
            Delete
          </RowButton>
        </>
      ),
      { hiddenHeading: true },
    ),
  ];

  return (
    <>
      <p className="redirect-intro">
        A redirect sends whoever asks for an old address on to its new one, straight from the edge:
        bookmarks, shared links and search results keep working, and search engines move the old
        address’s ranking to the new one.
      </p>
      <StatusLine status={line} />
      <RedirectForm
        key={editing ? `edit:${editing.from}` : 'add'}
        editing={editing}
        initialFrom={prefill}
        onSaved={onSaved}
        onStart={() => {
          setSaved(null);
          del.setStatus(null);
        }}
        onCancel={() => setEditing(null)}
      />
      <h2 className="team-heading">All redirects</h2>
      <SearchForm filters={filters} onApply={applyFilters} />
      {list.data && <Summary list={list.data} filters={filters} />}
      {/* Said where there are times to read. */}
      {list.data && list.data.results.length > 0 && <TimeZoneNote />}
      <div className="redirect-list">
        <PagedTable
          list={list}
          page={page}
          setPage={setPage}
          what="redirects"
          loadingText="Loading redirects…"
          empty={filters.q ? `No redirects match “${filters.q}”.` : EMPTY}
          pagerLabel="Redirect pages"
          className="admin-table admin-table--cards admin-table--redirects"
          caption="Redirects, by old address"
          columns={columns}
          rowKey={(r) => r.from}
        />
      </div>
      <ConfirmDeleteDialog
        action={del}
        title="Delete this redirect?"
        message={(redirect) =>
          `${readableAddress(redirect.from)} will no longer lead to ${readableAddress(redirect.to)}. Links and bookmarks that still use it get what the site has there, most likely “Page not found”.`
        }
        confirmLabel="Delete redirect"
      />
    </>
  );
}
