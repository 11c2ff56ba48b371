import { useEffect, useId, useRef, type KeyboardEvent } from 'react';
import type { ConfirmedDelete } from './use-confirmed-delete';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  message: string;
  confirmLabel: string;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** Accessible confirmation: focus starts on Cancel, Tab stays inside, Escape cancels, focus returns afterwards. */
export function ConfirmDialog({
  open,
  title,
  message,
  confirmLabel,
  busy = false,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const titleId = useId();
  const messageId = useId();
  const cancelRef = useRef<HTMLButtonElement>(null);
  const confirmRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    cancelRef.current?.focus();
    return () => previous?.focus();
  }, [open]);

  if (!open) return null;

  const onKeyDown = (e: KeyboardEvent): void => {
    if (e.key === 'Escape') {
      e.stopPropagation();
      onCancel();
    } else if (e.key === 'Tab') {
      e.preventDefault();
      (document.activeElement === cancelRef.current
        ? confirmRef.current
        : cancelRef.current
      )?.focus();
    }
  };

  return (
    <div className="popup-backdrop">
      <div
        className="popup popup--error"
        role="alertdialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={messageId}
        onKeyDown={onKeyDown}
      >
        <h2 id={titleId} className="popup__title">
          {title}
        </h2>
        <p id={messageId} className="popup__message">
          {message}
        </p>
        <div className="popup__actions">
          <button ref={cancelRef} type="button" className="btn btn--outline" onClick={onCancel}>
            Cancel
          </button>
          <button
            ref={confirmRef}
            type="button"
            className="btn btn--danger"
            disabled={busy}
            onClick={onConfirm}
          >
            {confirmLabel}
          </button>
        </div>
      </div>
    </div>
  );
}

/** The confirm dialog of a `useConfirmedDelete`: open while an item waits, its message written from it. */
export function ConfirmDeleteDialog<T>({
  action,
  message,
  ...texts
}: {
  action: ConfirmedDelete<T>;
  title: string;
  message: (item: T) => string;
  confirmLabel: string;
}) {
  return (
    <ConfirmDialog
      {...texts}
      open={action.pending !== null}
      message={action.pending ? message(action.pending) : ''}
      busy={action.deleting}
      onConfirm={() => void action.confirm()}
      onCancel={() => action.ask(null)}
    />
  );
}
