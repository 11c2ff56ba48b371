import { useState } from 'react';
import * as z from 'zod';
import { useAutosave as useFormAutosave, type AutosaveFormat } from '../ui/use-autosave';

export type { AutosaveCopy } from '../ui/use-autosave';

/** A form's values: every field a string. */
type Fields<T> = { [K in keyof T]: string };

const storedValues = z.record(z.string(), z.string());

/** The post form's copies: every field a string, a field the copy lacks taken from what was loaded. */
function postFormat<T extends Fields<T>>(): AutosaveFormat<T> {
  return {
    prefix: 'agency:post-autosave:',
    read: (stored, loaded) => {
      const parsed = storedValues.safeParse(stored);
      if (!parsed.success) return null;
      const values: T = { ...loaded };
      for (const k of Object.keys(loaded) as (keyof T & string)[]) {
        const v = parsed.data[k];
        if (v !== undefined) Object.assign(values, { [k]: v });
      }
      return values;
    },
    same: (a, b) => (Object.keys(a) as (keyof T)[]).every((k) => a[k] === b[k]),
  };
}

/**
 * The post form's working copy in localStorage under `key` (`new`, or a post id); see the shared
 * `useAutosave` of admin/ui for when it is written and offered.
 */
export function useAutosave<T extends Fields<T>>(
  key: string,
  values: T,
  loaded: T,
  delayMs = 2500,
) {
  const [format] = useState(postFormat<T>);
  const autosave = useFormAutosave(format, key, values, loaded, delayMs);
  return {
    ...autosave,
    /** A field changed without the author (the editor rewriting loaded HTML in its own form). */
    rebase: (fields: Partial<T>): void => autosave.rebase((base) => ({ ...base, ...fields })),
  };
}
