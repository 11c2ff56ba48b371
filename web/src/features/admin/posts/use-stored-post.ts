import { useState } from 'react';
import type { Post } from '@agency/shared';
import type { Values } from './post-form-values';

/**
 * The post as the server holds it, seen from the form: the post as last saved (its id, status and
 * publication time drive the buttons), the version the next update names, and the form's values
 * as stored (what "unsaved edits" are measured against).
 */
export function useStoredPost(existing: Post | undefined, loaded: Values) {
  const [saved, setSaved] = useState<Post | null>(existing ?? null);
  const [version, setVersion] = useState(existing?.version);
  const [stored, setStored] = useState<Values>(loaded);

  /** A save of an existing post came back: it is the post now, at its new version. */
  const accept = (post: Post): void => {
    setSaved(post);
    setVersion(post.version);
  };

  return { saved, version, stored, accept, setStored };
}

/** The stored post, as `useStoredPost` returns it. */
export type StoredPost = ReturnType<typeof useStoredPost>;
