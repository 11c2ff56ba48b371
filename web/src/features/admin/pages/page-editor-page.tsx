import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import * as z from 'zod';
import { pageDraftContent, pageHeadFields, type Field, type SitePage } from '@agency/shared';
import { ApiError } from '../../../lib/api-client';
import { pagePath } from '../../../config/pages';
import { AdminLayout } from '../shell/admin-layout';
import { useAdminApi } from '../shell/use-admin-api';
import { StatusLine } from '../ui/action-status';
import type { ActionStatus } from '../ui/use-confirmed-delete';
import { formatAdminDateTime } from '../ui/format-admin-date';
import { describeValue, useMergeRestore } from '../ui/conflict-choice';
import { PresenceNotice } from '../ui/presence';
import { RestoreBanner } from '../ui/restore-banner';
import { useAutosave } from '../ui/use-autosave';
import { usePagesChanged } from './api';
import { BlockList } from './block-list';
import {
  blocksInError,
  draftOf,
  errorsOfIssues,
  PAGE_AUTOSAVE,
  PAGE_STATUS_LABEL,
  pageConflictLabel,
  pageConflictValue,
  sameDraft,
  type BlockDraft,
  type PageDraft,
} from './draft';
import {
  FieldFormProvider,
  FieldInput,
  FieldsForm,
  focusFirstError,
  type FieldFormScope,
} from './field-form';
import { PageRevisions } from './page-revisions';
import { PageSize } from './page-size';
import { PageAddress } from './page-address';
import { PageSchedule } from './page-schedule';
import { BlockOutline } from './block-outline';
import { useLinkWarnings } from './link-warnings';
import { PreviewPane, PreviewToggle, usePreviewPane } from './preview-pane';
import { DESCRIPTION_LENGTH, SearchPreview, TITLE_LENGTH } from './search-preview';
import { draftChangeGroup, useDraftHistory, useUndoKeys } from './use-draft-history';
import { pagePreviewHref } from './paths';
import { StaleReload } from '../ui/stale-reload';

const text = (
  label: string,
  max: number,
  o: { multiline?: boolean; help?: string; placeholder?: string } = {},
) =>
  ({
    label,
    ...(o.help ? { help: o.help } : {}),
    optional: false,
    widget: {
      kind: 'text',
      max,
      multiline: o.multiline ?? false,
      ...(o.placeholder ? { placeholder: o.placeholder } : {}),
    },
    schema: z.string(),
  }) satisfies Field;

/** The page's head as fields of the generated form (their rules are the shared `pageHeadFields`). */
const HEAD_FIELDS: Readonly<Record<string, Field>> = {
  title: {
    ...text('Title', 160, { help: 'The browser tab, search results and link previews show it.' }),
    schema: pageHeadFields.title,
  },
  description: {
    ...text('Description', 320, {
      multiline: true,
      help: 'What search engines and link previews show under the title.',
    }),
    schema: pageHeadFields.description,
  },
  keywords: {
    ...text('Keywords', 400, { help: 'Comma-separated.' }),
    optional: true,
    schema: pageHeadFields.keywords,
  },
  image: {
    label: 'Share image',
    help: 'The picture link previews show (Open Graph); when left empty, a card drawn from the share title and the site’s name as the page is published.',
    optional: true,
    widget: { kind: 'image' },
    schema: pageHeadFields.image,
  },
  shareTitle: {
    ...text('Share title', 160, {
      help: 'The title link previews show (Facebook, X, LinkedIn); the page’s title when left empty.',
    }),
    optional: true,
    schema: pageHeadFields.shareTitle,
  },
  shareDescription: {
    ...text('Share description', 320, {
      multiline: true,
      help: 'The text link previews show under it; the page’s description when left empty.',
    }),
    optional: true,
    schema: pageHeadFields.shareDescription,
  },
  canonical: {
    ...text('Preferred address', 1000, {
      placeholder: 'e.g. /services',
      help: 'Only when this page copies another: the address search engines should show instead. Its own address when left empty.',
    }),
    optional: true,
    schema: pageHeadFields.canonical,
  },
  noindex: {
    label: 'Hide from search engines',
    help: 'Search engines leave the page out of their results and the sitemap leaves it out; visitors still reach it.',
    optional: true,
    widget: { kind: 'boolean' },
    schema: pageHeadFields.noindex,
  },
};

