import { useMemo } from 'react';
import {
  PAGE_CONTENT_MAX_BYTES,
  pageDraftContent,
  pageContentBytes,
  pageKilobytes,
} from '@agency/shared';
import type { PageDraft } from './draft';

/** From this share of the limit on, the size shows as a warning. */
const NEAR = 0.9;

/**
 * What the draft weighs as the server will store it (`pageContentBytes` of the checked content,
 * the function the server refuses with); a draft that does not pass the schema yet is measured
 * as it stands. The server measures after cleaning rich text, so a save near the limit is left
 * to it to refuse (a 400 at `blocks`, shown as a sentence about the page).
 */
export function draftBytes(draft: PageDraft): number {
  const checked = pageDraftContent.safeParse(draft);
  return pageContentBytes(
    checked.success
      ? checked.data
      : {
          ...draft,
          keywords: draft.keywords || undefined,
          image: draft.image || undefined,
        },
  );
}

export type SizeLevel = 'ok' | 'near' | 'over';

export const sizeLevel = (bytes: number): SizeLevel =>
  bytes > PAGE_CONTENT_MAX_BYTES ? 'over' : bytes >= PAGE_CONTENT_MAX_BYTES * NEAR ? 'near' : 'ok';

const SAID: Readonly<Record<SizeLevel, string>> = {
  ok: '',
  near: ' · near the limit',
  over: ' · over the limit: shorten or remove some blocks',
};

/** The page's size against the limit, beside the save bar ("12 KB of 150 KB"), warning near it. */
export function PageSize({ draft }: { draft: PageDraft }) {
  const bytes = useMemo(() => draftBytes(draft), [draft]);
  const level = sizeLevel(bytes);
  return (
    <span
      className={`page-size page-size--${level}`}
      title="A page's text and settings may take at most 150 KB."
    >
      <span className="visually-hidden">Page size: </span>
      {pageKilobytes(bytes)} of {pageKilobytes(PAGE_CONTENT_MAX_BYTES)}
      {SAID[level]}
    </span>
  );
}
