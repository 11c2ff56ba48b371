import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POST_LIMITS, slugify, type Post, type Revision } from '@agency/shared';
import type { TestStack } from './harness';
import { startRenderServer, type RenderServer } from './support/render-server';
import { stackForFile } from './stack-for-file';

let stack: TestStack;
let token = '';
stackForFile((started) => ({ stack, token } = started), { signInAdmin: true });

const dataOf = (json: unknown): Post => (json as { data: Post }).data;
const TITLE = "How we rebuilt a regional retailer's checkout (in 6 weeks)!";
const DESCRIPTION = 'Six weeks, one checkout: what we changed & why "fewer steps" won.';

/** The content of every `<meta>` of the page named by `attr="key"`. */
const metaContents = (html: string, attr: string, key: string): string[] =>
  [...html.matchAll(new RegExp(`<meta ${attr}="${key}" content="([^"]*)"`, 'g'))].map(
    (m) => m[1] ?? '',
  );

describe('meta description', () => {
  let post: Post;
  let render: RenderServer;

  beforeAll(async () => {
    const res = await stack.invoke('createPost', {
      token,
      form: {
        title: TITLE,
        // The editor's slug for the title: the API takes what the one shared slugify gives.
        slug: slugify(TITLE),
        content: '<p>The opening words of the article stand in when there is no description.</p>',
        meta_description: `  ${DESCRIPTION}\n`,
      },
    });
    expect(res.status, res.body).toBe(201);
    post = dataOf(res.json);
    render = await startRenderServer(stack);
  }, 120_000);
  afterAll(async () => {
    await render?.stop();
  });

  it('is stored with the post as one trimmed line, and a post without one has none', async () => {
    expect(post.slug).toBe('how-we-rebuilt-a-regional-retailers-checkout-in-6-weeks');
    expect(post.meta_description).toBe(DESCRIPTION);
    const got = await stack.invoke('getPost', { token, form: { slug: post.slug } });
    expect((got.json as { data: { post: Post } }).data.post.meta_description).toBe(DESCRIPTION);
    const plain = await stack.invoke('createPost', {
      token,
      form: { title: 'No description', slug: 'no-description', content: '<p>Plain body.</p>' },
    });
    expect(plain.status, plain.body).toBe(201);
    expect(dataOf(plain.json).meta_description).toBe('');
  });

  it(`refuses more than ${POST_LIMITS.metaDescriptionMax} characters, naming the field`, async () => {
    const res = await stack.invoke('createPost', {
      token,
      form: {
        title: 'Too long',
        slug: 'too-long-description',
        meta_description: 'x'.repeat(POST_LIMITS.metaDescriptionMax + 1),
      },
    });
    expect(res.status).toBe(400);
    expect((res.json as { error: string }).error).toMatch(/^meta_description: /);
  });

  it('is kept in the revisions, and a restore brings it back', async () => {
    const upd = await stack.invoke('updatePost', {
      token,
      form: {
        id: String(post.id),
        version: String(post.version),
        title: TITLE,
        slug: post.slug,
        content: post.content,
        meta_description: 'A newer description.',
      },
    });
    expect(upd.status, upd.body).toBe(200);
    const updated = dataOf(upd.json);
    expect(updated.meta_description).toBe('A newer description.');
    const kept = await stack.invoke('getRevision', {
      token,
      query: { id: post.id, revision: post.version },
    });
    expect(kept.status, kept.body).toBe(200);
    expect((kept.json as { data: Revision }).data.meta_description).toBe(DESCRIPTION);
    const restored = await stack.invoke('restoreRevision', {
      token,
      form: {
        id: String(post.id),
        revision: String(post.version),
        version: String(updated.version),
      },
    });
    expect(restored.status, restored.body).toBe(200);
    expect(dataOf(restored.json).meta_description).toBe(DESCRIPTION);
  });

  it('is the rendered page description, Open Graph and Twitter description', async () => {
    const page = await render.page(`/blog/${post.slug}`);
    expect(page.status).toBe(200);
    const escaped = DESCRIPTION.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
    expect(metaContents(page.body, 'name', 'description')).toEqual([escaped]);
    expect(metaContents(page.body, 'property', 'og:description')).toEqual([escaped]);
    expect(metaContents(page.body, 'name', 'twitter:description')).toEqual([escaped]);
  });

  it('falls back to the excerpt on a post without one', async () => {
    const page = await render.page('/blog/no-description');
    expect(page.status).toBe(200);
    expect(metaContents(page.body, 'name', 'description')).toEqual(['Plain body.']);
    expect(metaContents(page.body, 'property', 'og:description')).toEqual(['Plain body.']);
  });
});
