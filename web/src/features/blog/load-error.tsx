/** A failed load with its reason and a Retry button (disabled while the retry runs). */
export function LoadError({
  message,
  retrying,
  onRetry,
}: {
  message: string;
  retrying: boolean;
  onRetry: () => void;
}) {
  return (
    <div className="load-error" role="alert">
      <p>{message}</p>
      <button type="button" className="btn btn--primary" disabled={retrying} onClick={onRetry}>
        Retry
      </button>
    </div>
  );
}
