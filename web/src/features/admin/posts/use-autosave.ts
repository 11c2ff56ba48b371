import { useCallback, useEffect, useRef, useState } from 'react';
import * as z from 'zod';

/** A working copy kept in this browser. */
export interface AutosaveCopy<T> {
  savedAt: number;
  values: T;
}

const PREFIX = 'agency:post-autosave:';
const storedCopy = z.object({
  savedAt: z.number(),
  values: z.record(z.string(), z.string()),
});

/** A form's values: every field a string. */
type Fields<T> = { [K in keyof T]: string };

const same = <T extends Fields<T>>(a: T, b: T): boolean =>
  (Object.keys(a) as (keyof T)[]).every((k) => a[k] === b[k]);

function readCopy<T extends Fields<T>>(key: string, loaded: T): AutosaveCopy<T> | null {
  try {
    const parsed = storedCopy.safeParse(JSON.parse(localStorage.getItem(PREFIX + key) ?? 'null'));
    if (!parsed.success) return null;
    const values: T = { ...loaded };
    for (const k of Object.keys(loaded) as (keyof T & string)[]) {
      const v = parsed.data.values[k];
      if (v !== undefined) Object.assign(values, { [k]: v });
    }
    return { savedAt: parsed.data.savedAt, values };
  } catch {
    return null; // storage blocked or unreadable: there is no copy to offer
  }
}

function removeCopy(key: string): void {
  try {
    localStorage.removeItem(PREFIX + key);
  } catch {
    // storage blocked: nothing was kept
  }
}

/**
 * Keeps the form's working copy in localStorage under `key` (`new`, or a post id): `delayMs` after
 * the last change, when the page is hidden or closed, and when the form goes away. Only a copy that
 * differs from `loaded` is written or offered. The copy stays until `saved()` or `discard()`, so a
 * closed tab, a crash, a network failure or a conflict never loses what was typed.
 */
export function useAutosave<T extends Fields<T>>(
  key: string,
  values: T,
  loaded: T,
  delayMs = 2500,
) {
  const [offer, setOffer] = useState<AutosaveCopy<T> | null>(() => {
    const copy = readCopy(key, loaded);
    return copy && !same(copy.values, loaded) ? copy : null;
  });
  // What the server holds: no copy is needed while the form shows exactly that.
  const baseline = useRef<T>(loaded);
  const latest = useRef<T>(values);

  const write = useCallback(() => {
    const current = latest.current;
    if (same(current, baseline.current)) return;
    try {
      localStorage.setItem(PREFIX + key, JSON.stringify({ savedAt: Date.now(), values: current }));
    } catch {
      // storage full or blocked: the form still holds the values
    }
  }, [key]);

  useEffect(() => {
    latest.current = values;
    const timer = setTimeout(write, delayMs);
    return () => clearTimeout(timer);
  }, [values, write, delayMs]);

  useEffect(() => {
    window.addEventListener('pagehide', write);
    return () => {
      window.removeEventListener('pagehide', write);
      write(); // leaving the form inside the app
    };
  }, [write]);

  return {
    /** A stored copy that differs from what was loaded, until restored or discarded. */
    offer,
    /** The stored copy's values; the copy stays stored until the post is saved. */
    restore: (): T | null => {
      setOffer(null);
      return offer?.values ?? null;
    },
    /** Forget the stored copy. */
    discard: (): void => {
      setOffer(null);
      removeCopy(key);
    },
    /** The server now holds `values`: the copy is no longer needed. */
    saved: (savedValues: T): void => {
      baseline.current = savedValues;
      latest.current = savedValues;
      setOffer(null);
      removeCopy(key);
    },
    /** A field changed without the author (the editor rewriting loaded HTML in its own form). */
    rebase: (fields: Partial<T>): void => {
      baseline.current = { ...baseline.current, ...fields };
      setOffer((o) => (o && same(o.values, baseline.current) ? null : o));
    },
  };
}
