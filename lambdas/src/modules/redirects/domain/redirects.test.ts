import { redirectFields, redirectValue, targetKey, type RedirectInput } from '@agency/shared';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DomainError } from '../../../platform/errors';
import {
  bytesOf,
  checkRedirect,
  createRedirect,
  deleteRedirect,
  dropLiveRedirect,
  liveAt,
  MAX_COLLAPSED,
  rebuildEdgeStore,
  redirectSlugChange,
  updateRedirect,
  type EdgeStore,
  type RedirectDeps,
  type RedirectGraph,
  type RedirectRecord,
  type RedirectStore,
  type RedirectWrite,
} from './redirects';

/** The table of record in memory, with the same conditions as the DynamoDB one. */
class MemoryStore implements RedirectStore {
  readonly items = new Map<string, RedirectRecord>();
  readonly dropped: string[] = [];
  version: RedirectGraph | null = null;
  /** Writes refused because the graph's version changed since it was read. */
  conflicts = 0;
  get(from: string) {
    return Promise.resolve(this.items.get(from) ?? null);
  }
  graph() {
    return Promise.resolve(this.version && { ...this.version });
  }
  getMany(froms: readonly string[]) {
    return Promise.resolve(
      new Map(
        froms.flatMap((f) => {
          const r = this.items.get(f);
          return r ? [[f, r] as const] : [];
        }),
      ),
    );
  }
  leadingTo(key: string) {
    return Promise.resolve([...this.items.values()].filter((r) => targetKey(r.to) === key));
  }
  write(change: RedirectWrite): Promise<'written' | 'changed'> {
    if ((this.version?.version ?? null) !== change.graph.expect) {
      this.conflicts++;
      return Promise.resolve('changed');
    }
    for (const { record, expect } of change.puts)
      if ((this.items.get(record.from)?.updated_at ?? null) !== expect)
        return Promise.resolve('changed');
    for (const { from, expect } of change.deletes)
      if (this.items.get(from)?.updated_at !== expect) return Promise.resolve('changed');
    for (const { record } of change.puts) this.items.set(record.from, record);
    for (const { from } of change.deletes) this.items.delete(from);
    this.version = { ...change.graph.next };
    this.dropped.push(...change.dropNotFound);
    return Promise.resolve('written');
  }
  page(page: number, size: number) {
    const all = [...this.items.values()].sort((a, b) => a.from.localeCompare(b.from));
    return Promise.resolve({
      items: all.slice((page - 1) * size, page * size),
      hasNext: all.length > page * size,
      count: all.length,
    });
  }
  all() {
    return Promise.resolve([...this.items.values()]);
  }
  // No search text in memory (page() does not search): nothing is ever stale.
  refreshSearch() {
    return Promise.resolve(0);
  }
}

class MemoryEdge implements EdgeStore {
  readonly keys = new Map<string, string>();
  update(puts: { key: string; value: string }[], deletes: string[]) {
    for (const key of deletes) this.keys.delete(key);
    for (const p of puts) this.keys.set(p.key, p.value);
    return Promise.resolve();
  }
  async sync(
    keys: readonly string[],
    read: (keys: readonly string[]) => Promise<Map<string, string>>,
  ) {
    const wanted = await read(keys);
    let put = 0;
    let deleted = 0;
    for (const key of keys) {
      const value = wanted.get(key);
      if (value !== undefined) {
        this.keys.set(key, value);
        put++;
      } else if (!['page', 'gone', undefined].includes(this.keys.get(key))) {
        this.keys.delete(key);
        deleted++;
      }
    }
    return { put, deleted };
  }
  size() {
    let bytes = 0;
    for (const [k, v] of this.keys) bytes += Buffer.byteLength(k) + Buffer.byteLength(v);
    return Promise.resolve(bytes);
  }
  entries() {
    return Promise.resolve(new Map(this.keys));
  }
}

function setup(livePosts: string[] = [], pages: string[] = ['/about', '/services', '/blog/*']) {
  const store = new MemoryStore();
  const edge = new MemoryEdge();
  let tick = 0;
  const deps: RedirectDeps = {
    store,
    edge,
    addresses: {
      livePost: (slug) => Promise.resolve(livePosts.includes(slug)),
      pagePatterns: () => pages,
    },
    // A new time per write: each record's updated_at differs from the one before.
    now: () => new Date(Date.UTC(2026, 0, 1) + tick++ * 1000),
  };
  return { store, edge, deps, livePosts };
}

