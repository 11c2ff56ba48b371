import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { buildPath, POST_PAGE_SIZE, type Post } from '@agency/shared';
import { DynamoPostStore } from '../src/modules/posts/adapters/post-store';
import { postFilter } from '../src/modules/posts/domain/search';
import type { TestStack } from './harness';
import { stackForFile } from './stack-for-file';

let stack: TestStack;
let token = '';
stackForFile((started) => ({ stack, token } = started), { signInAdmin: true });

interface ListBody {
  results: Post[];
  next: string | null;
  previous: string | null;
}
const dataOf = (json: unknown): Post => (json as { data: Post }).data;

async function create(fields: Record<string, string>): Promise<Post> {
  const res = await stack.invoke('createPost', {
    token,
    form: { content: '<p>Body</p>', ...fields },
  });
  expect(res.status, res.body).toBe(201);
  return dataOf(res.json);
}

async function list(query: Record<string, string | number>, as: string | null = token) {
  const res = await stack.invoke('listPosts', { ...(as ? { token: as } : {}), query });
  return { status: res.status, body: res.json as ListBody & { error?: string } };
}

/** The ids a search finds, first page only. */
async function found(query: Record<string, string | number>): Promise<number[]> {
  const { status, body } = await list({ page: 1, ...query });
  expect(status, JSON.stringify(body)).toBe(200);
  return body.results.map((p) => p.id);
}

/** A list link's query, as the next call sends it. */
const queryOf = (link: string): Record<string, string> =>
  Object.fromEntries(new URL(link, 'http://x').searchParams);

