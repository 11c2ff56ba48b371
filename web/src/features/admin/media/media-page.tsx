import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import {
  IMAGE_MIMES,
  MEDIA_ALT_MAX,
  MEDIA_SEARCH_MAX,
  mediaKeys,
  mediaPath,
  contract,
  variantWidths,
  type MediaItem,
  type MediaUse,
} from '@agency/shared';
import { useModal } from '../../../lib/use-modal';
import { apiErrorText } from '../ui/api-error-text';
import { FilterForm, FilterSearch, FilterSelect, useAddressFilters } from '../ui/address-filters';
import mediaCss from './media.css?inline';
import { ApiError } from '../../../lib/api-client';
import { pageHref } from '../../../config/pages';
import { AdminLayout } from '../shell/admin-layout';
import { ConfirmDeleteDialog } from '../ui/confirm-dialog';
import { formatAdminDateTime } from '../ui/format-admin-date';
import { TimeZoneNote } from '../ui/time-zone-note';
import { formatBytes } from '../ui/format-bytes';
import { PagedTable } from '../ui/paged-list';
import { RowButton, type Column } from '../ui/list-table';
import { useMediaList } from './api';
import { isAbort, useUploadImage, type UploadStage } from '../ui/upload-image';
import { useAdminApi } from '../shell/use-admin-api';
import { useUserCheck } from '../shell/use-user-check';
import { useConfirmedDelete } from '../ui/use-confirmed-delete';

const THUMB_WIDTH = 96;

/** The image's smallest WebP variant at thumbnail size (never the full-size upload). */
function Thumbnail({ item }: { item: MediaItem }) {
  const smallest = variantWidths(item.width)[0] ?? item.width;
  return (
    <img
      className="media-table__thumb"
      src={mediaPath(mediaKeys.variant(item.id, smallest, 'webp'))}
      width={THUMB_WIDTH}
      height={Math.max(1, Math.round((THUMB_WIDTH * item.height) / item.width))}
      // The file name is in the next cell: the thumbnail adds nothing to read aloud.
      alt=""
      loading="lazy"
      decoding="async"
      style={{ backgroundImage: `url("${item.placeholder}")` }}
    />
  );
}

interface Upload {
  key: number;
  filename: string;
  stage: UploadStage | { kind: 'failed'; message: string };
  controller: AbortController;
}

