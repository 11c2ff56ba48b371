import { GetObjectCommand, HeadObjectCommand } from '@aws-sdk/client-s3';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { visitorAgent } from './support/visitors';
import { describe, expect, it } from 'vitest';
import { buildPath, POST_LIMITS, type Post } from '@agency/shared';
import type { TestStack } from './harness';
import { stackForFile } from './stack-for-file';
import { GIF_1PX, PNG_1PX, PNG_POLYGLOT } from './support/images';

let stack: TestStack;
let token = '';
stackForFile((started) => ({ stack, token } = started), { signInAdmin: true });

const png = (bytes: Buffer = PNG_1PX, name = 'banner.png', type = 'image/png') =>
  new File([bytes], name, { type });

interface PostReply {
  data: Post;
}
const dataOf = (json: unknown): Post => (json as PostReply).data;

async function create(fields: Record<string, string | Blob | undefined>) {
  return stack.invoke('createPost', { token, multipart: { content: '<p>Body</p>', ...fields } });
}

async function contentItem(key: { pk: string; sk: string }) {
  const out = await stack.clients.dynamo.send(
    new GetCommand({ TableName: stack.env.CONTENT_TABLE, Key: key }),
  );
  return out.Item;
}

async function viewsItem(postId: number) {
  const out = await stack.clients.dynamo.send(
    new GetCommand({ TableName: stack.env.VIEWS_TABLE, Key: { postId } }),
  );
  return out.Item;
}

async function objectExists(key: string): Promise<boolean> {
  try {
    await stack.clients.s3.send(
      new HeadObjectCommand({ Bucket: stack.env.MEDIA_BUCKET, Key: key }),
    );
    return true;
  } catch {
    return false;
  }
}