describe('searching the post list', () => {
  it('finds posts by words of the title, slug or meta description, in any case and without accents', async () => {
    const cafe = await create({
      title: 'Café Kernighan opens',
      slug: 'kernighan-opening',
      meta_description: 'Espresso quokkawise',
    });
    const other = await create({ title: 'Kernighan elsewhere', slug: 'kernighan-elsewhere' });
    expect(await found({ q: 'CAFE' })).toContain(cafe.id);
    expect(await found({ q: 'café kernighan' })).toEqual([cafe.id]);
    expect(new Set(await found({ q: 'kernighan' }))).toEqual(new Set([cafe.id, other.id]));
    // The slug's words and the meta description count too; every word must be found.
    expect(await found({ q: 'opening' })).toEqual([cafe.id]);
    expect(await found({ q: 'Quokkawise' })).toEqual([cafe.id]);
    expect(await found({ q: 'kernighan nowhere-word' })).toEqual([]);
    // Blank is no search.
    expect((await found({ q: '   ' })).length).toBeGreaterThan(1);
  });

  it('narrows by status, category and author, alone or with a search', async () => {
    const ids = async (operation: 'listCategories' | 'listAuthors') =>
      ((await stack.invoke(operation, { token })).json as { data: { id: number }[] }).data.map(
        (x) => x.id,
      );
    const [category = 0] = await ids('listCategories');
    const [a1 = 0, a2 = 0] = await ids('listAuthors');
    const draft = await create({
      title: 'Ritchie draft',
      slug: 'ritchie-draft',
      status: 'draft',
      category_id: String(category),
      author_id: String(a1),
    });
    const live = await create({
      title: 'Ritchie live',
      slug: 'ritchie-live',
      category_id: String(category),
      author_id: String(a2),
    });
    const plain = await create({ title: 'Ritchie plain', slug: 'ritchie-plain' });
    expect(new Set(await found({ q: 'ritchie' }))).toEqual(new Set([draft.id, live.id, plain.id]));
    expect(await found({ q: 'ritchie', status: 'draft' })).toEqual([draft.id]);
    expect(await found({ q: 'ritchie', status: 'published' })).toEqual([plain.id, live.id]);
    expect(await found({ q: 'ritchie', author_id: a2 })).toEqual([live.id]);
    expect(await found({ q: 'ritchie', category_id: category })).toEqual([live.id, draft.id]);
    const byAuthor = await found({ author_id: a1 });
    expect(byAuthor).toContain(draft.id);
    expect(byAuthor).not.toContain(live.id);
    // Trashed posts are found in the Trash only.
    expect(
      (await stack.invoke('deletePost', { token, form: { id: String(plain.id) } })).status,
    ).toBe(200);
    expect(await found({ q: 'ritchie' })).toEqual([live.id, draft.id]);
    expect(await found({ q: 'ritchie', status: 'trashed' })).toEqual([plain.id]);
  });

  it('pages through a filtered list with next and previous links, every match once, newest first', async () => {
    const matching: number[] = [];
    // 23 matches among 23 others, so each page's Query reads past posts the filter drops.
    for (let i = 0; i < 23; i++) {
      matching.push((await create({ title: `Thompson shell ${i}`, slug: `thompson-${i}` })).id);
      await create({ title: `Unrelated ${i}`, slug: `unrelated-${i}` });
    }
    const seen: number[] = [];
    let query: Record<string, string | number> = { q: 'thompson', page: 1 };
    const pages: ListBody[] = [];
    for (;;) {
      const { status, body } = await list(query);
      expect(status).toBe(200);
      pages.push(body);
      seen.push(...body.results.map((p) => p.id));
      if (!body.next) break;
      query = queryOf(body.next);
    }
    expect(pages.map((p) => p.results.length)).toEqual([POST_PAGE_SIZE, POST_PAGE_SIZE, 3]);
    expect(seen).toEqual([...matching].reverse());
    expect(pages[0]?.previous).toBeNull();
    expect(pages[0]?.next).toBe(buildPath('listPosts', {}, { q: 'thompson', page: 2 }));
    expect(pages[2]?.previous).toBe(buildPath('listPosts', {}, { q: 'thompson', page: 2 }));
    // The links keep every filter.
    const filtered = await list({ status: 'published', q: 'thompson', page: 1 });
    expect(filtered.body.next).toBe(
      buildPath('listPosts', {}, { status: 'published', q: 'thompson', page: 2 }),
    );
  });

  it('finds a post under its new title once it is renamed, and no longer under the old one', async () => {
    const post = await create({ title: 'Lovelace notes', slug: 'lovelace-notes' });
    expect(await found({ q: 'lovelace' })).toEqual([post.id]);
    const res = await stack.invoke('updatePost', {
      token,
      form: {
        id: String(post.id),
        title: 'Babbage engine',
        slug: 'lovelace-notes',
        content: '<p>x</p>',
      },
    });
    expect(res.status, res.body).toBe(200);
    expect(await found({ q: 'babbage engine' })).toEqual([post.id]);
    expect(await found({ q: 'lovelace notes' })).toEqual([post.id]); // the slug is unchanged
    expect(await found({ q: 'Lovelace' })).toEqual([post.id]);
    const renamed = await stack.invoke('updatePost', {
      token,
      form: {
        id: String(post.id),
        title: 'Babbage engine',
        slug: 'babbage-engine',
        content: '<p>x</p>',
      },
    });
    expect(renamed.status, renamed.body).toBe(200);
    expect(await found({ q: 'lovelace' })).toEqual([]);
  });

  it('finds a post stored before posts had search text, from its fields', async () => {
    const post = await create({ title: 'Hopper compiler', slug: 'hopper-compiler' });
    await stack.clients.doc.send(
      new UpdateCommand({
        TableName: stack.env.CONTENT_TABLE,
        Key: { pk: `POST#${post.id}`, sk: 'POST' },
        UpdateExpression: 'REMOVE #search',
        ExpressionAttributeNames: { '#search': 'search' },
      }),
    );
    expect(await found({ q: 'hopper' })).toEqual([post.id]);
    expect(await found({ q: 'hopper nothing' })).toEqual([]);
  });

  it('is the admins’ own: a visitor is refused, bad input is a 400 naming the field', async () => {
    const visitor = await list({ page: 1, q: 'anything' }, null);
    expect(visitor.status).toBe(401);
    expect((await list({ page: 1, category_id: 2 }, null)).status).toBe(401);
    const long = await list({ page: 1, q: 'x'.repeat(101) });
    expect(long.status).toBe(400);
    expect(long.body.error).toMatch(/^q: /);
    const bad = await list({ page: 1, author_id: 'abc' });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatch(/^author_id: /);
  });

  it('reads at most its cap of each list a call: the newest posts are the ones searched', async () => {
    const wirth: number[] = [];
    for (let i = 0; i < 5; i++)
      wirth.push((await create({ title: `Wirth pascal ${i}`, slug: `wirth-${i}` })).id);
    for (let i = 0; i < 10; i++) await create({ title: `Newer filler ${i}`, slug: `newer-${i}` });
    const filter = postFilter({ q: 'wirth' });
    const capped = await new DynamoPostStore(12).listPage(1, 10, 'published', filter);
    expect(capped.items.map((p) => p.id)).toEqual([wirth[4], wirth[3]]);
    expect(capped.hasNext).toBe(false);
    const whole = await new DynamoPostStore().listPage(1, 10, 'published', filter);
    expect(whole.items.map((p) => p.id)).toEqual([...wirth].reverse());
  });
});
