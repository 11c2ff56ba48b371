import { describe, expect, it } from 'vitest';
import { SPECIAL_SLUGS } from '@agency/shared';
import { DomainError } from '../../../platform/errors';
import type { TaxonomyKind } from '../../posts/domain/ports';
import {
  createTaxon,
  deleteTaxon,
  nameKey,
  renameTaxon,
  type RemoveOutcome,
  type Rename,
  type Taxon,
  type TaxonomyDeps,
  type TaxonomyEditor,
  type TaxonRecord,
} from './taxonomy';

/**
 * An in-memory TaxonomyEditor with the DynamoDB one's contract: each write checks all its
 * conditions (item, name guard) before changing anything, as its transaction does.
 */
class MemoryEditor implements TaxonomyEditor {
  counters = { category: 0, author: 0 };
  rows = new Map<string, TaxonRecord>();
  guards = new Map<string, { id: number; state: 'pending' | 'committed' }>();
  /** Runs inside rename, before it checks the name: someone else acting meanwhile. */
  beforeRename: (() => void) | undefined;

  async nextId(kind: TaxonomyKind) {
    return ++this.counters[kind];
  }
  private free(kind: TaxonomyKind, key: string, id: number) {
    const g = this.guards.get(`${kind} ${key}`);
    return !g || g.id === id;
  }
  async get(kind: TaxonomyKind, id: number) {
    const row = this.rows.get(`${kind} ${id}`);
    return row ? { ...row } : null;
  }
  async create(kind: TaxonomyKind, taxon: Taxon, key: string) {
    if (this.rows.has(`${kind} ${taxon.id}`)) throw new Error('id exists');
    if (!this.free(kind, key, taxon.id)) return 'taken' as const;
    this.rows.set(`${kind} ${taxon.id}`, { ...taxon, posts: 0 });
    this.guards.set(`${kind} ${key}`, { id: taxon.id, state: 'committed' });
    return 'created' as const;
  }
  async rename(kind: TaxonomyKind, id: number, rename: Rename) {
    this.beforeRename?.();
    const row = this.rows.get(`${kind} ${id}`);
    if (!row) return 'missing' as const;
    if (row.name !== rename.from) return 'changed' as const;
    if (!this.free(kind, rename.toKey, id)) return 'taken' as const;
    row.name = rename.to;
    if (rename.toKey !== rename.fromKey) {
      this.guards.set(`${kind} ${rename.toKey}`, { id, state: 'committed' });
      if (this.guards.get(`${kind} ${rename.fromKey}`)?.id === id)
        this.guards.delete(`${kind} ${rename.fromKey}`);
    }
    return 'renamed' as const;
  }
  async remove(kind: TaxonomyKind, id: number): Promise<RemoveOutcome> {
    const row = this.rows.get(`${kind} ${id}`);
    if (!row) return { outcome: 'missing' };
    if (row.posts > 0) return { outcome: 'in-use', name: row.name, posts: row.posts };
    this.rows.delete(`${kind} ${id}`);
    if (this.guards.get(`${kind} ${nameKey(row.name)}`)?.id === id)
      this.guards.delete(`${kind} ${nameKey(row.name)}`);
    return { outcome: 'removed', name: row.name };
  }
  names(kind: TaxonomyKind) {
    return [...this.rows]
      .filter(([k]) => k.startsWith(`${kind} `))
      .map(([, r]) => r.name)
      .sort();
  }
  guardKeys() {
    return [...this.guards.keys()].sort();
  }
}

function setup() {
  const store = new MemoryEditor();
  const invalidated: string[][] = [];
  const warnings: string[] = [];
  const deps: TaxonomyDeps = {
    store,
    cdn: { invalidate: async (paths) => void invalidated.push(paths) },
    log: { warn: (m) => warnings.push(m) },
  };
  return { deps, store, invalidated, warnings };
}

async function outcome(p: Promise<unknown>): Promise<string> {
  try {
    return JSON.stringify(await p);
  } catch (e) {
    return e instanceof DomainError ? `${e.kind}: ${e.message}` : `error: ${String(e)}`;
  }
}

describe('nameKey', () => {
  it('compares names whatever their case and Unicode form', () => {
    expect(nameKey('SEO')).toBe(nameKey('seo'));
    expect(nameKey('Straße')).toBe(nameKey('STRASSE'));
    expect(nameKey('Café')).toBe(nameKey('Cafe\u0301'));
    expect(nameKey('Web Design')).not.toBe(nameKey('Web-Design'));
  });
});

