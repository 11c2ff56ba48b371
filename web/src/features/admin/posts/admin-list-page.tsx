import { useId, useState } from 'react';
import { Link } from 'react-router';
import {
  mayUse,
  POST_PAGE_SIZE,
  POST_STATUSES,
  TRASH_DAYS,
  type Post,
  type PostStatus,
} from '@agency/shared';
import { AdminLayout } from '../shell/admin-layout';
import { ConfirmDeleteDialog } from '../ui/confirm-dialog';
import { formatAdminDate } from '../ui/format-admin-date';
import { PagedList } from '../ui/paged-list';
import { usePostList } from './api';
import { StatusBadge, statusLabel } from './status-badge';
import { useAdminApi } from '../shell/use-admin-api';
import { useUserCheck } from '../shell/use-user-check';
import { pageHref, pagePath } from '../../../config/pages';
import { useConfirmedDelete, type ActionStatus } from '../ui/use-confirmed-delete';
import { useUserData } from '../shell/use-user-data';
import { postPath } from '../../blog/paths';

type Filter = 'all' | PostStatus;

/** Which statuses the table shows; every status but the Trash by default. */
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

/** Where the status line under the filter comes from: a delete or purge, else a restore. */
function statusOf(...lines: ActionStatus[]): ActionStatus {
  return lines.find((l) => l !== null) ?? null;
}

