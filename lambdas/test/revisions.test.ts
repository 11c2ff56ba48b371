import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import type { Post, Revision, RevisionSummary } from '@agency/shared';
import { REVISIONS_KEPT } from '../src/modules/posts/domain/shared';
import type { TestStack } from './harness';
import { stackForFile } from './stack-for-file';

let stack: TestStack;
let token = '';
stackForFile((started) => ({ stack, token } = started), { signInAdmin: true });

const dataOf = (json: unknown): Post => (json as { data: Post }).data;

async function create(title: string, slug: string): Promise<Post> {
  const res = await stack.invoke('createPost', {
    token,
    form: { title, slug, content: `<p>${title} body</p>` },
  });
  expect(res.status, res.body).toBe(201);
  return dataOf(res.json);
}

function update(post: Pick<Post, 'id'>, fields: Record<string, string>) {
  return stack.invoke('updatePost', { token, form: { id: String(post.id), ...fields } });
}

async function revisions(id: number): Promise<RevisionSummary[]> {
  const res = await stack.invoke('listRevisions', { token, query: { id } });
  expect(res.status, res.body).toBe(200);
  return (res.json as { data: RevisionSummary[] }).data;
}

/** Revision items stored for a post (what the table really holds). */
async function storedRevisions(id: number): Promise<number> {
  const out = await stack.clients.dynamo.send(
    new QueryCommand({
      TableName: stack.env.CONTENT_TABLE,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :rev)',
      ExpressionAttributeValues: { ':pk': `POST#${id}`, ':rev': 'REV#' },
      Select: 'COUNT',
    }),
  );
  return out.Count ?? 0;
}

describe('revisions', () => {
  it('keeps every replaced version, newest first, with who saved it and when', async () => {
    const post = await create('Rev one', 'rev-one');
    for (const title of ['Rev two', 'Rev three'])
      expect((await update(post, { title, slug: 'rev-one', version: '' })).status).toBe(200);
    const list = await revisions(post.id);
    expect(list.map((r) => [r.revision, r.title])).toEqual([
      [2, 'Rev two'],
      [1, 'Rev one'],
    ]);
    expect(list[1]).toMatchObject({
      slug: 'rev-one',
      saved_at: post.updated_at,
      saved_by: expect.any(String),
    });
    expect(list[1]?.saved_by).not.toBe('');
    // Who saved it as people know them (the admin has no display name: their e-mail), not an id:
    // from the account record a sign-in keeps.
    const signedIn = await stack.invoke('login', {
      json: { email: stack.adminEmail, password: stack.adminPassword },
    });
    expect(signedIn.status, signedIn.body).toBe(200);
    expect((await revisions(post.id))[1]?.saved_by_name).toBe(stack.adminEmail);
    const one = await stack.invoke('getRevision', { token, query: { id: post.id, revision: 1 } });
    expect(one.headers['cache-control']).toBe('private, no-store');
    expect((one.json as { data: Revision }).data).toMatchObject({
      revision: 1,
      title: 'Rev one',
      content: '<p>Rev one body</p>',
      status: 'published',
      publish_at: post.publish_at,
    });
  });

  it('answers 400 naming the field, 404 for an unknown post or revision', async () => {
    expect((await stack.invoke('listRevisions', { token, query: {} })).json).toMatchObject({
      error: 'id: is required',
    });
    expect((await stack.invoke('listRevisions', { token, query: { id: 'x' } })).json).toMatchObject(
      { error: 'id: must be a whole number', field: 'id', code: 'invalid' },
    );
    expect((await stack.invoke('listRevisions', { token, query: { id: 987654 } })).status).toBe(
      404,
    );
    const post = await create('No history', 'no-history');
    expect(await revisions(post.id)).toEqual([]);
    const missing = await stack.invoke('getRevision', {
      token,
      query: { id: post.id, revision: 1 },
    });
    expect(missing.status).toBe(404);
    expect(missing.json).toMatchObject({ error: 'The revision was not found.' });
    expect(
      (await stack.invoke('restoreRevision', { token, form: { id: String(post.id) } })).json,
    ).toMatchObject({ error: 'revision: is required' });
    expect(
      (
        await stack.invoke('restoreRevision', {
          token,
          form: { id: String(post.id), revision: '1' },
        })
      ).status,
    ).toBe(404);
  });

  it(`keeps the last ${REVISIONS_KEPT} only`, async () => {
    const post = await create('Busy 0', 'busy-post');
    for (let i = 1; i <= REVISIONS_KEPT + 5; i++)
      expect((await update(post, { title: `Busy ${i}`, slug: 'busy-post' })).status).toBe(200);
    const list = await revisions(post.id);
    expect(list).toHaveLength(REVISIONS_KEPT);
    expect(list[0]?.title).toBe(`Busy ${REVISIONS_KEPT + 4}`);
    expect(list.at(-1)?.revision).toBe(6);
    expect(await storedRevisions(post.id)).toBe(REVISIONS_KEPT);
  });

  it('keeps a near-limit post as its own revision item, within the item size limit', async () => {
    const post = await create('Long read', 'long-read');
    const content = `<p>${'Word '.repeat(55_000)}</p>`;
    expect((await update(post, { title: 'Long read', slug: 'long-read', content })).status).toBe(
      200,
    );
    expect((await update(post, { title: 'Long read, 2', slug: 'long-read' })).status).toBe(200);
    const big = await stack.invoke('getRevision', { token, query: { id: post.id, revision: 2 } });
    expect((big.json as { data: Revision }).data.content.length).toBe(content.length);
  });

  it('keeps the revisions while the post is in the Trash, and purges them with it', async () => {
    const post = await create('Gone soon', 'gone-soon');
    await update(post, { title: 'Gone soon 2', slug: 'gone-soon' });
    expect(await storedRevisions(post.id)).toBe(1);
    expect(
      (await stack.invoke('deletePost', { token, form: { id: String(post.id) } })).status,
    ).toBe(200);
    expect(await storedRevisions(post.id)).toBe(1);
    expect((await stack.invoke('purgePost', { token, form: { id: String(post.id) } })).status).toBe(
      200,
    );
    expect(await storedRevisions(post.id)).toBe(0);
  });
});

