import { DeleteCommand, GetCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  EDGE_PAGE_VALUES,
  formatBytes,
  REDIRECT_BUDGET_BYTES,
  REDIRECT_LIMITS,
  redirectValue,
  targetKey,
  type Redirect,
} from '@agency/shared';
import { KeyValueEdgeStore } from '../src/modules/redirects/adapters/edge-store';
import { DynamoPageStore } from '../src/modules/pages/adapters/page-store';
import { DynamoRedirectStore } from '../src/modules/redirects/adapters/redirect-store';
import { seedPages } from '../src/modules/pages/domain/seed';
import { bytesOf, type RedirectRecord } from '../src/modules/redirects/domain/redirects';
import { runRebuildRedirects } from '../src/modules/redirects/jobs/rebuild-redirects';
import type { TestResponse, TestStack } from './harness';
import { SEED } from './pages/fixture';
import { stackForFile } from './stack-for-file';

/**
 * Redirects under concurrency and near the edge store's 5 MB (issue 32, items 2, 4 and 6): writes
 * sent at the same time never make a loop, the KeyValueStore ends equal to the table every time, a
 * write that would not fit is refused before anything is written, and page publishing keeps its
 * room in the store.
 */

let stack: TestStack;
let token = '';
stackForFile((started) => ({ stack, token } = started), {
  signInAdmin: true,
  pagePaths: ['/', '/about', '/contact-us', '/blog', '/blog/*'],
});

const TRIALS = 20;
const store = new DynamoRedirectStore();
const edge = new KeyValueEdgeStore();
const PAGE_VALUES = new Set<string>(Object.values(EDGE_PAGE_VALUES));

const create = (from: string, to: string) =>
  stack.invoke('createRedirect', { token, json: { from, to, status: 301 } });
const errorOf = (res: TestResponse) => res.json as { error: string; field?: string; code?: string };

/** The redirects of the table, and of the KeyValueStore (its pages' entries left out). */
async function tableAndStore() {
  const records = await store.all();
  const entries = await edge.entries();
  return {
    records,
    table: new Map(records.map((r) => [r.from, redirectValue(r.status, r.to)])),
    store: new Map([...entries].filter(([, v]) => !PAGE_VALUES.has(v))),
  };
}

/** Table = store, no stored target is itself a source (so nothing loops), the byte count true. */
async function expectConsistent(trial: string) {
  const { records, table, store: kvs } = await tableAndStore();
  expect(kvs, `${trial}: store = table`).toEqual(table);
  const sources = new Set(records.map((r) => r.from));
  for (const r of records)
    expect(sources.has(targetKey(r.to) ?? ''), `${trial}: ${r.from} → ${r.to}`).toBe(false);
  expect((await store.graph())?.bytes, `${trial}: bytes`).toBe(
    records.reduce((sum, r) => sum + bytesOf(r), 0),
  );
}

