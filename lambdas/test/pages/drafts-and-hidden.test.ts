import { GetObjectCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SitePage } from '@agency/shared';
import type { TestStack } from '../harness';
import { stackForFile } from '../stack-for-file';
import { startTestEdge, type TestEdge } from '../support/test-edge';
import { PAGE_PATHS, seedTestPages, validBlock } from './fixture';

/**
 * Drafts save as they are (empty fields wait for publish; unsafe values are refused on every save),
 * publishing asks for the visible blocks complete, and a hidden block never reaches anything a
 * visitor can fetch.
 */

let stack: TestStack;
let token = '';
stackForFile((started) => ({ stack, token } = started), {
  signInAdmin: true,
  pagePaths: PAGE_PATHS,
});

let edge: TestEdge;

beforeAll(async () => {
  await seedTestPages();
  edge = await startTestEdge(stack, {
    files: { '404/index.html': '<title>Not found</title>' },
    sitePages: {
      prerendered: ['/', '/about', '/contact-us'],
      rendered: ['/blog', '/blog/*', '/sitemap.xml'],
      app: ['/admin'],
      notFound: '/404',
    },
    siteBucket: true,
  });
});

afterAll(async () => {
  await edge.stop();
});

const dataOf = <T>(json: unknown) => (json as { data: T }).data;
const errorOf = (json: unknown) => json as { error: string; field?: string };

async function page(p: string): Promise<SitePage> {
  const res = await stack.invoke('getPage', { token, query: { path: p } });
  expect(res.status, res.body).toBe(200);
  return dataOf<SitePage>(res.json);
}

async function save(p: string, blocks: unknown[]) {
  const current = await page(p);
  return stack.invoke('updatePage', {
    token,
    json: {
      path: p,
      version: current.version,
      title: current.title,
      description: current.description,
      breadcrumb: current.breadcrumb,
      blocks,
    },
  });
}

const emptyTestimonials = {
  type: 'testimonials',
  id: 'said-1',
  heading: 'What clients say',
  items: [{ clientName: '', clientDesc: '', content: '' }],
};

describe('drafts save as they are', () => {
  it('saves an empty new testimonial and an empty hidden block, and keeps them as sent', async () => {
    const res = await save('/about', [
      validBlock('hero'),
      emptyTestimonials,
      { type: 'prose', id: 'later', hidden: true, body: '' },
    ]);
    expect(res.status, res.body).toBe(200);
    const saved = await page('/about');
    expect(saved.blocks[1]).toMatchObject({ id: 'said-1', items: [{ content: '' }] });
    expect(saved.blocks[2]).toMatchObject({ id: 'later', hidden: true });
    // The kept versions read back too.
    const revisions = await stack.invoke('listPageRevisions', {
      token,
      query: { path: '/about' },
    });
    expect(revisions.status, revisions.body).toBe(200);
  });

  it('still refuses unsafe values on every save (400 naming the field)', async () => {
    const script = await save('/about', [
      { ...validBlock('hero'), action: { label: 'Go', href: 'javascript:alert(1)' } },
    ]);
    expect(script.status, script.body).toBe(400);
    expect(errorOf(script.json).field).toMatch(/^blocks\.0\.action/);
    const long = await save('/about', [{ ...validBlock('hero'), title: 'x'.repeat(500) }]);
    expect(long.status, long.body).toBe(400);
    expect(errorOf(long.json).field).toBe('blocks.0.title');
    const badId = await save('/about', [{ ...validBlock('hero'), id: '' }]);
    expect(badId.status, badId.body).toBe(400);
    expect(errorOf(badId.json).field).toBe('blocks.0.id');
    const unknown = await save('/about', [{ type: 'nonsense', id: 'x' }]);
    expect(unknown.status, unknown.body).toBe(400);
  });

  it('publishing names the first empty field of a visible block (400), and ignores hidden ones', async () => {
    const saved = await save('/about', [
      validBlock('hero'),
      emptyTestimonials,
      { type: 'prose', id: 'later', hidden: true, body: '' },
    ]);
    expect(saved.status, saved.body).toBe(200);
    const refused = await stack.invoke('publishPage', { token, json: { path: '/about' } });
    expect(refused.status, refused.body).toBe(400);
    expect(errorOf(refused.json).field).toBe('blocks.1.items.0.clientName');
    // Hiding the incomplete block lets the page publish.
    const hidden = await save('/about', [
      validBlock('hero'),
      { ...emptyTestimonials, hidden: true },
      { type: 'prose', id: 'later', hidden: true, body: '' },
    ]);
    expect(hidden.status, hidden.body).toBe(200);
    const published = await stack.invoke('publishPage', { token, json: { path: '/about' } });
    expect(published.status, published.body).toBe(200);
    expect(dataOf<SitePage>(published.json).published?.blocks.map((b) => b.id)).toEqual(['hero-1']);
  });
});

describe('hidden blocks stay off every public surface', () => {
  const MARKER = 'zq-hidden-marker-7731';

  it('publishes a page with a hidden block: no HTML, page data, public API or sitemap carries it', async () => {
    const created = await stack.invoke('createPage', {
      token,
      json: { path: '/hidden-test', from: '/about', title: 'Hidden test' },
    });
    expect(created.status, created.body).toBe(201);
    const saved = await save('/hidden-test', [
      validBlock('hero'),
      { ...validBlock('prose', 'secret'), hidden: true, body: `<p>${MARKER}</p>` },
      { ...validBlock('faq', 'secret-faq'), hidden: true, heading: MARKER },
    ]);
    expect(saved.status, saved.body).toBe(200);
    const published = await stack.invoke('publishPage', {
      token,
      json: { path: '/hidden-test' },
    });
    expect(published.status, published.body).toBe(200);
    // The draft keeps its hidden blocks for the editor.
    expect(JSON.stringify((await page('/hidden-test')).blocks)).toContain(MARKER);

    const surfaces: [string, string][] = [];
    const fetchText = async (p: string) => {
      const res = await fetch(`${edge.base}${p}`);
      surfaces.push([p, `${res.status} ${await res.text()}`]);
    };
    await fetchText('/hidden-test');
    await fetchText('/hidden-test/');
    await fetchText('/hidden-test/index.html');
    await fetchText('/api/pages');
    await fetchText('/api/site-settings');
    const object = await stack.clients.s3.send(
      new GetObjectCommand({ Bucket: stack.env.SITE_BUCKET, Key: 'hidden-test/index.html' }),
    );
    surfaces.push(['bucket object', (await object.Body?.transformToString()) ?? '']);
    for (const name of ['listLivePages', 'getLiveSiteSettings'] as const) {
      const res = await stack.invoke(name);
      surfaces.push([name, res.body]);
    }
    // The page is served, and it is the published one.
    expect(surfaces[0]?.[1]).toMatch(/^200 /);
    expect(surfaces[0]?.[1]).toContain('<title>Hidden test');
    expect(surfaces[0]?.[1]).toContain('hero-1');
    for (const [where, body] of surfaces) expect(body, where).not.toContain(MARKER);
    // Neither do unpublished fields (who changed it, versions, the draft).
    const html = surfaces[0]?.[1] ?? '';
    expect(html).not.toContain('"updated_by"');
    expect(html).not.toContain('"published_version"');
    expect(html).not.toContain('"hidden":true');
  });
});
