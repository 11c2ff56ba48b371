import type { ReactNode } from 'react';
import { ApiError } from '../../../lib/api-client';
import { adminTimeZone } from './format-admin-date';

/**
 * What a failed restore of a revision says: nothing after a 401 (the sign-in dialog speaks), the
 * API's sentence followed by `reload` after a 409 (a newer version was saved meanwhile), otherwise
 * the error's message, or `fallback`.
 */
export function restoreProblem(err: unknown, reload: string, fallback: string): string | null {
  if (err instanceof ApiError && err.status === 401) return null;
  return err instanceof ApiError && err.status === 409
    ? `${err.message} ${reload}`
    : err instanceof Error
      ? err.message
      : fallback;
}

export interface RevisionsFrameProps<R extends { revision: number; title: string }> {
  /** Opened: the list is asked for only then. */
  open: boolean;
  onToggle: (open: boolean) => void;
  /** What went wrong with the last restore. */
  problem: string | null;
  /** The list's answer (none while loading) and its error. */
  list: { data?: { data: readonly R[] } | undefined; error?: unknown };
  /** Who made a revision and when. */
  madeBy: (r: R) => string;
  /** The button of a revision (compare, restore). */
  action: (r: R) => ReactNode;
  /** What follows the list: a comparison, the confirmation. */
  children?: ReactNode;
}

/**
 * The revisions of an edited item (a post, a page), newest first, in a `<details>` that loads them
 * when opened: their number, who made them and when, their title and a button each.
 */
export function RevisionsFrame<R extends { revision: number; title: string }>({
  open,
  onToggle,
  problem,
  list,
  madeBy,
  action,
  children,
}: RevisionsFrameProps<R>) {
  const revisions = list.data?.data ?? [];
  return (
    <details className="revisions" onToggle={(e) => onToggle(e.currentTarget.open)}>
      <summary>Revisions</summary>
      {problem && (
        <p className="form-error" role="alert">
          {problem}
        </p>
      )}
      {list.error ? (
        <p className="form-error" role="alert">
          The revisions could not be loaded: {list.error instanceof Error ? list.error.message : ''}
        </p>
      ) : !list.data ? (
        open && <p aria-busy="true">Loading revisions…</p>
      ) : revisions.length === 0 ? (
        <p>No earlier versions yet: each save keeps the version it replaces (the last 25).</p>
      ) : (
        <>
          <p className="post-form__hint">Times are in your time zone: {adminTimeZone()}.</p>
          <ul className="revisions__list" aria-label="Earlier versions, newest first">
            {revisions.map((r) => (
              <li key={r.revision} className="revisions__item">
                <span className="revisions__meta">
                  <strong>Revision {r.revision}</strong> · {madeBy(r)} · “{r.title}”
                </span>
                {action(r)}
              </li>
            ))}
          </ul>
        </>
      )}
      {children}
    </details>
  );
}
