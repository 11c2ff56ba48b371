import { useState } from 'react';
import type { PageRevisionSummary, SitePage } from '@agency/shared';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { formatAdminDateTime } from '../ui/format-admin-date';
import { RevisionsFrame, restoreProblem } from '../ui/revisions-frame';
import { useAdminApi } from '../shell/use-admin-api';
import { Diff } from '../ui/word-diff';
import { useOperation } from '../shell/use-operation';
import { usePageRevisions } from './api';
import type { PageDraft } from './draft';
import { pageBlocksText, pageHeadText } from './page-text';

const HEAD_LABEL = {
  title: 'Title',
  description: 'Description',
  breadcrumb: 'Breadcrumb',
} as const;

/** A kept version beside what the editor holds now, word by word: the head's changed fields, then the blocks. */
function Comparison({
  path,
  revision,
  current,
}: {
  path: string;
  revision: number;
  current: PageDraft;
}) {
  const detail = useOperation('getPageRevision', { query: { path, revision } });
  const shown = detail.data?.data;
  if (detail.error)
    return (
      <p className="form-error" role="alert">
        Revision {revision} could not be loaded:{' '}
        {detail.error instanceof Error ? detail.error.message : ''}
      </p>
    );
  if (!shown) return <p aria-busy="true">Loading revision {revision}…</p>;
  const before = pageHeadText(shown);
  const after = pageHeadText(current);
  return (
    <>
      <p className="post-form__hint">
        From revision {shown.revision} to what the editor holds now: <ins>added since</ins>,{' '}
        <del>removed since</del>.
      </p>
      <div className="revision-diff">
        {(Object.keys(HEAD_LABEL) as (keyof typeof HEAD_LABEL)[])
          .filter((k) => before[k] !== after[k])
          .map((k) => (
            <p key={k} className="revision-diff__field">
              {HEAD_LABEL[k]}: <Diff before={before[k]} after={after[k]} />
            </p>
          ))}
        <Diff before={pageBlocksText(shown.blocks)} after={pageBlocksText(current.blocks)} />
      </div>
    </>
  );
}

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
  current,
  onRestored,
}: {
  page: SitePage;
  /** What the editor holds now: the side a revision is compared with. */
  current: PageDraft;
  /** The version the editor last saved or loaded: a restore over a newer one answers 409. */
  version: number;
  onRestored: (page: SitePage, restored: string) => void;
}) {
  const api = useAdminApi();
  const [open, setOpen] = useState(false);
  const [chosen, setChosen] = useState<PageRevisionSummary | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [compared, setCompared] = useState<number | null>(null);
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
        <span className="revisions__actions">
          <button
            type="button"
            className="btn btn--outline"
            aria-pressed={compared === r.revision}
            onClick={() => setCompared(compared === r.revision ? null : r.revision)}
          >
            {compared === r.revision ? 'Hide changes' : `Compare revision ${r.revision}`}
          </button>
          <button type="button" className="btn btn--outline" onClick={() => setChosen(r)}>
            Restore revision {r.revision}
          </button>
        </span>
      )}
    >
      {compared !== null && (
        <section aria-label={`Revision ${compared} compared with the editor`}>
          <Comparison path={page.path} revision={compared} current={current} />
        </section>
      )}
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
