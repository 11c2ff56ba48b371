import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import type { Redirect } from '@agency/shared';
import { KeyValueEdgeStore } from '../src/modules/redirects/adapters/edge-store';
import { DynamoPostStore } from '../src/modules/posts/adapters/post-store';
import { postDeps } from '../src/modules/posts/deps';
import { keepAddresses } from '../src/modules/posts/domain/write';
import { publishScheduledPosts } from '../src/modules/posts/jobs/publish-scheduled-posts';
import { runRebuildRedirects } from '../src/modules/redirects/jobs/rebuild-redirects';
import type { TestStack } from './harness';
import { stackForFile } from './stack-for-file';

let stack: TestStack;
let token = '';
stackForFile((started) => ({ stack, token } = started), {
  signInAdmin: true,
  pagePaths: ['/', '/about', '/services', '/blog', '/blog/*', '/admin', '/admin/*'],
});

interface Saved {
  message: string;
  data: Redirect;
  collapsed: Redirect[];
}
const kvs = (key: string) => stack.standIns.redirectStore.get(key);
const create = (json: Record<string, unknown>, as = token) =>
  stack.invoke('createRedirect', { token: as, json });
const errorOf = (json: unknown) => json as { error: string; field?: string; code?: string };

async function post(slug: string, extra: Record<string, string> = {}) {
  const res = await stack.invoke('createPost', {
    token,
    form: { title: `Post ${slug}`, slug, content: '<p>text</p>', ...extra },
  });
  expect(res.status, res.body).toBe(201);
  return (res.json as { data: { id: number; slug: string } }).data;
}

async function redirectItem(from: string) {
  const out = await stack.clients.doc.send(
    new GetCommand({ TableName: stack.env.CONTENT_TABLE, Key: { pk: 'REDIRECT', sk: from } }),
  );
  return out.Item;
}

describe('createRedirect', () => {
  it('stores a redirect under its edge key (201), in the table of record and the KeyValueStore', async () => {
    const res = await create({ from: '/Old-Offer/', to: '/services?ref=old', status: 308 });
    expect(res.status, res.body).toBe(201);
    expect((res.json as Saved).data).toMatchObject({
      from: '/old-offer',
      to: '/services?ref=old',
      status: 308,
      note: null,
      origin: 'manual',
    });
    expect(kvs('/old-offer')).toBe('308 /services?ref=old');
    expect(await redirectItem('/old-offer')).toMatchObject({ to: '/services?ref=old' });
  });

  it('names the field of bad input with 400, never a 500', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ to: '/x', status: 301 }, 'from'],
      [{ from: 'no-slash', to: '/x', status: 301 }, 'from'],
      [{ from: '//evil.example', to: '/x', status: 301 }, 'from'],
      [{ from: '/a?b=c', to: '/x', status: 301 }, 'from'],
      [{ from: `/${'x'.repeat(600)}`, to: '/x', status: 301 }, 'from'],
      [{ from: '/a', to: 'http://plain.example/', status: 301 }, 'to'],
      [{ from: '/a', to: 'javascript:alert(1)', status: 301 }, 'to'],
      [{ from: '/a', to: '//evil.example/x', status: 301 }, 'to'],
      [{ from: '/a', to: `/${'y'.repeat(1100)}`, status: 301 }, 'to'],
      [{ from: '/a', to: '/x', status: 303 }, 'status'],
      [{ from: '/a', to: '/x', status: 'soon' }, 'status'],
      [{ from: '/a', to: '/x', status: 301, note: 'n'.repeat(201) }, 'note'],
    ];
    for (const [json, field] of cases) {
      const res = await create(json);
      expect(res.status, JSON.stringify(json)).toBe(400);
      expect(errorOf(res.json).field, JSON.stringify(json)).toBe(field);
    }
  });

  it('refuses loops, live pages and posts, the admin area and a source already redirected (409)', async () => {
    await post('live-post');
    expect((await create({ from: '/loop-a', to: '/loop-b', status: 301 })).status).toBe(201);
    const refusals: [Record<string, unknown>, string][] = [
      [{ from: '/loop-b', to: '/loop-a', status: 301 }, 'to'],
      [{ from: '/self', to: '/SELF/', status: 301 }, 'to'],
      [{ from: '/about', to: '/services', status: 301 }, 'from'],
      [{ from: '/', to: '/services', status: 301 }, 'from'],
      [{ from: '/admin/redirects', to: '/services', status: 301 }, 'from'],
      [{ from: '/api/health', to: '/services', status: 301 }, 'from'],
      [{ from: '/blog/live-post', to: '/services', status: 301 }, 'from'],
      [{ from: '/loop-a', to: '/services', status: 301 }, 'from'],
    ];
    for (const [json, field] of refusals) {
      const res = await create(json);
      expect(res.status, `${JSON.stringify(json)}: ${res.body}`).toBe(409);
      expect(errorOf(res.json).field, JSON.stringify(json)).toBe(field);
    }
    expect(kvs('/loop-b')).toBeUndefined();
    expect(kvs('/about')).toBeUndefined();
  });

  it('collapses chains: A → B then B → C stores A → C and B → C, in the store too', async () => {
    expect((await create({ from: '/chain-a', to: '/chain-b', status: 301 })).status).toBe(201);
    const second = await create({ from: '/chain-b', to: '/chain-c?x=1', status: 302 });
    expect(second.status).toBe(201);
    expect((second.json as Saved).collapsed.map((r) => [r.from, r.to])).toEqual([
      ['/chain-a', '/chain-c?x=1'],
    ]);
    expect(kvs('/chain-a')).toBe('301 /chain-c?x=1');
    expect(kvs('/chain-b')).toBe('302 /chain-c?x=1');
    // A redirect to a redirected source goes straight to the end.
    const third = await create({ from: '/chain-z', to: '/chain-a', status: 301 });
    expect((third.json as Saved).data.to).toBe('/chain-c?x=1');
  });
});

