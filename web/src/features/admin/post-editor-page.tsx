import {
  lazy,
  Suspense,
  useCallback,
  useEffect,
  useId,
  useState,
  type FormEvent,
  type ReactNode,
} from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { slugify, TIMINGS, type Post } from '@agency/shared';
import { ApiError, type BodyValue } from '../../lib/api-client';
import { Popup } from '../../components/popup';
import { AdminLayout } from './admin-layout';
import { BannerInput, checkBanner } from './banner-input';
import { classifySaveError, type PostField } from './post-form-errors';
import { RestoreBanner } from './restore-banner';
import { useAdminApi } from './use-admin-api';
import { useAuthors, useCategories } from './use-taxonomy';
import { useAutosave } from './use-autosave';

const RichTextEditor = lazy(() => import('./rich-text-editor'));

interface Values {
  title: string;
  slug: string;
  category_id: string;
  author_id: string;
  content: string;
  head_tag: string;
}

const EMPTY: Values = {
  title: '',
  slug: '',
  category_id: '',
  author_id: '',
  content: '',
  head_tag: '',
};

const valuesOf = (p: Post): Values => ({
  title: p.title,
  slug: p.slug,
  category_id: p.category ? String(p.category.id) : '',
  author_id: p.author ? String(p.author.id) : '',
  content: p.content,
  head_tag: p.head_tag,
});

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
}

