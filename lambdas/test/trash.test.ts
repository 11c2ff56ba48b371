import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRASH_DAYS, type Post } from '@agency/shared';
import { purgeTrash } from '../src/modules/posts/jobs/purge-trash';
import { startTestStack, type TestStack } from './harness';

let stack: TestStack;
let token = '';
let editor = '';

const DAY = 24 * 3600_000;
const dataOf = (json: unknown): Post => (json as { data: Post }).data;
const errorOf = (json: unknown): string => (json as { error: string }).error;

async function create(fields: Record<string, string>): Promise<Post> {
  const res = await stack.invoke('createPost', {
    token,
    form: { content: `<p>${fields.title ?? ''} body</p>`, ...fields },
  });
  expect(res.status, res.body).toBe(201);
  return dataOf(res.json);
}

async function update(post: Post, fields: Record<string, string>): Promise<Post> {
  const res = await stack.invoke('updatePost', {
    token,
    form: { id: String(post.id), title: post.title, slug: post.slug, ...fields },
  });
  expect(res.status, res.body).toBe(200);
  return dataOf(res.json);
}

const trash = (id: number, as = token) =>
  stack.invoke('deletePost', { token: as, form: { id: String(id) } });
const untrash = (id: number, as = token) =>
  stack.invoke('untrashPost', { token: as, form: { id: String(id) } });
const purge = (id: number, as = token) =>
  stack.invoke('purgePost', { token: as, form: { id: String(id) } });

async function list(query: Record<string, string | number>, as?: string): Promise<Post[]> {
  const res = await stack.invoke('listPosts', { ...(as ? { token: as } : {}), query });
  expect(res.status, res.body).toBe(200);
  return (res.json as { results: Post[] }).results;
}

const contentItem = async (key: { pk: string; sk: string }) =>
  (await stack.clients.doc.send(new GetCommand({ TableName: stack.env.CONTENT_TABLE, Key: key })))
    .Item;

beforeAll(async () => {
  stack = await startTestStack();
  token = await stack.adminToken();
  editor = await stack.editorToken();
});
afterAll(async () => {
  await stack?.stop();
});

describe('publishing again after unpublishing', () => {
  it('keeps the first publication date, unless the author gives a new one', async () => {
    const post = await create({ title: 'Dated', slug: 'dated' });
    expect(post.status).toBe('published');
    const unpublished = await update(post, { status: 'draft' });
    expect([unpublished.status, unpublished.publish_at]).toEqual(['draft', null]);
    await new Promise((r) => setTimeout(r, 20));
    const again = await update(unpublished, { status: 'published' });
    expect(again.publish_at).toBe(post.publish_at);
    // The public list orders it by that date.
    expect((await list({ page: 1 })).find((p) => p.id === post.id)?.publish_at).toBe(
      post.publish_at,
    );

    await update(again, { status: 'draft' });
    const chosen = new Date(Date.now() - 3 * DAY).toISOString();
    const redated = await update(again, { status: 'published', publish_at: chosen });
    expect(redated.publish_at).toBe(chosen);
  });
});