describe('updateRedirect, deleteRedirect, listRedirects', () => {
  it('changes a redirect (200), refuses a loop (409), and 404s one that is not there', async () => {
    expect((await create({ from: '/edit-me', to: '/services', status: 301 })).status).toBe(201);
    const res = await stack.invoke('updateRedirect', {
      token,
      json: { from: '/edit-me', to: 'https://example.com/x', status: 307, note: 'moved off-site' },
    });
    expect(res.status, res.body).toBe(200);
    expect(kvs('/edit-me')).toBe('307 https://example.com/x');
    // /edit-me-2 → /edit-me-3 is collapsed to /services when /edit-me-3 → /services is added, so
    // pointing /edit-me-3 back at /edit-me-2 ends at /services: no loop. Pointing it at itself is one.
    expect((await create({ from: '/edit-me-2', to: '/edit-me-3', status: 301 })).status).toBe(201);
    const missing = await stack.invoke('updateRedirect', {
      token,
      json: { from: '/edit-me-3', to: '/edit-me-2', status: 301 },
    });
    expect(missing.status).toBe(404);
    expect((await create({ from: '/edit-me-3', to: '/services', status: 301 })).status).toBe(201);
    expect(kvs('/edit-me-2')).toBe('301 /services');
    const back = await stack.invoke('updateRedirect', {
      token,
      json: { from: '/edit-me-3', to: '/edit-me-2', status: 301 },
    });
    expect(back.status, back.body).toBe(200);
    expect(kvs('/edit-me-3')).toBe('301 /services');
    const loop = await stack.invoke('updateRedirect', {
      token,
      json: { from: '/edit-me-3', to: '/Edit-Me-3/?x=1', status: 301 },
    });
    expect(loop.status).toBe(409);
    expect(errorOf(loop.json).field).toBe('to');
  });

  it('deletes a redirect from the table and the store, then 404s', async () => {
    expect((await create({ from: '/delete-me', to: '/services', status: 301 })).status).toBe(201);
    const res = await stack.invoke('deleteRedirect', { token, json: { from: '/Delete-Me/' } });
    expect(res.status, res.body).toBe(200);
    expect(kvs('/delete-me')).toBeUndefined();
    expect(await redirectItem('/delete-me')).toBeUndefined();
    expect(
      (await stack.invoke('deleteRedirect', { token, json: { from: '/delete-me' } })).status,
    ).toBe(404);
  });

  it('lists by source with paging and search, and the store’s use of its 5 MB', async () => {
    for (let i = 0; i < 3; i++)
      expect(
        (await create({ from: `/listed-${i}`, to: '/services', status: 301, note: `batch ${i}` }))
          .status,
      ).toBe(201);
    const all = await stack.invoke('listRedirects', { token, query: { page: 1 } });
    expect(all.status).toBe(200);
    const body = all.json as {
      results: Redirect[];
      count: number;
      store: { bytes: number; max_bytes: number };
    };
    expect(body.results.map((r) => r.from)).toEqual([...body.results.map((r) => r.from)].sort());
    expect(body.count).toBe(body.results.length);
    // Redirects may take the store's 5 MB less the 0.5 MB kept for pages' entries.
    expect(body.store.max_bytes).toBe(4.5 * 1024 * 1024);
    expect(body.store.bytes).toBeGreaterThan(0);
    const found = await stack.invoke('listRedirects', { token, query: { page: 1, q: 'BATCH 1' } });
    expect((found.json as { results: Redirect[] }).results.map((r) => r.from)).toEqual([
      '/listed-1',
    ]);
    expect((await stack.invoke('listRedirects', { token, query: { page: 0 } })).status).toBe(400);
  });

  it('records every change in the audit trail, naming the redirect', async () => {
    expect((await create({ from: '/audited', to: '/services', status: 301 })).status).toBe(201);
    const out = await stack.clients.doc.send(
      new QueryCommand({
        TableName: stack.env.AUDIT_TABLE,
        IndexName: 'byAction',
        KeyConditionExpression: '#a = :a',
        ExpressionAttributeNames: { '#a': 'action' },
        ExpressionAttributeValues: { ':a': 'createRedirect' },
      }),
    );
    expect(out.Items?.map((i) => i.target)).toContain('redirect /audited');
  });

  it('refuses callers without a staff token (401) and users in no group (403)', async () => {
    expect((await stack.invoke('listRedirects', { query: { page: 1 } })).status).toBe(401);
    const user = await stack.userToken();
    expect((await create({ from: '/x-user', to: '/services', status: 301 }, user)).status).toBe(
      403,
    );
    const editor = await stack.editorToken();
    expect((await create({ from: '/x-editor', to: '/services', status: 301 }, editor)).status).toBe(
      201,
    );
  });
});

