import { SPECIAL_SLUGS } from '@agency/shared';
import { conflict, notFound, stale, taken as takenBy } from '../../../platform/errors';
import type { Cdn, TaxonomyKind, WarnLog } from '../../posts/domain/ports';

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

/** A rename as the store makes it: the name it must still have, the new one, and their keys. */
export interface Rename {
  from: string;
  to: string;
  fromKey: string;
  toKey: string;
}

/**
 * Categories and authors as the admin edits them. The DynamoDB implementation is
 * `modules/taxonomy/adapters/taxonomy-store.ts`; names are kept unique by a guard item per name key, written in the
 * same transaction as the category or author, so a refused or stopped write leaves no guard behind.
 */
export interface TaxonomyEditor {
  /** A fresh id from the kind's atomic counter. */
  nextId(kind: TaxonomyKind): Promise<number>;
  get(kind: TaxonomyKind, id: number): Promise<TaxonRecord | null>;
  /** Write a new one with no posts and its name's guard together; `taken` while another holds the key. */
  create(kind: TaxonomyKind, taxon: Taxon, key: string): Promise<'created' | 'taken'>;
  /**
   * Set the name, only while it is still `from`, moving the name guard from `fromKey` to `toKey` in
   * the same transaction.
   */
  rename(
    kind: TaxonomyKind,
    id: number,
    rename: Rename,
  ): Promise<'renamed' | 'missing' | 'changed' | 'taken'>;
  /** Delete it with its name guard, only while no post points at it. */
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

/**
 * Add a category or author. Two adds of the same name at once: both take an id, only one writes the
 * name's guard with its item, the other answers 409 (its id is never used).
 */
export async function createTaxon(
  deps: TaxonomyDeps,
  kind: TaxonomyKind,
  name: string,
): Promise<Taxon> {
  const id = await deps.store.nextId(kind);
  if ((await deps.store.create(kind, { id, name }, nameKey(name))) === 'taken') throw taken(kind);
  return { id, name };
}

/**
 * Rename a category or author: the item renamed only if nobody renamed it meanwhile, the new name's
 * guard taken and the old one given up, all in one transaction. Posts point at ids, so they all show
 * the new name; the cached blog pages are refreshed.
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
  const outcome = await deps.store.rename(kind, id, {
    from: current.name,
    to: name,
    fromKey: nameKey(current.name),
    toKey: nameKey(name),
  });
  if (outcome === 'missing') throw notFound(WORDS[kind].the);
  if (outcome === 'taken') throw taken(kind);
  if (outcome === 'changed')
    throw stale(
      `${WORDS[kind].the} was renamed by someone else meanwhile. Reload the list and try again.`,
    );
  try {
    await deps.cdn.invalidate([SPECIAL_SLUGS.career]);
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
  return { id };
}
