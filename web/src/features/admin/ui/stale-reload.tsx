import type { ReactNode } from 'react';

/**
 * What an editor says when its save met someone else's newer version (409): what happened
 * (`said`, in the editor's words), where the unsaved changes are, and the reload. The post and page
 * editors show it; "Restore unsaved changes" then merges the kept copy onto the reloaded version.
 */
export function StaleReload({ said, onReload }: { said: ReactNode; onReload?: () => void }) {
  return (
    <>
      <p>{said}</p>
      <p>
        Reload the latest version: your changes stay in this browser, and “Restore unsaved changes”
        applies them to it, asking where you both changed the same field.
      </p>
      <button type="button" className="btn btn--primary" onClick={onReload}>
        Reload the latest version
      </button>
    </>
  );
}