describe('automatic redirects when a published post’s slug changes', () => {
  it('redirects the old address (301) on update, collapses renames, and restore brings the address back', async () => {
    const p = await post('first-name');
    const rename = (slug: string) =>
      stack.invoke('updatePost', { token, form: { id: String(p.id), title: 'Renamed', slug } });
    expect((await rename('second-name')).status).toBe(200);
    expect(kvs('/blog/first-name')).toBe('301 /blog/second-name');
    const item = await redirectItem('/blog/first-name');
    expect(item).toMatchObject({ origin: 'slug-change', status: 301 });
    expect((await rename('third-name')).status).toBe(200);
    expect(kvs('/blog/first-name')).toBe('301 /blog/third-name');
    expect(kvs('/blog/second-name')).toBe('301 /blog/third-name');
    // Restoring version 1 brings "first-name" back: its redirect goes, the others lead to it.
    const restored = await stack.invoke('restoreRevision', {
      token,
      form: { id: String(p.id), revision: '1' },
    });
    expect(restored.status, restored.body).toBe(200);
    expect(kvs('/blog/first-name')).toBeUndefined();
    expect(kvs('/blog/second-name')).toBe('301 /blog/first-name');
    expect(kvs('/blog/third-name')).toBe('301 /blog/first-name');
  });

  it('makes no redirect for a draft renamed, and drops a manual one when a post goes live there', async () => {
    const draft = await post('draft-name', { status: 'draft' });
    const res = await stack.invoke('updatePost', {
      token,
      form: { id: String(draft.id), title: 'Draft', slug: 'draft-renamed', status: 'draft' },
    });
    expect(res.status, res.body).toBe(200);
    expect(kvs('/blog/draft-name')).toBeUndefined();
    // Renamed and unpublished in one save: the old address would lead to a 404, so no redirect.
    const pulled = await post('pulled-name');
    const unpublished = await stack.invoke('updatePost', {
      token,
      form: { id: String(pulled.id), title: 'Pulled', slug: 'pulled-renamed', status: 'draft' },
    });
    expect(unpublished.status, unpublished.body).toBe(200);
    expect(kvs('/blog/pulled-name')).toBeUndefined();
    expect((await create({ from: '/blog/coming-soon', to: '/services', status: 302 })).status).toBe(
      201,
    );
    await post('coming-soon');
    expect(kvs('/blog/coming-soon')).toBeUndefined();
    expect(await redirectItem('/blog/coming-soon')).toBeUndefined();
  });

  it('keeps a rename’s redirect when an earlier save of the post takes its address steps after it', async () => {
    const p = await post('late-steps');
    const saved = await new DynamoPostStore().getPost(p.id);
    if (!saved) throw new Error('the post is not stored');
    const renamed = await stack.invoke('updatePost', {
      token,
      form: { id: String(p.id), title: 'Late steps', slug: 'late-steps-renamed' },
    });
    expect(renamed.status, renamed.body).toBe(200);
    expect(kvs('/blog/late-steps')).toBe('301 /blog/late-steps-renamed');
    // The first save (no rename) finishes its address steps only now: "the post is live here".
    await keepAddresses(postDeps({ warn: () => undefined }), saved, saved, new Date());
    expect(kvs('/blog/late-steps')).toBe('301 /blog/late-steps-renamed');
    expect(await redirectItem('/blog/late-steps')).toMatchObject({
      to: '/blog/late-steps-renamed',
    });
  });
});

