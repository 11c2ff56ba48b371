import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redirectValue, type Redirect } from '@agency/shared';
import { KeyValueEdgeStore } from '../src/modules/redirects/adapters/edge-store';
import { DynamoRedirectStore } from '../src/modules/redirects/adapters/redirect-store';
import { bytesOf, type RedirectRecord } from '../src/modules/redirects/domain/redirects';
import { runRebuildRedirects } from '../src/modules/redirects/jobs/rebuild-redirects';
import type { TestStack } from './harness';
import { stackForFile } from './stack-for-file';
import { startTestEdge, type TestEdge } from './support/test-edge';

// Issue 32, follow-up of item 7: redirects saved before addresses had one normalisation (keys with
// lower-case escapes or `[ ] | ^` as typed, targets not ASCII, search text without the readable
// forms) are moved by the rebuild (run at every deploy, hourly and on `npm start`) to the keys the
// edge looks up today, and found by the manager's search as the lists show them.

let stack: TestStack;
let token = '';
const PAGE_PATHS = ['/', '/about', '/services', '/blog', '/blog/*'];
stackForFile((started) => ({ stack, token } = started), {
  signInAdmin: true,
  pagePaths: [...PAGE_PATHS, '/admin', '/admin/*'],
});

let edgeServer: TestEdge;
let base = '';

beforeAll(async () => {
  edgeServer = await startTestEdge(stack, {
    files: {
      'index.html': '<title>Home</title>',
      'about/index.html': '<title>About</title>',
      'services/index.html': '<title>Services</title>',
      '404/index.html': '<title>Not found</title>',
      'spa.html': '<title>Admin</title>',
    },
    sitePages: {
      prerendered: ['/', '/about', '/services'],
      rendered: ['/blog', '/blog/*'],
      app: ['/admin', '/admin/*'],
      notFound: '/404',
    },
  });
  base = edgeServer.base;
});

afterAll(async () => {
  await edgeServer.stop();
});

async function visit(url: string) {
  const res = await fetch(`${base}${url}`, { redirect: 'manual' });
  await res.arrayBuffer();
  return { status: res.status, location: res.headers.get('location') ?? undefined };
}

const store = new DynamoRedirectStore();
const edge = new KeyValueEdgeStore();
const kvs = (key: string) => stack.standIns.redirectStore.get(key);

async function tableItem(from: string) {
  const out = await stack.clients.doc.send(
    new GetCommand({ TableName: stack.env.CONTENT_TABLE, Key: { pk: 'REDIRECT', sk: from } }),
  );
  return out.Item;
}

const day = (n: number) => new Date(Date.UTC(2025, 0, n)).toISOString();
const record = (from: string, to: string, n: number): RedirectRecord => {
  const at = day(n);
  return { from, to, status: 301, note: null, origin: 'manual', created_at: at, updated_at: at };
};

/**
 * Redirects as the code before the one normalisation left them: written through the adapter (with
 * the graph's version item), their search text as it was then (source, target and note as stored,
 * lower-cased), and the edge store holding them under the same keys.
 */
async function seedOldForm(records: RedirectRecord[]) {
  const graph = await store.graph();
  const added = records.reduce((sum, r) => sum + bytesOf(r), 0);
  expect(
    await store.write({
      graph: {
        expect: graph?.version ?? null,
        next: { version: (graph?.version ?? 0) + 1, bytes: (graph?.bytes ?? 0) + added },
      },
      puts: records.map((r) => ({ record: r, expect: null })),
      deletes: [],
      dropNotFound: [],
    }),
  ).toBe('written');
  for (const r of records)
    await stack.clients.doc.send(
      new UpdateCommand({
        TableName: stack.env.CONTENT_TABLE,
        Key: { pk: 'REDIRECT', sk: r.from },
        UpdateExpression: 'SET #search = :search',
        ExpressionAttributeNames: { '#search': 'search' },
        ExpressionAttributeValues: {
          ':search': [r.from, r.to, r.note ?? ''].join('\n').toLowerCase(),
        },
      }),
    );
  await edge.update(
    records.map((r) => ({ key: r.from, value: redirectValue(r.status, r.to) })),
    [],
  );
}

const search = async (q: string) => {
  const res = await stack.invoke('listRedirects', { token, query: { page: 1, q } });
  expect(res.status, res.body).toBe(200);
  return (res.json as { results: Redirect[] }).results.map((r) => r.from).sort();
};