describe('restore', () => {
  it('makes a kept version current as a new update, history staying linear', async () => {
    const post = await create('Original', 'restorable');
    const edited = dataOf((await update(post, { title: 'Edited', slug: 'restorable-2' })).json);
    const res = await stack.invoke('restoreRevision', {
      token,
      form: { id: String(post.id), revision: '1', version: String(edited.version) },
    });
    expect(res.status, res.body).toBe(200);
    expect(dataOf(res.json)).toMatchObject({
      title: 'Original',
      slug: 'restorable',
      content: '<p>Original body</p>',
      version: 3,
      status: 'published',
    });
    expect((await revisions(post.id)).map((r) => [r.revision, r.title])).toEqual([
      [2, 'Edited'],
      [1, 'Original'],
    ]);
    // The slug moved back: the restored one is live, the other free again.
    expect((await stack.invoke('getPost', { form: { slug: 'restorable' } })).status).toBe(200);
    expect((await stack.invoke('getPost', { form: { slug: 'restorable-2' } })).status).toBe(404);
    expect((await create('Takes the slug', 'restorable-2')).slug).toBe('restorable-2');
    // Revision 2 holds a slug another post has now: 409 naming the slug, nothing changed.
    const clash = await stack.invoke('restoreRevision', {
      token,
      form: { id: String(post.id), revision: '2' },
    });
    expect(clash.status).toBe(409);
    expect(clash.json).toMatchObject({ error: 'slug: is already taken' });
    expect((await revisions(post.id))[0]?.revision).toBe(2);
  });

  it('keeps a draft a draft: a restore never publishes', async () => {
    const res = await stack.invoke('createPost', {
      token,
      form: { title: 'Draft v1', slug: 'draft-restore', status: 'draft' },
    });
    const post = dataOf(res.json);
    await update(post, { title: 'Draft v2', slug: 'draft-restore' });
    const restored = await stack.invoke('restoreRevision', {
      token,
      form: { id: String(post.id), revision: '1' },
    });
    expect(dataOf(restored.json)).toMatchObject({ title: 'Draft v1', status: 'draft' });
    expect((await stack.invoke('getPost', { form: { slug: 'draft-restore' } })).status).toBe(404);
  });
});

describe('concurrent edits', () => {
  it('lets one of ten saves from the same version win, keeping exactly one revision', async () => {
    const post = await create('Contended', 'contended');
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        update(post, { title: `Contender ${i}`, slug: 'contended', version: '1' }),
      ),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(9);
    const list = await revisions(post.id);
    expect(list.map((r) => [r.revision, r.title])).toEqual([[1, 'Contended']]);
    expect(await storedRevisions(post.id)).toBe(1);
  });

  it('refuses a restore and an update racing from the same version but one, and a stale restore', async () => {
    const post = await create('Race base', 'race-base');
    const v2 = dataOf((await update(post, { title: 'Race v2', slug: 'race-base' })).json);
    const [restore, edit] = await Promise.all([
      stack.invoke('restoreRevision', {
        token,
        form: { id: String(post.id), revision: '1', version: String(v2.version) },
      }),
      update(post, { title: 'Race v3', slug: 'race-base', version: String(v2.version) }),
    ]);
    expect([restore.status, edit.status].sort()).toEqual([200, 409]);
    const stale = await stack.invoke('restoreRevision', {
      token,
      form: { id: String(post.id), revision: '1', version: String(v2.version) },
    });
    expect(stale.status).toBe(409);
    expect((stale.json as { error: string }).error).toMatch(/^This post was changed by someone/);
    const list = await revisions(post.id);
    expect(list.map((r) => r.revision)).toEqual([2, 1]);
    expect(list[0]?.title).toBe('Race v2');
  });
});
