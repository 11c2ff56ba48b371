import { useRef, useState, type FocusEvent } from 'react';

/**
 * Whether the pointer is over an element or keyboard focus is inside it, with the handlers to spread
 * on that element: carousels pause their autoplay while either is true (WCAG 2.2.2).
 */
export function useHoverOrFocus() {
  const [active, setActive] = useState(false);
  const hovering = useRef(false);
  const focused = useRef(false);
  const sync = (): void => setActive(hovering.current || focused.current);
  const handlers = {
    onMouseEnter: () => {
      hovering.current = true;
      sync();
    },
    onMouseLeave: () => {
      hovering.current = false;
      sync();
    },
    onFocus: () => {
      focused.current = true;
      sync();
    },
    onBlur: (e: FocusEvent<HTMLElement>) => {
      // Focus moving between the element's own controls keeps it "inside".
      if (e.relatedTarget instanceof Node && e.currentTarget.contains(e.relatedTarget)) return;
      focused.current = false;
      sync();
    },
  };
  return [active, handlers] as const;
}