/** Upload images into the library from this page: one line per file with its progress or error. */
function MediaUploads({ onUploaded }: { onUploaded: (item: MediaItem) => void }) {
  const upload = useUploadImage();
  const picker = useRef<HTMLInputElement>(null);
  const [uploads, setUploads] = useState<Upload[]>([]);
  const next = useRef(0);
  const active = useRef(new Set<AbortController>());
  useEffect(() => {
    const running = active.current;
    return () => running.forEach((c) => c.abort());
  }, []);

  const update = (key: number, stage: Upload['stage']): void =>
    setUploads((list) => list.map((u) => (u.key === key ? { ...u, stage } : u)));
  const drop = (key: number): void => setUploads((list) => list.filter((u) => u.key !== key));

  const start = async (file: File): Promise<void> => {
    const key = ++next.current;
    const controller = new AbortController();
    active.current.add(controller);
    setUploads((list) => [
      ...list,
      { key, filename: file.name, stage: { kind: 'uploading', fraction: 0 }, controller },
    ]);
    try {
      const item = await upload(file, {
        signal: controller.signal,
        onStage: (stage) => update(key, stage),
      });
      drop(key);
      onUploaded(item);
    } catch (err) {
      if (isAbort(err)) drop(key);
      else
        update(key, {
          kind: 'failed',
          message: err instanceof Error ? err.message : 'The upload failed.',
        });
    } finally {
      active.current.delete(controller);
    }
  };

  return (
    <section className="media-upload" aria-label="Upload">
      <button type="button" className="btn btn--primary" onClick={() => picker.current?.click()}>
        Upload images
      </button>
      <input
        ref={picker}
        type="file"
        hidden
        aria-label="Images to upload"
        accept={IMAGE_MIMES.join(',')}
        multiple
        onChange={(e) => {
          const files = [...(e.target.files ?? [])];
          // Cleared so the same file can be chosen again.
          e.target.value = '';
          files.forEach((f) => void start(f));
        }}
      />
      <span className="media-upload__hint">JPEG, PNG, WebP, GIF or AVIF, up to 20 MB each.</span>
      {uploads.length > 0 && (
        <ul className="media-upload__list">
          {uploads.map((u) => (
            <li key={u.key} className={u.stage.kind === 'failed' ? 'media-upload--failed' : ''}>
              <span className="media-upload__name">{u.filename}</span>
              {u.stage.kind === 'failed' ? (
                <>
                  <span role="alert">{u.stage.message}</span>
                  <button
                    type="button"
                    className="btn btn--link"
                    aria-label={`Dismiss the error about ${u.filename}`}
                    onClick={() => drop(u.key)}
                  >
                    Dismiss
                  </button>
                </>
              ) : (
                <>
                  <progress
                    max={1}
                    value={u.stage.kind === 'uploading' ? u.stage.fraction : undefined}
                    aria-label={`Uploading ${u.filename}`}
                  />
                  <span>
                    {u.stage.kind === 'uploading'
                      ? `${Math.round(u.stage.fraction * 100)}%`
                      : 'Processing…'}
                  </span>
                  <button
                    type="button"
                    className="btn btn--link"
                    aria-label={`Cancel uploading ${u.filename}`}
                    onClick={() => u.controller.abort()}
                  >
                    Cancel
                  </button>
                </>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** Where a use is edited: the post editor, the page editor, or the site settings. */
function useHref(use: MediaUse): string | null {
  switch (use.kind) {
    case 'post':
      return use.ref ? pageHref('postEditor', { slug: use.ref }) : null;
    case 'page':
      return `${pageHref('pageEditor', {})}?path=${encodeURIComponent(use.ref)}`;
    case 'settings':
      return pageHref('siteSettings', {});
  }
}

const KIND_LABEL: Record<MediaUse['kind'], string> = {
  post: 'Post',
  page: 'Page',
  settings: 'Settings',
};

/** Which copies show it, in words: "draft and live", "retired page". */
function copiesText(use: MediaUse): string {
  if (use.kind === 'post') return '';
  if (use.copies.includes('retired')) return 'retired page';
  return use.copies.join(' and ');
}

/** Every place showing the image, each a link to where it is edited. */
function UsedIn({ item }: { item: MediaItem }) {
  if (item.uses.length === 0) return <span className="media-table__unused">Not used</span>;
  return (
    <ul className="media-table__used">
      {item.uses.map((use) => {
        const href = useHref(use);
        const copies = copiesText(use);
        return (
          <li key={`${use.kind}:${use.ref}`}>
            <span className="media-table__kind">{KIND_LABEL[use.kind]}:</span>{' '}
            {href ? <Link to={href}>{use.title}</Link> : use.title}
            {copies && <span className="media-table__copies"> ({copies})</span>}
          </li>
        );
      })}
    </ul>
  );
}

/** Edit an image's description in a small dialog: blocks that choose the image get it. */
function AltDialog({
  item,
  onClose,
  onSaved,
}: {
  item: MediaItem;
  onClose: () => void;
  onSaved: (saved: MediaItem) => void;
}) {
  const api = useAdminApi();
  const titleId = useId();
  const fieldId = useId();
  const [alt, setAlt] = useState(item.alt);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const fieldRef = useRef<HTMLTextAreaElement>(null);
  const { dialogRef, onKeyDown } = useModal<HTMLDivElement>({
    open: true,
    onClose,
    initialFocus: fieldRef,
    lockScroll: true,
  });
  const save = async (e: FormEvent): Promise<void> => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const res = await api('updateMedia', { body: { id: item.id, alt } });
      onSaved(res.data);
    } catch (err) {
      setError(apiErrorText(err));
      setBusy(false);
    }
  };
  return (
    <div className="popup-backdrop">
      <div
        ref={dialogRef}
        className="popup media-alt-dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        onKeyDown={onKeyDown}
      >
        <h2 id={titleId} className="popup__title">
          Describe “{item.filename}”
        </h2>
        <form onSubmit={(e) => void save(e)}>
          <label htmlFor={fieldId}>Description (alt text)</label>
          <p className="media-alt-dialog__help" id={`${fieldId}-help`}>
            What the image shows, for people who cannot see it. A block choosing this image gets
            this description; the block can still change it.
          </p>
          <textarea
            ref={fieldRef}
            id={fieldId}
            rows={3}
            maxLength={MEDIA_ALT_MAX}
            value={alt}
            aria-describedby={`${fieldId}-help${error ? ` ${fieldId}-error` : ''}`}
            aria-invalid={error ? true : undefined}
            onChange={(e) => setAlt(e.target.value)}
          />
          {error && (
            <p id={`${fieldId}-error`} className="media-alt-dialog__error" role="alert">
              {error}
            </p>
          )}
          <div className="popup__actions">
            <button type="button" className="btn btn--outline" onClick={onClose}>
              Cancel
            </button>
            <button type="submit" className="btn btn--primary" disabled={busy}>
              Save description
            </button>
          </div>
        </form>
      </div>
    </div>
  );
}

const FILTERS = ['q', 'used'] as const;
const listQuery = contract.listMedia.request.query;

function MediaSearch({
  filters,
  onApply,
}: {
  filters: { q?: string | undefined; used?: string | undefined };
  onApply: (f: { q?: string; used?: string }) => void;
}) {
  const id = useId();
  return (
    <FilterForm label="Search images" names={FILTERS} filters={filters} onApply={onApply}>
      {(applyNow) => (
        <>
          <FilterSearch
            id={`${id}-q`}
            name="q"
            label="Search"
            placeholder="File name or description"
            maxLength={MEDIA_SEARCH_MAX}
            value={filters.q}
          />
          <FilterSelect
            id={`${id}-used`}
            name="used"
            label="Use"
            value={filters.used}
            all="Used or not"
            onChange={applyNow}
          >
            <option value="used">Used</option>
            <option value="unused">Not used</option>
          </FilterSelect>
        </>
      )}
    </FilterForm>
  );
}

function MediaLibrary() {
  const api = useAdminApi();
  useUserCheck();
  const { filters, page, applyFilters, setPage } = useAddressFilters(FILTERS, listQuery.shape);
  const used = filters.used === 'used' || filters.used === 'unused' ? filters.used : undefined;
  const list = useMediaList(page, { q: filters.q, used });
  const [describing, setDescribing] = useState<MediaItem | null>(null);
  const { mutate } = list;
  const del = useConfirmedDelete<MediaItem>({
    remove: (item) => api('deleteMedia', { body: { id: item.id } }),
    name: (item) => item.filename,
    rows: list.data?.results.length,
    page,
    setPage,
    reload: mutate,
    // Used since the page was loaded: show where, as the status line says why it stays.
    onError: (err) => (err instanceof ApiError && err.status === 409 ? mutate() : undefined),
  });

  const columns: readonly Column<MediaItem>[] = [
    { heading: 'Image', cell: (item) => <Thumbnail item={item} />, labelled: false },
    {
      heading: 'File',
      cell: (item) => (
        <a href={item.src} target="_blank" rel="noopener">
          {item.filename}
        </a>
      ),
      labelled: false,
      className: 'media-table__file',
    },
    {
      heading: 'Description',
      cell: (item) => (
        <>
          {item.alt ? (
            <span>{item.alt}</span>
          ) : (
            <span className="media-table__unused">None yet</span>
          )}{' '}
          <RowButton
            label={`Edit the description of ${item.filename}`}
            onClick={() => setDescribing(item)}
          >
            Edit
          </RowButton>
        </>
      ),
      className: 'media-table__alt',
    },
    { heading: 'Size', cell: (item) => formatBytes(item.bytes), className: 'media-table__nowrap' },
    {
      heading: 'Dimensions',
      cell: (item) => `${String(item.width)} × ${String(item.height)}`,
      className: 'media-table__nowrap',
    },
    {
      heading: 'Uploaded',
      cell: (item) => (
        <time dateTime={item.created_at}>{formatAdminDateTime(item.created_at)}</time>
      ),
      className: 'media-table__nowrap',
    },
    { heading: 'Used in', cell: (item) => <UsedIn item={item} /> },
    {
      heading: 'Action',
      // One action at most: the cell holds it as it is, with no row of actions.
      cell: (item) =>
        item.uses.length === 0 && (
          <RowButton danger label={`Delete ${item.filename}`} onClick={() => del.ask(item)}>
            Delete
          </RowButton>
        ),
      labelled: false,
    },
  ];

  return (
    <>
      <MediaUploads
        onUploaded={(item) => {
          del.setStatus({ kind: 'ok', text: `“${item.filename}” was added.` });
          // Newest first: a new image is at the top of the first page.
          if (page === 1) void mutate();
          else setPage(1);
        }}
      />
      <style href="agency-media" precedence="default">
        {mediaCss}
      </style>
      <MediaSearch filters={filters} onApply={applyFilters} />
      <div
        role="status"
        className={del.status ? `admin-status admin-status--${del.status.kind}` : 'admin-status'}
      >
        {del.status?.text}
      </div>
      <PagedTable
        list={list}
        page={page}
        setPage={setPage}
        what="media library"
        loadingText="Loading images…"
        empty={
          filters.q || filters.used
            ? 'No image matches. Clear the search to see the whole library.'
            : 'No images yet. Upload one here, or add one to a post in the editor.'
        }
        pagerLabel="Media pages"
        className="admin-table media-table"
        columns={columns}
        rowKey={(item) => item.id}
      />
      <ConfirmDeleteDialog
        action={del}
        title="Delete this image?"
        message={(item) =>
          `“${item.filename}” and all its sizes will be removed from the library for good.`
        }
        confirmLabel="Delete"
      />
      {describing && (
        <AltDialog
          item={describing}
          onClose={() => setDescribing(null)}
          onSaved={(saved) => {
            setDescribing(null);
            del.setStatus({
              kind: 'ok',
              text: `The description of “${saved.filename}” was saved.`,
            });
            void mutate();
          }}
        />
      )}
    </>
  );
}

/** `/admin/media`: the media library, newest first, with where each image is used; upload and delete. */
export default function MediaPage() {
  return (
    <AdminLayout title="Media">
      <MediaLibrary />
      <TimeZoneNote />
    </AdminLayout>
  );
}
