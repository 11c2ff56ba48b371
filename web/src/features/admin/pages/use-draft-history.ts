import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';

/** Typing within this long of the last change is one step of undo, as a word processor groups it. */
const GROUP_MS = 1000;
/** How many steps back undo goes. */
const DEPTH = 100;

export interface DraftHistory<T> {
  /**
   * Record a change from `before`: one step of undo, or part of the last one when it is typing in
   * the same place (`group`, the same as the last change's) within a second of it.
   */
  push: (before: T, group?: string) => void;
  undo: () => T | undefined;
  redo: () => T | undefined;
  canUndo: boolean;
  canRedo: boolean;
}

/**
 * Undo and redo over whole states of the editor. Each change keeps the state before it; changes
 * of the same kind made within a second of each other (the letters of a word) are one step.
 */
export function useDraftHistory<T>(current: T): DraftHistory<T> {
  const past = useRef<T[]>([]);
  const future = useRef<T[]>([]);
  const last = useRef(0);
  const lastGroup = useRef<string | undefined>(undefined);
  const [, setTick] = useState(0);
  const now = useRef(current);
  now.current = current;
  const bump = () => setTick((t) => t + 1);

  const push = useCallback((before: T, group?: string) => {
    const at = Date.now();
    const typing =
      group !== undefined && group === lastGroup.current && at - last.current <= GROUP_MS;
    if (!typing || past.current.length === 0) {
      past.current = [...past.current, before].slice(-DEPTH);
    }
    last.current = at;
    lastGroup.current = group;
    future.current = [];
    bump();
  }, []);

  const undo = useCallback((): T | undefined => {
    const previous = past.current.at(-1);
    if (previous === undefined) return undefined;
    past.current = past.current.slice(0, -1);
    future.current = [...future.current, now.current];
    last.current = 0;
    lastGroup.current = undefined;
    bump();
    return previous;
  }, []);

  const redo = useCallback((): T | undefined => {
    const next = future.current.at(-1);
    if (next === undefined) return undefined;
    future.current = future.current.slice(0, -1);
    past.current = [...past.current, now.current];
    last.current = 0;
    lastGroup.current = undefined;
    bump();
    return next;
  }, []);

  return {
    push,
    undo,
    redo,
    canUndo: past.current.length > 0,
    canRedo: future.current.length > 0,
  };
}

/**
 * The place a change of a page draft was typed in (a head field, the breadcrumb, one block), or
 * undefined for a change of the blocks' order, number or visibility (always its own step).
 */
export function draftChangeGroup(
  before: { blocks: readonly { id: string; hidden?: boolean }[] } & Record<string, unknown>,
  next: { blocks: readonly { id: string; hidden?: boolean }[] } & Record<string, unknown>,
): string | undefined {
  const shape = (d: typeof before) => d.blocks.map((b) => `${b.id}${b.hidden ? '-' : ''}`).join();
  if (shape(before) !== shape(next)) return undefined;
  const block = next.blocks.findIndex((b, i) => b !== before.blocks[i]);
  if (block >= 0) return `block:${next.blocks[block]?.id ?? ''}`;
  const head = Object.keys(next).find((k) => k !== 'blocks' && next[k] !== before[k]);
  return head === undefined ? undefined : `head:${head}`;
}

const isTextControl = (el: EventTarget | null): el is HTMLElement =>
  el instanceof HTMLElement &&
  (el.isContentEditable ||
    el instanceof HTMLTextAreaElement ||
    (el instanceof HTMLInputElement &&
      ['text', 'search', 'url', 'email', 'tel', 'number', 'password'].includes(el.type)));

/** Which undo key a keydown is: Ctrl/Cmd+Z undo; Ctrl/Cmd+Shift+Z and Ctrl+Y redo. */
export function undoKey(e: {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
}): 'undo' | 'redo' | null {
  if (!(e.ctrlKey || e.metaKey) || e.altKey) return null;
  const key = e.key.toLowerCase();
  if (key === 'z') return e.shiftKey ? 'redo' : 'undo';
  if (key === 'y' && e.ctrlKey && !e.shiftKey) return 'redo';
  return null;
}

/**
 * The undo keys inside `root`. A text field keeps its own undo while it has something to undo (it
 * was typed in since it took the focus): Ctrl+Z there takes back letters, as everywhere else. In a
 * field not typed in since it took the focus, on a button or anywhere else in the editor, the keys
 * undo and redo the editor's changes (a block moved, removed, a field's earlier edit).
 */
export function useUndoKeys(
  root: RefObject<HTMLElement | null>,
  onUndo: () => void,
  onRedo: () => void,
): void {
  const actions = useRef({ onUndo, onRedo });
  actions.current = { onUndo, onRedo };
  useEffect(() => {
    const el = root.current;
    if (!el) return;
    const typedIn = new WeakSet<EventTarget>();
    const onInput = (e: Event) => {
      if (e.target) typedIn.add(e.target);
    };
    const onFocusOut = (e: FocusEvent) => {
      if (e.target) typedIn.delete(e.target);
    };
    const onKeyDown = (e: KeyboardEvent) => {
      const which = undoKey(e);
      if (!which || e.defaultPrevented) return;
      const target = e.target;
      // The editor's keys, and the page's when nothing has the focus; not a dialog's elsewhere.
      if (target !== document.body && !(target instanceof Node && el.contains(target))) return;
      if (isTextControl(target)) {
        // Quill's own history or the field's native one answers while it has something to undo.
        if (target.isContentEditable || typedIn.has(target)) return;
      }
      e.preventDefault();
      if (which === 'undo') actions.current.onUndo();
      else actions.current.onRedo();
    };
    el.addEventListener('input', onInput, true);
    el.addEventListener('focusout', onFocusOut, true);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      el.removeEventListener('input', onInput, true);
      el.removeEventListener('focusout', onFocusOut, true);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [root]);
}
