/**
 * A three-way merge of two people's edits of the same record (a page, a post, the site settings):
 * `base` is the version the person loaded, `ours` their working copy, `theirs` the latest saved
 * version. What only one side changed is kept; where both changed the same field differently, the
 * merge reports a conflict and takes `theirs` until a choice says otherwise.
 *
 * The rules, on JSON values:
 * - A value both sides left alone, or changed the same way, stays as it is.
 * - Objects merge key by key (a page's head fields, a block's fields, a group's fields), each on its own.
 * - Lists whose items are all objects with a unique string `id` (blocks) merge item by item by id:
 *   an item added on one side is kept; an item removed on one side goes unless the other side
 *   changed it (a conflict: removed on one side, changed on the other). The order is the one side
 *   that changed it, with the other side's new items placed after the item they followed there; when
 *   both sides reordered differently, the order is a conflict of its own (`kind: 'order'`).
 * - Other lists (FAQ entries, cards, strings) merge item by item by position when both sides kept
 *   the number of items the base had; a list whose number of items both sides changed differently
 *   is one value (a conflict if they differ).
 * - Anything else (a text, a rich-text body, a number) is one value: both changed it differently
 *   is a conflict.
 *
 * Pure: the same inputs and choices give the same value and conflicts. To apply choices, merge
 * again with them: `choices[conflict.key]` takes that side's value at that conflict.
 */

/** A step of a path into a value: an object key, a list position, or a list item by its `id`. */
export type MergePathSegment = string | number | { id: string };

export type MergeSide = 'ours' | 'theirs';

export interface MergeConflict {
  /** Stable name of the conflict (its path), the key of its choice. */
  key: string;
  /** Where the conflict is, in the merged value. */
  path: MergePathSegment[];
  /** `value`: both changed the value; `order`: both reordered a list of items with ids (the values are id lists). */
  kind: 'value' | 'order';
  base: unknown;
  /** `undefined` when that side removed it. */
  ours: unknown;
  theirs: unknown;
}

export interface MergeResult<T> {
  value: T;
  /** Every place both sides changed differently, in document order. */
  conflicts: MergeConflict[];
}

export type MergeChoices = Readonly<Record<string, MergeSide>>;

type Json = unknown;
type Obj = Record<string, Json>;

const isObject = (v: Json): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Equal as JSON: key order does not matter, `undefined` keys are absent. */
export function sameJson(a: Json, b: Json): boolean {
  if (a === b) return true;
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    return a.every((x, i) => sameJson(x, b[i]));
  }
  if (isObject(a) && isObject(b)) {
    const ka = Object.keys(a).filter((k) => a[k] !== undefined);
    const kb = Object.keys(b).filter((k) => b[k] !== undefined);
    if (ka.length !== kb.length) return false;
    return ka.every((k) => Object.hasOwn(b, k) && sameJson(a[k], b[k]));
  }
  return false;
}

export const conflictKey = (path: readonly MergePathSegment[]): string => JSON.stringify(path);

/** The ids of a list whose items all have a unique string id, or null. */
function idsOf(list: readonly Json[]): string[] | null {
  const ids: string[] = [];
  for (const item of list) {
    if (!isObject(item) || typeof item.id !== 'string') return null;
    ids.push(item.id);
  }
  return new Set(ids).size === ids.length ? ids : null;
}

/** Whether `list` keeps the relative order `base` had of the ids both hold. */
function keepsOrder(base: readonly string[], list: readonly string[]): boolean {
  const inList = new Set(list);
  const inBase = new Set(base);
  const a = base.filter((id) => inList.has(id));
  const b = list.filter((id) => inBase.has(id));
  return a.every((id, i) => id === b[i]);
}

class Merger {
  readonly conflicts: MergeConflict[] = [];
  constructor(private readonly choices: MergeChoices) {}

  private conflict(
    path: MergePathSegment[],
    kind: MergeConflict['kind'],
    base: Json,
    ours: Json,
    theirs: Json,
  ): Json {
    const key = conflictKey(path);
    this.conflicts.push({ key, path, kind, base, ours, theirs });
    return this.choices[key] === 'ours' ? ours : theirs;
  }