const keyOf = (bannerPath: string | null) => (bannerPath ?? '').replace(/^\/media\//, '');

describe('createPost', () => {
  it('creates a post with sanitised content, category, author and a banner checked by its bytes', async () => {
    const res = await create({
      title: 'Hello world',
      slug: 'hello-world',
      content:
        '<p onclick="x()">Hi <script>alert(1)</script><a href="https://e.com" target="_blank">e</a></p>',
      head_tag: '<meta name="description" content="Hello">',
      category_id: '2',
      author_id: '1',
      banner_image: png(PNG_1PX, 'photo.jpg', 'image/jpeg'),
    });
    expect(res.status).toBe(201);
    const post = dataOf(res.json);
    expect(post).toMatchObject({
      title: 'Hello world',
      slug: 'hello-world',
      content: '<p>Hi <a href="https://e.com" target="_blank" rel="noopener noreferrer">e</a></p>',
      head_tag: '<meta name="description" content="Hello">',
      category: { id: 2, category: 'SEO' },
      author: { id: 1, name: 'Priya Raman' },
      views: 0,
      version: 1,
    });
    expect(post.id).toBeGreaterThan(0);
    // A PNG named photo.jpg: the bytes decide, and the library re-encodes it (still a PNG: transparent).
    expect(post.banner_image).toMatch(/^\/media\/images\/[0-9a-f-]{36}\/original\.png$/);
    expect(post.banner).toMatchObject({ width: 1, height: 1, format: 'png' });
    const object = await stack.clients.s3.send(
      new GetObjectCommand({ Bucket: stack.env.MEDIA_BUCKET, Key: keyOf(post.banner_image) }),
    );
    expect(object.ContentType).toBe('image/png');
    expect(object.CacheControl).toBe('public, max-age=31536000, immutable');
    expect(await contentItem({ pk: 'SLUG#hello-world', sk: 'SLUG' })).toMatchObject({
      postId: post.id,
      state: 'committed',
    });
  });

  it('gives consecutive integer ids and accepts form encoding without a banner', async () => {
    const a = await stack.invoke('createPost', {
      token,
      form: { title: 'Form one', slug: 'form-one' },
    });
    const b = await stack.invoke('createPost', {
      token,
      form: { title: 'Form two', slug: 'form-two', category_id: '', author_id: 'null' },
    });
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(dataOf(b.json).id).toBe(dataOf(a.json).id + 1);
    expect(dataOf(b.json)).toMatchObject({
      banner_image: null,
      category: null,
      author: null,
      content: '',
    });
  });

  it.each([
    [{ slug: 'no-title' }, 'title: is required'],
    [{ title: '   ', slug: 'blank-title' }, 'title: is required'],
    [{ title: 'x'.repeat(POST_LIMITS.titleMax + 1), slug: 'long-title' }, 'title: is too long'],
    [{ title: 'No slug' }, 'slug: is required'],
    [
      { title: 'Bad slug', slug: 'Bad Slug!' },
      'slug: may hold only lower-case letters, digits and single hyphens',
    ],
    [
      { title: 'Bad cat', slug: 'bad-cat', category_id: '999' },
      'category_id: is not an existing category',
    ],
    [
      { title: 'Bad cat', slug: 'bad-cat', category_id: 'abc' },
      'category_id: must be a whole number',
    ],
    [
      { title: 'Bad author', slug: 'bad-author', author_id: '999' },
      'author_id: is not an existing author',
    ],
    [
      { title: 'Bad head', slug: 'bad-head', head_tag: '<script>alert(1)</script>' },
      'head_tag: script is not allowed (only type="application/ld+json")',
    ],
    [
      { title: 'Bad head', slug: 'bad-head', head_tag: '<iframe src="x"></iframe>' },
      'head_tag: iframe is not allowed',
    ],
  ])('refuses %o with 400 naming the field', async (fields, message) => {
    const res = await create(fields);
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ error: message });
  });

  it('answers 409 for a slug already taken', async () => {
    expect((await create({ title: 'Taken', slug: 'taken-slug' })).status).toBe(201);
    const again = await create({ title: 'Taken again', slug: 'taken-slug' });
    expect(again.status).toBe(409);
    expect(again.json).toMatchObject({ error: 'slug: is already taken' });
  });

  it('refuses a text file named .png (415), a polyglot (415) and an oversize banner (413), leaving no slug behind', async () => {
    const text = await create({
      title: 'Text',
      slug: 'text-banner',
      banner_image: png(Buffer.from('hello, I am text'), 'fake.png'),
    });
    expect(text.status).toBe(415);
    expect(text.json).toMatchObject({
      error: 'banner_image: must be a JPEG, PNG, WebP, GIF or AVIF image',
    });
    const poly = await create({
      title: 'Poly',
      slug: 'poly-banner',
      banner_image: png(PNG_POLYGLOT),
    });
    expect(poly.status).toBe(415);
    const big = await create({
      title: 'Big',
      slug: 'big-banner',
      banner_image: png(Buffer.concat([PNG_1PX, Buffer.alloc(POST_LIMITS.bannerMaxBytes)])),
    });
    expect(big.status).toBe(413);
    for (const slug of ['text-banner', 'poly-banner', 'big-banner'])
      expect(await contentItem({ pk: `SLUG#${slug}`, sk: 'SLUG' })).toBeUndefined();
    expect((await create({ title: 'Text', slug: 'text-banner' })).status).toBe(201);
  });

  it('lets exactly one of 50 concurrent creates of one slug win', async () => {
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) => create({ title: `Race ${i}`, slug: 'race-slug' })),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(49);
    const winner = dataOf(results.find((r) => r.status === 201)?.json);
    const got = (await stack.invoke('getPost', { json: { slug: 'race-slug' } })).json as {
      data: { post: Post };
    };
    expect(got.data.post.id).toBe(winner.id);
  });

  it('takes over the guard of a crashed create once it has expired', async () => {
    const { PutCommand } = await import('@aws-sdk/lib-dynamodb');
    await stack.clients.dynamo.send(
      new PutCommand({
        TableName: stack.env.CONTENT_TABLE,
        Item: {
          pk: 'SLUG#crashed-slug',
          sk: 'SLUG',
          postId: 999_999,
          state: 'pending',
          expiresAt: Math.floor(Date.now() / 1000) - 1,
        },
      }),
    );
    expect((await create({ title: 'After crash', slug: 'crashed-slug' })).status).toBe(201);
    await stack.clients.dynamo.send(
      new PutCommand({
        TableName: stack.env.CONTENT_TABLE,
        Item: {
          pk: 'SLUG#in-flight-slug',
          sk: 'SLUG',
          postId: 999_998,
          state: 'pending',
          expiresAt: Math.floor(Date.now() / 1000) + 60,
        },
      }),
    );
    expect((await create({ title: 'In flight', slug: 'in-flight-slug' })).status).toBe(409);
  });
});

