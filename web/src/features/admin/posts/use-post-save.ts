import { useState } from 'react';
import type { Post } from '@agency/shared';
import { ApiError, type BodyValue } from '../../../lib/api-client';
import { pageHref, pagePath } from '../../../config/pages';
import { useAdminApi } from '../shell/use-admin-api';
import { useRevisionsChanged } from './api';
import { classifySaveError } from './post-form-errors';
import {
  differs,
  fieldsOf,
  successMessage,
  valuesOf,
  type Intent,
  type Values,
} from './post-form-values';
import type { PostFields } from './use-post-fields';
import type { StoredPost } from './use-stored-post';

/** The success popup: what it says and, once closed, where the form goes (if anywhere). */
export interface Success {
  message: string;
  then?: string;
}

/** What a save needs from the rest of the form. */
interface SaveParts {
  fields: PostFields;
  record: StoredPost;
  banner: {
    bannerMedia: string | undefined;
    bannerBusy: boolean;
    onSaved: (post: Post) => void;
  };
  publication: (intent: Intent) => Record<string, BodyValue> | null;
  /** The working copy is stored now: no copy is kept of these values. */
  keptSaved: (values: Values) => void;
  /** Mark a save as refused: its first message comes into view once drawn. */
  reveal: () => void;
  setSuccess: (success: Success) => void;
}

/**
 * Saving the post (a draft, scheduled, published, or updated as it is) and unpublishing it: which
 * save is under way, why the last one was refused (a general or a stale-version message; a field's
 * goes to the field), and whether the form holds unsaved edits.
 */
export function usePostSave({
  fields,
  record,
  banner,
  publication,
  keptSaved,
  reveal,
  setSuccess,
}: SaveParts) {
  const api = useAdminApi();
  const revisionsChanged = useRevisionsChanged();
  const [general, setGeneral] = useState<string | null>(null);
  const [stale, setStale] = useState<string | null>(null);
  const [saving, setSaving] = useState<Intent | null>(null);
  const [confirmUnpublish, setConfirmUnpublish] = useState(false);
  const { values } = fields;
  const { saved, version } = record;

  /** Show why a save was refused, where it belongs, and bring it into view. */
  const showProblem = (err: unknown): void => {
    const problem = classifySaveError(err);
    reveal();
    if (problem.kind === 'field') fields.setError(problem.field, problem.message);
    else if (problem.kind === 'stale') setStale(problem.message);
    else setGeneral(problem.message);
  };

  const save = async (intent: Intent): Promise<void> => {
    if (saving) return;
    if (banner.bannerBusy) {
      reveal();
      fields.setError('banner_image', 'The banner is still uploading: save once it is done.');
      return;
    }
    const lifecycle = publication(intent);
    if (!lifecycle) {
      reveal();
      return;
    }
    setGeneral(null);
    setStale(null);
    setSaving(intent);
    const { banner: _choice, ...content } = values;
    const body: Record<string, BodyValue> = {
      ...content,
      ...lifecycle,
      banner_media: banner.bannerMedia,
    };
    try {
      const isNew = saved === null;
      const { data } = isNew
        ? await api('createPost', { body })
        : await api('updatePost', { body: { ...body, id: saved.id, version } });
      keptSaved(values);
      record.setStored(values);
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
        record.accept(data);
        banner.onSaved(data);
        revisionsChanged();
      }
    } catch (err) {
      if (err instanceof ApiError && err.status === 401) return;
      showProblem(err);
    } finally {
      setSaving(null);
    }
  };

  /** Unsaved edits: what the form shows differs from the stored post, or a new banner is chosen. */
  const dirty = differs(values, record.stored) || banner.bannerMedia !== undefined;

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
      record.accept(data);
      record.setStored(valuesOf(data));
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

  return {
    saving,
    general,
    stale,
    dirty,
    save,
    unpublish,
    confirmUnpublish,
    setConfirmUnpublish,
  };
}
