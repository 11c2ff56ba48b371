import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPath, SPECIAL_SLUGS, type Post, type PostLink } from '@agency/shared';
import { publishScheduledPosts } from '../src/modules/posts/jobs/publish-scheduled-posts';
import { startTestStack, type TestStack } from './harness';
import { startRenderServer, type RenderServer } from './support/render-server';

let stack: TestStack;
let token = '';

const HOUR = 3600_000;
const inAnHour = () => new Date(Date.now() + HOUR).toISOString();

interface Page {
  results: Post[];
  next: string | null;
  previous: string | null;
}
interface PostView {
  data: { post: Post; prev_post: PostLink | null; next_post: PostLink | null };
}
const dataOf = (json: unknown): Post => (json as { data: Post }).data;

async function create(fields: Record<string, string>): Promise<Post> {
  const res = await stack.invoke('createPost', {
    token,
    form: { content: `<p>${fields.title ?? ''} body</p>`, ...fields },
  });
  expect(res.status, res.body).toBe(201);
  return dataOf(res.json);
}

/** Every post of a list, walking its `next` links. */
async function walk(options: { token?: string; status?: string } = {}): Promise<Post[]> {
  const all: Post[] = [];
  for (let page = 1; page < 50; page++) {
    const res = await stack.invoke('listPosts', {
      token: options.token,
      query: options.status ? { status: options.status, page } : { page },
    });
    expect(res.status, res.body).toBe(200);
    const body = res.json as Page;
    all.push(...body.results);
    if (!body.next) break;
  }
  return all;
}

let older: Post;
let draft: Post;
let scheduled: Post;
let newer: Post;
let careerDraft: Post;
/** Published, then deleted: in the Trash. */
let trashed: Post;

beforeAll(async () => {
  stack = await startTestStack();
  token = await stack.adminToken();
  older = await create({ title: 'Public older', slug: 'public-older' });
  draft = await create({ title: 'Secret draft', slug: 'secret-draft', status: 'draft' });
  scheduled = await create({
    title: 'Secret scheduled',
    slug: 'secret-scheduled',
    status: 'scheduled',
    publish_at: inAnHour(),
  });
  careerDraft = await create({
    title: 'Secret career draft',
    slug: SPECIAL_SLUGS.career,
    status: 'draft',
  });
  newer = await create({ title: 'Public newer', slug: 'public-newer' });
  trashed = await create({ title: 'Secret trashed', slug: 'secret-trashed' });
  const deleted = await stack.invoke('deletePost', { token, form: { id: String(trashed.id) } });
  expect(deleted.status, deleted.body).toBe(200);
});
afterAll(async () => {
  await stack?.stop();
});

const hidden = () => [draft, scheduled, careerDraft];
/** Everything the public must not see: the hidden posts and the Trash. */
const notPublic = () => [...hidden(), trashed];

