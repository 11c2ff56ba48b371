import { useId, useState } from 'react';
import { Link } from 'react-router';
import useSWR from 'swr';
import {
  buildPath,
  POST_PAGE_SIZE,
  POST_STATUSES,
  type Post,
  type PostStatus,
} from '@agency/shared';
import type { ResponseOf } from '../../lib/api-client';
import { AdminLayout } from './admin-layout';
import { ConfirmDialog } from './confirm-dialog';
import { formatAdminDate } from './format-admin-date';
import { Pager } from './pager';
import { StatusBadge, statusLabel } from './status-badge';
import { useAdminApi } from './use-admin-api';
import { useUserCheck } from './use-user-check';
import { pageHref, pagePath } from '../../config/pages';
import { useConfirmedDelete } from './use-confirmed-delete';

type Filter = 'all' | PostStatus;

/** Which statuses the table shows; every status by default. */
function StatusFilter({ value, onChange }: { value: Filter; onChange: (f: Filter) => void }) {
  const id = useId();
  return (
    <div className="admin-filter">
      <label htmlFor={id}>Show</label>
      <select
        id={id}
        value={value}
        onChange={(e) => {
          const next = [...POST_STATUSES, 'all' as const].find((s) => s === e.target.value);
          if (next) onChange(next);
        }}
      >
        <option value="all">All posts</option>
        {POST_STATUSES.map((s) => (
          <option key={s} value={s}>
            {statusLabel(s)}
          </option>
        ))}
      </select>
    </div>
  );
}

function PostTable() {
  const api = useAdminApi();
  useUserCheck();
  const [page, setPage] = useState(1);
  const [filter, setFilter] = useState<Filter>('all');
  // With the admin token the list holds every status; a filter narrows it to one.
  const query: Record<string, string | number> =
    filter === 'all' ? { page } : { status: filter, page };
  const { data, error, mutate, isLoading } = useSWR<ResponseOf<'listPosts'>, Error>(
    `admin:${buildPath('listPosts', {}, query)}`,
    () => api('listPosts', { query }),
    {
      keepPreviousData: true,
    },
  );
  const del = useConfirmedDelete<Post>({
    remove: (post) => api('deletePost', { body: { id: post.id } }),
    name: (post) => post.title,
    rows: data?.results.length,
    page,
    setPage,
    reload: mutate,
  });

  return (
    <>
      <StatusFilter
        value={filter}
        onChange={(f) => {
          setFilter(f);
          setPage(1);
        }}
      />
      <div
        role="status"
        className={del.status ? `admin-status admin-status--${del.status.kind}` : 'admin-status'}
      >
        {del.status?.text}
      </div>
      {error && !data ? (
        <div className="form-error" role="alert">
          <p>The posts could not be loaded: {error.message}</p>
          <button type="button" className="btn btn--primary" onClick={() => void mutate()}>
            Retry
          </button>
        </div>
      ) : isLoading && !data ? (
        <p aria-busy="true">Loading posts…</p>
      ) : data && data.results.length === 0 ? (
        <p>
          {filter === 'all'
            ? 'No posts yet. Use “Add blog” to write the first one.'
            : `No ${statusLabel(filter).toLowerCase()} posts.`}
        </p>
      ) : data ? (
        <div className="admin-table-wrap">
          <table className="admin-table">
            <thead>
              <tr>
                <th scope="col">S.no</th>
                <th scope="col">Title</th>
                <th scope="col">Slug</th>
                <th scope="col">Category</th>
                <th scope="col">Status</th>
                <th scope="col">Posted Date</th>
                <th scope="col">Action</th>
              </tr>
            </thead>
            <tbody>
              {data.results.map((p, i) => (
                <tr key={p.id}>
                  <td>{(page - 1) * POST_PAGE_SIZE + i + 1}</td>
                  <td>{p.title}</td>
                  <td>{p.slug}</td>
                  <td>{p.category?.category ?? 'Null'}</td>
                  <td>
                    <StatusBadge post={p} />
                  </td>
                  <td>{formatAdminDate(p.created_at)}</td>
                  <td>
                    {/* The flex row inside the cell: a flex <td> stops being a table cell. */}
                    <div className="admin-table__actions">
                      <Link
                        to={pageHref('postEditor', { slug: p.slug })}
                        aria-label={`Edit ${p.title}`}
                      >
                        Edit
                      </Link>
                      <button
                        type="button"
                        className="btn btn--link btn--danger"
                        aria-label={`Delete ${p.title}`}
                        onClick={() => del.ask(p)}
                      >
                        Delete
                      </button>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {data && (
        <Pager
          label="Post pages"
          page={page}
          hasPrevious={data.previous !== null}
          hasNext={data.next !== null}
          onPage={setPage}
        />
      )}
      <ConfirmDialog
        open={del.pending !== null}
        title="Delete this post?"
        message={
          del.pending ? `“${del.pending.title}” will be removed from the site for good.` : ''
        }
        confirmLabel="Delete"
        busy={del.deleting}
        onConfirm={() => void del.confirm()}
        onCancel={() => del.ask(null)}
      />
    </>
  );
}

/** `/admin`: the post table with Edit/Delete, paging, Add and Logout. */
export default function AdminListPage() {
  return (
    <AdminLayout
      title="Blog posts"
      actions={
        <Link to={pagePath('postEditor')} className="btn btn--primary">
          Add blog
        </Link>
      }
    >
      <PostTable />
    </AdminLayout>
  );
}
