import { useRevision, useRevisions } from './api';
import { useState } from 'react';
import type { Post, RevisionSummary } from '@agency/shared';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { formatAdminDateTime } from '../ui/format-admin-date';
import { RevisionsFrame, restoreProblem } from '../ui/revisions-frame';
import { Diff, textOf } from '../ui/word-diff';
import { statusLabel } from './status-badge';
import { useAdminApi } from '../shell/use-admin-api';

/** What the editor holds now: the side a revision is compared with. */
export interface EditorText {
  title: string;
  slug: string;
  content: string;
}

export interface RevisionsPanelProps {
  post: Post;
  /** The version the editor last saved or loaded: a restore over a newer one answers 409. */
  version: number;
  current: EditorText;
  /** The restore was made: the post as it now is, and a sentence saying which version came back. */
  onRestored: (post: Post, restored: string) => void;
}

/** A kept version as people tell it apart: who saved it and when. */
export function savedByAndWhen(r: Pick<RevisionSummary, 'saved_at' | 'saved_by_name'>): string {
  const when = formatAdminDateTime(r.saved_at);
  return r.saved_by_name ? `saved by ${r.saved_by_name} on ${when}` : `saved on ${when}`;
}

/**
 * The kept versions of a post (the last 25, newest first): compare one with the editor's text and
 * restore it after confirmation. Loaded when opened; part of the admin editor's chunk only.
 */
export default function RevisionsPanel({
  post,
  version,
  current,
  onRestored,
}: RevisionsPanelProps) {
  const api = useAdminApi();
  const [open, setOpen] = useState(false);
  const [selected, setSelected] = useState<number | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const list = useRevisions(post.id, open);
  const detail = useRevision(post.id, selected);
  const revisions = list.data?.data ?? [];
  const shown = detail.data?.data;
  const chosen = revisions.find((r) => r.revision === selected);
  const restoring = chosen ? `the version ${savedByAndWhen(chosen)}` : `revision ${selected ?? ''}`;

  const restore = async (): Promise<void> => {
    if (selected === null) return;
    setBusy(true);
    setProblem(null);
    try {
      const { data } = await api('restoreRevision', {
        body: { id: post.id, revision: selected, version },
      });
      setConfirming(false);
      setSelected(null);
      onRestored(data, `Restored ${restoring}.`);
    } catch (err) {
      setConfirming(false);
      setProblem(
        restoreProblem(
          err,
          'Reload the post, then restore again.',
          'The revision could not be restored.',
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
      madeBy={savedByAndWhen}
      action={(r) => (
        <button
          type="button"
          className="btn btn--outline"
          aria-pressed={selected === r.revision}
          onClick={() => setSelected(selected === r.revision ? null : r.revision)}
        >
          {selected === r.revision ? 'Hide changes' : `Compare revision ${r.revision}`}
        </button>
      )}
    >
      {selected !== null && (
        <section aria-label={`Revision ${selected} compared with the editor`}>
          {!shown ? (
            <p aria-busy="true">Loading revision {selected}…</p>
          ) : (
            <>
              <p className="post-form__hint">
                From revision {shown.revision} ({statusLabel(shown.status)}) to what the editor
                holds now: <ins>added since</ins>, <del>removed since</del>.
              </p>
              <div className="revision-diff">
                {shown.title !== current.title && (
                  <p className="revision-diff__field">
                    Title: <Diff before={shown.title} after={current.title} />
                  </p>
                )}
                {shown.slug !== current.slug && (
                  <p className="revision-diff__field">
                    Slug: <Diff before={shown.slug} after={current.slug} />
                  </p>
                )}
                <Diff before={textOf(shown.content)} after={textOf(current.content)} />
              </div>
              <p>
                <button
                  type="button"
                  className="btn btn--primary"
                  onClick={() => setConfirming(true)}
                >
                  Restore revision {shown.revision}
                </button>
              </p>
            </>
          )}
        </section>
      )}
      <ConfirmDialog
        open={confirming}
        title={`Restore ${restoring}?`}
        message={`The post gets that version's title, slug, text, header tag, banner, category and author, saved as a new update (the current version is kept as a revision). Its status stays ${statusLabel(post.status).toLowerCase()}. Unsaved edits in the form are lost.`}
        confirmLabel="Restore"
        busy={busy}
        onConfirm={() => void restore()}
        onCancel={() => setConfirming(false)}
      />
    </RevisionsFrame>
  );
}
