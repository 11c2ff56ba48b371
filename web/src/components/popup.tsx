import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useModal } from '../lib/use-modal';
import { Overlay } from './overlay';

export interface PopupProps {
  open: boolean;
  /** Short heading, e.g. "Success!" or "Oops…". */
  title?: string;
  message: ReactNode;
  onClose: () => void;
  variant?: 'error' | 'success' | 'info';
  /** alertdialog (default for errors) interrupts; dialog is for informational popups. */
  role?: 'dialog' | 'alertdialog';
  closeLabel?: string;
  /** Close by itself after this long, with a shrinking progress bar. */
  autoCloseMs?: number;
}

/**
 * Accessible modal popup: focus moves to its button when it opens, Tab stays inside,
 * Escape or the button closes it, and focus returns to where it was.
 */
export function Popup({
  open,
  title,
  message,
  onClose,
  variant = 'info',
  role,
  closeLabel = 'OK',
  autoCloseMs,
}: PopupProps) {
  const titleId = useId();
  const messageId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;
  const { dialogRef, onKeyDown } = useModal<HTMLDivElement>({
    open,
    onClose,
    initialFocus: buttonRef,
  });

  useEffect(() => {
    if (!open || !autoCloseMs) return;
    const timer = window.setTimeout(() => onCloseRef.current(), autoCloseMs);
    return () => window.clearTimeout(timer);
  }, [open, autoCloseMs]);

  if (!open) return null;

  return (
    <Overlay className="popup-backdrop" onDismiss={onClose}>
      <div
        ref={dialogRef}
        className={`popup popup--${variant}`}
        role={role ?? (variant === 'error' ? 'alertdialog' : 'dialog')}
        aria-modal="true"
        aria-labelledby={title ? titleId : undefined}
        aria-label={title ? undefined : variant === 'error' ? 'Error' : 'Message'}
        aria-describedby={messageId}
        onKeyDown={onKeyDown}
      >
        <span className={`popup__icon popup__icon--${variant}`} aria-hidden="true" />
        {title && (
          <h2 id={titleId} className="popup__title">
            {title}
          </h2>
        )}
        <div id={messageId} className="popup__message">
          {message}
        </div>
        <button
          ref={buttonRef}
          type="button"
          className="btn btn--primary popup__button"
          onClick={onClose}
        >
          {closeLabel}
        </button>
        {autoCloseMs ? (
          <span
            className="popup__progress"
            style={{ animationDuration: `${autoCloseMs}ms` }}
            aria-hidden="true"
          />
        ) : null}
      </div>
    </Overlay>
  );
}

export default Popup;