describe('status and publish_at on create and update', () => {
  it('publishes a post created without them now, as the spec calls do', () => {
    expect(older).toMatchObject({ status: 'published', publish_at: older.created_at });
    expect(draft).toMatchObject({ status: 'draft', publish_at: null });
    expect(scheduled.status).toBe('scheduled');
  });

  it('stores a publish time given with an offset as UTC', async () => {
    const at = new Date(Date.now() + 2 * HOUR);
    at.setUTCMilliseconds(0);
    const local = new Date(at.getTime() + 5.5 * HOUR).toISOString().replace('Z', '+05:30');
    const post = await create({
      title: 'Offset',
      slug: 'offset-time',
      status: 'scheduled',
      publish_at: local,
    });
    expect(post.publish_at).toBe(at.toISOString());
  });

  it.each([
    [{ status: 'scheduled' }, 'publish_at: is required to schedule a post'],
    [
      { status: 'scheduled', publish_at: '2020-01-01T00:00:00Z' },
      'publish_at: must be in the future to schedule a post',
    ],
    [{ status: 'live' }, 'status: must be draft, scheduled or published'],
    [
      { status: 'draft', publish_at: 'next tuesday' },
      'publish_at: must be an ISO 8601 date and time with a zone, e.g. 2030-05-01T09:30:00Z',
    ],
    [
      { status: 'published', publish_at: '2099-01-01T00:00:00Z' },
      'publish_at: is in the future: schedule the post instead of publishing it',
    ],
  ])('refuses %o with 400 naming the field, creating nothing', async (fields, message) => {
    const res = await stack.invoke('createPost', {
      token,
      form: { title: 'Refused', slug: 'refused-publication', ...fields },
    });
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ error: message });
    expect(
      (await stack.invoke('getPost', { token, form: { slug: 'refused-publication' } })).status,
    ).toBe(404);
  });

  it('keeps the status of a post updated without one, and refuses scheduling it in the past', async () => {
    const post = await create({
      title: 'Stays scheduled',
      slug: 'stays-scheduled',
      status: 'scheduled',
      publish_at: inAnHour(),
    });
    const edited = await stack.invoke('updatePost', {
      token,
      form: { id: String(post.id), title: 'Stays scheduled, edited', slug: 'stays-scheduled' },
    });
    expect(edited.status).toBe(200);
    expect(dataOf(edited.json)).toMatchObject({
      status: 'scheduled',
      publish_at: post.publish_at,
    });
    const past = await stack.invoke('updatePost', {
      token,
      form: {
        id: String(post.id),
        title: 'x',
        slug: 'stays-scheduled',
        status: 'scheduled',
        publish_at: '2001-01-01T00:00:00Z',
      },
    });
    expect(past.json).toMatchObject({
      error: 'publish_at: must be in the future to schedule a post',
    });
  });

  it('reads posts stored before the lifecycle existed as published at their creation time', async () => {
    const created_at = '2020-02-02T10:00:00.000Z';
    await stack.clients.dynamo.send(
      new PutCommand({
        TableName: stack.env.CONTENT_TABLE,
        Item: {
          pk: 'POST#900001',
          sk: 'POST',
          gsi1pk: 'POSTS',
          gsi1sk: `${created_at}#0000900001`,
          id: 900001,
          title: 'Legacy',
          slug: 'legacy-post',
          content: '<p>old</p>',
          head_tag: '',
          banner_key: null,
          created_at,
          updated_at: created_at,
          category_id: null,
          author_id: null,
          version: 1,
        },
      }),
    );
    await stack.clients.dynamo.send(
      new PutCommand({
        TableName: stack.env.CONTENT_TABLE,
        Item: { pk: 'SLUG#legacy-post', sk: 'SLUG', postId: 900001, state: 'committed' },
      }),
    );
    const res = await stack.invoke('getPost', { form: { slug: 'legacy-post' } });
    expect((res.json as PostView).data.post).toMatchObject({
      status: 'published',
      publish_at: created_at,
    });
    expect((await walk()).map((p) => p.slug)).toContain('legacy-post');
  });
});

describe('nothing unpublished on a public API surface', () => {
  it('lists only published posts, by publication time, cached at the edge for a minute', async () => {
    const page1 = await stack.invoke('listPosts', { query: { page: 1 } });
    expect(page1.headers['cache-control']).toBe('public, max-age=0, s-maxage=60');
    const listed = await walk();
    for (const p of notPublic()) expect(listed.map((x) => x.slug)).not.toContain(p.slug);
    expect(listed.every((p) => p.status === 'published')).toBe(true);
    const times = listed.map((p) => `${p.publish_at ?? ''}#${String(p.id).padStart(10, '0')}`);
    expect([...times].sort().reverse()).toEqual(times);
    expect(JSON.stringify(page1.json)).not.toMatch(/Secret/);
  });

  it('answers 404 for a hidden post on get and increase-view, and links published neighbours only', async () => {
    for (const p of notPublic()) {
      expect((await stack.invoke('getPost', { form: { slug: p.slug } })).status, p.slug).toBe(404);
      expect((await stack.invoke('increaseView', { form: { slug: p.slug } })).status).toBe(404);
    }
    const newerView = (await stack.invoke('getPost', { form: { slug: newer.slug } }))
      .json as PostView;
    expect(newerView.data.prev_post).toEqual({ slug: older.slug, title: older.title });
    const olderView = (await stack.invoke('getPost', { form: { slug: older.slug } }))
      .json as PostView;
    expect(olderView.data.next_post).toEqual({ slug: newer.slug, title: newer.title });
  });

  it('shows an admin every status, or one, never cached, and refuses the filter to the public', async () => {
    const all = await stack.invoke('listPosts', { token, query: { page: 1 } });
    expect(all.headers['cache-control']).toBe('private, no-store');
    expect(all.headers['x-robots-tag']).toBe('noindex, nofollow');
    const everything = await walk({ token });
    for (const p of [older, newer, ...hidden()])
      expect(everything.map((x) => x.slug)).toContain(p.slug);
    // "All posts" leaves the Trash out, as WordPress does; it has its own list.
    expect(everything.map((x) => x.slug)).not.toContain(trashed.slug);
    expect((await walk({ token, status: 'trashed' })).map((x) => x.slug)).toContain(trashed.slug);
    const drafts = await walk({ token, status: 'draft' });
    expect(new Set(drafts.map((p) => p.status))).toEqual(new Set(['draft']));
    expect(drafts.map((p) => p.slug)).toEqual(
      expect.arrayContaining([draft.slug, careerDraft.slug]),
    );
    const soon = await walk({ token, status: 'scheduled' });
    expect(soon.map((p) => p.slug)).toContain(scheduled.slug);
    expect(new Set(soon.map((p) => p.status))).toEqual(new Set(['scheduled']));
    const publicDrafts = await stack.invoke('listPosts', { query: { page: 1, status: 'draft' } });
    expect(publicDrafts.status).toBe(401);
    const publicPublished = await stack.invoke('listPosts', {
      query: { status: 'published', page: 1 },
    });
    expect(publicPublished.status).toBe(200);
    const got = await stack.invoke('getPost', { token, form: { slug: draft.slug } });
    expect(got.status).toBe(200);
    expect(got.headers['cache-control']).toBe('private, no-store');
  });

  it('keeps the page links of a filtered admin list ending in page=N', async () => {
    for (let i = 0; i < 11; i++)
      await create({ title: `Draft filler ${i}`, slug: `draft-filler-${i}`, status: 'draft' });
    const res = await stack.invoke('listPosts', { token, query: { status: 'draft', page: 1 } });
    expect((res.json as Page).next).toBe(buildPath('listPosts', {}, { status: 'draft', page: 2 }));
    expect((res.json as Page).next).toMatch(/page=2$/);
  });
});