describe('a scheduled post going live', () => {
  it('takes its address back from a redirect made while it waited', async () => {
    const at = new Date(Date.now() + 60 * 60 * 1000);
    await post('later-post', { status: 'scheduled', publish_at: at.toISOString() });
    expect((await create({ from: '/blog/later-post', to: '/services', status: 302 })).status).toBe(
      201,
    );
    const summary = await publishScheduledPosts({ now: () => new Date(at.getTime() + 1000) });
    expect(summary.slugs).toContain('later-post');
    expect(kvs('/blog/later-post')).toBeUndefined();
    expect(await redirectItem('/blog/later-post')).toBeUndefined();
  });
});

describe('rebuilding the store from the table of record', () => {
  it('writes what is missing or different, deletes strays, and leaves an equal store alone', async () => {
    const edge = new KeyValueEdgeStore();
    expect((await create({ from: '/rebuilt', to: '/services', status: 301 })).status).toBe(201);
    await edge.update(
      [
        { key: '/stray', value: '301 /nowhere' },
        { key: '/rebuilt', value: '302 /wrong' },
      ],
      ['/chain-a'],
    );
    const first = await runRebuildRedirects();
    expect(first).toMatchObject({ put: 2, deleted: 1, dropped: 0 });
    expect(kvs('/stray')).toBeUndefined();
    expect(kvs('/rebuilt')).toBe('301 /services');
    expect(kvs('/chain-a')).toBe('301 /chain-c?x=1');
    const entries = await edge.entries();
    expect(entries.size).toBe(first.redirects);
    expect(await runRebuildRedirects()).toMatchObject({ put: 0, deleted: 0 });
  });
});