function PostTable() {
  const api = useAdminApi();
  useUserCheck();
  const { user } = useUserData();
  const [page, setPage] = useState(1);
  const [filter, setFilter] = useState<Filter>('all');
  const [restoring, setRestoring] = useState<number | null>(null);
  const [restored, setRestored] = useState<ActionStatus>(null);
  // With the admin token the list holds every status but the Trash; a filter narrows it to one.
  const list = usePostList(filter === 'all' ? { page } : { status: filter, page });
  const listed = {
    rows: list.data?.results.length,
    page,
    setPage,
    reload: list.mutate,
  };
  const del = useConfirmedDelete<Post>({
    ...listed,
    remove: (post) => api('deletePost', { body: { id: post.id } }),
    name: (post) => post.title,
    done: (name) =>
      `“${name}” was moved to the Trash. Restore it from Show: Trash within ${TRASH_DAYS} days.`,
  });
  const purge = useConfirmedDelete<Post>({
    ...listed,
    remove: (post) => api('purgePost', { body: { id: post.id } }),
    name: (post) => post.title,
    done: (name) => `“${name}” was deleted for good.`,
  });
  // Editors may trash and restore; deleting for good is the admins' alone (shared/src/access.ts).
  const mayPurge = user ? mayUse(user.groups, 'purgePost') : false;
  const line = statusOf(restored, del.status, purge.status);

  const restore = async (post: Post): Promise<void> => {
    setRestoring(post.id);
    del.setStatus(null);
    purge.setStatus(null);
    try {
      await api('untrashPost', { body: { id: post.id } });
      setRestored({ kind: 'ok', text: `“${post.title}” was restored as a draft.` });
      if (listed.rows === 1 && page > 1) setPage(page - 1);
      else await list.mutate();
    } catch (err) {
      setRestored({
        kind: 'error',
        text: `“${post.title}” could not be restored: ${err instanceof Error ? err.message : 'unknown error'}`,
      });
    } finally {
      setRestoring(null);
    }
  };
  const ask = (action: typeof del, post: Post) => {
    setRestored(null);
    del.setStatus(null);
    purge.setStatus(null);
    action.ask(post);
  };

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
        className={line ? `admin-status admin-status--${line.kind}` : 'admin-status'}
      >
        {line?.text}
      </div>
      <PagedList
        list={list}
        page={page}
        setPage={setPage}
        what="posts"
        loadingText="Loading posts…"
        empty={
          filter === 'all'
            ? 'No posts yet. Use “Add blog” to write the first one.'
            : filter === 'trashed'
              ? 'The Trash is empty.'
              : `No ${statusLabel(filter).toLowerCase()} posts.`
        }
        pagerLabel="Post pages"
      >
        {(results) => (
          <>
            {filter === 'trashed' && (
              <p className="admin-table-note">
                Posts stay in the Trash for {TRASH_DAYS} days, then are deleted for good with the
                images no other post uses.
              </p>
            )}
            <table className="admin-table admin-table--cards admin-table--posts">
              <thead>
                <tr>
                  <th scope="col">S.no</th>
                  <th scope="col">Title</th>
                  <th scope="col">Slug</th>
                  <th scope="col">Category</th>
                  <th scope="col">Status</th>
                  <th scope="col">
                    {filter === 'trashed' ? 'Deleted for good on' : 'Posted Date'}
                  </th>
                  <th scope="col">Action</th>
                </tr>
              </thead>
              <tbody>
                {results.map((p, i) => (
                  <tr key={p.id}>
                    <td className="admin-table__number">{(page - 1) * POST_PAGE_SIZE + i + 1}</td>
                    <td className="admin-table__title">{p.title}</td>
                    <td data-label="Slug">{p.slug}</td>
                    <td data-label="Category">{p.category?.category ?? 'Null'}</td>
                    <td data-label="Status">
                      <StatusBadge post={p} />
                    </td>
                    {p.status === 'trashed' ? (
                      <td data-label="Deleted for good on">
                        {p.purge_at ? formatAdminDate(p.purge_at) : ''}
                      </td>
                    ) : (
                      <td data-label="Posted Date">{formatAdminDate(p.created_at)}</td>
                    )}
                    <td>
                      {/* The flex row inside the cell: a flex <td> stops being a table cell. */}
                      <div className="admin-table__actions">
                        {p.status === 'trashed' ? (
                          <>
                            <button
                              type="button"
                              className="btn btn--link"
                              aria-label={`Restore ${p.title}`}
                              disabled={restoring === p.id}
                              onClick={() => void restore(p)}
                            >
                              {restoring === p.id ? 'Restoring…' : 'Restore'}
                            </button>
                            {mayPurge && (
                              <button
                                type="button"
                                className="btn btn--link btn--danger"
                                aria-label={`Delete ${p.title} for good`}
                                onClick={() => ask(purge, p)}
                              >
                                Delete for good
                              </button>
                            )}
                          </>
                        ) : (
                          <>
                            <Link
                              to={pageHref('postEditor', { slug: p.slug })}
                              aria-label={`Edit ${p.title}`}
                            >
                              Edit
                            </Link>
                            {p.status === 'published' && (
                              <a
                                href={postPath(p.slug)}
                                target="_blank"
                                rel="noopener"
                                aria-label={`View ${p.title} on the blog`}
                              >
                                View post
                              </a>
                            )}
                            <button
                              type="button"
                              className="btn btn--link btn--danger"
                              aria-label={`Delete ${p.title}`}
                              onClick={() => ask(del, p)}
                            >
                              Delete
                            </button>
                          </>
                        )}
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </>
        )}
      </PagedList>
      <ConfirmDeleteDialog
        action={del}
        title="Move this post to the Trash?"
        message={(post) =>
          `“${post.title}” leaves the site now. You can restore it from the Trash for ${TRASH_DAYS} days; after that it is deleted for good.`
        }
        confirmLabel="Move to Trash"
      />
      <ConfirmDeleteDialog
        action={purge}
        title="Delete this post for good?"
        message={(post) =>
          `“${post.title}”, its revisions and the images no other post uses will be deleted. This cannot be undone.`
        }
        confirmLabel="Delete for good"
      />
    </>
  );
}

/**
 * `/admin`: the post table with Edit, View post and Delete (to the Trash), the Trash with Restore and
 * (admins) Delete for good, paging, Add and Logout. At phone widths each row is a card.
 */
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