describe('redirects saved in an older form of their address', () => {
  it('are moved by the rebuild to today’s keys and targets: every spelling is redirected, old keys are gone, and a second run changes nothing', async () => {
    await seedOldForm([
      record('/caf%c3%a9-offer', '/café', 1),
      record('/sale[1]|^', 'https://例え.jp/パス', 2),
      record('/to-cafe', '/café?x=ü', 3),
      // The canonical key already taken, by a redirect updated later: the old spelling goes.
      record('/%C3%A9t%C3%A9', '/about', 20),
      record('/%c3%a9t%c3%a9', '/services', 10),
      // The canonical key taken by one updated earlier: the old spelling's redirect takes it over.
      record('/~user', '/about', 4),
      record('/%7euser', '/services', 5),
      // Already in today's form: left as it is.
      record('/plain-old', '/services', 6),
      // Two addresses before, one now: a chain, collapsed.
      record('/chain-x', '/Chain%7e', 8),
      record('/chain%7e', '/services?from=chain', 9),
    ]);
    // Deployed as they are, the edge no longer finds them.
    expect((await visit('/caf%C3%A9-offer')).status).toBe(404);
    expect((await visit('/sale%5B1%5D%7C%5E')).status).toBe(404);

    const first = await runRebuildRedirects();
    expect(first).toMatchObject({
      rekeyed: 6,
      collapsed: 1,
      put: 0,
      deleted: 0,
      dropped: 0,
      redirects: 8,
    });
    // In the table's order of sources.
    expect(first.discarded).toEqual([
      { from: '/~user', to: '/about', reason: 'same-key', kept: '/%7euser' },
      { from: '/%c3%a9t%c3%a9', to: '/services', reason: 'same-key', kept: '/%C3%A9t%C3%A9' },
    ]);

    const expected: [key: string, to: string, spellings: string[]][] = [
      [
        '/caf%C3%A9-offer',
        '/caf%C3%A9',
        ['/caf%C3%A9-offer', '/caf%c3%a9-offer', '/CAF%C3%89-OFFER', '/cafe%CC%81-offer/'],
      ],
      [
        '/sale%5B1%5D%7C%5E',
        'https://xn--r8jz45g.jp/%E3%83%91%E3%82%B9',
        ['/sale[1]|^', '/sale%5B1%5D%7C%5E', '/SALE%5b1%5d%7c%5e'],
      ],
      ['/to-cafe', '/caf%C3%A9?x=%C3%BC', ['/to-cafe', '/TO-CAFE/']],
      ['/%C3%A9t%C3%A9', '/about', ['/%C3%89T%C3%89', '/%c3%a9t%c3%a9', '/e%CC%81te%CC%81']],
      ['/~user', '/services', ['/~user', '/%7Euser', '/%7euser', '/~USER']],
      ['/plain-old', '/services', ['/plain-old']],
      ['/chain-x', '/services?from=chain', ['/chain-x']],
      ['/chain~', '/services?from=chain', ['/CHAIN%7E', '/chain~']],
    ];
    for (const [key, to, spellings] of expected) {
      expect(await tableItem(key), key).toMatchObject({ from: key, to });
      expect(kvs(key), key).toBe(`301 ${to}`);
      for (const url of spellings)
        expect(await visit(url), `${key} as ${url}`).toEqual({ status: 301, location: to });
    }
    for (const old of [
      '/caf%c3%a9-offer',
      '/sale[1]|^',
      '/%c3%a9t%c3%a9',
      '/%7euser',
      '/chain%7e',
    ]) {
      expect(await tableItem(old), old).toBeUndefined();
      expect(kvs(old), old).toBeUndefined();
    }
    // The survivor of a same-key pair keeps its dates; the graph counts what the table holds.
    expect(await tableItem('/~user')).toMatchObject({ updated_at: day(5) });
    const all = await store.all();
    expect(all).toHaveLength(8);
    const graph = await store.graph();
    expect(graph?.bytes).toBe(all.reduce((sum, r) => sum + bytesOf(r), 0));
    expect((await edge.entries()).size).toBe(8);

    const second = await runRebuildRedirects();
    expect(second).toMatchObject({
      rekeyed: 0,
      collapsed: 0,
      discarded: [],
      put: 0,
      deleted: 0,
      dropped: 0,
      searchRefreshed: 0,
      redirects: 8,
    });
    expect(await store.graph()).toEqual(graph);
  });

  it('are found by the manager’s search in the form the lists show them, once the rebuild wrote their search text', async () => {
    await seedOldForm([record('/pr%C3%BCfung', '/services', 7)]);
    // Its search text from before holds only the escapes.
    expect(await search('prüfung')).toEqual([]);
    const rebuilt = await runRebuildRedirects();
    expect(rebuilt.searchRefreshed).toBe(1);
    expect(await search('prüfung')).toEqual(['/pr%C3%BCfung']);
    expect(await search('PRÜFUNG')).toEqual(['/pr%C3%BCfung']);
  });

  it('finds a redirect by its address typed readable, in any case or composition, or as stored', async () => {
    const res = await stack.invoke('createRedirect', {
      token,
      json: { from: '/Café-Angebot', to: '/Crème/Brûlée', status: 301, note: 'Sommerfest' },
    });
    expect(res.status, res.body).toBe(201);
    expect((res.json as { data: Redirect }).data.from).toBe('/caf%C3%A9-angebot');
    for (const q of ['café-angebot', 'CAFÉ', 'cafe\u0301', 'caf%c3%a9', 'CAF%C3%A9'])
      expect(await search(q), q).toContain('/caf%C3%A9-angebot');
    for (const q of ['crème/brûlée', 'CRÈME', 'sommerfest', 'cr%C3%A8me'])
      expect(await search(q), q).toEqual(['/caf%C3%A9-angebot']);
    expect(await search('nothing-like-it')).toEqual([]);
  });
});