describe('getPost, listPosts and paging', () => {
  it('returns a post by slug with its neighbours and 404 for an unknown slug', async () => {
    const first = dataOf((await create({ title: 'Neighbour A', slug: 'neighbour-a' })).json);
    const middle = dataOf((await create({ title: 'Neighbour B', slug: 'neighbour-b' })).json);
    const last = dataOf((await create({ title: 'Neighbour C', slug: 'neighbour-c' })).json);
    const res = await stack.invoke('getPost', { form: { slug: 'neighbour-b' } });
    expect(res.status).toBe(200);
    const data = (res.json as { data: { post: Post; prev_post: unknown; next_post: unknown } })
      .data;
    expect(data.post.id).toBe(middle.id);
    expect(data.prev_post).toEqual({ slug: first.slug, title: first.title });
    expect(data.next_post).toEqual({ slug: last.slug, title: last.title });
    const missing = await stack.invoke('getPost', { json: { slug: 'no-such-post' } });
    expect(missing.status).toBe(404);
    expect(missing.json).toMatchObject({ error: 'The post was not found.' });
    expect((await stack.invoke('getPost', { json: {} })).json).toMatchObject({
      error: 'slug: is required',
    });
  });

  it('pages newest first with next/previous links, and an empty page beyond the last', async () => {
    for (let i = 0; i < 15; i++)
      expect((await create({ title: `Filler ${i}`, slug: `filler-${i}` })).status).toBe(201);
    const page1 = await stack.invoke('listPosts', { query: { page: 1 } });
    expect(page1.status).toBe(200);
    expect(page1.headers['cache-control']).toBe('public, max-age=0, s-maxage=60');
    const body1 = page1.json as { results: Post[]; next: string | null; previous: string | null };
    expect(body1.results).toHaveLength(10);
    expect(body1.previous).toBeNull();
    expect(body1.next).toBe(buildPath('listPosts', {}, { page: 2 }));
    const dates = body1.results.map((p) => `${p.created_at}#${String(p.id).padStart(10, '0')}`);
    expect([...dates].sort().reverse()).toEqual(dates);

    const all: Post[] = [];
    let page = 1;
    for (;;) {
      const body = (await stack.invoke('listPosts', { query: { page } })).json as {
        results: Post[];
        next: string | null;
        previous: string | null;
      };
      all.push(...body.results);
      if (page > 1) expect(body.previous).toBe(buildPath('listPosts', {}, { page: page - 1 }));
      if (!body.next) break;
      page += 1;
    }
    expect(page).toBeGreaterThanOrEqual(3);
    expect(new Set(all.map((p) => p.id)).size).toBe(all.length);
    const listed = all.map((p) => `${p.created_at}#${String(p.id).padStart(10, '0')}`);
    expect([...listed].sort().reverse()).toEqual(listed);
    const beyond = (await stack.invoke('listPosts', { query: { page: page + 1 } })).json;
    expect(beyond).toEqual({
      results: [],
      next: null,
      previous: buildPath('listPosts', {}, { page }),
    });
    expect((await stack.invoke('listPosts', { query: { page: 'x' } })).json).toMatchObject({
      error: 'page: must be a whole number',
    });
    expect((await stack.invoke('listPosts', { query: { page: 0 } })).status).toBe(400);
  });
});

describe('updatePost', () => {
  it('updates fields, bumps the version, moves the slug and replaces the banner', async () => {
    const created = dataOf(
      (await create({ title: 'Before', slug: 'before-slug', banner_image: png() })).json,
    );
    const res = await stack.invoke('updatePost', {
      token,
      multipart: {
        id: String(created.id),
        version: '1',
        title: 'After',
        slug: 'after-slug',
        content: '<p>New</p>',
        category_id: '3',
        banner_image: png(GIF_1PX, 'b.gif', 'image/gif'),
      },
    });
    expect(res.status).toBe(200);
    const updated = dataOf(res.json);
    expect(updated).toMatchObject({
      id: created.id,
      title: 'After',
      slug: 'after-slug',
      content: '<p>New</p>',
      version: 2,
      category: { id: 3 },
    });
    expect(updated.created_at).toBe(created.created_at);
    expect(updated.banner_image).toMatch(/^\/media\/images\/[0-9a-f-]{36}\/original\.(png|jpg)$/);
    expect(updated.banner_image).not.toBe(created.banner_image);
    // The replaced banner stays while the revision that used it may bring it back.
    expect(await objectExists(keyOf(created.banner_image))).toBe(true);
    expect(await contentItem({ pk: `POST#${created.id}`, sk: 'REV#0000000001' })).toMatchObject({
      title: 'Before',
      slug: 'before-slug',
      banner_key: keyOf(created.banner_image),
    });
    expect(await objectExists(keyOf(updated.banner_image))).toBe(true);
    expect(await contentItem({ pk: 'SLUG#before-slug', sk: 'SLUG' })).toBeUndefined();
    expect((await stack.invoke('getPost', { json: { slug: 'before-slug' } })).status).toBe(404);
    expect((await stack.invoke('getPost', { json: { slug: 'after-slug' } })).status).toBe(200);
    // The old slug is free again.
    expect((await create({ title: 'Reuse', slug: 'before-slug' })).status).toBe(201);
  });

  it('answers 409 for a stale version and for a slug held by another post, changing nothing', async () => {
    const a = dataOf((await create({ title: 'Edit me', slug: 'edit-me' })).json);
    expect(
      (
        await stack.invoke('updatePost', {
          token,
          form: { id: String(a.id), version: '1', title: 'Edit 1', slug: 'edit-me' },
        })
      ).status,
    ).toBe(200);
    const stale = await stack.invoke('updatePost', {
      token,
      form: { id: String(a.id), version: '1', title: 'Edit stale', slug: 'edit-me' },
    });
    expect(stale.status).toBe(409);
    expect((stale.json as { error: string }).error).toMatch(
      /^This post was changed by someone else/,
    );
    const clash = await stack.invoke('updatePost', {
      token,
      form: { id: String(a.id), title: 'Clash', slug: 'hello-world' },
    });
    expect(clash.status).toBe(409);
    expect(clash.json).toMatchObject({ error: 'slug: is already taken' });
    const now = (await stack.invoke('getPost', { json: { slug: 'edit-me' } })).json as {
      data: { post: Post };
    };
    expect(now.data.post).toMatchObject({ title: 'Edit 1', version: 2 });
  });

  it('refuses a mislabelled banner on update with 415 and keeps the post as it was', async () => {
    const post = dataOf(
      (await create({ title: 'Keep banner', slug: 'keep-banner', banner_image: png() })).json,
    );
    const res = await stack.invoke('updatePost', {
      token,
      multipart: {
        id: String(post.id),
        title: 'Changed',
        slug: 'keep-banner-2',
        banner_image: png(Buffer.from('<?php echo 1; ?>'), 'x.png'),
      },
    });
    expect(res.status).toBe(415);
    const now = (await stack.invoke('getPost', { json: { slug: 'keep-banner' } })).json as {
      data: { post: Post };
    };
    expect(now.data.post).toMatchObject({
      title: 'Keep banner',
      version: 1,
      banner_image: post.banner_image,
    });
    expect(await contentItem({ pk: 'SLUG#keep-banner-2', sk: 'SLUG' })).toBeUndefined();
  });

  it('answers 404 for an unknown id and 400 for a missing id', async () => {
    const missing = await stack.invoke('updatePost', {
      token,
      form: { id: '987654', title: 'x', slug: 'x' },
    });
    expect(missing.status).toBe(404);
    expect(
      (await stack.invoke('updatePost', { token, form: { title: 'x', slug: 'x' } })).json,
    ).toMatchObject({ error: 'id: is required' });
  });
});

