import { useState } from 'react';
import { slugify, type Post } from '@agency/shared';
import { slugFollowsTitle, type Errors, type Values } from './post-form-values';

/**
 * The post form's values and the errors shown at its fields, with the slug following the title
 * until the author types one of their own (or the post is published: its address is out there).
 * `status` is the status of the post as last saved.
 */
export function usePostFields(loaded: Values, status: Post['status'] | undefined) {
  const [values, setValues] = useState<Values>(loaded);
  const [errors, setErrors] = useState<Errors>({});
  /** Whether the slug is still the title's: set when the form opens, and when a working copy comes back. */
  const [slugFollows, setSlugFollows] = useState(() => slugFollowsTitle(loaded, status));

  const set = (field: keyof Values, value: string): void => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const follows = slugFollows && status !== 'published';
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
    if (typed.trim() === '' && status !== 'published') {
      setSlugFollows(true);
      set('slug', slugify(values.title));
    } else if (typed.trim() !== '' && slugify(typed) !== '' && slugify(typed) !== typed) {
      set('slug', slugify(typed));
    }
  };

  /** Show a working copy brought back: the slug follows the title again if the copy's does. */
  const replace = (copy: Values): void => {
    setValues(copy);
    setSlugFollows(slugFollowsTitle(copy, status));
  };

  /** Show `message` at `field` (null or undefined clears it). */
  const setError = (field: keyof Errors, message: string | null | undefined): void =>
    setErrors((e) => ({ ...e, [field]: message ?? undefined }));

  return { values, errors, set, setError, onTitle, onSlug, onSlugBlur, replace };
}

/** The post form's fields, as `usePostFields` returns them. */
export type PostFields = ReturnType<typeof usePostFields>;