describe('the Trash', () => {
  it('takes a deleted post off every public call, lists it under the Trash filter with its purge date, and restores it as a draft', async () => {
    const post = await create({ title: 'Binned', slug: 'binned' });
    const res = await trash(post.id, editor);
    expect(res.status, res.body).toBe(200);
    expect(res.json).toEqual({ message: 'Post deleted.', data: { id: post.id } });

    expect((await stack.invoke('getPost', { form: { slug: 'binned' } })).status).toBe(404);
    expect((await stack.invoke('increaseView', { form: { slug: 'binned' } })).status).toBe(404);
    expect((await list({ page: 1 })).map((p) => p.slug)).not.toContain('binned');
    expect((await list({ page: 1 }, token)).map((p) => p.slug)).not.toContain('binned');
    // The public may not ask for the Trash.
    expect(
      (await stack.invoke('listPosts', { query: { page: 1, status: 'trashed' } })).status,
    ).toBe(401);

    const inTrash = (await list({ page: 1, status: 'trashed' }, editor)).find(
      (p) => p.id === post.id,
    );
    expect(inTrash?.status).toBe('trashed');
    const purgeAt = Date.parse(inTrash?.purge_at ?? '');
    expect(Math.abs(purgeAt - (Date.now() + TRASH_DAYS * DAY))).toBeLessThan(60_000);

    // Its address stays reserved while it may come back, and it cannot be edited there.
    const taken = await stack.invoke('createPost', {
      token,
      form: { title: 'Usurper', slug: 'binned', content: '<p>x</p>' },
    });
    expect(taken.status).toBe(409);
    const edit = await stack.invoke('updatePost', {
      token,
      form: { id: String(post.id), title: 'Edited in the bin', slug: 'binned' },
    });
    expect([edit.status, errorOf(edit.json)]).toEqual([
      409,
      'status: This post is in the Trash. Restore it before changing it.',
    ]);

    const restored = await untrash(post.id, editor);
    expect(restored.status, restored.body).toBe(200);
    expect(dataOf(restored.json)).toMatchObject({
      id: post.id,
      slug: 'binned',
      status: 'draft',
      publish_at: null,
      purge_at: null,
    });
    expect((await list({ page: 1, status: 'trashed' }, token)).map((p) => p.id)).not.toContain(
      post.id,
    );
    expect((await untrash(post.id)).status).toBe(409);
    // Published again, it keeps its date.
    const back = await update(dataOf(restored.json), { status: 'published' });
    expect(back.publish_at).toBe(post.publish_at);
    expect((await stack.invoke('getPost', { form: { slug: 'binned' } })).status).toBe(200);
  });

  it('lets only admins purge, only from the Trash, and frees the slug', async () => {
    const post = await create({ title: 'Purged', slug: 'purged' });
    const early = await purge(post.id);
    expect(early.status).toBe(409);
    expect((await trash(post.id)).status).toBe(200);
    const byEditor = await purge(post.id, editor);
    expect(byEditor.status).toBe(403);
    expect(await contentItem({ pk: `POST#${post.id}`, sk: 'POST' })).toBeDefined();

    const byAdmin = await purge(post.id);
    expect(byAdmin.status, byAdmin.body).toBe(200);
    expect(await contentItem({ pk: `POST#${post.id}`, sk: 'POST' })).toBeUndefined();
    expect(await contentItem({ pk: 'SLUG#purged', sk: 'SLUG' })).toBeUndefined();
    expect((await purge(post.id)).status).toBe(404);
    expect((await untrash(post.id)).status).toBe(404);
    expect((await create({ title: 'Purged', slug: 'purged' })).slug).toBe('purged');
  });

  it('has the job purge only the posts trashed more than 30 days ago', async () => {
    const old = await create({ title: 'Long gone', slug: 'long-gone' });
    const recent = await create({ title: 'Just binned', slug: 'just-binned' });
    const trashedAt = async (id: number) => {
      expect((await trash(id)).status).toBe(200);
      const item = await contentItem({ pk: `POST#${id}`, sk: 'POST' });
      return Date.parse(String(item?.trashed_at));
    };
    const oldAt = await trashedAt(old.id);
    await new Promise((r) => setTimeout(r, 50));
    const recentAt = await trashedAt(recent.id);
    const at = (t: number) => () => new Date(t);
    const exists = async (id: number) =>
      (await contentItem({ pk: `POST#${id}`, sk: 'POST' })) !== undefined;

    expect(await purgeTrash({ now: at(oldAt + TRASH_DAYS * DAY - 1000) })).toEqual({
      purged: 0,
      ids: [],
    });
    expect([await exists(old.id), await exists(recent.id)]).toEqual([true, true]);
    // Thirty days after the first was trashed, and not yet after the second.
    expect(await purgeTrash({ now: at(oldAt + TRASH_DAYS * DAY + 10) })).toEqual({
      purged: 1,
      ids: [old.id],
    });
    expect([await exists(old.id), await exists(recent.id)]).toEqual([false, true]);
    expect(await contentItem({ pk: 'SLUG#long-gone', sk: 'SLUG' })).toBeUndefined();
    expect((await list({ page: 1, status: 'trashed' }, token)).map((p) => p.id)).toEqual([
      recent.id,
    ]);
    expect((await purgeTrash({ now: at(recentAt + TRASH_DAYS * DAY + 10) })).ids).toEqual([
      recent.id,
    ]);
    expect(await exists(recent.id)).toBe(false);
  });
});
