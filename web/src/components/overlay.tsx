import type { ReactNode } from 'react';
import { createPortal } from 'react-dom';

/**
 * Renders a modal's backdrop at the end of `<body>`, outside the page's sections. A public page's
 * sections below the first screen contain their layout and paint (`content-visibility: auto`), and
 * a fixed backdrop inside one would cover that section only, clipped by it.
 */
export function Overlay({ children }: { children: ReactNode }) {
  if (typeof document === 'undefined') return null;
  return createPortal(children, document.body);
}
