import { useState } from 'react';
import type { PageRevisionSummary, SitePage } from '@agency/shared';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { formatAdminDateTime } from '../ui/format-admin-date';
import { RevisionsFrame, restoreProblem } from '../ui/revisions-frame';
import { useAdminApi } from '../shell/use-admin-api';
import { usePageRevisions } from './api';

const REASON: Readonly<Record<PageRevisionSummary['reason'], string>> = {
  save: 'saved',
  publish: 'published',
  restore: 'restored',
};

/** A kept version as people tell it apart: what made it, who and when. */
export function madeByAndWhen(r: PageRevisionSummary): string {
  const when = formatAdminDateTime(r.saved_at);
  return r.saved_by_name
    ? `${REASON[r.reason]} by ${r.saved_by_name} on ${when}`
    : `${REASON[r.reason]} on ${when}`;
}

/**
 * The kept versions of a page (the last 25, newest first), each restorable after confirmation as
 * the draft (a new save; what is published stays until the next publish). Loaded when opened.
 */
export function PageRevisions({
  page,
  version,
  onRestored,
}: {
  page: SitePage;
  /** The version the editor last saved or loaded: a restore over a newer one answers 409. */
  version: number;
  onRestored: (page: SitePage, restored: string) => void;
}) {
  const api = useAdminApi();
  const [open, setOpen] = useState(false);
  const [chosen, setChosen] = useState<PageRevisionSummary | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const list = usePageRevisions(page.path, open);

  const restore = async (): Promise<void> => {
    if (!chosen) return;
    setBusy(true);
    setProblem(null);
    try {
      const { data } = await api('restorePageRevision', {
        body: { path: page.path, revision: chosen.revision, version },
      });
      onRestored(data, `Restored the version ${madeByAndWhen(chosen)} as the draft.`);
      setChosen(null);
    } catch (err) {
      setChosen(null);
      setProblem(
        restoreProblem(
          err,
          'Reload the latest version, then restore again.',
          'The version could not be restored.',
        ),
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <RevisionsFrame
      open={open}
      onToggle={setOpen}
      problem={problem}
      list={list}
      madeBy={madeByAndWhen}
      action={(r) => (
        <button type="button" className="btn btn--outline" onClick={() => setChosen(r)}>
          Restore revision {r.revision}
        </button>
      )}
    >
      <ConfirmDialog
        open={chosen !== null}
        title={chosen ? `Restore revision ${chosen.revision}?` : ''}
        message="Its title, description, breadcrumb and blocks become the draft, saved as a new version (the current one is kept as a revision). Visitors see it once you publish. Unsaved edits in the editor are lost."
        confirmLabel="Restore"
        busy={busy}
        onConfirm={() => void restore()}
        onCancel={() => setChosen(null)}
      />
    </RevisionsFrame>
  );
}
