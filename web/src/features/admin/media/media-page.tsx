import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { IMAGE_MIMES, mediaKeys, mediaPath, variantWidths, type MediaItem } from '@agency/shared';
import { ApiError } from '../../../lib/api-client';
import { pageHref } from '../../../config/pages';
import { AdminLayout } from '../shell/admin-layout';
import { ConfirmDeleteDialog } from '../ui/confirm-dialog';
import { formatAdminDateTime } from '../ui/format-admin-date';
import { TimeZoneNote } from '../ui/time-zone-note';
import { formatBytes } from '../ui/format-bytes';
import { PagedList } from '../ui/paged-list';
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

function UsedBy({ item }: { item: MediaItem }) {
  if (item.used_by.length === 0) return <span className="media-table__unused">Not used</span>;
  return (
    <ul className="media-table__used">
      {item.used_by.map((p) => (
        <li key={p.id}>
          <Link to={pageHref('postEditor', { slug: p.slug })}>{p.title}</Link>
        </li>
      ))}
    </ul>
  );
}

function MediaLibrary() {
  const api = useAdminApi();
  useUserCheck();
  const [page, setPage] = useState(1);
  const list = useMediaList(page);
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
      <div
        role="status"
        className={del.status ? `admin-status admin-status--${del.status.kind}` : 'admin-status'}
      >
        {del.status?.text}
      </div>
      <PagedList
        list={list}
        page={page}
        setPage={setPage}
        what="media library"
        loadingText="Loading images…"
        empty="No images yet. Upload one here, or add one to a post in the editor."
        pagerLabel="Media pages"
      >
        {(results) => (
          <table className="admin-table media-table">
            <thead>
              <tr>
                <th scope="col">Image</th>
                <th scope="col">File</th>
                <th scope="col">Size</th>
                <th scope="col">Dimensions</th>
                <th scope="col">Uploaded</th>
                <th scope="col">Used by</th>
                <th scope="col">Action</th>
              </tr>
            </thead>
            <tbody>
              {results.map((item) => (
                <tr key={item.id}>
                  <td>
                    <Thumbnail item={item} />
                  </td>
                  <td className="media-table__file">
                    <a href={item.src} target="_blank" rel="noopener">
                      {item.filename}
                    </a>
                  </td>
                  <td className="media-table__nowrap" data-label="Size">
                    {formatBytes(item.bytes)}
                  </td>
                  <td className="media-table__nowrap" data-label="Dimensions">
                    {item.width} × {item.height}
                  </td>
                  <td className="media-table__nowrap" data-label="Uploaded">
                    <time dateTime={item.created_at}>{formatAdminDateTime(item.created_at)}</time>
                  </td>
                  <td data-label="Used by">
                    <UsedBy item={item} />
                  </td>
                  <td>
                    {item.used_by.length === 0 && (
                      <button
                        type="button"
                        className="btn btn--link btn--danger"
                        aria-label={`Delete ${item.filename}`}
                        onClick={() => del.ask(item)}
                      >
                        Delete
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </PagedList>
      <ConfirmDeleteDialog
        action={del}
        title="Delete this image?"
        message={(item) =>
          `“${item.filename}” and all its sizes will be removed from the library for good.`
        }
        confirmLabel="Delete"
      />
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
