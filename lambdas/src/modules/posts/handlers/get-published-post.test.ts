import type { Server } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { buildPath, contract } from '@agency/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from '../../../../test/harness';
import { EdgeCache } from '../../../local/edge-server/edge-cache';
import { createLocalServer } from '../../../local/edge-server/server';

let stack: TestStack;
let token: string;
let edge: Server;
let base: string;
let stopListening: () => void;

const PAST = '2020-01-01T00:00:00.000Z';

async function create(slug: string, form: Record<string, string>): Promise<number> {
  const res = await stack.invoke('createPost', {
    token,
    form: { title: `Post ${slug}`, slug, content: '<p>Body</p>', ...form },
  });
  expect(res.status, res.body).toBe(201);
  return (res.json as { data: { id: number } }).data.id;
}

/** Save post `id` as `slug` with a one-paragraph body and `form`'s other fields, expecting a 200. */
async function update(id: number, slug: string, form: Record<string, string>): Promise<void> {
  const res = await stack.invoke('updatePost', {
    token,
    form: { id: String(id), title: `Post ${slug}`, slug, content: '<p>Body</p>', ...form },
  });
  expect(res.status, res.body).toBe(200);
}

/** Move post `id` to the trash, expecting a 200. */
async function trash(id: number): Promise<void> {
  const res = await stack.invoke('deletePost', { token, form: { id: String(id) } });
  expect(res.status, res.body).toBe(200);
}

const read = (slug: string) => stack.invoke('getPublishedPost', { query: { slug } });

/** A GET of the post read through the local edge: its answer and whether the edge kept it. */
async function viaEdge(
  slug: string,
): Promise<{ status: number; cache: string | null; body: string }> {
  const res = await fetch(`${base}${buildPath('getPublishedPost', {}, { slug })}`);
  const body = await res.text();
  return { status: res.status, cache: res.headers.get('x-cache'), body };
}

beforeAll(async () => {
  stack = await startTestStack();
  token = await stack.adminToken();
  const cache = new EdgeCache();
  stopListening = stack.standIns.cdn.onInvalidate((paths) => cache.invalidate(paths));
  edge = createLocalServer({
    webDist: path.join(os.tmpdir(), 'agency-no-site-build'),
    sitePages: { prerendered: [], rendered: ['/blog', '/blog/*'], app: [], notFound: '/404' },
    media: { s3: stack.clients.s3, bucket: stack.env.MEDIA_BUCKET },
    cache,
  });
  await new Promise<void>((resolve) => edge.listen(0, '127.0.0.1', resolve));
  const address = edge.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  base = `http://127.0.0.1:${address.port}`;
  await create('older', { status: 'published', publish_at: '2020-01-01T00:00:00.000Z' });
  await create('newer', { status: 'published', publish_at: '2020-01-03T00:00:00.000Z' });
  await create('a-draft', { status: 'draft' });
  await create('later', { status: 'scheduled', publish_at: '2099-01-01T00:00:00.000Z' });
  await trash(await create('binned', { status: 'published', publish_at: PAST }));
});

afterAll(async () => {
  stopListening?.();
  if (edge)
    await new Promise<void>((resolve) => {
      edge.close(() => resolve());
      edge.closeAllConnections();
    });
  await stack?.stop();
});

describe('GET /api/user/post/get?slug= (the cacheable public post read)', () => {
  it('answers a published post with its neighbours, cacheable at the edge and briefly in browsers', async () => {
    const res = await read('older');
    expect(res.status).toBe(200);
    const { data } = contract.getPublishedPost.response.parse(res.json);
    expect(data.post.slug).toBe('older');
    expect(data.next_post?.slug).toBe('newer');
    const cacheControl = res.headers['cache-control'] ?? '';
    expect(cacheControl).toMatch(/\bpublic\b/);
    expect(Number(/s-maxage=(\d+)/.exec(cacheControl)?.[1])).toBeGreaterThan(0);
    expect(Number(/(?:^|[ ,])max-age=(\d+)/.exec(cacheControl)?.[1])).toBeLessThanOrEqual(60);
  });

  it('answers 404, never cached, for a draft, a scheduled and a trashed post, even to an admin token', async () => {
    for (const slug of ['a-draft', 'later', 'binned', 'no-such-post']) {
      const res = await stack.invoke('getPublishedPost', { query: { slug }, token });
      expect([slug, res.status]).toEqual([slug, 404]);
      expect(res.headers['cache-control']).toMatch(/no-store/);
    }
    // The spec's POST on the same path still shows the admin the draft.
    const post = await stack.invoke('getPost', { token, form: { slug: 'a-draft' } });
    expect(post.status).toBe(200);
  });

  it('answers 400 naming the field when the slug is missing or blank', async () => {
    const queries: Record<string, string>[] = [{}, { slug: '' }];
    for (const query of queries) {
      const res = await stack.invoke('getPublishedPost', { query });
      expect(res.status).toBe(400);
      expect(res.json).toMatchObject({ field: 'slug' });
    }
  });
});

describe('the post read at the local edge, as CloudFront caches it', () => {
  it('keeps the GET by slug, lets the POST through, and drops the post and its new neighbour on publish', async () => {
    expect((await viaEdge('newer')).cache).toMatch(/^Miss/);
    const kept = await viaEdge('newer');
    expect(kept.cache).toMatch(/^Hit/);
    expect(JSON.parse(kept.body)).toMatchObject({ data: { next_post: null } });
    // Another query string than the slug shares the cached answer (the key is the slug alone).
    const other = await fetch(`${base}${buildPath('getPublishedPost')}?slug=newer&utm=x`);
    expect(other.headers.get('x-cache')).toMatch(/^Hit/);
    // The POST on the same path reaches the function every time, with its body and token.
    for (let i = 0; i < 2; i++) {
      const post = await fetch(`${base}${buildPath('getPost')}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ slug: 'a-draft' }),
      });
      // The draft itself: only the function, with the token, could answer it.
      expect(post.status).toBe(200);
      expect(await post.json()).toMatchObject({ data: { post: { slug: 'a-draft' } } });
      expect(post.headers.get('x-cache') ?? '').not.toMatch(/^Hit/);
    }

    // Publishing a post after `newer` changes newer's next link: both are read again.
    await create('newest', { status: 'published', publish_at: '2020-01-05T00:00:00.000Z' });
    const after = await viaEdge('newer');
    expect(after.cache).toMatch(/^Miss/);
    expect(JSON.parse(after.body)).toMatchObject({ data: { next_post: { slug: 'newest' } } });
    expect((await viaEdge('newest')).status).toBe(200);
  });

  it('drops the cached read on update, unpublish and delete', async () => {
    const id = await create('changing', {
      status: 'published',
      publish_at: '2020-01-07T00:00:00.000Z',
    });
    await viaEdge('changing');
    expect((await viaEdge('changing')).cache).toMatch(/^Hit/);
    await update(id, 'changing', { title: 'Renamed title' });
    const updated = await viaEdge('changing');
    expect(updated.cache).toMatch(/^Miss/);
    expect(JSON.parse(updated.body)).toMatchObject({ data: { post: { title: 'Renamed title' } } });

    await update(id, 'changing', { title: 'Renamed title', status: 'draft' });
    expect((await viaEdge('changing')).status).toBe(404);

    await update(id, 'changing', { title: 'Renamed title', status: 'published' });
    expect((await viaEdge('changing')).status).toBe(200);
    expect((await viaEdge('changing')).cache).toMatch(/^Hit/);
    await trash(id);
    expect((await viaEdge('changing')).status).toBe(404);
  });
});