describe('increaseView and deletePost', () => {
  it('counts 200 concurrent views exactly', async () => {
    const post = dataOf((await create({ title: 'Popular', slug: 'popular' })).json);
    const results = await Promise.all(
      // 200 visitors, one view each: a post counts once per visitor a day.
      Array.from({ length: 200 }, (_, i) =>
        stack.invoke('increaseView', {
          json: { slug: 'popular' },
          headers: { 'user-agent': visitorAgent(i) },
        }),
      ),
    );
    expect(results.every((r) => r.status === 200)).toBe(true);
    const counts = results
      .map((r) => (r.json as { data: { views: number } }).data.views)
      .sort((x, y) => x - y);
    expect(counts).toEqual(Array.from({ length: 200 }, (_, i) => i + 1));
    const got = (await stack.invoke('getPost', { json: { slug: 'popular' } })).json as {
      data: { post: Post };
    };
    expect(got.data.post.views).toBe(200);
    expect(await viewsItem(post.id)).toMatchObject({ views: 200 });
    expect(
      (await stack.invoke('increaseView', { json: { slug: 'nobody-wrote-this' } })).status,
    ).toBe(404);
  });

  it('deletes the post to the Trash, and purging it removes its slug guard, views and banner, then answers 404', async () => {
    const post = dataOf(
      (await create({ title: 'Doomed', slug: 'doomed', banner_image: png() })).json,
    );
    await stack.invoke('increaseView', {
      form: { slug: 'doomed' },
      headers: { 'user-agent': visitorAgent(0) },
    });
    const res = await stack.invoke('deletePost', { token, form: { id: String(post.id) } });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ message: 'Post deleted.', data: { id: post.id } });
    expect(await contentItem({ pk: `POST#${post.id}`, sk: 'POST' })).toMatchObject({
      status: 'trashed',
    });
    expect((await stack.invoke('getPost', { json: { slug: 'doomed' } })).status).toBe(404);
    const purged = await stack.invoke('purgePost', { token, form: { id: String(post.id) } });
    expect(purged.status, purged.body).toBe(200);
    expect(await contentItem({ pk: `POST#${post.id}`, sk: 'POST' })).toBeUndefined();
    expect(await contentItem({ pk: 'SLUG#doomed', sk: 'SLUG' })).toBeUndefined();
    expect(await viewsItem(post.id)).toBeUndefined();
    expect(await objectExists(keyOf(post.banner_image))).toBe(false);
    expect((await stack.invoke('getPost', { json: { slug: 'doomed' } })).status).toBe(404);
    expect((await stack.invoke('deletePost', { token, json: { id: post.id } })).status).toBe(404);
    expect((await stack.invoke('deletePost', { token, json: { id: 'abc' } })).json).toMatchObject({
      error: 'id: must be a whole number',
    });
  });
});