const BREADCRUMB: Field = {
  label: 'Breadcrumb',
  help: 'The trail shown before this page (Home › Services › this page); none for no trail.',
  optional: false,
  widget: {
    kind: 'list',
    itemLabel: 'Breadcrumb step',
    min: 0,
    max: 4,
    fields: {
      name: text('Name', 80),
      path: text('Address', 200, { placeholder: 'e.g. the address of the services page' }),
    },
  },
  schema: pageHeadFields.breadcrumb,
};

type Problem =
  | { kind: 'stale'; message: string }
  | { kind: 'general'; message: string }
  | { kind: 'later'; message: string };

/** The live region's text: the same sentence twice in a row is still read out. */
function useLiveRegion(): [string, (text: string) => void] {
  const [said, setSaid] = useState('');
  const announce = useCallback(
    (t: string) => setSaid((before) => (before === t ? `${t}\u00a0` : t)),
    [],
  );
  return [said, announce];
}

/** Closing or reloading the tab with unsaved edits asks first (the autosaved copy stays either way). */
function useLeaveGuard(dirty: boolean): void {
  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (e: BeforeUnloadEvent): void => {
      e.preventDefault();
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);
}

interface PageFormProps {
  page: SitePage;
  onReload: () => void;
  onRestored: (page: SitePage, restored: string) => void;
  notice?: string | undefined;
}

