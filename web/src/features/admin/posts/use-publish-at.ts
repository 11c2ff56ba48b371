import { useState } from 'react';
import type { Post } from '@agency/shared';
import type { BodyValue } from '../../../lib/api-client';
import { fromLocalInput, toLocalInput } from '../ui/publish-time';
import type { Intent } from './post-form-values';
import type { PostFields } from './use-post-fields';

/** The time a scheduled post goes live, as typed, and the lifecycle fields each kind of save sends. */
export function usePublishAt(existing: Post | undefined, fields: PostFields) {
  const [publishAt, setPublishAt] = useState(
    existing?.status === 'scheduled' ? toLocalInput(existing.publish_at) : '',
  );

  const onPublishAt = (value: string): void => {
    setPublishAt(value);
    fields.setError('publish_at', undefined);
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
      fields.setError('publish_at', problem);
      return null;
    }
    return { status: 'scheduled', publish_at: at };
  };

  return { publishAt, onPublishAt, publication };
}