const input = (from: string, to: string, status = 301): RedirectInput =>
  redirectFields.parse({ from, to, status });

const refusal = async (p: Promise<unknown>) => {
  const error = await p.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof DomainError))
    throw new Error(`expected a DomainError, got ${String(error)}`);
  return { kind: error.kind, field: error.field, message: error.message };
};

const edgeTable = (store: MemoryStore) =>
  new Map([...store.items.values()].map((r) => [r.from, redirectValue(r.status, r.to)]));

describe('redirects', () => {
  it('stores a redirect under its normalised source and writes the edge store the same', async () => {
    const { deps, store, edge } = setup();
    const saved = await createRedirect(deps, input('/Old-Page/', '/services?ref=x', 308));
    expect(saved.data).toMatchObject({ from: '/old-page', to: '/services?ref=x', status: 308 });
    expect(edge.keys.get('/old-page')).toBe('308 /services?ref=x');
    expect(store.dropped).toEqual(['/old-page']);
  });

  it('collapses chains both ways: A → B then B → C stores A → C and B → C', async () => {
    const { deps, store, edge } = setup();
    await createRedirect(deps, input('/a', '/b'));
    const saved = await createRedirect(deps, input('/b', '/c'));
    expect(saved.collapsed.map((r) => [r.from, r.to])).toEqual([['/a', '/c']]);
    expect(store.items.get('/a')?.to).toBe('/c');
    expect(edge.keys.get('/a')).toBe('301 /c');
    // And a new source leading to a redirected one goes straight to its end.
    const d = await createRedirect(deps, input('/d', '/a'));
    expect(d.data.to).toBe('/c');
  });

  it('keeps the query of a collapsed target when the end has none of its own', async () => {
    const { deps, store } = setup();
    await createRedirect(deps, input('/a', '/b?utm_source=mail'));
    await createRedirect(deps, input('/b', '/c'));
    expect(store.items.get('/a')?.to).toBe('/c?utm_source=mail');
  });

  it('refuses loops, live pages and posts, the admin area, and a source already redirected', async () => {
    const { deps } = setup(['live-post']);
    expect(await refusal(createRedirect(deps, input('/a', '/a/')))).toMatchObject({
      kind: 'conflict',
      field: 'to',
    });
    await createRedirect(deps, input('/a', '/b'));
    expect(await refusal(createRedirect(deps, input('/b', '/a')))).toMatchObject({
      kind: 'conflict',
      field: 'to',
    });
    for (const from of [
      '/about',
      '/',
      '/admin',
      '/admin/redirects',
      '/api/health',
      '/blog/live-post',
    ])
      expect(await refusal(createRedirect(deps, input(from, '/b'))), from).toMatchObject({
        kind: 'conflict',
        field: 'from',
      });
    expect(await refusal(createRedirect(deps, input('/A/', '/x')))).toMatchObject({
      kind: 'conflict',
      field: 'from',
    });
    // A post that is not live may be redirected; so may an external target.
    await createRedirect(deps, input('/blog/gone', 'https://example.com/x'));
  });

  it('updates and deletes a redirect (404 when there is none)', async () => {
    const { deps, edge } = setup();
    await createRedirect(deps, input('/a', '/b'));
    await updateRedirect(deps, input('/a', '/c', 302));
    expect(edge.keys.get('/a')).toBe('302 /c');
    await deleteRedirect(deps, '/a');
    expect(edge.keys.has('/a')).toBe(false);
    expect((await refusal(deleteRedirect(deps, '/a'))).kind).toBe('not-found');
    expect((await refusal(updateRedirect(deps, input('/a', '/c')))).kind).toBe('not-found');
  });

  it('redirects a renamed post, collapses earlier renames, and a rename back drops the loop', async () => {
    const { deps, store } = setup();
    await redirectSlugChange(deps, 'one', 'two');
    await redirectSlugChange(deps, 'two', 'three');
    expect(store.items.get('/blog/one')?.to).toBe('/blog/three');
    expect(store.items.get('/blog/two')?.to).toBe('/blog/three');
    // Back to "one": its address is live again, so its redirect goes and nothing loops.
    await redirectSlugChange(deps, 'three', 'one');
    expect(store.items.has('/blog/one')).toBe(false);
    expect(store.items.get('/blog/two')?.to).toBe('/blog/one');
    expect(store.items.get('/blog/three')?.to).toBe('/blog/one');
    expect(store.items.get('/blog/three')?.origin).toBe('slug-change');
  });

  it('drops a redirect whose post is live again', async () => {
    const { deps, store, edge } = setup();
    await createRedirect(deps, input('/blog/back', '/blog/elsewhere'));
    expect(await dropLiveRedirect(deps, 'back')).toBe(true);
    expect(store.items.size).toBe(0);
    expect(edge.keys.size).toBe(0);
    expect(await dropLiveRedirect(deps, 'back')).toBe(false);
  });

  it('refuses (400 at from) a redirect past the redirects’ share of the store, naming the room left', async () => {
    const { deps, store, edge } = setup();
    await createRedirect(deps, input('/a', '/b'));
    // The redirects take all but 10 bytes of their 4.5 MB (the rest of the 5 MB is the pages').
    store.version = { version: store.version?.version ?? 0, bytes: 4.5 * 1024 * 1024 - 10 };
    const refused = await refusal(createRedirect(deps, input('/c', '/somewhere-long')));
    expect(refused).toMatchObject({ kind: 'invalid', field: 'from' });
    expect(refused.message).toContain('10 B left of the 4.5 MB');
    expect(store.items.has('/c')).toBe(false);
    expect(edge.keys.has('/c')).toBe(false);
    // What takes no more room is still allowed: a shorter target, a delete.
    await updateRedirect(deps, input('/a', '/x'));
    await deleteRedirect(deps, '/a');
    expect(store.version?.bytes).toBe(
      4.5 * 1024 * 1024 - 10 - bytesOf({ from: '/a', to: '/b', status: 301 }),
    );
  });

  it('makes the graph’s version item on the first write, counting the bytes of what is there', async () => {
    const { deps, store } = setup();
    const old = { from: '/old', to: '/new', status: 301 as const };
    store.items.set('/old', {
      ...old,
      note: null,
      origin: 'manual',
      created_at: '2025-01-01T00:00:00.000Z',
      updated_at: '2025-01-01T00:00:00.000Z',
    });
    await createRedirect(deps, input('/a', '/b'));
    expect(store.version).toEqual({
      version: 1,
      bytes: bytesOf(old) + bytesOf({ from: '/a', to: '/b', status: 301 }),
    });
  });

  it('decides again when another write changed the graph meanwhile: concurrent opposite writes never loop', async () => {
    for (const pair of [
      ['/a', '/b', '/b', '/a'],
      ['/x', '/y', '/y', '/x/?q=1'],
    ] as const) {
      const { deps, store, edge } = setup();
      const outcomes = await Promise.allSettled([
        createRedirect(deps, input(pair[0], pair[1])),
        createRedirect(deps, input(pair[2], pair[3])),
      ]);
      expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
      const rejected = outcomes.find((o) => o.status === 'rejected');
      expect(rejected?.reason).toBeInstanceOf(DomainError);
      expect((rejected?.reason as DomainError).field).toBe('to');
      expect(store.conflicts).toBeGreaterThan(0);
      expect(store.items.size).toBe(1);
      expect(edge.keys).toEqual(edgeTable(store));
    }
  });

  it('checks a retiring page’s redirect without writing it: loops and full stores are refused', async () => {
    const { deps, store } = setup();
    await createRedirect(deps, input('/back', '/page-z'));
    expect(await checkRedirect(deps, '/page-z', '/back')).toMatchObject({ kind: 'conflict' });
    expect(await checkRedirect(deps, '/page-z', '/elsewhere')).toBeNull();
    expect(await checkRedirect(deps, '/page-z', '/api/health?x=1')).toMatchObject({
      kind: 'conflict',
      reason: expect.stringMatching(/keeps for itself/),
    });
    store.version = { version: store.version?.version ?? 0, bytes: 4.5 * 1024 * 1024 };
    expect(await checkRedirect(deps, '/page-z', '/elsewhere')).toMatchObject({
      kind: 'invalid',
      code: 'too-large',
    });
    expect(store.items.has('/page-z')).toBe(false);
  });

  it('rebuilds the edge store from the table: puts what differs, deletes strays, drops live sources', async () => {
    const { deps, store, edge, livePosts } = setup();
    await createRedirect(deps, input('/a', '/b'));
    await createRedirect(deps, input('/blog/x', '/c'));
    edge.keys.set('/stray', '301 /nowhere');
    edge.keys.set('/a', '302 /wrong');
    livePosts.push('x');
    const summary = await rebuildEdgeStore(deps, 1);
    // The dropped redirect left the store with its own write: the stray is the one deleted here.
    expect(summary).toEqual({
      redirects: 1,
      put: 1,
      deleted: 1,
      dropped: 1,
      searchRefreshed: 0,
      rekeyed: 0,
      collapsed: 0,
      discarded: [],
    });
    expect(edge.keys).toEqual(new Map([['/a', '301 /b']]));
    expect(store.items.has('/blog/x')).toBe(false);
  });

  it('moves redirects saved under an older form of their address to today’s key, once', async () => {
    const { deps, store, edge } = setup();
    const at = (n: number) => new Date(Date.UTC(2025, 0, 1) + n * 1000).toISOString();
    const seed = (from: string, to: string, n: number) => {
      const r: RedirectRecord = {
        from,
        to,
        status: 301,
        note: null,
        origin: 'manual',
        created_at: at(n),
        updated_at: at(n),
      };
      store.items.set(from, r);
      edge.keys.set(from, redirectValue(r.status, r.to));
    };
    seed('/caf%c3%a9-offer', '/café', 1);
    seed('/a[1]|^', 'https://例え.jp/パス', 2);
    // Two spellings of one key: the one updated last stays.
    seed('/%C3%A9t%C3%A9', '/summer-old', 3);
    seed('/ÉTÉ', '/summer', 4);
    seed('/promo', '/new-promo', 5);
    seed('/%7eloop', '/~LOOP', 6);
    store.version = {
      version: 7,
      bytes: [...store.items.values()].reduce((sum, r) => sum + bytesOf(r), 0),
    };
    const first = await rebuildEdgeStore(deps);
    expect(first).toMatchObject({ rekeyed: 3, put: 0, deleted: 0 });
    expect(first.discarded).toEqual([
      { from: '/%C3%A9t%C3%A9', to: '/summer-old', reason: 'same-key', kept: '/ÉTÉ' },
      { from: '/%7eloop', to: '/~LOOP', reason: 'loop' },
    ]);
    expect(new Map([...store.items].map(([k, r]) => [k, r.to]))).toEqual(
      new Map([
        ['/caf%C3%A9-offer', '/caf%C3%A9'],
        ['/a%5B1%5D%7C%5E', 'https://xn--r8jz45g.jp/%E3%83%91%E3%82%B9'],
        ['/%C3%A9t%C3%A9', '/summer'],
        ['/promo', '/new-promo'],
      ]),
    );
    // The store followed each write: old keys gone, canonical ones put, nothing left for the sync.
    expect(edge.keys).toEqual(edgeTable(store));
    expect(store.items.get('/%C3%A9t%C3%A9')?.updated_at).toBe(at(4));
    expect(store.version?.bytes).toBe(
      [...store.items.values()].reduce((sum, r) => sum + bytesOf(r), 0),
    );
    const version = store.version?.version;
    const second = await rebuildEdgeStore(deps);
    expect(second).toMatchObject({ rekeyed: 0, discarded: [], put: 0, deleted: 0 });
    expect(store.version?.version).toBe(version);
  });

  it('collapses the chains and breaks the loops that spellings made one leave behind', async () => {
    const { deps, store, edge } = setup();
    const seed = (from: string, to: string) => {
      store.items.set(from, {
        from,
        to,
        status: 301,
        note: null,
        origin: 'manual',
        created_at: '2025-01-01T00:00:00.000Z',
        updated_at: '2025-01-01T00:00:00.000Z',
      });
      edge.keys.set(from, `301 ${to}`);
    };
    // Two addresses before, one now: `/Y%7e` is `/y~`, and so is `/y%7e`.
    seed('/x', '/Y%7e');
    seed('/y%7e', '/z?q=1');
    seed('/p', '/Q%7e');
    seed('/q%7e', '/p');
    const summary = await rebuildEdgeStore(deps);
    expect(summary).toMatchObject({ rekeyed: 4, collapsed: 1 });
    expect(summary.discarded).toEqual([{ from: '/p', to: '/Q~', reason: 'loop' }]);
    expect(new Map([...store.items].map(([k, r]) => [k, r.to]))).toEqual(
      new Map([
        ['/x', '/z?q=1'],
        ['/y~', '/z?q=1'],
        ['/q~', '/p'],
      ]),
    );
    for (const r of store.items.values())
      expect(store.items.has(targetKey(r.to) ?? ''), r.from).toBe(false);
    expect(edge.keys).toEqual(edgeTable(store));
    expect(await rebuildEdgeStore(deps)).toMatchObject({ rekeyed: 0, collapsed: 0, discarded: [] });
  });

  it('re-keys under concurrent writes without losing one: a write meanwhile is read again', async () => {
    const { deps, store, edge } = setup();
    store.items.set('/old%7cpage', {
      from: '/old%7cpage',
      to: '/x',
      status: 301,
      note: null,
      origin: 'manual',
      created_at: '2025-01-01T00:00:00.000Z',
      updated_at: '2025-01-01T00:00:00.000Z',
    });
    await Promise.all([
      rebuildEdgeStore(deps),
      createRedirect(deps, input('/b', '/c')),
      createRedirect(deps, input('/d', '/e')),
    ]);
    expect([...store.items.keys()].sort()).toEqual(['/b', '/d', '/old%7Cpage']);
    expect(edge.keys).toEqual(edgeTable(store));
  });

  it('refuses (409) a source more redirects lead to than one transaction can move, before writing anything', async () => {
    const { deps, store, edge } = setup();
    for (let i = 0; i <= MAX_COLLAPSED; i++) await createRedirect(deps, input(`/old-${i}`, '/hub'));
    expect(await refusal(createRedirect(deps, input('/hub', '/elsewhere')))).toMatchObject({
      kind: 'conflict',
      field: 'from',
    });
    expect(store.items.has('/hub')).toBe(false);
    expect(edge.keys.get('/old-0')).toBe('301 /hub');
  });

  it('tells why a source is live', async () => {
    const { deps } = setup(['p']);
    expect(await liveAt(deps.addresses, '/blog/p')).toBe('post');
    expect(await liveAt(deps.addresses, '/blog/q')).toBeNull();
    expect(await liveAt(deps.addresses, '/services')).toBe('page');
    expect(await liveAt(deps.addresses, '/creative-login')).toBe('sign-in');
    expect(await liveAt(deps.addresses, '/old')).toBeNull();
  });
});