function PageForm({ page, onReload, onRestored, notice }: PageFormProps) {
  const api = useAdminApi();
  const base = useId();
  const pagesChanged = usePagesChanged();
  const [loaded] = useState<PageDraft>(() => draftOf(page));
  const [draft, setDraft] = useState<PageDraft>(loaded);
  const [stored, setStored] = useState<PageDraft>(loaded);
  const [saved, setSaved] = useState<SitePage>(page);
  const autosave = useAutosave(PAGE_AUTOSAVE, page.path, draft, loaded);
  const [errors, setErrors] = useState<ReadonlyMap<string, string>>(new Map());
  const [problem, setProblem] = useState<Problem | null>(null);
  const [status, setStatus] = useState<ActionStatus>(notice ? { kind: 'ok', text: notice } : null);
  // Restoring a kept copy merges its edits onto this version (a choice where both changed a field).
  const blocksKnown = (): BlockDraft[] => [
    ...draft.blocks,
    ...(autosave.offer?.values.blocks ?? []),
  ];
  const recovery = useMergeRestore(
    loaded,
    (values, text) => {
      change(values);
      setStatus({ kind: 'ok', text });
    },
    {
      subject: 'this page',
      labelOf: (c) => pageConflictLabel(c, blocksKnown()),
      describe: (c, side) => pageConflictValue(c, side, blocksKnown(), describeValue),
    },
  );
  const [busy, setBusy] = useState<'save' | 'publish' | null>(null);
  const [open, setOpen] = useState<Set<string>>(() => new Set());
  const [said, announce] = useLiveRegion();
  const form = useRef<HTMLDivElement>(null);
  const problemRef = useRef<HTMLDivElement>(null);
  /** Set by a refused save: once drawn, the first field in error takes the focus. */
  const showErrors = useRef(false);
  const dirty = !sameDraft(draft, stored);
  useLeaveGuard(dirty);
  const history = useDraftHistory(draft);
  const editor = useRef<HTMLDivElement>(null);
  const preview = usePreviewPane();
  const linkWarnings = useLinkWarnings(draft);

  const scope = useMemo<FieldFormScope>(
    () => ({
      idOf: (path) => `${base}-${path.join('.')}`,
      errors,
      announce,
      recommendedLength: (path) =>
        path.length === 1 && path[0] === 'title'
          ? TITLE_LENGTH
          : path.length === 1 && path[0] === 'description'
            ? DESCRIPTION_LENGTH
            : undefined,
      warnings: linkWarnings,
    }),
    [base, errors, announce, linkWarnings],
  );

  useEffect(() => {
    if (!showErrors.current) return;
    showErrors.current = false;
    if (!focusFirstError(form.current)) problemRef.current?.focus();
  });

  /** Put back an earlier (undo) or later (redo) state of the draft. */
  const travel = (to: PageDraft | undefined, what: 'Undone' | 'Redone'): void => {
    if (!to) return announce(what === 'Undone' ? 'Nothing to undo' : 'Nothing to redo');
    setDraft(to);
    if (errors.size > 0) setErrors(new Map());
    announce(what);
  };
  const undo = () => travel(history.undo(), 'Undone');
  const redo = () => travel(history.redo(), 'Redone');
  useUndoKeys(editor, undo, redo);

  const change = (next: PageDraft): void => {
    history.push(draft, draftChangeGroup(draft, next));
    setDraft(next);
    // A change of the blocks' order or number moves the paths errors are keyed by: they go.
    if (errors.size > 0) setErrors(new Map());
  };

  /** Show field errors where they belong: their cards open, the first field focused. */
  const show = (found: ReadonlyMap<string, string>, general?: string): void => {
    setErrors(found);
    const ids = [...blocksInError(found)].flatMap((i) => draft.blocks[i]?.id ?? []);
    if (ids.length > 0) setOpen((o) => new Set([...o, ...ids]));
    setProblem({
      kind: 'general',
      message:
        general ??
        `${found.size === 1 ? 'One field needs' : `${found.size} fields need`} attention before the page can be saved.`,
    });
    showErrors.current = true;
  };

  const failed = (err: unknown): void => {
    if (err instanceof ApiError && err.status === 401) return;
    if (err instanceof ApiError && err.code === 'stale') {
      autosave.flush();
      setProblem({ kind: 'stale', message: err.message });
    } else if (err instanceof ApiError && err.status === 400 && err.field === 'blocks') {
      // The whole page is too large (the server's size limit): no one field to point at.
      setProblem({
        kind: 'general',
        message: `This page ${err.sentence.replace(/^blocks: /, '')}.`,
      });
    } else if (err instanceof ApiError && err.status === 400 && err.field) {
      show(
        new Map([[err.field, err.message]]),
        'The page was not saved: one field needs attention.',
      );
    } else if (err instanceof ApiError && err.status === 502) {
      setProblem({ kind: 'later', message: err.message });
    } else
      setProblem({
        kind: 'general',
        message: err instanceof Error ? err.message : 'Something went wrong. Please try again.',
      });
    showErrors.current = true;
  };

  /** Save the draft; the saved page, or null when refused (the reason is shown). */
  const save = async (): Promise<SitePage | null> => {
    setProblem(null);
    setStatus(null);
    const checked = pageDraftContent.safeParse(draft);
    if (!checked.success) {
      show(errorsOfIssues(checked.error.issues));
      return null;
    }
    const { data: content } = checked;
    try {
      const { data } = await api('updatePage', {
        body: {
          path: saved.path,
          version: saved.version,
          title: content.title,
          description: content.description,
          keywords: content.keywords,
          image: content.image,
          shareTitle: content.shareTitle,
          shareDescription: content.shareDescription,
          canonical: content.canonical,
          noindex: content.noindex,
          breadcrumb: content.breadcrumb,
          blocks: content.blocks,
        },
      });
      autosave.saved(draft);
      setStored(draft);
      setSaved(data);
      setErrors(new Map());
      pagesChanged();
      return data;
    } catch (err) {
      failed(err);
      return null;
    }
  };

  const onSave = async (): Promise<void> => {
    if (busy) return;
    setBusy('save');
    const done = await save();
    setBusy(null);
    if (done)
      setStatus({
        kind: 'ok',
        text:
          done.status === 'draft'
            ? 'Draft saved. It is not on the site until you publish it.'
            : 'Draft saved. Visitors see the published version until you publish again.',
      });
  };

  const onPublish = async (): Promise<void> => {
    if (busy) return;
    setBusy('publish');
    try {
      setProblem(null);
      setStatus(null);
      const current = dirty ? await save() : saved;
      if (!current) return;
      const { data, message } = await api('publishPage', {
        body: { path: current.path, version: current.version },
      });
      setSaved(data);
      pagesChanged();
      setStatus({ kind: 'ok', text: message });
    } catch (err) {
      failed(err);
    } finally {
      setBusy(null);
    }
  };

  const head: Record<string, unknown> = {
    title: draft.title,
    description: draft.description,
    keywords: draft.keywords,
    image: draft.image,
    shareTitle: draft.shareTitle,
    shareDescription: draft.shareDescription,
    canonical: draft.canonical,
    noindex: draft.noindex,
  };
  const live = saved.published !== null;

  return (
    <div className="page-editor" ref={editor}>
      <div className="post-form__bar" role="group" aria-label="Page actions">
        <p className="post-form__status">
          <span>Status:</span>{' '}
          <span
            className={`status-badge status-badge--${saved.status === 'published' ? 'published' : saved.status === 'draft' ? 'draft' : 'scheduled'}`}
          >
            {PAGE_STATUS_LABEL[saved.status]}
          </span>
          {dirty && <span className="post-form__hint"> · Unsaved changes</span>}
          <PageSize draft={draft} />
        </p>
        <div className="post-form__actions">
          <Link to={pagePath('pageList')} className="btn btn--outline">
            Back
          </Link>
          <button
            type="button"
            className="btn btn--outline"
            aria-label="Undo last change"
            aria-disabled={!history.canUndo}
            aria-keyshortcuts="Control+Z Meta+Z"
            title="Undo (Ctrl+Z)"
            onClick={undo}
          >
            Undo
          </button>
          <button
            type="button"
            className="btn btn--outline"
            aria-label="Redo last change"
            aria-disabled={!history.canRedo}
            aria-keyshortcuts="Control+Shift+Z Meta+Shift+Z Control+Y"
            title="Redo (Ctrl+Shift+Z)"
            onClick={redo}
          >
            Redo
          </button>
          <button
            type="button"
            className="btn btn--outline"
            disabled={busy !== null}
            onClick={() => void onSave()}
          >
            {busy === 'save' ? 'Saving…' : 'Save draft'}
          </button>
          <a
            href={pagePreviewHref(saved.path)}
            target="_blank"
            rel="noopener"
            className="btn btn--outline"
            // The preview shows the unsaved edits too: they are written to this browser first.
            onClick={() => autosave.flush()}
          >
            Preview
          </a>
          <PreviewToggle pane={preview} onOpen={() => autosave.flush()} />
          {live && (
            <a href={saved.path} target="_blank" rel="noopener" className="btn btn--outline">
              View live
            </a>
          )}
          <button
            type="button"
            className="btn btn--primary"
            disabled={busy !== null}
            onClick={() => void onPublish()}
          >
            {busy === 'publish' ? 'Publishing…' : 'Publish'}
          </button>
        </div>
      </div>
      <p className="post-form__hint">
        {saved.path} · last changed {formatAdminDateTime(saved.updated_at)}
        {saved.updated_by_name ? ` by ${saved.updated_by_name}` : ''}
        {saved.published_at ? ` · published ${formatAdminDateTime(saved.published_at)}` : ''}
      </p>
      <PageAddress page={saved} dirty={dirty} />
      <PageSchedule page={saved} dirty={dirty} onChange={setSaved} />
      <StatusLine status={status} />
      <p className="visually-hidden" role="status" aria-live="polite">
        {said}
      </p>
      {autosave.offer && (
        <RestoreBanner
          subject="this page"
          savedAt={autosave.offer.savedAt}
          onRestore={() => {
            const copy = autosave.offer;
            autosave.restore();
            if (copy) recovery.restore(copy);
          }}
          onDiscard={autosave.discard}
        />
      )}
      {recovery.choice}
      {problem && (
        <div
          ref={problemRef}
          tabIndex={-1}
          className={
            problem.kind === 'stale'
              ? 'form-error form-error--stale'
              : problem.kind === 'later'
                ? 'admin-status'
                : 'form-error'
          }
          role="alert"
        >
          {problem.kind === 'stale' ? (
            <StaleReload
              said={
                <>
                  Someone else saved this page after you opened it, so your changes were not saved.
                  ({problem.message})
                </>
              }
              onReload={onReload}
            />
          ) : (
            <p>{problem.message}</p>
          )}
        </div>
      )}
      <BlockOutline
        blocks={draft.blocks}
        toggleIdOf={(i) => `${scope.idOf(['blocks', i])}-toggle`}
      />
      <div className={preview.open ? 'page-editor__split' : undefined}>
        <div ref={form}>
          <FieldFormProvider scope={scope}>
            <section className="page-editor__settings" aria-labelledby={`${base}-settings`}>
              <h2 id={`${base}-settings`}>Page settings</h2>
              <FieldsForm
                fields={HEAD_FIELDS}
                path={[]}
                value={head}
                onChange={(next) =>
                  change({
                    ...draft,
                    title: typeof next.title === 'string' ? next.title : '',
                    description: typeof next.description === 'string' ? next.description : '',
                    keywords: typeof next.keywords === 'string' ? next.keywords : '',
                    image: typeof next.image === 'string' ? next.image : '',
                    shareTitle: typeof next.shareTitle === 'string' ? next.shareTitle : '',
                    shareDescription:
                      typeof next.shareDescription === 'string' ? next.shareDescription : '',
                    canonical: typeof next.canonical === 'string' ? next.canonical : '',
                    noindex: next.noindex === true,
                  })
                }
              />
              <SearchPreview
                title={draft.title}
                description={draft.description}
                path={saved.path}
              />
              <FieldInput
                field={BREADCRUMB}
                path={['breadcrumb']}
                value={draft.breadcrumb}
                onChange={(v) =>
                  change({
                    ...draft,
                    breadcrumb: Array.isArray(v)
                      ? v.map((c: Record<string, unknown>) => ({
                          name: typeof c.name === 'string' ? c.name : '',
                          path: typeof c.path === 'string' ? c.path : '',
                        }))
                      : [],
                  })
                }
              />
            </section>
            <section className="page-editor__blocks" aria-labelledby={`${base}-blocks`}>
              <h2 id={`${base}-blocks`}>Blocks</h2>
              <BlockList
                blocks={draft.blocks}
                onChange={(blocks) => change({ ...draft, blocks })}
                open={open}
                setOpen={(update) => setOpen((o) => update(o))}
                scope={scope}
                hasError={(i) =>
                  [...errors.keys()].some(
                    (k) => k.startsWith(`blocks.${i}.`) || k === `blocks.${i}`,
                  )
                }
              />
            </section>
          </FieldFormProvider>
        </div>
        {preview.open && (
          <PreviewPane
            pane={preview}
            href={pagePreviewHref(saved.path)}
            draft={draft}
            flush={autosave.flush}
          />
        )}
      </div>
      <PageRevisions page={saved} version={saved.version} current={draft} onRestored={onRestored} />
    </div>
  );
}