describe('createTaxon', () => {
  it('gives ids from the counter and keeps one guard per name', async () => {
    const { deps, store } = setup();
    expect(await createTaxon(deps, 'category', 'SEO')).toEqual({ id: 1, name: 'SEO' });
    expect(await createTaxon(deps, 'author', 'SEO')).toEqual({ id: 1, name: 'SEO' });
    expect(await createTaxon(deps, 'category', 'Design')).toEqual({ id: 2, name: 'Design' });
    expect(store.guardKeys()).toEqual(['author seo', 'category design', 'category seo']);
    expect([...store.guards.values()].every((g) => g.state === 'committed')).toBe(true);
  });

  it('refuses a name another one of its kind has in any case, naming the field', async () => {
    const { deps, store } = setup();
    await createTaxon(deps, 'category', 'SEO');
    await createTaxon(deps, 'author', 'Priya Raman');
    expect(await outcome(createTaxon(deps, 'category', 'seo'))).toBe(
      'conflict: category: another category already has this name',
    );
    expect(await outcome(createTaxon(deps, 'author', 'PRIYA RAMAN'))).toBe(
      'conflict: name: another author already has this name',
    );
    expect(store.names('category')).toEqual(['SEO']);
    expect(store.guardKeys()).toEqual(['author priya raman', 'category seo']);
  });

  it('lets exactly one of two simultaneous adds of a name through', async () => {
    const { deps, store } = setup();
    const results = await Promise.all([
      outcome(createTaxon(deps, 'category', 'Branding')),
      outcome(createTaxon(deps, 'category', 'branding')),
    ]);
    expect(results.filter((r) => r.startsWith('conflict'))).toHaveLength(1);
    expect(store.names('category')).toHaveLength(1);
  });
});

describe('renameTaxon', () => {
  it('renames, frees the old name for others and refreshes the cached blog pages', async () => {
    const { deps, store, invalidated } = setup();
    await createTaxon(deps, 'category', 'SEO');
    expect(await renameTaxon(deps, 'category', 1, 'Search')).toEqual({ id: 1, name: 'Search' });
    expect(store.guardKeys()).toEqual(['category search']);
    expect(invalidated.at(-1)).toEqual([SPECIAL_SLUGS.career]);
    expect(await createTaxon(deps, 'category', 'seo')).toEqual({ id: 2, name: 'seo' });
  });

  it('changes only the case of a name without a new guard', async () => {
    const { deps, store } = setup();
    await createTaxon(deps, 'author', 'priya raman');
    expect(await renameTaxon(deps, 'author', 1, 'Priya Raman')).toEqual({
      id: 1,
      name: 'Priya Raman',
    });
    expect(store.guardKeys()).toEqual(['author priya raman']);
    expect(store.guards.get('author priya raman')).toEqual({ id: 1, state: 'committed' });
  });

  it('answers 404 for an unknown id and 409 for a name taken, keeping both names', async () => {
    const { deps, store } = setup();
    await createTaxon(deps, 'category', 'SEO');
    await createTaxon(deps, 'category', 'Design');
    expect(await outcome(renameTaxon(deps, 'category', 9, 'X'))).toBe(
      'not-found: The category was not found.',
    );
    expect(await outcome(renameTaxon(deps, 'category', 2, 'seo'))).toBe(
      'conflict: category: another category already has this name',
    );
    expect(store.names('category')).toEqual(['Design', 'SEO']);
    expect(store.guardKeys()).toEqual(['category design', 'category seo']);
  });

  it('refuses when someone renamed it meanwhile, taking no new name', async () => {
    const { deps, store } = setup();
    await createTaxon(deps, 'author', 'Ann');
    store.beforeRename = () => {
      store.beforeRename = undefined;
      const row = store.rows.get('author 1');
      if (row) row.name = 'Anna';
    };
    expect(await outcome(renameTaxon(deps, 'author', 1, 'Annie'))).toBe(
      'conflict: The author was renamed by someone else meanwhile. Reload the list and try again.',
    );
    expect(store.guardKeys()).toEqual(['author ann']);
  });
});

describe('deleteTaxon', () => {
  it('deletes one no post uses and frees its name; 404 for an unknown id', async () => {
    const { deps, store } = setup();
    await createTaxon(deps, 'category', 'SEO');
    expect(await deleteTaxon(deps, 'category', 1)).toEqual({ id: 1 });
    expect(store.guardKeys()).toEqual([]);
    expect(await outcome(deleteTaxon(deps, 'category', 1))).toBe(
      'not-found: The category was not found.',
    );
  });

  it('refuses while posts use it, saying how many', async () => {
    const { deps, store } = setup();
    await createTaxon(deps, 'author', 'Ann');
    const row = store.rows.get('author 1');
    if (row) row.posts = 3;
    expect(await outcome(deleteTaxon(deps, 'author', 1))).toBe(
      'conflict: “Ann” is used by 3 posts: give them another author before deleting it.',
    );
    if (row) row.posts = 1;
    expect(await outcome(deleteTaxon(deps, 'author', 1))).toMatch(/is used by 1 post:/);
    expect(store.names('author')).toEqual(['Ann']);
  });
});
