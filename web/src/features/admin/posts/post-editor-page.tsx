import { lazy, Suspense, useCallback, useEffect, useId, useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { TIMINGS, type Post } from '@agency/shared';
import { ApiError } from '../../../lib/api-client';
import { Popup } from '../../../components/popup';
import { AdminLayout } from '../shell/admin-layout';
import { BannerInput } from './banner-input';
import { ConfirmDialog } from '../ui/confirm-dialog';
import editorCss from './editor.css?inline';
import { FIELD_LABELS, type PostField } from './post-form-errors';
import { PresenceNotice } from '../ui/presence';
import { RestoreBanner } from '../ui/restore-banner';
import { useAdminApi } from '../shell/use-admin-api';
import { useAuthors, useCategories } from './api';
import { pageHref, pagePath } from '../../../config/pages';
import { ChoiceField } from './choice-field';
import { Field } from './form-field';
import { MetaDescriptionField } from './meta-description-field';
import { PostActionsBar } from './post-actions-bar';
import { EMPTY_VALUES, valuesOf, type Intent, type Values } from './post-form-values';
import { SaveButton } from './save-button';
import { SaveProblem } from './save-problem';
import { ScheduleControls } from './schedule-controls';
import { SlugField } from './slug-field';
import { useBannerChoice } from './use-banner-choice';
import { useKeptCopy } from './use-kept-copy';
import { usePostFields } from './use-post-fields';
import { usePostSave, type Success } from './use-post-save';
import { usePublishAt } from './use-publish-at';
import { useRefusedSaveFocus } from './use-refused-save-focus';
import { useStoredPost } from './use-stored-post';

const RichTextEditor = lazy(() => import('./rich-text-editor'));
const RevisionsPanel = lazy(() => import('./revisions-panel'));

interface PostFormProps {
  /** The post being edited; undefined when adding. */
  existing?: Post;
  onReload?: () => void;
  /** A revision became the current version: show it (at its slug's address), saying which it was. */
  onRestored?: (post: Post, restored: string) => void;
  /** Said once when the form opens (what a restore brought back). */
  notice?: string | undefined;
}

function PostForm({ existing, onReload, onRestored, notice }: PostFormProps) {
  const navigate = useNavigate();
  const base = useId();
  const id = (f: string): string => `${base}-${f}`;
  const [loaded] = useState<Values>(() => (existing ? valuesOf(existing) : EMPTY_VALUES));
  const record = useStoredPost(existing, loaded);
  const { saved, version } = record;
  const fields = usePostFields(loaded, saved?.status);
  const { values, errors, set } = fields;
  const schedule = usePublishAt(existing, fields);
  const banner = useBannerChoice(existing, saved, fields);
  const [success, setSuccess] = useState<Success | null>(() =>
    notice ? { message: notice } : null,
  );
  const kept = useKeptCopy(existing, loaded, fields, banner.choose, (message) =>
    setSuccess({ message }),
  );
  const focus = useRefusedSaveFocus(errors, id);
  const { saving, dirty, save, unpublish, ...saver } = usePostSave({
    fields,
    record,
    banner,
    publication: schedule.publication,
    keptSaved: kept.autosave.saved,
    reveal: focus.reveal,
    setSuccess,
  });
  const categories = useCategories();
  const authors = useAuthors();

  // Enter in a field keeps the post's state: it never publishes by accident.
  const onSubmit = (e: FormEvent): void => {
    e.preventDefault();
    void save(saved?.status === 'published' ? 'update' : 'draft');
  };
  const onSave = (intent: Intent): void => void save(intent);

  const describedBy = (f: PostField, ...more: (string | false)[]): string | undefined =>
    [errors[f] ? `${id(f)}-error` : '', ...more].filter(Boolean).join(' ') || undefined;
  const choice = (
    field: 'category_id' | 'author_id',
    options: [id: number, name: string][] | undefined,
  ) => (
    <ChoiceField
      id={id(field)}
      label={FIELD_LABELS[field]}
      error={errors[field]}
      describedBy={describedBy(field)}
      value={values[field]}
      onChange={(value) => set(field, value)}
      options={options}
    />
  );
  const contentLabelId = `${id('content')}-label`;
  const status = saved?.status;
  const live = status === 'published' && saved ? saved : null;

  return (
    <div className="post-editor">
      <style href="agency-editor" precedence="default">
        {editorCss}
      </style>
      {/* Save, Publish, Update, Unpublish and Preview stay in view however long the post is. */}
      <PostActionsBar
        saved={saved}
        canGoBack={existing !== undefined}
        saving={saving}
        onSave={onSave}
        onUnpublish={() => saver.setConfirmUnpublish(true)}
        previewHintId={id('preview-hint')}
      />
      <form className="post-form" onSubmit={onSubmit} noValidate>
        {saved && (
          <p className="post-form__hint" id={id('preview-hint')}>
            Preview opens in a new tab and shows the last saved version.
          </p>
        )}
        <PresenceNotice subject={saved ? `post:${saved.id}` : null} what="this post" />
        {kept.autosave.offer && (
          <RestoreBanner
            savedAt={kept.autosave.offer.savedAt}
            onRestore={kept.restore}
            onDiscard={kept.autosave.discard}
          />
        )}
        {kept.choice}
        <SaveProblem
          general={saver.general}
          stale={saver.stale}
          focusRef={focus.generalRef}
          onReload={onReload}
        />
        <Field id={id('title')} label={FIELD_LABELS.title} error={errors.title}>
          <input
            id={id('title')}
            type="text"
            value={values.title}
            onChange={(e) => fields.onTitle(e.target.value)}
            aria-invalid={errors.title ? true : undefined}
            aria-describedby={describedBy('title')}
          />
        </Field>
        <SlugField
          id={id('slug')}
          value={values.slug}
          error={errors.slug}
          liveSlug={live?.slug ?? null}
          onChange={fields.onSlug}
          onBlur={fields.onSlugBlur}
          describedBy={(more) => describedBy('slug', more)}
        />
        {choice(
          'category_id',
          categories.data?.data.map((c) => [c.id, c.category]),
        )}
        <Field
          id={id('content')}
          label={FIELD_LABELS.content}
          error={errors.content}
          labelId={contentLabelId}
        >
          <Suspense fallback={<div className="rich-text rich-text--loading">Loading editor…</div>}>
            <RichTextEditor
              id={id('content')}
              labelledBy={contentLabelId}
              value={values.content}
              onChange={(html, source) => {
                set('content', html);
                if (source !== 'user') kept.autosave.rebase({ content: html });
              }}
              invalid={Boolean(errors.content)}
              describedBy={describedBy('content')}
            />
          </Suspense>
        </Field>
        <MetaDescriptionField
          id={id('meta_description')}
          value={values.meta_description}
          error={errors.meta_description}
          onChange={(value) => set('meta_description', value)}
          describedBy={(more) => describedBy('meta_description', more)}
        />
        <Field id={id('head_tag')} label={FIELD_LABELS.head_tag} error={errors.head_tag}>
          <textarea
            id={id('head_tag')}
            rows={5}
            value={values.head_tag}
            onChange={(e) => set('head_tag', e.target.value)}
            aria-invalid={errors.head_tag ? true : undefined}
            aria-describedby={describedBy('head_tag')}
          />
        </Field>
        <Field
          id={id('banner_image')}
          label={FIELD_LABELS.banner_image}
          error={errors.banner_image}
        >
          <BannerInput
            id={id('banner_image')}
            banner={banner.banner}
            onChange={banner.onBanner}
            onBusy={banner.setBannerBusy}
            onError={(message) => fields.setError('banner_image', message)}
            error={errors.banner_image}
            errorId={`${id('banner_image')}-error`}
          />
        </Field>
        {choice(
          'author_id',
          authors.data?.data.map((a) => [a.id, a.name]),
        )}
        {status !== 'published' && (
          <ScheduleControls
            id={id('publish_at')}
            value={schedule.publishAt}
            onChange={schedule.onPublishAt}
            error={errors.publish_at}
            describedBy={describedBy('publish_at')}
            button={
              <SaveButton
                intent="schedule"
                label={status === 'scheduled' ? 'Reschedule' : 'Schedule'}
                busyLabel="Scheduling…"
                saving={saving}
                onSave={onSave}
              />
            }
          />
        )}
        <ConfirmDialog
          open={saver.confirmUnpublish}
          title="Unpublish this post?"
          message={
            dirty
              ? 'It goes off the blog now and becomes a draft, as it was last saved. Your unsaved edits are not saved or published: they stay in the form, to save as a draft or publish later.'
              : 'It goes off the blog now and becomes a draft. Readers following a link to it will find nothing until you publish it again.'
          }
          confirmLabel="Unpublish"
          busy={saving !== null}
          onConfirm={() => void unpublish()}
          onCancel={() => saver.setConfirmUnpublish(false)}
        />
        <Popup
          open={success !== null}
          variant="success"
          title="Success!"
          message={success?.message ?? ''}
          autoCloseMs={saved === null ? TIMINGS.addSuccessPopupMs : TIMINGS.updateSuccessPopupMs}
          onClose={() => {
            const then = success?.then;
            setSuccess(null);
            if (then) void navigate(then, { replace: then !== pagePath('adminList') });
          }}
        />
      </form>
      {saved && (
        <Suspense fallback={null}>
          <RevisionsPanel
            post={saved}
            version={version ?? saved.version}
            current={values}
            onRestored={(post, restored) => onRestored?.(post, restored)}
          />
        </Suspense>
      )}
    </div>
  );
}

/** What a restore at another address said it brought back (navigation state), if anything. */
function restoredOf(state: unknown): string | undefined {
  const said =
    state !== null && typeof state === 'object' ? Reflect.get(state, 'restored') : undefined;
  return typeof said === 'string' ? said : undefined;
}

/** Loads the post named by the route, then shows the form filled with it. */
function EditPost({ slug }: { slug: string }) {
  const api = useAdminApi();
  const navigate = useNavigate();
  const location = useLocation();
  const [restored, setRestored] = useState<string | undefined>(() => restoredOf(location.state));
  const [state, setState] = useState<
    | { kind: 'loading' }
    | { kind: 'ready'; post: Post; loadedAt: number }
    | { kind: 'error'; message: string; notFound: boolean }
  >({ kind: 'loading' });
  const load = useCallback(() => {
    setState({ kind: 'loading' });
    api('getPost', { body: { slug } })
      .then(({ data }) => setState({ kind: 'ready', post: data.post, loadedAt: Date.now() }))
      .catch((err: unknown) => {
        if (err instanceof ApiError && err.status === 401) return;
        setState({
          kind: 'error',
          message: err instanceof Error ? err.message : 'The post could not be loaded.',
          notFound: err instanceof ApiError && err.status === 404,
        });
      });
  }, [api, slug]);
  useEffect(load, [load]);
  // Said once: the form that opened with it has it; a later reload (or a refreshed page) does not.
  const ready = state.kind === 'ready';
  useEffect(() => {
    if (!ready || restored === undefined) return;
    setRestored(undefined);
    if (restoredOf(location.state) !== undefined)
      void navigate(location.pathname, { replace: true, state: null });
  }, [ready, restored, location, navigate]);

  if (state.kind === 'loading') return <p aria-busy="true">Loading the post…</p>;
  if (state.kind === 'error')
    return (
      <div className="form-error" role="alert">
        <p>{state.notFound ? 'This post does not exist any more.' : state.message}</p>
        {!state.notFound && (
          <button type="button" className="btn btn--primary" onClick={load}>
            Retry
          </button>
        )}
        <Link to={pagePath('adminList')}>Back to the posts</Link>
      </div>
    );
  return (
    <PostForm
      key={`${state.post.id}-${state.loadedAt}`}
      existing={state.post}
      onReload={load}
      notice={restored}
      onRestored={(post, what) => {
        // The address names the slug it was opened with: reload there, or move to the restored slug
        // (the sentence saying what was restored goes along, to be said once the post is loaded).
        if (post.slug === slug) {
          setRestored(what);
          load();
        } else
          void navigate(pageHref('postEditor', { slug: post.slug }), {
            replace: true,
            state: { restored: what },
          });
      }}
    />
  );
}

/** `/add-blog` and `/edit-blog/:slug`. */
export default function PostEditorPage() {
  const { slug } = useParams();
  return (
    <AdminLayout title={slug === undefined ? 'Add blog' : 'Edit blog'}>
      {slug === undefined ? <PostForm /> : <EditPost key={slug} slug={slug} />}
    </AdminLayout>
  );
}
