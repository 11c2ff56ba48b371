import {
  lazy,
  Suspense,
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
  type FormEvent,
  type ReactNode,
} from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import {
  BLANK_POST_CONTENT,
  POST_LIMITS,
  postContent,
  slugify,
  TIMINGS,
  type MediaItem,
  type Post,
  type PostFormValues,
} from '@agency/shared';
import { ApiError, type BodyValue } from '../../../lib/api-client';
import { Popup } from '../../../components/popup';
import { AdminLayout } from '../shell/admin-layout';
import { postPath } from '../../blog/paths';
import { BannerInput, shownFromItem, type ShownBanner } from './banner-input';
import { ConfirmDialog } from '../ui/confirm-dialog';
import editorCss from './editor.css?inline';
import { classifySaveError, FIELD_LABELS, type PostField } from './post-form-errors';
import { formatLocal, fromLocalInput, toLocalInput, zoneLabel } from '../ui/publish-time';
import { StatusBadge } from './status-badge';
import { useMergeRestore } from '../ui/conflict-choice';
import { PresenceNotice } from '../ui/presence';
import { RestoreBanner } from '../ui/restore-banner';
import { useAdminApi } from '../shell/use-admin-api';
import { useAutosave } from './use-autosave';
import { useAuthors, useCategories, useRevisionsChanged } from './api';
import { pageHref, pagePath } from '../../../config/pages';

const RichTextEditor = lazy(() => import('./rich-text-editor'));
const RevisionsPanel = lazy(() => import('./revisions-panel'));

/** What a save asks for: keep the post's state (`update`), or make it a draft, scheduled or published. */
type Intent = 'update' | 'draft' | 'schedule' | 'publish';

/**
 * The form's values: the shared `postFormValues` (every content field, category and author), and
 * the banner chosen since the form was loaded, as JSON (`BannerChoice`), or '' for none: kept in
 * the working copy so a crash after a long upload does not lose which image was chosen.
 */
type Values = PostFormValues & { banner: string };

/** What the next save sends about the banner (an image id or `none`) and what the form shows. */
interface BannerChoice {
  media: string;
  shown: ShownBanner | null;
}

const readChoice = (json: string): BannerChoice | null => {
  if (!json) return null;
  try {
    return JSON.parse(json) as BannerChoice;
  } catch {
    return null;
  }
};

const EMPTY: Values = { ...BLANK_POST_CONTENT, category_id: '', author_id: '', banner: '' };

/** A post's content fields, category and author as the form (and a save) holds them. */
const fieldsOf = (p: Post): PostFormValues => ({
  ...postContent.parse(p),
  category_id: p.category ? String(p.category.id) : '',
  author_id: p.author ? String(p.author.id) : '',
});

const valuesOf = (p: Post): Values => ({ ...fieldsOf(p), banner: '' });

/** Whether the form shows something the stored post does not have (the banner choice aside). */
const differs = (a: Values, b: Values): boolean =>
  (Object.keys(a) as (keyof Values)[]).some((k) => k !== 'banner' && a[k] !== b[k]);

/**
 * Whether the slug still follows the title: never once the post is published (its address is out
 * there), nor once the author has typed a slug of their own (one that is not the title's).
 */
const slugFollowsTitle = (v: Values, status: Post['status'] | undefined): boolean =>
  status !== 'published' && v.slug === slugify(v.title);

/** The fields in the order the form shows them: a refused save goes to the first one in error. */
const FORM_ORDER: readonly PostField[] = [
  'title',
  'slug',
  'category_id',
  'content',
  'meta_description',
  'head_tag',
  'banner_image',
  'author_id',
  'publish_at',
];

/**
 * Bring a field's error message into view and put the caret in the field: the control named `id`,
 * or inside a rich text or a button group, the first thing in the field that takes focus.
 */
function showFieldError(id: string): void {
  const message = document.getElementById(`${id}-error`);
  const control = document.getElementById(id);
  const field = message?.closest<HTMLElement>('.form-field');
  const first = (selector: string) => field?.querySelector<HTMLElement>(selector) ?? null;
  const target =
    control?.matches('input:not([hidden]), select, textarea') === true
      ? control
      : (first('[contenteditable="true"]') ??
        first('input:not([hidden]), select, textarea, button'));
  message?.scrollIntoView?.({ block: 'center' });
  target?.focus({ preventScroll: true });
}

const bannerOf = (p: Post | undefined): ShownBanner | null =>
  p?.banner_image ? { image: p.banner, path: p.banner_image } : null;

type Errors = Partial<Record<PostField, string>>;

