import { DeleteCommand, GetCommand, ScanCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import type { Author, Category, Post } from '@agency/shared';
import { ensureTaxonomy } from '../src/local/provisioning/seed-taxonomy';
import type { TestStack } from './harness';
import { stackForFile } from './stack-for-file';

let stack: TestStack;
let token = '';
stackForFile((started) => ({ stack, token } = started), { signInAdmin: true });

const dataOf = <T>(json: unknown): T => (json as { data: T }).data;
const errorOf = (json: unknown): string => (json as { error: string }).error;

async function categories(): Promise<Category[]> {
  const res = await stack.invoke('listCategories', { token });
  expect(res.status).toBe(200);
  return dataOf<Category[]>(res.json);
}

async function authors(): Promise<Author[]> {
  const res = await stack.invoke('listAuthors', { token });
  expect(res.status).toBe(200);
  return dataOf<Author[]>(res.json);
}

async function addCategory(name: string): Promise<Category> {
  const res = await stack.invoke('createCategory', { token, form: { category: name } });
  expect(res.status, res.body).toBe(201);
  return dataOf<Category>(res.json);
}

async function usage(kind: 'CATEGORY' | 'AUTHOR', id: number): Promise<unknown> {
  const out = await stack.clients.doc.send(
    new GetCommand({
      TableName: stack.env.CONTENT_TABLE,
      Key: { pk: kind, sk: String(id).padStart(6, '0') },
    }),
  );
  return out.Item?.posts;
}

let slugs = 0;
async function createPost(fields: Record<string, string>) {
  slugs += 1;
  return stack.invoke('createPost', {
    token,
    form: { title: `Post ${slugs}`, slug: `taxonomy-post-${slugs}`, ...fields },
  });
}

describe('listing (the spec calls, unchanged)', () => {
  it('lists the seeded categories and authors with exactly the fields of the spec', async () => {
    const [first] = await categories();
    expect(first).toEqual({ id: 1, category: 'Digital Marketing' });
    const list = await authors();
    expect(list[0]).toEqual({ id: 1, name: 'Priya Raman' });
    const raw = await stack.invoke('listCategories', { token });
    expect(Object.keys((raw.json as { data: object[] }).data[0] ?? {})).toEqual(['id', 'category']);
  });
});

describe('createCategory and createAuthor', () => {
  it('adds from a form, JSON or multipart body, trimmed, with the next id, listed after the others', async () => {
    const before = await categories();
    const form = await stack.invoke('createCategory', {
      token,
      form: { category: '  Web   Analytics ' },
    });
    expect(form.status).toBe(201);
    expect(form.json).toEqual({
      data: { id: Math.max(...before.map((c) => c.id)) + 1, category: 'Web Analytics' },
    });
    const json = await stack.invoke('createCategory', { token, json: { category: 'Email' } });
    const multipart = await stack.invoke('createAuthor', {
      token,
      multipart: { name: 'Grace Hopper' },
    });
    expect([json.status, multipart.status]).toEqual([201, 201]);
    expect((await categories()).slice(-2).map((c) => c.category)).toEqual([
      'Web Analytics',
      'Email',
    ]);
    expect((await authors()).at(-1)).toEqual(dataOf(multipart.json));
  });

  it.each([
    [{}, 'category: is required'],
    [{ category: '   ' }, 'category: is required'],
    [{ category: 'x'.repeat(61) }, 'category: must be at most 60 characters'],
    [{ category: 'Bad\u0000name' }, 'category: may not hold control characters'],
    [{ category: '\u202eevil' }, 'category: may not hold control characters'],
  ])('refuses %j with 400 naming the field', async (form, message) => {
    const res = await stack.invoke('createCategory', { token, form });
    expect(res.status).toBe(400);
    expect(errorOf(res.json)).toBe(message);
  });

  it('refuses a bad author name naming its field, and accepts exactly 60 characters', async () => {
    const empty = await stack.invoke('createAuthor', { token, json: { name: '' } });
    expect([empty.status, errorOf(empty.json)]).toEqual([400, 'name: is required']);
    const wrongType = await stack.invoke('createAuthor', { token, json: { name: 42 } });
    expect(wrongType.status).toBe(400);
    expect(errorOf(wrongType.json)).toMatch(/^name: /);
    const sixty = await stack.invoke('createAuthor', { token, json: { name: 'a'.repeat(60) } });
    expect(sixty.status).toBe(201);
  });

  it('answers 409 for a name its kind already has in any case; the other kind may have it', async () => {
    const dup = await stack.invoke('createCategory', { token, form: { category: 'seo' } });
    expect(dup.status).toBe(409);
    expect(errorOf(dup.json)).toBe('category: another category already has this name');
    const author = await stack.invoke('createAuthor', { token, form: { name: 'PRIYA  RAMAN' } });
    expect([author.status, errorOf(author.json)]).toEqual([
      409,
      'name: another author already has this name',
    ]);
    const crossKind = await stack.invoke('createAuthor', { token, form: { name: 'SEO' } });
    expect(crossKind.status).toBe(201);
    expect((await categories()).filter((c) => c.category.toLowerCase() === 'seo')).toHaveLength(1);
  });

  it('lets exactly one of 20 simultaneous adds of one name through', async () => {
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        stack.invoke('createCategory', {
          token,
          form: { category: i % 2 ? 'Race Name' : 'race name' },
        }),
      ),
    );
    const statuses = results.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    expect((await categories()).filter((c) => /^race name$/i.test(c.category))).toHaveLength(1);
  });
});

