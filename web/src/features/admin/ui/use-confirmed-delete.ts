import { useState } from 'react';

/** A line the admin reads after an action: what happened, or why it did not. */
export type ActionStatus = { kind: 'ok' | 'error'; text: string } | null;

export interface ConfirmedDelete<T> {
  /** The item waiting for the admin's confirmation (the dialog is open while it is set). */
  pending: T | null;
  ask: (item: T | null) => void;
  deleting: boolean;
  status: ActionStatus;
  setStatus: (status: ActionStatus) => void;
  /** Delete the pending item, then refresh the page of the list it was on. */
  confirm: () => Promise<void>;
}

/**
 * Deleting a row of a paged admin list, after a confirm dialog: the call, the status line naming the
 * item, and the list refreshed (stepping back a page when its last row went). The post list and the
 * media library share it.
 */
export function useConfirmedDelete<T>(options: {
  remove: (item: T) => Promise<unknown>;
  /** How the status line names an item. */
  name: (item: T) => string;
  /** Rows on the page shown, the page number and how to change it, and how to reload it. */
  rows: number | undefined;
  page: number;
  setPage: (page: number) => void;
  reload: () => Promise<unknown>;
  /** Run on a refused delete (e.g. reload to show why); the status line says what failed. */
  onError?: (err: unknown) => Promise<unknown> | void;
  /** What the status line says once done (e.g. moved to the Trash); "was deleted" by default. */
  done?: (name: string) => string;
}): ConfirmedDelete<T> {
  const [pending, ask] = useState<T | null>(null);
  const [deleting, setDeleting] = useState(false);
  const [status, setStatus] = useState<ActionStatus>(null);

  const confirm = async (): Promise<void> => {
    if (!pending) return;
    const name = options.name(pending);
    setDeleting(true);
    try {
      await options.remove(pending);
      setStatus({ kind: 'ok', text: options.done ? options.done(name) : `“${name}” was deleted.` });
      // The last row of a page gone: step back a page.
      if (options.rows === 1 && options.page > 1) options.setPage(options.page - 1);
      else await options.reload();
    } catch (err) {
      await options.onError?.(err);
      setStatus({
        kind: 'error',
        text: `“${name}” could not be deleted: ${err instanceof Error ? err.message : 'unknown error'}`,
      });
    } finally {
      setDeleting(false);
      ask(null);
    }
  };

  return { pending, ask, deleting, status, setStatus, confirm };
}