function Field({
  id,
  label,
  error,
  children,
  labelId,
}: {
  id: string;
  label: string;
  error?: string;
  children: ReactNode;
  labelId?: string;
}) {
  return (
    <div className={error ? 'form-field form-field--invalid' : 'form-field'}>
      <label htmlFor={id} id={labelId}>
        {label}
      </label>
      {children}
      {error && (
        <p id={`${id}-error`} className="form-field__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

interface PostFormProps {
  /** The post being edited; undefined when adding. */
  existing?: Post;
  onReload?: () => void;
  /** A revision became the current version: show it (at its slug's address), saying which it was. */
  onRestored?: (post: Post, restored: string) => void;
  /** Said once when the form opens (what a restore brought back). */
  notice?: string | undefined;
}

function successMessage(intent: Intent, isNew: boolean, was: Post | null, saved: Post): string {
  switch (intent) {
    case 'publish':
      return isNew ? 'New blog added' : 'Published. It is on the blog now.';
    case 'draft':
      return was?.status === 'published'
        ? 'Unpublished: saved as a draft.'
        : 'Draft saved. It is not on the blog.';
    case 'schedule':
      return `Scheduled for ${formatLocal(saved.publish_at ?? '')} (${zoneLabel()}).`;
    case 'update':
      return 'Blog Updated.';
  }
}

function PostForm({ existing, onReload, onRestored, notice }: PostFormProps) {
  const api = useAdminApi();
  const navigate = useNavigate();
  const base = useId();
  const id = (f: string): string => `${base}-${f}`;
  const [loaded] = useState<Values>(() => (existing ? valuesOf(existing) : EMPTY));
  const [values, setValues] = useState<Values>(loaded);
  const autosave = useAutosave(existing ? String(existing.id) : 'new', values, loaded);
  const [version, setVersion] = useState(existing?.version);
  /** The post as last saved: its id, status and publication time drive the buttons. */
  const [saved, setSaved] = useState<Post | null>(existing ?? null);
  const [publishAt, setPublishAt] = useState(
    existing?.status === 'scheduled' ? toLocalInput(existing.publish_at) : '',
  );
  /** The banner shown, and what the next save sends about it: an image id, `none`, or nothing (unchanged). */
  const [banner, setBanner] = useState<ShownBanner | null>(() => bannerOf(existing));
  const [bannerMedia, setBannerMedia] = useState<string | undefined>(undefined);
  const [bannerBusy, setBannerBusy] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const [general, setGeneral] = useState<string | null>(null);
  const [stale, setStale] = useState<string | null>(null);
  const [saving, setSaving] = useState<Intent | null>(null);
  const [success, setSuccess] = useState<{ message: string; then?: string } | null>(() =>
    notice ? { message: notice } : null,
  );
  const revisionsChanged = useRevisionsChanged();
  /** The form's values as the server holds them: what "unsaved edits" are measured against. */
  const [stored, setStored] = useState<Values>(loaded);
  /** Whether the slug is still the title's: set when the form opens, and when a working copy comes back. */
  const [slugFollows, setSlugFollows] = useState(() => slugFollowsTitle(loaded, existing?.status));
  const [confirmUnpublish, setConfirmUnpublish] = useState(false);
  /** Set by a refused save: once its messages are drawn, the first field in error takes the focus. */
  const showError = useRef(false);
  const generalRef = useRef<HTMLDivElement>(null);
  const categories = useCategories();
  const authors = useAuthors();

  const set = (field: keyof Values, value: string): void => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const follows = slugFollows && saved?.status !== 'published';
  const onTitle = (title: string): void => {
    setValues((v) => ({ ...v, title, ...(follows ? { slug: slugify(title) } : {}) }));
    setErrors((e) => ({ ...e, title: undefined, ...(follows ? { slug: undefined } : {}) }));
  };

  const onSlug = (slug: string): void => {
    set('slug', slug);
    setSlugFollows(false);
  };

  /** Leaving the slug field tidies what was typed into a slug; an emptied one follows the title again (drafts). */
  const onSlugBlur = (): void => {
    const typed = values.slug;
    if (typed.trim() === '' && saved?.status !== 'published') {
      setSlugFollows(true);
      set('slug', slugify(values.title));
    } else if (typed.trim() !== '' && slugify(typed) !== '' && slugify(typed) !== typed) {
      set('slug', slugify(typed));
    }
  };

  // After a refused save: the first field in error (or the general message) comes into view.
  useEffect(() => {
    if (!showError.current) return;
    showError.current = false;
    const first = FORM_ORDER.find((f) => errors[f]);
    if (first) showFieldError(id(first));
    else generalRef.current?.scrollIntoView?.({ block: 'center' });
  });

  const choose = (choice: BannerChoice | null): void => {
    setBanner(choice ? choice.shown : bannerOf(saved ?? undefined));
    setBannerMedia(choice?.media || undefined);
  };

  // Restoring a kept copy merges its edits onto this version (the body is one field: a choice).
  const recovery = useMergeRestore(
    loaded,
    (copy, message) => {
      setValues(copy);
      setSlugFollows(slugFollowsTitle(copy, saved?.status));
      const choice = readChoice(copy.banner);
      if (choice) choose(choice);
      setSuccess({ message });
    },
    {
      subject: 'this post',
      labelOf: (c) => {
        const field = String(c.path[0]);
        return field === 'banner' ? 'Banner image' : (FIELD_LABELS[field as PostField] ?? field);
      },
    },
  );

  const onBanner = (item: MediaItem | null): void => {
    // Removing a banner the saved post does not have changes nothing.
    const choice = {
      media: item ? item.id : saved?.banner_image ? 'none' : '',
      shown: item ? shownFromItem(item) : null,
    };
    choose(choice);
    set('banner', JSON.stringify(choice));
    setErrors((e) => ({ ...e, banner_image: undefined }));
  };

  /** The lifecycle fields of a save, or null when the schedule time is missing or past (shown at the field). */
  const publication = (intent: Intent): Record<string, BodyValue> | null => {
    if (intent === 'draft') return { status: 'draft' };
    if (intent === 'publish') return { status: 'published' };
    if (intent === 'update') return {};
    const at = fromLocalInput(publishAt);
    const problem = !at
      ? 'Pick the date and time to publish at.'
      : Date.parse(at) <= Date.now()
        ? 'Pick a time in the future.'
        : null;
    if (problem || !at) {
      setErrors((e) => ({ ...e, publish_at: problem ?? undefined }));
      return null;
    }
    return { status: 'scheduled', publish_at: at };
  };

  const save = async (intent: Intent): Promise<void> => {
    if (saving) return;
    if (bannerBusy) {
      showError.current = true;
      setErrors((e) => ({
        ...e,
        banner_image: 'The banner is still uploading: save once it is done.',
      }));
      return;
    }
    const lifecycle = publication(intent);
    if (!lifecycle) {
      showError.current = true;
      return;
    }
    setGeneral(null);
    setStale(null);
    setSaving(intent);
    const { banner: _choice, ...fields } = values;
    const body: Record<string, BodyValue> = {
      ...fields,
      ...lifecycle,
      banner_media: bannerMedia,
    };
    try {
      const isNew = saved === null;
      const { data } = isNew
        ? await api('createPost', { body })
        : await api('updatePost', { body: { ...body, id: saved.id, version } });
      autosave.saved(values);
      setStored(values);
      setSuccess({
        message: successMessage(intent, isNew, saved, data),
        // A new post goes to the list once published, else to its own editor (preview, schedule);
        // a post whose slug changed to the editor at its new address, which a reload opens.
        then: isNew
          ? intent === 'publish'
            ? pagePath('adminList')
            : pageHref('postEditor', { slug: data.slug })
          : data.slug !== saved.slug
            ? pageHref('postEditor', { slug: data.slug })
            : undefined,
      });
      if (!isNew) {
        setSaved(data);
        setVersion(data.version);
        // The same image keeps the file name and size shown since its upload.
        setBanner((shown) =>
          shown?.image && shown.image.id === data.banner?.id ? shown : bannerOf(data),
        );
        setBannerMedia(undefined);
        revisionsChanged();
      }
    } catch (err) {
      if (err instanceof ApiError && err.status === 401) return;
      showProblem(err);
    } finally {
      setSaving(null);
    }
  };

  /** Show why a save was refused, where it belongs, and bring it into view. */
  const showProblem = (err: unknown): void => {
    const problem = classifySaveError(err);
    showError.current = true;
    if (problem.kind === 'field') setErrors((x) => ({ ...x, [problem.field]: problem.message }));
    else if (problem.kind === 'stale') setStale(problem.message);
    else setGeneral(problem.message);
  };

  /** Unsaved edits: what the form shows differs from the stored post, or a new banner is chosen. */
  const dirty = differs(values, stored) || bannerMedia !== undefined;

  /**
   * Unpublish changes the status only: the stored version becomes a draft, exactly as it is, and
   * whatever is being edited stays in the form unsaved (as in Ghost and WordPress, taking a post
   * offline never publishes or saves other edits on the way).
   */
  const unpublish = async (): Promise<void> => {
    if (!saved || saving) return;
    setConfirmUnpublish(false);
    setGeneral(null);
    setStale(null);
    setSaving('draft');
    try {
      const { data } = await api('updatePost', {
        body: {
          id: saved.id,
          version,
          ...fieldsOf(saved),
          status: 'draft',
        },
      });
      setSaved(data);
      setVersion(data.version);
      setStored(valuesOf(data));
      revisionsChanged();
      setSuccess({
        message: dirty
          ? 'Unpublished: the post is a draft and off the blog. Your edits are still in the form, not saved.'
          : 'Unpublished: the post is a draft and off the blog.',
      });
    } catch (err) {
      if (err instanceof ApiError && err.status === 401) return;
      showProblem(err);
    } finally {
      setSaving(null);
    }
  };

  // Enter in a field keeps the post's state: it never publishes by accident.
  const onSubmit = (e: FormEvent): void => {
    e.preventDefault();
    void save(saved?.status === 'published' ? 'update' : 'draft');
  };

  const describedBy = (f: PostField, ...more: (string | false)[]): string | undefined =>
    [errors[f] ? `${id(f)}-error` : '', ...more].filter(Boolean).join(' ') || undefined;
  /** A required choice from a list the API keeps (category, author): its id and the name shown. */
  const choice = (
    field: 'category_id' | 'author_id',
    options: [id: number, name: string][] | undefined,
  ) => (
    <Field id={id(field)} label={FIELD_LABELS[field]} error={errors[field]}>
      <select
        id={id(field)}
        value={values[field]}
        onChange={(e) => set(field, e.target.value)}
        aria-invalid={errors[field] ? true : undefined}
        aria-describedby={describedBy(field)}
      >
        <option value="" disabled>
          Select
        </option>
        {options?.map(([value, name]) => (
          <option key={value} value={String(value)}>
            {name}
          </option>
        ))}
      </select>
    </Field>
  );
  const contentLabelId = `${id('content')}-label`;
  const status = saved?.status;
  const live = status === 'published' && saved ? saved : null;
  /** The author is changing the address of a live post: say so at the field. */
  const movesAddress = live !== null && values.slug.trim() !== live.slug;
  const button = (intent: Intent, label: string, busyLabel: string, primary = false) => (
    <button
      type="button"
      className={primary ? 'btn btn--primary' : 'btn btn--outline'}
      disabled={saving !== null}
      onClick={() => void save(intent)}
    >
      {saving === intent ? busyLabel : label}
    </button>
  );

  return (
    <div className="post-editor">
      <style href="agency-editor" precedence="default">
        {editorCss}
      </style>
      {/* Save, Publish, Update, Unpublish and Preview stay in view however long the post is. */}
      <div className="post-form__bar" role="group" aria-label="Post actions">
        <p className="post-form__status">
          {saved ? (
            <>
              <span>Status:</span> <StatusBadge post={saved} />
              {live?.publish_at && (
                <span className="post-form__hint">since {formatLocal(live.publish_at)}</span>
              )}
            </>
          ) : (
            <span>New post</span>
          )}
        </p>
        <div className="post-form__actions">
          {existing && (
            <Link to={pagePath('adminList')} className="btn btn--outline">
              Back
            </Link>
          )}
          {live ? (
            <button
              type="button"
              className="btn btn--outline"
              disabled={saving !== null}
              onClick={() => setConfirmUnpublish(true)}
            >
              {saving === 'draft' ? 'Unpublishing…' : 'Unpublish'}
            </button>
          ) : (
            button('draft', 'Save draft', 'Saving…')
          )}
          {saved && (
            <Link
              to={pageHref('preview', { id: String(saved.id) })}
              target="_blank"
              rel="noopener"
              className="btn btn--outline"
              aria-describedby={id('preview-hint')}
            >
              Preview
            </Link>
          )}
          {live && (
            <a
              href={postPath(live.slug)}
              target="_blank"
              rel="noopener"
              className="btn btn--outline"
            >
              View post
            </a>
          )}
          {live
            ? button('update', 'Update', 'Saving…', true)
            : button(
                'publish',
                status === 'scheduled' ? 'Publish now' : 'Publish',
                'Publishing…',
                true,
              )}
        </div>
      </div>
      <form className="post-form" onSubmit={onSubmit} noValidate>
        {saved && (
          <p className="post-form__hint" id={id('preview-hint')}>
            Preview opens in a new tab and shows the last saved version.
          </p>
        )}
        <PresenceNotice subject={saved ? `post:${saved.id}` : null} what="this post" />
        {autosave.offer && (
          <RestoreBanner
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
        {general && (
          <div ref={generalRef} className="form-error" role="alert">
            <p>{general}</p>
          </div>
        )}
        {stale && (
          <div ref={generalRef} className="form-error form-error--stale" role="alert">
            <p>
              Someone else changed this post after you opened it, so your update was not saved. (
              {stale})
            </p>
            <p>
              Reload the latest version: your changes stay in this browser, and “Restore unsaved
              changes” applies them to it, asking where you both changed the same field.
            </p>
            <button type="button" className="btn btn--primary" onClick={onReload}>
              Reload the latest version
            </button>
          </div>
        )}
        <Field id={id('title')} label={FIELD_LABELS.title} error={errors.title}>
          <input
            id={id('title')}
            type="text"
            value={values.title}
            onChange={(e) => onTitle(e.target.value)}
            aria-invalid={errors.title ? true : undefined}
            aria-describedby={describedBy('title')}
          />
        </Field>
        <Field id={id('slug')} label={FIELD_LABELS.slug} error={errors.slug}>
          <input
            id={id('slug')}
            type="text"
            value={values.slug}
            onChange={(e) => onSlug(e.target.value)}
            onBlur={onSlugBlur}
            aria-invalid={errors.slug ? true : undefined}
            aria-describedby={describedBy('slug', movesAddress && id('slug-moves'))}
          />
          {movesAddress ? (
            <p className="post-form__warning" id={id('slug-moves')} role="status">
              This post is live at {postPath(live.slug)}. When you update, its address becomes{' '}
              {postPath(values.slug.trim() || '…')}, and the old one redirects there (301): links
              people saved or shared keep working. See them under Redirects.
            </p>
          ) : (
            live && (
              <p className="post-form__hint">
                The address stays {postPath(live.slug)} whatever the title says; change it here only
                if you must.
              </p>
            )
          )}
        </Field>
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
                if (source !== 'user') autosave.rebase({ content: html });
              }}
              invalid={Boolean(errors.content)}
              describedBy={describedBy('content')}
            />
          </Suspense>
        </Field>
        <Field
          id={id('meta_description')}
          label={FIELD_LABELS.meta_description}
          error={errors.meta_description}
        >
          <textarea
            id={id('meta_description')}
            rows={3}
            maxLength={POST_LIMITS.metaDescriptionMax}
            value={values.meta_description}
            onChange={(e) => set('meta_description', e.target.value)}
            aria-invalid={errors.meta_description ? true : undefined}
            aria-describedby={describedBy('meta_description', id('meta_description-hint'))}
          />
          <p className="post-form__hint post-form__counted" id={id('meta_description-hint')}>
            <span>
              What search engines and link previews (Facebook, LinkedIn, X) show under the title.
              Left empty, the start of the post is used.
            </span>
            <span>
              {values.meta_description.length} / {POST_LIMITS.metaDescriptionMax}
            </span>
          </p>
        </Field>
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
            banner={banner}
            onChange={onBanner}
            onBusy={setBannerBusy}
            onError={(message) => setErrors((e) => ({ ...e, banner_image: message ?? undefined }))}
            error={errors.banner_image}
            errorId={`${id('banner_image')}-error`}
          />
        </Field>
        {choice(
          'author_id',
          authors.data?.data.map((a) => [a.id, a.name]),
        )}
        {status !== 'published' && (
          <div className="post-form__schedule">
            <Field
              id={id('publish_at')}
              label={`${FIELD_LABELS.publish_at} (your time zone: ${zoneLabel()})`}
              error={errors.publish_at}
            >
              <input
                id={id('publish_at')}
                type="datetime-local"
                value={publishAt}
                onChange={(e) => {
                  setPublishAt(e.target.value);
                  setErrors((x) => ({ ...x, publish_at: undefined }));
                }}
                aria-invalid={errors.publish_at ? true : undefined}
                aria-describedby={describedBy('publish_at')}
              />
            </Field>
            <p className="post-form__hint">
              The post goes live by itself within a minute of this time.
            </p>
            <div>
              {button(
                'schedule',
                status === 'scheduled' ? 'Reschedule' : 'Schedule',
                'Scheduling…',
              )}
            </div>
          </div>
        )}
        <ConfirmDialog
          open={confirmUnpublish}
          title="Unpublish this post?"
          message={
            dirty
              ? 'It goes off the blog now and becomes a draft, as it was last saved. Your unsaved edits are not saved or published: they stay in the form, to save as a draft or publish later.'
              : 'It goes off the blog now and becomes a draft. Readers following a link to it will find nothing until you publish it again.'
          }
          confirmLabel="Unpublish"
          busy={saving !== null}
          onConfirm={() => void unpublish()}
          onCancel={() => setConfirmUnpublish(false)}
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