describe('concurrent redirect writes', () => {
  it(`two opposite creates sent at once: one 201, the other 409 (a loop), never both (${TRIALS} trials)`, async () => {
    let loops = 0;
    for (let i = 0; i < TRIALS; i++) {
      const [a, b] = await Promise.all([
        create(`/qa-ra-${i}`, `/qa-rb-${i}`),
        create(`/qa-rb-${i}`, `/qa-ra-${i}`),
      ]);
      const statuses = [a.status, b.status].sort();
      expect(statuses, `${a.body} ${b.body}`).toEqual([201, 409]);
      const refused = a.status === 409 ? a : b;
      expect(errorOf(refused)).toMatchObject({ field: 'to', code: 'conflict' });
      expect(errorOf(refused).error).toMatch(/loop/);
      const ra = stack.standIns.redirectStore.get(`/qa-ra-${i}`);
      const rb = stack.standIns.redirectStore.get(`/qa-rb-${i}`);
      if (ra !== undefined && rb !== undefined) loops++;
      await expectConsistent(`pair ${i}`);
    }
    expect(loops).toBe(0);
  });

  it(`a three-way cycle sent at once: two 201, the one closing it 409 (${TRIALS} trials)`, async () => {
    for (let i = 0; i < TRIALS; i++) {
      const [x, y, z] = [`/qa-x-${i}`, `/qa-y-${i}`, `/qa-z-${i}`];
      const answers = await Promise.all([create(x, y), create(y, z), create(z, x)]);
      expect(answers.map((r) => r.status).sort(), answers.map((r) => r.body).join('\n')).toEqual([
        201, 201, 409,
      ]);
      await expectConsistent(`cycle ${i}`);
    }
  });

  it('concurrent changes of one redirect: the store ends as the table says, every time', async () => {
    for (let i = 0; i < TRIALS / 2; i++) {
      const from = `/qa-same-${i}`;
      expect((await create(from, '/contact-us')).status).toBe(201);
      const answers = await Promise.all(
        [1, 2, 3, 4].map((n) =>
          stack.invoke('updateRedirect', {
            token,
            json: { from, to: `/target-${n}`, status: 302 },
          }),
        ),
      );
      expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200]);
      await expectConsistent(`updates ${i}`);
    }
  });

  it('concurrent creates and deletes around a chain keep it collapsed and the store equal', async () => {
    for (let i = 0; i < TRIALS / 2; i++) {
      const [a, b, c] = [`/qa-ca-${i}`, `/qa-cb-${i}`, `/qa-cc-${i}`];
      expect((await create(a, b)).status).toBe(201);
      const answers = await Promise.all([
        create(b, c),
        create(c, a),
        stack.invoke('deleteRedirect', { token, json: { from: a } }),
      ]);
      for (const r of answers) expect([200, 201, 404, 409], r.body).toContain(r.status);
      await expectConsistent(`chain ${i}`);
    }
  });
});

describe('the graph’s version item', () => {
  it('is not listed, and a table from before it gets one on the next write, with the bytes counted', async () => {
    const key = { pk: 'REDIRECT', sk: '#GRAPH' };
    const list = await stack.invoke('listRedirects', { token, query: { page: 1 } });
    const body = list.json as { results: Redirect[]; count: number };
    expect(body.results.map((r) => r.from)).not.toContain('#GRAPH');
    expect(body.count).toBe((await store.all()).length);
    await stack.clients.doc.send(
      new DeleteCommand({ TableName: stack.env.CONTENT_TABLE, Key: key }),
    );
    expect((await create('/qa-after-migration', '/contact-us')).status).toBe(201);
    const item = await stack.clients.doc.send(
      new GetCommand({ TableName: stack.env.CONTENT_TABLE, Key: key }),
    );
    expect(item.Item).toMatchObject({ version: 1 });
    await expectConsistent('migration');
  });
});

describe('retiring a page into a loop (item 6)', () => {
  beforeAll(async () => {
    const pages = new DynamoPageStore();
    await seedPages({ pages, settings: pages }, SEED);
  });

  it('is refused with 409 at redirect_to before anything is saved; the page stays live', async () => {
    const made = await stack.invoke('createPage', {
      token,
      json: { path: '/page-z', from: '/contact-us', title: 'Page Z' },
    });
    expect(made.status, made.body).toBe(201);
    const published = await stack.invoke('publishPage', { token, json: { path: '/page-z' } });
    expect(published.status, published.body).toBe(200);
    expect((await create('/qa-back', '/page-z')).status).toBe(201);
    const res = await stack.invoke('deletePage', {
      token,
      json: { path: '/page-z', redirect_to: '/qa-back' },
    });
    expect(res.status, res.body).toBe(409);
    expect(errorOf(res)).toMatchObject({ field: 'redirect_to', code: 'conflict' });
    expect(errorOf(res).error).toMatch(/^redirect_to: .*loop/);
    // Nothing saved: the page is live as it was, no redirect from it, nothing left for the repair.
    const page = await stack.invoke('getPage', { token, query: { path: '/page-z' } });
    expect(page.status).toBe(200);
    expect((page.json as { data: { published: unknown } }).data.published).not.toBeNull();
    expect(stack.standIns.redirectStore.get('/page-z')).toBe('page');
    expect(await store.get('/page-z')).toBeNull();
    // A target the site keeps for itself (its API, files, admin) is refused the same way.
    for (const to of ['/api/health', '/robots.txt', '/admin/pages']) {
      const reserved = await stack.invoke('deletePage', {
        token,
        json: { path: '/page-z', redirect_to: to },
      });
      expect([400, 409], `${to}: ${reserved.body}`).toContain(reserved.status);
      expect(errorOf(reserved).field, to).toBe('redirect_to');
    }
    expect(stack.standIns.redirectStore.get('/page-z')).toBe('page');
    // Another target is fine.
    const retired = await stack.invoke('deletePage', {
      token,
      json: { path: '/page-z', redirect_to: '/contact-us' },
    });
    expect(retired.status, retired.body).toBe(200);
    // /qa-back led to /page-z: it now leads to /contact-us too (collapsed), in the store as well.
    expect(stack.standIns.redirectStore.get('/page-z')).toBe('301 /contact-us');
    expect(stack.standIns.redirectStore.get('/qa-back')).toBe('301 /contact-us');
    await expectConsistent('retired');
  });
});

