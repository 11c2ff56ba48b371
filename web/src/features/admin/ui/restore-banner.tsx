import { formatAdminDateTime } from './format-admin-date';

/** Offers the working copy autosaved in this browser when it differs from what was loaded. */
export function RestoreBanner({
  subject = 'this post',
  savedAt,
  onRestore,
  onDiscard,
}: {
  /** What was being edited, as the sentence names it ("this post", "this page"). */
  subject?: string;
  savedAt: number;
  onRestore: () => void;
  onDiscard: () => void;
}) {
  const time = formatAdminDateTime(savedAt);
  return (
    <div className="restore-banner" role="region" aria-label="Unsaved changes">
      <p>This browser kept changes to {subject} that were not saved.</p>
      <div className="restore-banner__actions">
        <button type="button" className="btn btn--primary" onClick={onRestore}>
          Restore unsaved changes from {time}
        </button>
        <button type="button" className="btn btn--outline" onClick={onDiscard}>
          Discard
        </button>
      </div>
    </div>
  );
}