describe('renameCategory and renameAuthor', () => {
  it('renames; posts show the new name; the old name is free again', async () => {
    const cat = await addCategory('Old Name');
    const post = await createPost({ category_id: String(cat.id) });
    expect(post.status).toBe(201);
    const res = await stack.invoke('renameCategory', {
      token,
      json: { id: cat.id, category: ' New  Name ' },
    });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ data: { id: cat.id, category: 'New Name' } });
    const got = await stack.invoke('getPost', { form: { slug: dataOf<Post>(post.json).slug } });
    expect(dataOf<{ post: Post }>(got.json).post.category).toEqual({
      id: cat.id,
      category: 'New Name',
    });
    expect((await addCategory('old name')).category).toBe('old name');
  });

  it('changes only the case of a name, and renames an author from a form', async () => {
    const cat = await addCategory('case only');
    const res = await stack.invoke('renameCategory', {
      token,
      form: { id: String(cat.id), category: 'Case Only' },
    });
    expect([res.status, dataOf<Category>(res.json).category]).toEqual([200, 'Case Only']);
    const author = await stack.invoke('renameAuthor', {
      token,
      form: { id: '2', name: 'Daniel O.' },
    });
    expect(author.json).toEqual({ data: { id: 2, name: 'Daniel O.' } });
  });

  it('answers 404 for an unknown id, 409 for a taken name and 400 naming a bad field', async () => {
    const missing = await stack.invoke('renameCategory', {
      token,
      form: { id: '9999', category: 'Anything' },
    });
    expect([missing.status, errorOf(missing.json)]).toEqual([404, 'The category was not found.']);
    const taken = await stack.invoke('renameCategory', {
      token,
      form: { id: '1', category: 'SEO' },
    });
    expect([taken.status, errorOf(taken.json)]).toEqual([
      409,
      'category: another category already has this name',
    ]);
    const noId = await stack.invoke('renameAuthor', { token, form: { name: 'X' } });
    expect([noId.status, errorOf(noId.json)]).toEqual([400, 'id: is required']);
    const badId = await stack.invoke('renameAuthor', { token, form: { id: 'abc', name: 'X' } });
    expect([badId.status, errorOf(badId.json)]).toEqual([400, 'id: must be a whole number']);
    const noName = await stack.invoke('renameAuthor', { token, form: { id: '1', name: ' ' } });
    expect([noName.status, errorOf(noName.json)]).toEqual([400, 'name: is required']);
    expect((await categories())[0]).toEqual({ id: 1, category: 'Digital Marketing' });
  });
});