/** A filler redirect of exactly `bytes` bytes (40 at least) in the store, key and value, named `n`. */
function filler(n: string, bytes: number): RedirectRecord {
  const head = `/qa-fill-${n}-`;
  const keyBytes = Math.min(REDIRECT_LIMITS.keyMaxBytes, bytes - 16);
  const from = head + 'k'.repeat(keyBytes - head.length);
  const to = `/${'v'.repeat(bytes - keyBytes - '301 /'.length)}`;
  const at = new Date().toISOString();
  const r: RedirectRecord = {
    from,
    to,
    status: 301,
    note: null,
    origin: 'manual',
    created_at: at,
    updated_at: at,
  };
  if (bytesOf(r) !== bytes) throw new Error(`filler ${n}: ${bytesOf(r)} bytes, not ${bytes}`);
  return r;
}

let fills = 0;

/**
 * Fill the table and the store (through their adapters, as the API would in 3,000 calls) until the
 * redirects have `left` bytes of their room (up to 40 more: no redirect is smaller).
 */
async function fillUntil(left: number): Promise<void> {
  const graph = await store.graph();
  if (!graph) throw new Error('no version item');
  const big = REDIRECT_LIMITS.keyMaxBytes + REDIRECT_LIMITS.valueMaxBytes;
  const needed = REDIRECT_BUDGET_BYTES - left - graph.bytes;
  const n = Math.max(0, Math.floor(needed / big) - 1);
  const rest = needed - n * big;
  const sizes = [
    ...Array<number>(n).fill(big),
    ...(rest >= 80 ? [Math.floor(rest / 2), Math.ceil(rest / 2)] : rest >= 40 ? [rest] : []),
  ];
  const round = fills++;
  const records = sizes.map((bytes, i) => filler(`${round}-${i}`, bytes));
  let version = graph.version;
  let bytes = graph.bytes;
  for (let i = 0; i < records.length; i += 90) {
    const batch = records.slice(i, i + 90);
    const added = batch.reduce((sum, r) => sum + bytesOf(r), 0);
    const outcome = await store.write({
      graph: { expect: version, next: { version: version + 1, bytes: bytes + added } },
      puts: batch.map((record) => ({ record, expect: null })),
      deletes: [],
      dropNotFound: [],
    });
    expect(outcome).toBe('written');
    version++;
    bytes += added;
  }
  for (let i = 0; i < records.length; i += 50)
    await edge.update(
      records.slice(i, i + 50).map((r) => ({ key: r.from, value: redirectValue(r.status, r.to) })),
      [],
    );
}