describe('redirects: properties', () => {
  const paths = fc.constantFrom('/a', '/b', '/c', '/d', '/e');
  const op = fc.record({
    kind: fc.constantFrom('create', 'update', 'delete'),
    from: paths,
    to: paths,
    status: fc.constantFrom(301, 302, 307, 308),
  });

  it('whatever is written, no stored target is a source, nothing loops, and the edge equals the table', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { maxLength: 25 }), async (ops) => {
        const { deps, store, edge } = setup();
        for (const o of ops) {
          const run =
            o.kind === 'create'
              ? createRedirect(deps, input(o.from, o.to, o.status))
              : o.kind === 'update'
                ? updateRedirect(deps, input(o.from, o.to, o.status))
                : deleteRedirect(deps, o.from);
          // Refusals (loops, taken, missing) are answers; anything else is a bug.
          await run.catch((e: unknown) => {
            if (!(e instanceof DomainError)) throw e;
          });
        }
        for (const r of store.items.values()) {
          const key = targetKey(r.to);
          expect(key).not.toBe(r.from);
          if (key) expect(store.items.has(key), `${r.from} → ${r.to}`).toBe(false);
        }
        expect(edge.keys).toEqual(edgeTable(store));
      }),
      { numRuns: 200 },
    );
  });
});
