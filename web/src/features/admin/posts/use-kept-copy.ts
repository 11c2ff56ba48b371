import type { Post } from '@agency/shared';
import { useMergeRestore } from '../ui/conflict-choice';
import { FIELD_LABELS, type PostField } from './post-form-errors';
import { readChoice, type BannerChoice, type Values } from './post-form-values';
import { useAutosave } from './use-autosave';
import type { PostFields } from './use-post-fields';

/**
 * The working copy kept in this browser while the post is edited, and bringing it back: restoring
 * merges its edits onto the version loaded (the body is one field: a choice), shows the banner it
 * chose, and says what came back through `say`.
 */
export function useKeptCopy(
  existing: Post | undefined,
  loaded: Values,
  fields: PostFields,
  choose: (choice: BannerChoice | null) => void,
  say: (message: string) => void,
) {
  const autosave = useAutosave(existing ? String(existing.id) : 'new', fields.values, loaded);
  const recovery = useMergeRestore(
    loaded,
    (copy, message) => {
      fields.replace(copy);
      const choice = readChoice(copy.banner);
      if (choice) choose(choice);
      say(message);
    },
    {
      subject: 'this post',
      labelOf: (c) => {
        const field = String(c.path[0]);
        return field === 'banner' ? 'Banner image' : (FIELD_LABELS[field as PostField] ?? field);
      },
    },
  );

  /** The author chose to bring the offered copy back. */
  const restore = (): void => {
    const copy = autosave.offer;
    autosave.restore();
    if (copy) recovery.restore(copy);
  };

  return { autosave, choice: recovery.choice, restore };
}
