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
  return (
    <nav className="admin-pager" aria-label={label}>
      <button
        type="button"
        className="btn btn--outline"
        disabled={!hasPrevious}
        onClick={() => onPage(page - 1)}
      >
        Previous
      </button>
      <span aria-live="polite">Page {page}</span>
      <button
        type="button"
        className="btn btn--outline"
        disabled={!hasNext}
        onClick={() => onPage(page + 1)}
      >
        Next
      </button>
    </nav>
  );
}