  value(path: MergePathSegment[], base: Json, ours: Json, theirs: Json): Json {
    if (sameJson(ours, theirs)) return ours;
    if (sameJson(base, ours)) return theirs;
    if (sameJson(base, theirs)) return ours;
    if (isObject(ours) && isObject(theirs) && (isObject(base) || base === undefined))
      return this.object(path, base ?? {}, ours, theirs);
    if (Array.isArray(ours) && Array.isArray(theirs) && (Array.isArray(base) || base === undefined))
      return this.list(path, base ?? [], ours, theirs);
    return this.conflict(path, 'value', base, ours, theirs);
  }

  private object(path: MergePathSegment[], base: Obj, ours: Obj, theirs: Obj): Obj {
    const out: Obj = {};
    const keys = [...new Set([...Object.keys(ours), ...Object.keys(theirs), ...Object.keys(base)])];
    for (const k of keys) {
      const v = this.value([...path, k], base[k], ours[k], theirs[k]);
      if (v !== undefined) out[k] = v;
    }
    return out;
  }

  private list(path: MergePathSegment[], base: Json[], ours: Json[], theirs: Json[]): Json[] {
    const [baseIds, ourIds, theirIds] = [idsOf(base), idsOf(ours), idsOf(theirs)];
    if (baseIds && ourIds && theirIds)
      return this.keyed(path, base, ours, theirs, [baseIds, ourIds, theirIds]);
    if (base.length === ours.length && base.length === theirs.length)
      return base.map((b, i) => this.value([...path, i], b, ours[i], theirs[i]));
    return this.conflict(path, 'value', base, ours, theirs) as Json[];
  }

  private keyed(
    path: MergePathSegment[],
    base: Json[],
    ours: Json[],
    theirs: Json[],
    [baseIds, ourIds, theirIds]: readonly [string[], string[], string[]],
  ): Json[] {
    const byId = (list: Json[], ids: string[]) => new Map(ids.map((id, i) => [id, list[i]]));
    const [b, o, t] = [byId(base, baseIds), byId(ours, ourIds), byId(theirs, theirIds)];
    // Each item, merged (undefined: removed), in the order of first mention.
    const merged = new Map<string, Json>();
    for (const id of new Set([...ourIds, ...theirIds, ...baseIds]))
      merged.set(id, this.value([...path, { id }], b.get(id), o.get(id), t.get(id)));

    const oursMoved = !keepsOrder(baseIds, ourIds);
    const theirsMoved = !keepsOrder(baseIds, theirIds);
    let primary = theirIds;
    let secondary = ourIds;
    if (oursMoved && !theirsMoved) [primary, secondary] = [ourIds, theirIds];
    else if (oursMoved && theirsMoved && !keepsOrder(theirIds, ourIds)) {
      const choice = this.conflict([...path, '(order)'], 'order', baseIds, ourIds, theirIds);
      if (choice === ourIds) [primary, secondary] = [ourIds, theirIds];
    }
    const order = primary.filter((id) => merged.get(id) !== undefined);
    const placed = new Set(order);
    secondary.forEach((id, i) => {
      if (placed.has(id) || merged.get(id) === undefined) return;
      // After the nearest item before it on its side that is placed; first when there is none.
      let at = 0;
      for (let j = i - 1; j >= 0; j--) {
        const before = order.indexOf(secondary[j] ?? '');
        if (before >= 0) {
          at = before + 1;
          break;
        }
      }
      order.splice(at, 0, id);
      placed.add(id);
    });
    // Items only the base had, kept by a choice (removed on both sides is not a conflict).
    for (const [id, v] of merged) if (v !== undefined && !placed.has(id)) order.push(id);
    return order.map((id) => merged.get(id));
  }
}

/** Merge `ours` and `theirs`, both edits of `base`; `choices` settle conflicts by their key. */
export function threeWayMerge<T>(
  base: T,
  ours: T,
  theirs: T,
  choices: MergeChoices = {},
): MergeResult<T> {
  const merger = new Merger(choices);
  const value = merger.value([], base, ours, theirs) as T;
  return { value, conflicts: merger.conflicts };
}