describe('the edge store’s 5 MB (item 4)', () => {
  // Each of the two concurrent creates takes this much; the redirects have room for one and a half.
  const to = `/qa-near-cap-target-${'t'.repeat(900)}`;
  const need = (from: string) => bytesOf({ from, to, status: 301 });

  it('two concurrent creates near the cap: one 201, the other 400 at from naming the room left, never a 500', async () => {
    const froms = ['/qa-near-cap-one', '/qa-near-cap-two'] as const;
    const left = Math.floor(need(froms[0]) * 1.5);
    await fillUntil(left);
    await expectConsistent('filled');
    const list = await stack.invoke('listRedirects', { token, query: { page: 1 } });
    const figure = (list.json as { store: { bytes: number; max_bytes: number } }).store;
    // The list tells the truth: what the redirects take, of the room they have.
    expect(figure).toEqual({
      bytes: REDIRECT_BUDGET_BYTES - left,
      max_bytes: REDIRECT_BUDGET_BYTES,
    });
    const answers = await Promise.all(froms.map((from) => create(from, to)));
    expect(answers.map((r) => r.status).sort(), answers.map((r) => r.body).join('\n')).toEqual([
      201, 400,
    ]);
    const refused = answers.find((r) => r.status === 400);
    if (!refused) throw new Error('no create was refused');
    expect(errorOf(refused)).toMatchObject({ field: 'from', code: 'too-large' });
    const stillLeft = left - need(froms[0]);
    expect(errorOf(refused).error).toContain(
      `${formatBytes(stillLeft)} left of the ${formatBytes(REDIRECT_BUDGET_BYTES)}`,
    );
    await expectConsistent('near the cap');
    // The edge store holds it all: under its 5 MB, over 4.4 MB of redirects.
    const size = await edge.size();
    expect(size).toBeGreaterThan(REDIRECT_BUDGET_BYTES - need(froms[0]));
    expect(size).toBeLessThanOrEqual(REDIRECT_LIMITS.storeMaxBytes);
  });

  it('refuses one more redirect before writing anything; what frees room still goes through', async () => {
    const before = await tableAndStore();
    const res = await create('/qa-one-more', to);
    expect(res.status).toBe(400);
    expect(errorOf(res).field).toBe('from');
    const after = await tableAndStore();
    expect(after.table).toEqual(before.table);
    expect(after.store).toEqual(before.store);
    // A change that takes no more room, and a delete.
    const shorter = await stack.invoke('updateRedirect', {
      token,
      json: { from: '/qa-near-cap-one', to: '/contact-us', status: 301 },
    });
    expect(shorter.status, shorter.body).toBe(200);
    const removed = await stack.invoke('deleteRedirect', {
      token,
      json: { from: '/qa-after-migration' },
    });
    expect(removed.status, removed.body).toBe(200);
    await expectConsistent('freed');
  });

  it('still publishes pages when the redirects fill their share, and refuses a retirement redirect that would not fit (400 at redirect_to)', async () => {
    // Take the redirects back to within a few bytes of their share.
    await fillUntil(0);
    const used = (await store.graph())?.bytes ?? 0;
    expect(REDIRECT_BUDGET_BYTES - used).toBeLessThan(40);
    for (const path of ['/qa-full-1', '/qa-full-2', '/qa-full-3']) {
      const made = await stack.invoke('createPage', {
        token,
        json: { path, from: '/contact-us', title: `Page ${path}` },
      });
      expect(made.status, made.body).toBe(201);
      const published = await stack.invoke('publishPage', { token, json: { path } });
      expect(published.status, published.body).toBe(200);
      expect(stack.standIns.redirectStore.get(path)).toBe('page');
    }
    const retire = await stack.invoke('deletePage', {
      token,
      json: { path: '/qa-full-1', redirect_to: '/qa-retire-to-somewhere-else-entirely' },
    });
    expect(retire.status, retire.body).toBe(400);
    expect(errorOf(retire)).toMatchObject({ field: 'redirect_to', code: 'too-large' });
    expect(stack.standIns.redirectStore.get('/qa-full-1')).toBe('page');
    await expectConsistent('pages at the cap');
  });

  it('the rebuild finds the store equal, counts the bytes again, and reports the fill', async () => {
    const version = (await store.graph())?.version ?? 0;
    // A count gone wrong (e.g. by hand) is put right by the rebuild.
    await store.write({
      graph: { expect: version, next: { version: version + 1, bytes: 12 } },
      puts: [],
      deletes: [],
      dropNotFound: [],
    });
    const summary = await runRebuildRedirects();
    // Nothing to delete or drop (the puts are the seeded pages' entries, which the seed never wrote).
    expect(summary).toMatchObject({ deleted: 0, dropped: 0 });
    expect(summary.storeBytes).toBeGreaterThan(0.88 * REDIRECT_LIMITS.storeMaxBytes);
    await expectConsistent('rebuilt');
  });
});
