import { useEffect, useRef, type MouseEvent } from 'react';

/** Previous/Next paging of the admin tables. */
export function Pager({
  page,
  hasPrevious,
  hasNext,
  onPage,
  label,
}: {
  page: number;
  hasPrevious: boolean;
  hasNext: boolean;
  onPage: (page: number) => void;
  label: string;
}) {
  const previous = useRef<HTMLButtonElement>(null);
  const next = useRef<HTMLButtonElement>(null);
  const pressed = useRef<HTMLButtonElement | null>(null);

  // Paging to the first or last page disables the button just pressed, which drops keyboard
  // focus to the page; hand it to the other button instead.
  useEffect(() => {
    const button = pressed.current;
    const active = document.activeElement;
    if (!button?.disabled || (active !== button && active !== document.body)) return;
    pressed.current = null;
    (button === next.current ? previous.current : next.current)?.focus();
  }, [hasPrevious, hasNext]);

  const go = (to: number) => (e: MouseEvent<HTMLButtonElement>) => {
    pressed.current = e.currentTarget;
    onPage(to);
  };

  return (
    <nav className="admin-pager" aria-label={label}>
      <button
        ref={previous}
        type="button"
        className="btn btn--outline"
        disabled={!hasPrevious}
        onClick={go(page - 1)}
      >
        Previous
      </button>
      <span aria-live="polite">Page {page}</span>
      <button
        ref={next}
        type="button"
        className="btn btn--outline"
        disabled={!hasNext}
        onClick={go(page + 1)}
      >
        Next
      </button>
    </nav>
  );
}
