import type { ReactNode } from 'react';
import { ListTable, type ListTableProps } from './list-table';
import { Pager } from './pager';

/** What an admin list shows while it has no page to show: the failure with Retry, or loading. */
export function ListLoadState({
  what,
  loadingText,
  error,
  loading,
  retry,
}: {
  /** Named in "The … could not be loaded". */
  what: string;
  loadingText: string;
  error: Error | undefined;
  loading: boolean;
  retry: () => void;
}) {
  if (error)
    return (
      <div className="form-error" role="alert">
        <p>
          The {what} could not be loaded: {error.message}
        </p>
        <button type="button" className="btn btn--primary" onClick={retry}>
          Retry
        </button>
      </div>
    );
  if (loading) return <p aria-busy="true">{loadingText}</p>;
  return null;
}

/** The part of an SWR answer for a page of a list that `PagedList` reads. */
interface PageOfList<T> {
  data?: { results: T[]; previous: unknown; next: unknown };
  error?: Error;
  isLoading: boolean;
  mutate: () => Promise<unknown>;
}

/** What a `PagedList` shows: the answer for a page, which page, and what it says around the rows. */
interface PagedListProps<T> {
  list: PageOfList<T>;
  page: number;
  setPage: (page: number) => void;
  /** Named in "The … could not be loaded". */
  what: string;
  loadingText: string;
  empty: string;
  pagerLabel: string;
}

/**
 * A page of an admin list: its load state until it has one, `empty` when the first page has no
 * rows, otherwise the table `children` draws from the rows, with Previous/Next under it.
 */
function PagedList<T>({
  list,
  page,
  setPage,
  what,
  loadingText,
  empty,
  pagerLabel,
  children,
}: PagedListProps<T> & { children: (results: T[]) => ReactNode }) {
  const { data, error, isLoading, mutate } = list;
  if (!data)
    return (
      <ListLoadState
        what={what}
        loadingText={loadingText}
        error={error}
        loading={isLoading}
        retry={() => void mutate()}
      />
    );
  if (data.results.length === 0 && page === 1) return <p>{empty}</p>;
  return (
    <>
      <div className="admin-table-wrap">{children(data.results)}</div>
      <Pager
        label={pagerLabel}
        page={page}
        hasPrevious={data.previous !== null}
        hasNext={data.next !== null}
        onPage={setPage}
      />
    </>
  );
}

/**
 * A paged admin list drawn as a `ListTable` of the page's rows (`note` above the table): a list
 * states its columns, with their actions, and what it says around them.
 */
export function PagedTable<T>({
  className,
  caption,
  columns,
  rowKey,
  note,
  ...list
}: PagedListProps<T> & Omit<ListTableProps<T>, 'rows'> & { note?: ReactNode }) {
  return (
    <PagedList {...list}>
      {(results) => (
        <>
          {note}
          <ListTable
            className={className}
            caption={caption}
            columns={columns}
            rows={results}
            rowKey={rowKey}
          />
        </>
      )}
    </PagedList>
  );
}
