import { useEffect, useRef, type KeyboardEvent, type RefObject } from 'react';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

export interface ModalOptions {
  open: boolean;
  onClose: () => void;
  /** Element to focus on open; the first focusable element of the dialog otherwise. */
  initialFocus?: RefObject<HTMLElement | null>;
  /** Stop the page behind from scrolling while open. */
  lockScroll?: boolean;
}

/**
 * Modal dialog behaviour: focus moves in on open and back out on close, Tab cycles inside,
 * Escape closes, and optionally the page behind stops scrolling.
 * Returns the dialog ref and the keydown handler to put on the dialog element.
 */
export function useModal<T extends HTMLElement>({
  open,
  onClose,
  initialFocus,
  lockScroll = false,
}: ModalOptions) {
  const dialogRef = useRef<T>(null);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  useEffect(() => {
    if (!open) return;
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const target =
      initialFocus?.current ??
      dialogRef.current?.querySelector<HTMLElement>(FOCUSABLE) ??
      dialogRef.current;
    target?.focus();
    let restoreOverflow: string | undefined;
    if (lockScroll) {
      restoreOverflow = document.body.style.overflow;
      document.body.style.overflow = 'hidden';
    }
    return () => {
      if (restoreOverflow !== undefined) document.body.style.overflow = restoreOverflow;
      previous?.focus();
    };
  }, [open, initialFocus, lockScroll]);

  const onKeyDown = (e: KeyboardEvent<T>): void => {
    if (e.key === 'Escape') {
      e.stopPropagation();
      onCloseRef.current();
      return;
    }
    if (e.key !== 'Tab' || !dialogRef.current) return;
    const items = Array.from(dialogRef.current.querySelectorAll<HTMLElement>(FOCUSABLE));
    const first = items[0];
    const last = items[items.length - 1];
    if (!first || !last) {
      e.preventDefault();
      return;
    }
    if (
      e.shiftKey &&
      (document.activeElement === first || document.activeElement === dialogRef.current)
    ) {
      e.preventDefault();
      last.focus();
    } else if (!e.shiftKey && document.activeElement === last) {
      e.preventDefault();
      first.focus();
    }
  };

  return { dialogRef, onKeyDown };
}
