import type { ReactNode } from 'react';
import { createPortal } from 'react-dom';

/**
 * A modal's backdrop, rendered at the end of `<body>`, outside the page's sections: a public page's
 * sections below the first screen contain their layout and paint (`content-visibility: auto`), and
 * a fixed backdrop inside one would cover that section only, clipped by it. A press on the backdrop
 * itself (outside the dialog it holds) dismisses the modal.
 */
export function Overlay({
  className,
  onDismiss,
  children,
}: {
  className: string;
  onDismiss: () => void;
  children: ReactNode;
}) {
  if (typeof document === 'undefined') return null;
  return createPortal(
    <div className={className} onMouseDown={(e) => e.target === e.currentTarget && onDismiss()}>
      {children}
    </div>,
    document.body,
  );
}
