import { describe, expect, it } from 'vitest';
import { DomainError } from '../lib/errors';
import type { TaxonomyKind } from './post-ports';
import {
  createTaxon,
  deleteTaxon,
  nameKey,
  renameTaxon,
  type RemoveOutcome,
  type Taxon,
  type TaxonomyDeps,
  type TaxonomyEditor,
  type TaxonRecord,
} from './taxonomy';

/** An in-memory TaxonomyEditor with the DynamoDB one's contract (guards without expiry). */
class MemoryEditor implements TaxonomyEditor {
  counters = { category: 0, author: 0 };
  rows = new Map<string, TaxonRecord>();
  guards = new Map<string, { id: number; state: 'pending' | 'committed' }>();
  /** Makes the next commit fail, as if our pending guard had expired and been taken. */
  loseNextCommit = false;
  /** Runs inside rename, before it checks the name: someone else acting meanwhile. */
  beforeRename: (() => void) | undefined;

  async nextId(kind: TaxonomyKind) {
    return ++this.counters[kind];
  }
  async reserveName(kind: TaxonomyKind, key: string, id: number) {
    const g = this.guards.get(`${kind} ${key}`);
    if (g && g.id !== id) return false;
    this.guards.set(`${kind} ${key}`, { id, state: 'pending' });
    return true;
  }
  async commitName(kind: TaxonomyKind, key: string, id: number) {
    const g = this.guards.get(`${kind} ${key}`);
    if (this.loseNextCommit || !g || g.id !== id) {
      this.loseNextCommit = false;
      return false;
    }
    g.state = 'committed';
    return true;
  }
  async releaseName(kind: TaxonomyKind, key: string, id: number) {
    if (this.guards.get(`${kind} ${key}`)?.id === id) this.guards.delete(`${kind} ${key}`);
  }
  async get(kind: TaxonomyKind, id: number) {
    const row = this.rows.get(`${kind} ${id}`);
    return row ? { ...row } : null;
  }
  async put(kind: TaxonomyKind, taxon: Taxon) {
    if (this.rows.has(`${kind} ${taxon.id}`)) return false;
    this.rows.set(`${kind} ${taxon.id}`, { ...taxon, posts: 0 });
    return true;
  }
  async rename(kind: TaxonomyKind, id: number, from: string, to: string) {
    this.beforeRename?.();
    const row = this.rows.get(`${kind} ${id}`);
    if (!row) return 'missing' as const;
    if (row.name !== from) return 'changed' as const;
    row.name = to;
    return 'renamed' as const;
  }
  async remove(kind: TaxonomyKind, id: number): Promise<RemoveOutcome> {
    const row = this.rows.get(`${kind} ${id}`);
    if (!row) return { outcome: 'missing' };
    if (row.posts > 0) return { outcome: 'in-use', name: row.name, posts: row.posts };
    this.rows.delete(`${kind} ${id}`);
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

  it('removes its item again when its guard was lost before the commit', async () => {
    const { deps, store } = setup();
    store.loseNextCommit = true;
    expect(await outcome(createTaxon(deps, 'category', 'SEO'))).toMatch(/^conflict/);
    expect(store.names('category')).toEqual([]);
    expect(store.guardKeys()).toEqual([]);
  });
});

describe('renameTaxon', () => {
  it('renames, frees the old name for others and refreshes the cached blog pages', async () => {
    const { deps, store, invalidated } = setup();
    await createTaxon(deps, 'category', 'SEO');
    expect(await renameTaxon(deps, 'category', 1, 'Search')).toEqual({ id: 1, name: 'Search' });
    expect(store.guardKeys()).toEqual(['category search']);
    expect(invalidated.at(-1)).toEqual(expect.arrayContaining(['/blog*', '/rss.xml']));
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

  it('refuses when someone renamed it meanwhile, and frees the name it claimed', async () => {
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
