import { useCallback, useEffect, useRef, useState } from 'react';

/** A working copy kept in this browser. */
export interface AutosaveCopy<T> {
  savedAt: number;
  values: T;
  /**
   * What the server held when these edits were made (the version they change): a recovery merges
   * the edits onto a newer version against it. Null for a copy kept before bases were stored.
   */
  base: T | null;
}

/** How a form's values are kept: where, how a stored copy is read back, and when two are the same. */
export interface AutosaveFormat<T> {
  /** The localStorage prefix of this kind of form (`agency:post-autosave:`). */
  prefix: string;
  /** The stored values as the form holds them, or null when they are not (an older shape, a foreign key). */
  read: (stored: unknown, loaded: T) => T | null;
  same: (a: T, b: T) => boolean;
}

/** The stored copy under `key`, parsed, or null. */
function readCopy<T>(format: AutosaveFormat<T>, key: string, loaded: T): AutosaveCopy<T> | null {
  try {
    const raw: unknown = JSON.parse(localStorage.getItem(format.prefix + key) ?? 'null');
    if (raw === null || typeof raw !== 'object') return null;
    const savedAt: unknown = Reflect.get(raw, 'savedAt');
    if (typeof savedAt !== 'number') return null;
    const values = format.read(Reflect.get(raw, 'values'), loaded);
    const storedBase: unknown = Reflect.get(raw, 'base');
    const base = storedBase === undefined ? null : format.read(storedBase, loaded);
    return values === null ? null : { savedAt, values, base };
  } catch {
    return null; // storage blocked or unreadable: there is no copy to offer
  }
}

function removeCopy(storageKey: string): void {
  try {
    localStorage.removeItem(storageKey);
  } catch {
    // storage blocked: nothing was kept
  }
}

/** Read without the hook: the working copy of a form, if this browser keeps one (a preview of unsaved edits). */
export function readAutosave<T>(format: AutosaveFormat<T>, key: string, loaded: T): T | null {
  return readCopy(format, key, loaded)?.values ?? null;
}

/**
 * Keeps a form's working copy in localStorage under `format.prefix + key`: `delayMs` after the last
 * change, when the page is hidden or closed, and when the form goes away. Only a copy that differs
 * from `loaded` is written or offered. The copy stays until `saved()` or `discard()`, so a closed
 * tab, a crash, a network failure or a conflict never loses what was typed.
 */
export function useAutosave<T>(
  format: AutosaveFormat<T>,
  key: string,
  values: T,
  loaded: T,
  delayMs = 2500,
) {
  const storageKey = format.prefix + key;
  const [offer, setOffer] = useState<AutosaveCopy<T> | null>(() => {
    const copy = readCopy(format, key, loaded);
    return copy && !format.same(copy.values, loaded) ? copy : null;
  });
  // What the server holds: no copy is needed while the form shows exactly that.
  const baseline = useRef<T>(loaded);
  const latest = useRef<T>(values);
  const same = useRef(format.same);
  same.current = format.same;

  const write = useCallback(() => {
    const current = latest.current;
    if (same.current(current, baseline.current)) return;
    try {
      localStorage.setItem(
        storageKey,
        JSON.stringify({ savedAt: Date.now(), values: current, base: baseline.current }),
      );
    } catch {
      // storage full or blocked: the form still holds the values
    }
  }, [storageKey]);

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
    /** The stored copy's values; the copy stays stored until the form is saved. */
    restore: (): T | null => {
      setOffer(null);
      return offer?.values ?? null;
    },
    /** Forget the stored copy. */
    discard: (): void => {
      setOffer(null);
      removeCopy(storageKey);
    },
    /** The server now holds `values`: the copy is no longer needed. */
    saved: (savedValues: T): void => {
      baseline.current = savedValues;
      latest.current = savedValues;
      setOffer(null);
      removeCopy(storageKey);
    },
    /** Part of the values changed without the author (an editor rewriting loaded HTML in its own form). */
    rebase: (update: (baseline: T) => T): void => {
      baseline.current = update(baseline.current);
      setOffer((o) => (o && same.current(o.values, baseline.current) ? null : o));
    },
    /** Write the working copy now (before opening a preview of it). */
    flush: write,
  };
}
