import { useId, useState } from 'react';
import { Link } from 'react-router';
import {
  contract,
  mayUse,
  POST_PAGE_SIZE,
  POST_LIMITS,
  POST_STATUSES,
  TRASH_DAYS,
  type Post,
  type PostStatus,
} from '@agency/shared';
import { AdminLayout } from '../shell/admin-layout';
import { ConfirmDeleteDialog } from '../ui/confirm-dialog';
import { formatAdminDate } from '../ui/format-admin-date';
import { PagedTable } from '../ui/paged-list';
import { actionsColumn, RowButton, type Column } from '../ui/list-table';
import {
  type AddressFilters,
  FilterForm,
  FilterSearch,
  FilterSelect,
  useAddressFilters,
} from '../ui/address-filters';
import { useAuthors, useCategories, usePostList } from './api';
import { StatusBadge, statusLabel } from './status-badge';
import { useAdminApi } from '../shell/use-admin-api';
import { useUserCheck } from '../shell/use-user-check';
import { pageHref, pagePath } from '../../../config/pages';
import { useConfirmedDelete, type ActionStatus } from '../ui/use-confirmed-delete';
import { useUserData } from '../shell/use-user-data';
import { postPath } from '../../blog/paths';

/** The list's search and filters, named as the API's query names them; the page address carries them. */
const FILTERS = ['q', 'status', 'category_id', 'author_id'] as const;
type Filters = AddressFilters<(typeof FILTERS)[number]>;
/** An id in the address: a whole number as the API takes it, kept as the text it is. */
const idText = {
  safeParse: (v: unknown) =>
    typeof v === 'string' && /^[1-9]\d{0,9}$/.test(v)
      ? { success: true, data: v }
      : { success: false },
};
const listQuery = {
  ...contract.listPosts.request.query.shape,
  category_id: idText,
  author_id: idText,
};
const isStatus = (s: string | undefined): s is PostStatus =>
  POST_STATUSES.some((status) => status === s);

/**
 * Search (title, slug, meta description) and the status, category and author filters: the server
 * searches every post, not only the page shown. Every status but the Trash by default.
 */
function PostFilters({ filters, onApply }: { filters: Filters; onApply: (f: Filters) => void }) {
  const id = useId();
  const categories = useCategories();
  const authors = useAuthors();
  return (
    <FilterForm label="Search posts" names={FILTERS} filters={filters} onApply={onApply}>
      {(applyNow) => (
        <>
          <FilterSearch
            id={`${id}-q`}
            name="q"
            label="Search"
            placeholder="Title, slug or description"
            maxLength={POST_LIMITS.searchMax}
            value={filters.q}
          />
          <FilterSelect
            id={`${id}-status`}
            name="status"
            label="Show"
            value={filters.status}
            all="All posts"
            onChange={applyNow}
          >
            {POST_STATUSES.map((s) => (
              <option key={s} value={s}>
                {statusLabel(s)}
              </option>
            ))}
          </FilterSelect>
          <FilterSelect
            // Re-created once the choices arrive, so an address's choice shows.
            key={`category-${categories.data?.data.length ?? 0}`}
            id={`${id}-category`}
            name="category_id"
            label="Category"
            value={filters.category_id}
            all="All categories"
            onChange={applyNow}
          >
            {categories.data?.data.map((c) => (
              <option key={c.id} value={c.id}>
                {c.category}
              </option>
            ))}
          </FilterSelect>
          <FilterSelect
            key={`author-${authors.data?.data.length ?? 0}`}
            id={`${id}-author`}
            name="author_id"
            label="Author"
            value={filters.author_id}
            all="All authors"
            onChange={applyNow}
          >
            {authors.data?.data.map((a) => (
              <option key={a.id} value={a.id}>
                {a.name}
              </option>
            ))}
          </FilterSelect>
        </>
      )}
    </FilterForm>
  );
}

