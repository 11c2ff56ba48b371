import { useId, useState, type FormEvent } from 'react';
import {
  MEDIA_SEARCH_MAX,
  mediaKeys,
  mediaPath,
  variantWidths,
  type MediaItem,
} from '@agency/shared';
import { useModal } from '../../../lib/use-modal';
import { useOperation } from '../shell/use-operation';
import pickerCss from './media-picker.css?inline';
import { ListLoadState } from './paged-list';
import { Pager } from './pager';

/** A page of the media library for a picker (the same cache entry as the media page). */
const useMediaPage = (page: number, q: string) =>
  useOperation('listMedia', { query: { page, ...(q ? { q } : {}) } }, { keepPreviousData: true });

const THUMB_WIDTH = 160;

/** An image of the library at thumbnail size, from its smallest WebP variant. */
function PickerThumb({ item }: { item: MediaItem }) {
  const smallest = variantWidths(item.width)[0] ?? item.width;
  return (
    <img
      src={mediaPath(mediaKeys.variant(item.id, smallest, 'webp'))}
      width={THUMB_WIDTH}
      height={Math.max(1, Math.round((THUMB_WIDTH * item.height) / item.width))}
      // The button names the file: the picture adds nothing to read aloud.
      alt=""
      loading="lazy"
      decoding="async"
      style={{ backgroundImage: `url("${item.placeholder}")` }}
    />
  );
}

export interface MediaPickerProps {
  /** The dialog's title: what the image is for ("Choose the banner from the library"). */
  title: string;
  /** The image already chosen, marked as such. */
  currentId?: string | undefined;
  /** The image chosen, with its library description (`alt`). */
  onPick: (item: MediaItem) => void;
  onClose: () => void;
}

/**
 * "Choose from library", the one picker of the post editor's banner and the page editor's images:
 * the media library a page at a time (the same list and cache as the media page), newest first,
 * searchable by file name or description. It fits any screen: the header (title, search, Cancel)
 * and the paging stay in view and only the grid scrolls. A modal dialog: the focus starts in it and
 * stays there, Escape or Cancel closes it unchanged, and the focus returns to what opened it.
 * Picking an image closes it. It carries its own styles, so it looks the same wherever it opens.
 */
export function MediaPicker({ title, currentId, onPick, onClose }: MediaPickerProps) {
  const titleId = useId();
  const searchId = useId();
  const [page, setPage] = useState(1);
  const [q, setQ] = useState('');
  const list = useMediaPage(page, q);
  const { dialogRef, onKeyDown } = useModal<HTMLDivElement>({
    open: true,
    onClose,
    lockScroll: true,
  });
  const { data } = list;
  const search = (e: FormEvent<HTMLFormElement>): void => {
    e.preventDefault();
    const value = new FormData(e.currentTarget).get('q');
    setQ(typeof value === 'string' ? value.trim() : '');
    setPage(1);
  };
  return (
    <div className="popup-backdrop media-picker-backdrop">
      <style href="agency-media-picker" precedence="default">
        {pickerCss}
      </style>
      <div
        ref={dialogRef}
        className="popup media-picker"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        onKeyDown={onKeyDown}
      >
        <div className="media-picker__head">
          <h2 id={titleId} className="popup__title">
            {title}
          </h2>
          <button type="button" className="btn btn--outline" onClick={onClose}>
            Cancel
          </button>
          <form className="media-picker__search" role="search" onSubmit={search}>
            <label htmlFor={searchId} className="visually-hidden">
              Search the library
            </label>
            <input
              id={searchId}
              name="q"
              type="search"
              placeholder="File name or description"
              maxLength={MEDIA_SEARCH_MAX}
              defaultValue={q}
            />
            <button type="submit" className="btn btn--outline">
              Search
            </button>
          </form>
        </div>
        <div className="media-picker__body">
          {!data ? (
            <ListLoadState
              what="media library"
              loadingText="Loading images…"
              error={list.error}
              loading={list.isLoading}
              retry={() => void list.mutate()}
            />
          ) : data.results.length === 0 && page === 1 ? (
            <p>
              {q
                ? `No image matches “${q}”.`
                : 'No images yet. Upload one with “Upload image”, or on the media page.'}
            </p>
          ) : (
            <ul className="media-picker__grid">
              {data.results.map((item) => (
                <li key={item.id}>
                  <button
                    type="button"
                    className="media-picker__item"
                    aria-pressed={item.id === currentId}
                    onClick={() => onPick(item)}
                  >
                    <PickerThumb item={item} />
                    <span className="media-picker__name">{item.filename}</span>
                    <span className="media-picker__size">
                      {item.width} × {item.height} px
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
        {data && (
          <div className="media-picker__foot">
            <Pager
              label="Pages of the media library"
              page={page}
              hasPrevious={data.previous !== null}
              hasNext={data.next !== null}
              onPage={setPage}
            />
          </div>
        )}
      </div>
    </div>
  );
}
