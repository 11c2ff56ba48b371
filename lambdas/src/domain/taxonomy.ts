import { SPECIAL_SLUGS } from '@agency/shared';
import { conflict, notFound, stale, taken as takenBy } from '../lib/errors';
import { pathsToInvalidate } from './cache-paths';
import type { Cdn, TaxonomyKind, WarnLog } from './post-ports';

/** A category or author, whatever the API calls its name field. */
export interface Taxon {
  id: number;
  name: string;
}

/** As stored: with the number of posts pointing at it (see post-references.ts). */
export interface TaxonRecord extends Taxon {
  posts: number;
}

export type RemoveOutcome =
  | { outcome: 'removed'; name: string }
  | { outcome: 'missing' }
  | { outcome: 'in-use'; name: string; posts: number };

/**
 * Categories and authors as the admin edits them. The DynamoDB implementation is
 * `adapters/taxonomy-store.ts`; names are kept unique by a guard per name key, claimed pending,
 * committed once the item is written, and taken over when left behind by a crash.
 */
export interface TaxonomyEditor {
  /** A fresh id from the kind's atomic counter. */
  nextId(kind: TaxonomyKind): Promise<number>;
  /** Claim a name key for `id` (pending); false while another one holds it. */
  reserveName(kind: TaxonomyKind, key: string, id: number): Promise<boolean>;
  /** Mark our guard committed; false when it is no longer ours. */
  commitName(kind: TaxonomyKind, key: string, id: number): Promise<boolean>;
  /** Remove the guard if `id` still holds it. */
  releaseName(kind: TaxonomyKind, key: string, id: number): Promise<void>;
  get(kind: TaxonomyKind, id: number): Promise<TaxonRecord | null>;
  /** Write a new one with no posts; false when the id exists (never overwrites). */
  put(kind: TaxonomyKind, taxon: Taxon): Promise<boolean>;
  /** Set the name, only while it is still `from`. */
  rename(
    kind: TaxonomyKind,
    id: number,
    from: string,
    to: string,
  ): Promise<'renamed' | 'missing' | 'changed'>;
  /** Delete it, only while no post points at it. */
  remove(kind: TaxonomyKind, id: number): Promise<RemoveOutcome>;
}

export interface TaxonomyDeps {
  store: TaxonomyEditor;
  cdn: Cdn;
  log: WarnLog;
}

/** How each kind is named in messages and which request field holds its name. */
const WORDS: Record<TaxonomyKind, { noun: string; the: string; field: string; them: string }> = {
  category: {
    noun: 'category',
    the: 'The category',
    field: 'category',
    them: 'give them another category',
  },
  author: { noun: 'author', the: 'The author', field: 'name', them: 'give them another author' },
};

/**
 * The key two names share when they count as the same: Unicode-normalised and case-folded
 * (upper then lower, so that "Straße" and "STRASSE" meet). The contract has already trimmed the
 * name and made each run of white space one space.
 */
export const nameKey = (name: string): string => name.normalize('NFKC').toUpperCase().toLowerCase();

const taken = (kind: TaxonomyKind) =>
  takenBy(`another ${WORDS[kind].noun} already has this name`, WORDS[kind].field);

async function bestEffort(log: WarnLog, what: string, step: () => Promise<unknown>) {
  try {
    await step();
  } catch (error) {
    log.warn(`cleanup failed: ${what}`, { error });
  }
}

/**
 * Add a category or author. Two adds of the same name at once: both take an id, only one gets the
 * name's guard, the other answers 409 (its id is never used).
 */
export async function createTaxon(
  deps: TaxonomyDeps,
  kind: TaxonomyKind,
  name: string,
): Promise<Taxon> {
  const key = nameKey(name);
  const id = await deps.store.nextId(kind);
  if (!(await deps.store.reserveName(kind, key, id))) throw taken(kind);
  try {
    if (!(await deps.store.put(kind, { id, name })))
      throw new Error(`${kind} id ${id} from the counter already exists`);
    if (!(await deps.store.commitName(kind, key, id))) {
      // Our pending guard outlived its lease and another add took the name: ours must not stay.
      await deps.store.remove(kind, id);
      throw taken(kind);
    }
  } catch (error) {
    await bestEffort(deps.log, 'release name', () => deps.store.releaseName(kind, key, id));
    throw error;
  }
  return { id, name };
}

/**
 * Rename a category or author: the new name's guard is claimed first, the item renamed only if
 * nobody renamed it meanwhile, then the old name freed. Posts point at ids, so they all show the new
 * name; the cached blog pages are refreshed.
 */
export async function renameTaxon(
  deps: TaxonomyDeps,
  kind: TaxonomyKind,
  id: number,
  name: string,
): Promise<Taxon> {
  const current = await deps.store.get(kind, id);
  if (!current) throw notFound(WORDS[kind].the);
  if (current.name === name) return { id, name };
  const [oldKey, newKey] = [nameKey(current.name), nameKey(name)];
  const sameKey = oldKey === newKey;
  if (!sameKey && !(await deps.store.reserveName(kind, newKey, id))) throw taken(kind);
  try {
    const outcome = await deps.store.rename(kind, id, current.name, name);
    if (outcome === 'missing') throw notFound(WORDS[kind].the);
    if (outcome === 'changed')
      throw stale(
        `${WORDS[kind].the} was renamed by someone else meanwhile. Reload the list and try again.`,
      );
    if (!sameKey && !(await deps.store.commitName(kind, newKey, id))) {
      await deps.store.rename(kind, id, name, current.name);
      throw taken(kind);
    }
  } catch (error) {
    if (!sameKey)
      await bestEffort(deps.log, 'release new name', () =>
        deps.store.releaseName(kind, newKey, id),
      );
    throw error;
  }
  if (!sameKey)
    await bestEffort(deps.log, 'release old name', () => deps.store.releaseName(kind, oldKey, id));
  try {
    await deps.cdn.invalidate(pathsToInvalidate([SPECIAL_SLUGS.career]));
  } catch (error) {
    deps.log.warn('cache invalidation failed', { error, kind, id });
  }
  return { id, name };
}

const posts = (n: number) => (n === 1 ? '1 post' : `${n} posts`);

/** Delete a category or author; 409 while any post points at it, naming how many. */
export async function deleteTaxon(
  deps: TaxonomyDeps,
  kind: TaxonomyKind,
  id: number,
): Promise<{ id: number }> {
  const result = await deps.store.remove(kind, id);
  if (result.outcome === 'missing') throw notFound(WORDS[kind].the);
  if (result.outcome === 'in-use')
    throw conflict(
      `“${result.name}” is used by ${posts(result.posts)}: ${WORDS[kind].them} before deleting it.`,
      undefined,
      'in-use',
    );
  const key = nameKey(result.name);
  // A guard left behind (a crash here) is taken over by the next add of the name.
  await bestEffort(deps.log, 'release name', () => deps.store.releaseName(kind, key, id));
  return { id };
}