/** What the table says when nothing is listed. */
function emptyText(filters: Filters): string {
  const status = isStatus(filters.status) ? filters.status : undefined;
  if (filters.q || filters.category_id || filters.author_id)
    return filters.q
      ? `No ${status ? `${statusLabel(status).toLowerCase()} ` : ''}posts match “${filters.q}”.`
      : 'No posts match these filters.';
  if (status === undefined) return 'No posts yet. Use “Add blog” to write the first one.';
  if (status === 'trashed') return 'The Trash is empty.';
  return `No ${statusLabel(status).toLowerCase()} posts.`;
}

/** Where the status line under the filter comes from: a delete or purge, else a restore. */
function statusOf(...lines: ActionStatus[]): ActionStatus {
  return lines.find((l) => l !== null) ?? null;
}

function PostTable() {
  const api = useAdminApi();
  useUserCheck();
  const { user } = useUserData();
  const { filters, page, applyFilters, setPage } = useAddressFilters(FILTERS, listQuery);
  const filter = isStatus(filters.status) ? filters.status : 'all';
  const [restoring, setRestoring] = useState<number | null>(null);
  const [restored, setRestored] = useState<ActionStatus>(null);
  // With the admin token the list holds every status but the Trash; a filter narrows it to one.
  const list = usePostList({
    page,
    ...(filter === 'all' ? {} : { status: filter }),
    ...(filters.q ? { q: filters.q } : {}),
    ...(filters.category_id ? { category_id: Number(filters.category_id) } : {}),
    ...(filters.author_id ? { author_id: Number(filters.author_id) } : {}),
  });
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

  const columns: readonly Column<Post>[] = [
    {
      heading: 'S.no',
      cell: (_, i) => (page - 1) * POST_PAGE_SIZE + i + 1,
      labelled: false,
      className: 'admin-table__number',
    },
    { heading: 'Title', cell: (p) => p.title, labelled: false, className: 'admin-table__title' },
    { heading: 'Slug', cell: (p) => p.slug },
    { heading: 'Category', cell: (p) => p.category?.category ?? 'Null' },
    { heading: 'Status', cell: (p) => <StatusBadge post={p} /> },
    {
      heading: filter === 'trashed' ? 'Deleted for good on' : 'Posted Date',
      label: (p) => (p.status === 'trashed' ? 'Deleted for good on' : 'Posted Date'),
      cell: (p) =>
        p.status === 'trashed'
          ? p.purge_at
            ? formatAdminDate(p.purge_at)
            : ''
          : formatAdminDate(p.created_at),
    },
    actionsColumn('Action', (p) =>
      p.status === 'trashed' ? (
        <>
          <RowButton
            label={`Restore ${p.title}`}
            disabled={restoring === p.id}
            onClick={() => void restore(p)}
          >
            {restoring === p.id ? 'Restoring…' : 'Restore'}
          </RowButton>
          {mayPurge && (
            <RowButton danger label={`Delete ${p.title} for good`} onClick={() => ask(purge, p)}>
              Delete for good
            </RowButton>
          )}
        </>
      ) : (
        <>
          <Link to={pageHref('postEditor', { slug: p.slug })} aria-label={`Edit ${p.title}`}>
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
          <RowButton danger label={`Delete ${p.title}`} onClick={() => ask(del, p)}>
            Delete
          </RowButton>
        </>
      ),
    ),
  ];

  return (
    <>
      <PostFilters filters={filters} onApply={applyFilters} />
      <div
        role="status"
        className={line ? `admin-status admin-status--${line.kind}` : 'admin-status'}
      >
        {line?.text}
      </div>
      <PagedTable
        list={list}
        page={page}
        setPage={setPage}
        what="posts"
        loadingText="Loading posts…"
        empty={emptyText(filters)}
        pagerLabel="Post pages"
        className="admin-table admin-table--cards admin-table--posts"
        columns={columns}
        rowKey={(p) => p.id}
        note={
          filter === 'trashed' && (
            <p className="admin-table-note">
              Posts stay in the Trash for {TRASH_DAYS} days, then are deleted for good with the
              images no other post uses.
            </p>
          )
        }
      />
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