type LoadState =
  | { kind: 'loading' }
  | { kind: 'ready'; page: SitePage; loadedAt: number; notice?: string }
  | { kind: 'error'; message: string; notFound: boolean };

/** Loads the page named by the address, then shows the editor filled with its draft. */
function EditPage({ path }: { path: string }) {
  const api = useAdminApi();
  const [state, setState] = useState<LoadState>({ kind: 'loading' });
  const load = useCallback(
    (notice?: string) => {
      setState({ kind: 'loading' });
      api('getPage', { query: { path } })
        .then(({ data }) =>
          setState({
            kind: 'ready',
            page: data,
            loadedAt: Date.now(),
            ...(notice ? { notice } : {}),
          }),
        )
        .catch((err: unknown) => {
          if (err instanceof ApiError && err.status === 401) return;
          setState({
            kind: 'error',
            message: err instanceof Error ? err.message : 'The page could not be loaded.',
            notFound: err instanceof ApiError && err.status === 404,
          });
        });
    },
    [api, path],
  );
  useEffect(() => load(), [load]);

  if (state.kind === 'loading') return <p aria-busy="true">Loading the page…</p>;
  if (state.kind === 'error')
    return (
      <div className="form-error" role="alert">
        <p>{state.notFound ? `There is no page at ${path}.` : state.message}</p>
        {!state.notFound && (
          <button type="button" className="btn btn--primary" onClick={() => load()}>
            Retry
          </button>
        )}
        <Link to={pagePath('pageList')}>Back to the pages</Link>
      </div>
    );
  return (
    <PageForm
      key={`${state.page.path}-${state.loadedAt}`}
      page={state.page}
      notice={state.notice}
      onReload={() => load()}
      onRestored={(_page, restored) => load(restored)}
    />
  );
}

/** `/admin/pages/edit?path=/…`: the block editor of one marketing page. */
export default function PageEditorPage() {
  const [params] = useSearchParams();
  const path = params.get('path') ?? '';
  return (
    <AdminLayout title="Edit page">
      <PresenceNotice subject={path ? `page:${path}` : null} what="this page" />
      {path ? (
        <EditPage key={path} path={path} />
      ) : (
        <p role="alert">
          No page named. <Link to={pagePath('pageList')}>Choose one from the pages</Link>.
        </p>
      )}
    </AdminLayout>
  );
}