describe('deleteCategory and deleteAuthor', () => {
  it('refuses with 409 while a post uses it, deletes once none does, then 404', async () => {
    const cat = await addCategory('Short Lived');
    const other = await addCategory('Other Home');
    const post = await createPost({ category_id: String(cat.id), author_id: '3' });
    const { id, slug, title } = dataOf<Post>(post.json);
    expect(await usage('CATEGORY', cat.id)).toBe(1);

    const refused = await stack.invoke('deleteCategory', { token, form: { id: String(cat.id) } });
    expect(refused.status).toBe(409);
    expect(errorOf(refused.json)).toBe(
      '“Short Lived” is used by 1 post: give them another category before deleting it.',
    );
    const author = await stack.invoke('deleteAuthor', { token, json: { id: 3 } });
    expect(author.status).toBe(409);
    expect(errorOf(author.json)).toMatch(/^“Hannah Lindqvist” is used by 1 post: /);

    const moved = await stack.invoke('updatePost', {
      token,
      form: { id: String(id), title, slug, category_id: String(other.id) },
    });
    expect(moved.status).toBe(200);
    expect([await usage('CATEGORY', cat.id), await usage('CATEGORY', other.id)]).toEqual([0, 1]);
    expect(await usage('AUTHOR', 3)).toBe(0);

    const ok = await stack.invoke('deleteCategory', { token, form: { id: String(cat.id) } });
    expect(ok.status).toBe(200);
    expect(ok.json).toEqual({ message: 'Category deleted.', data: { id: cat.id } });
    expect((await categories()).some((c) => c.id === cat.id)).toBe(false);
    const again = await stack.invoke('deleteCategory', { token, form: { id: String(cat.id) } });
    expect([again.status, errorOf(again.json)]).toEqual([404, 'The category was not found.']);
    expect((await addCategory('short lived')).category).toBe('short lived');

    const deletePost = await stack.invoke('deletePost', { token, form: { id: String(id) } });
    expect(deletePost.status).toBe(200);
    expect(await usage('CATEGORY', other.id)).toBe(0);
    const gone = await stack.invoke('deleteCategory', { token, json: { id: other.id } });
    expect(gone.status).toBe(200);
  });

  it('refuses a post for a deleted category, and a bad id with 400', async () => {
    const cat = await addCategory('Deleted Soon');
    expect((await stack.invoke('deleteCategory', { token, json: { id: cat.id } })).status).toBe(
      200,
    );
    const post = await createPost({ category_id: String(cat.id) });
    expect([post.status, errorOf(post.json)]).toEqual([
      400,
      'category_id: is not an existing category',
    ]);
    const bad = await stack.invoke('deleteAuthor', { token, form: { id: '-1' } });
    expect([bad.status, errorOf(bad.json)]).toEqual([400, 'id: must be positive']);
  });

  it('never leaves a post pointing at a deleted category when the two race', async () => {
    for (let round = 0; round < 8; round++) {
      const cat = await addCategory(`Race ${round}`);
      const [post, del] = await Promise.all([
        createPost({ category_id: String(cat.id) }),
        stack.invoke('deleteCategory', { token, form: { id: String(cat.id) } }),
      ]);
      const exists = (await categories()).some((c) => c.id === cat.id);
      if (post.status === 201) {
        // The post won: the delete was refused and the category stays, counted once.
        expect([del.status, exists, await usage('CATEGORY', cat.id)]).toEqual([409, true, 1]);
        expect(dataOf<Post>(post.json).category).toEqual(cat);
      } else {
        expect([post.status, del.status, exists]).toEqual([400, 200, false]);
      }
    }
  });
});

describe('a local data folder from before categories and authors were managed', () => {
  it('is adopted on the next start: name guards, counters and usage counts are added', async () => {
    const table = stack.env.CONTENT_TABLE;
    const cat = await addCategory('Adopted');
    const post = await createPost({ category_id: String(cat.id), author_id: '1' });
    expect(post.status).toBe(201);
    // Take the data back to the old layout: no counters, no guards, no counts.
    const { Items = [] } = await stack.clients.doc.send(new ScanCommand({ TableName: table }));
    for (const item of Items) {
      const pk = String(item.pk);
      if (/^(CATEGORY|AUTHOR)#/.test(pk))
        await stack.clients.doc.send(
          new DeleteCommand({ TableName: table, Key: { pk, sk: item.sk } }),
        );
      else if (pk === 'CATEGORY' || pk === 'AUTHOR')
        await stack.clients.doc.send(
          new UpdateCommand({
            TableName: table,
            Key: { pk, sk: item.sk },
            UpdateExpression: 'REMOVE posts',
          }),
        );
    }
    const before = await categories();

    await ensureTaxonomy(stack.clients.doc, table);

    expect(await categories()).toEqual(before);
    expect(await usage('CATEGORY', cat.id)).toBe(1);
    const dup = await stack.invoke('createCategory', { token, form: { category: 'ADOPTED' } });
    expect(dup.status).toBe(409);
    const next = await addCategory('After Adoption');
    expect(next.id).toBeGreaterThan(Math.max(...before.map((c) => c.id)));
    const inUse = await stack.invoke('deleteAuthor', { token, form: { id: '1' } });
    expect(inUse.status).toBe(409);
  });
});