function PostForm({ existing, onReload }: PostFormProps) {
  const api = useAdminApi();
  const navigate = useNavigate();
  const base = useId();
  const id = (f: string): string => `${base}-${f}`;
  const [loaded] = useState<Values>(() => (existing ? valuesOf(existing) : EMPTY));
  const [values, setValues] = useState<Values>(loaded);
  const autosave = useAutosave(existing ? String(existing.id) : 'new', values, loaded);
  const [version, setVersion] = useState(existing?.version);
  const [banner, setBanner] = useState<File | null>(null);
  const [currentBanner, setCurrentBanner] = useState(existing?.banner_image ?? null);
  const [errors, setErrors] = useState<Errors>({});
  const [general, setGeneral] = useState<string | null>(null);
  const [stale, setStale] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const [success, setSuccess] = useState(false);
  const categories = useCategories();
  const authors = useAuthors();

  const set = (field: keyof Values, value: string): void => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const onTitle = (title: string): void => {
    setValues((v) => ({ ...v, title, slug: slugify(title) }));
    setErrors((e) => ({ ...e, title: undefined, slug: undefined }));
  };

  const onBanner = (file: File | null): void => {
    setBanner(file);
    setErrors((e) => ({ ...e, banner_image: file ? (checkBanner(file) ?? undefined) : undefined }));
  };

  const onSubmit = async (e: FormEvent): Promise<void> => {
    e.preventDefault();
    if (errors.banner_image) return;
    setGeneral(null);
    setStale(null);
    setSaving(true);
    const body: Record<string, BodyValue> = { ...values, banner_image: banner ?? undefined };
    const onUploadProgress = banner ? setProgress : undefined;
    try {
      if (existing) {
        const { data } = await api('updatePost', {
          body: { ...body, id: existing.id, version },
          onUploadProgress,
        });
        setVersion(data.version);
        setCurrentBanner(data.banner_image);
        setBanner(null);
      } else {
        await api('createPost', { body, onUploadProgress });
      }
      autosave.saved(values);
      setSuccess(true);
    } catch (err) {
      if (err instanceof ApiError && err.status === 401) return;
      const problem = classifySaveError(err);
      if (problem.kind === 'field') setErrors((x) => ({ ...x, [problem.field]: problem.message }));
      else if (problem.kind === 'stale') setStale(problem.message);
      else setGeneral(problem.message);
    } finally {
      setSaving(false);
      setProgress(null);
    }
  };

  const describedBy = (f: PostField): string | undefined =>
    errors[f] ? `${id(f)}-error` : undefined;
  const contentLabelId = `${id('content')}-label`;

  return (
    <form className="post-form" onSubmit={(e) => void onSubmit(e)} noValidate>
      {autosave.offer && (
        <RestoreBanner
          savedAt={autosave.offer.savedAt}
          onRestore={() => {
            const copy = autosave.restore();
            if (copy) setValues(copy);
          }}
          onDiscard={autosave.discard}
        />
      )}
      {general && (
        <p className="form-error" role="alert">
          {general}
        </p>
      )}
      {stale && (
        <div className="form-error form-error--stale" role="alert">
          <p>
            Someone else changed this post after you opened it, so your update was not saved. (
            {stale})
          </p>
          <p>
            Reload the post to see the latest version; copy anything you want to keep first, because
            reloading replaces your edits.
          </p>
          <button type="button" className="btn btn--primary" onClick={onReload}>
            Reload post
          </button>
        </div>
      )}
      <Field id={id('title')} label="Title" error={errors.title}>
        <input
          id={id('title')}
          type="text"
          value={values.title}
          onChange={(e) => onTitle(e.target.value)}
          aria-invalid={errors.title ? true : undefined}
          aria-describedby={describedBy('title')}
        />
      </Field>
      <Field id={id('slug')} label="Slug title" error={errors.slug}>
        <input
          id={id('slug')}
          type="text"
          value={values.slug}
          onChange={(e) => set('slug', e.target.value)}
          aria-invalid={errors.slug ? true : undefined}
          aria-describedby={describedBy('slug')}
        />
      </Field>
      <Field id={id('category_id')} label="Category" error={errors.category_id}>
        <select
          id={id('category_id')}
          value={values.category_id}
          onChange={(e) => set('category_id', e.target.value)}
          aria-invalid={errors.category_id ? true : undefined}
          aria-describedby={describedBy('category_id')}
        >
          <option value="" disabled>
            Select
          </option>
          {categories.data?.data.map((c) => (
            <option key={c.id} value={String(c.id)}>
              {c.category}
            </option>
          ))}
        </select>
      </Field>
      <Field id={id('content')} label="Content" error={errors.content} labelId={contentLabelId}>
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
      <Field id={id('head_tag')} label="Header tag" error={errors.head_tag}>
        <textarea
          id={id('head_tag')}
          rows={5}
          value={values.head_tag}
          onChange={(e) => set('head_tag', e.target.value)}
          aria-invalid={errors.head_tag ? true : undefined}
          aria-describedby={describedBy('head_tag')}
        />
      </Field>
      <Field id={id('banner_image')} label="Banner image" error={errors.banner_image}>
        <BannerInput
          id={id('banner_image')}
          file={banner}
          current={currentBanner}
          onFile={onBanner}
          error={errors.banner_image}
          errorId={`${id('banner_image')}-error`}
          progress={progress}
        />
      </Field>
      <Field id={id('author_id')} label="Author" error={errors.author_id}>
        <select
          id={id('author_id')}
          value={values.author_id}
          onChange={(e) => set('author_id', e.target.value)}
          aria-invalid={errors.author_id ? true : undefined}
          aria-describedby={describedBy('author_id')}
        >
          <option value="" disabled>
            Select
          </option>
          {authors.data?.data.map((a) => (
            <option key={a.id} value={String(a.id)}>
              {a.name}
            </option>
          ))}
        </select>
      </Field>
      <div className="post-form__actions">
        {existing && (
          <Link to="/admin" className="btn btn--outline">
            Back
          </Link>
        )}
        <button type="submit" className="btn btn--primary" disabled={saving}>
          {saving ? 'Saving…' : existing ? 'Update' : 'Submit'}
        </button>
      </div>
      <Popup
        open={success}
        variant="success"
        title="Success!"
        message={existing ? 'Blog Updated.' : 'New blog added'}
        autoCloseMs={existing ? TIMINGS.updateSuccessPopupMs : TIMINGS.addSuccessPopupMs}
        onClose={() => {
          setSuccess(false);
          if (!existing) void navigate('/admin');
        }}
      />
    </form>
  );
}

/** Loads the post named by the route, then shows the form filled with it. */
function EditPost({ slug }: { slug: string }) {
  const api = useAdminApi();
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
        <Link to="/admin">Back to the posts</Link>
      </div>
    );
  return (
    <PostForm key={`${state.post.id}-${state.loadedAt}`} existing={state.post} onReload={load} />
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