describe('the publishing job, on a clock the test controls', () => {
  it('publishes a scheduled post once its time has come, and not before', async () => {
    const at = Date.parse(scheduled.publish_at ?? '');
    const invalidated: string[][] = [];
    const cdn = { invalidate: async (paths: string[]) => void invalidated.push(paths) };
    const early = await publishScheduledPosts({ now: () => new Date(at - 1000), cdn });
    expect(early.slugs).not.toContain(scheduled.slug);
    expect(invalidated).toEqual([]);
    const [a, b] = await Promise.all([
      publishScheduledPosts({ now: () => new Date(at + 1000), cdn }),
      publishScheduledPosts({ now: () => new Date(at + 1000), cdn }),
    ]);
    // Two overlapping runs publish it exactly once.
    expect([...(a?.slugs ?? []), ...(b?.slugs ?? [])].filter((s) => s === scheduled.slug)).toEqual([
      scheduled.slug,
    ]);
    expect(invalidated.flat()).toContain(scheduled.slug);
    const stored = await walk({ token, status: 'published' });
    expect(stored.find((p) => p.slug === scheduled.slug)?.status).toBe('published');
    // The API's own clock is an hour before the publication time: the public still sees nothing.
    expect((await stack.invoke('getPost', { form: { slug: scheduled.slug } })).status).toBe(404);
    expect((await walk()).map((p) => p.slug)).not.toContain(scheduled.slug);
  });

  it('makes a post scheduled seconds ahead public once the real clock passes its time', async () => {
    const soon = await create({
      title: 'Goes live soon',
      slug: 'goes-live-soon',
      status: 'scheduled',
      publish_at: new Date(Date.now() + 1500).toISOString(),
    });
    expect((await publishScheduledPosts({})).slugs).not.toContain(soon.slug);
    await new Promise((r) => setTimeout(r, 1700));
    expect((await publishScheduledPosts({})).slugs).toEqual([soon.slug]);
    const page1 = (await stack.invoke('listPosts', { query: { page: 1 } })).json as Page;
    expect(page1.results[0]?.slug).toBe(soon.slug);
    expect((await stack.invoke('increaseView', { form: { slug: soon.slug } })).status).toBe(200);
  });
});

describe('nothing unpublished on a rendered page (render handler over the API)', () => {
  let render: RenderServer;
  const SITE = 'https://agency.test';

  beforeAll(async () => {
    render = await startRenderServer(stack, SITE);
  }, 120_000);
  afterAll(async () => {
    await render?.stop();
  });

  const page = (p: string) => render.page(p);

  it('answers 404 for hidden posts at /blog/{slug} and the career address', async () => {
    const shown = await page(`/blog/${newer.slug}`);
    expect(shown.status).toBe(200);
    expect(shown.body).toContain('Public newer');
    expect(shown.body).not.toMatch(/Secret/);
    for (const p of notPublic()) expect((await page(`/blog/${p.slug}`)).status, p.slug).toBe(404);
    const career = await page(`/${SPECIAL_SLUGS.career}`);
    expect(career.status).toBe(404);
    expect(career.body).not.toMatch(/Secret/);
  });

  it('leaves hidden posts out of /blog (page and embedded data), the sitemap and the feed', async () => {
    const blog = await page('/blog');
    expect(blog.status).toBe(200);
    expect(blog.body).toContain('Public newer');
    for (const [p, res] of [
      ['/blog', blog],
      ['/sitemap.xml', await page('/sitemap.xml')],
      ['/rss.xml', await page('/rss.xml')],
    ] as const) {
      expect(res.status, p).toBe(200);
      expect(res.body, p).not.toMatch(
        /Secret|secret-draft|secret-scheduled|secret-trashed|draft-filler/,
      );
      expect(res.body, p).not.toContain(SPECIAL_SLUGS.career);
    }
  });
});
