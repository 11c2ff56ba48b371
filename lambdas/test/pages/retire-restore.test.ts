import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SitePage, SitePageSummary } from '@agency/shared';
import { publishScheduledPosts } from '../../src/modules/posts/jobs/publish-scheduled-posts';
import type { TestStack } from '../harness';
import { stackForFile } from '../stack-for-file';
import { startTestEdge, type TestEdge } from '../support/test-edge';
import { PAGE_PATHS, seedTestPages } from './fixture';

/**
 * New pages get their own breadcrumb; retired pages are listed under a filter and restored as
 * drafts; a retired page may lead anywhere a redirect may; the list searches titles and addresses.
 */

let stack: TestStack;
let token = '';
let editor = '';
stackForFile((started) => ({ stack, token } = started), {
  signInAdmin: true,
  pagePaths: PAGE_PATHS,
});

let edge: TestEdge;

beforeAll(async () => {
  await seedTestPages();
  editor = await stack.editorToken();
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
const visit = async (p: string) => {
  const res = await fetch(`${edge.base}${p}`, { redirect: 'manual' });
  return { status: res.status, location: res.headers.get('location') };
};

async function list(query: Record<string, string> = {}): Promise<SitePageSummary[]> {
  const res = await stack.invoke('listPages', { token, query });
  expect(res.status, res.body).toBe(200);
  return dataOf<SitePageSummary[]>(res.json);
}

async function createAndPublish(path: string, title: string): Promise<SitePage> {
  const created = await stack.invoke('createPage', {
    token,
    json: { path, from: '/about', title },
  });
  expect(created.status, created.body).toBe(201);
  const published = await stack.invoke('publishPage', { token, json: { path } });
  expect(published.status, published.body).toBe(200);
  return dataOf<SitePage>(published.json);
}

describe('a new page', () => {
  it("gets its own breadcrumb (Home › its title), not its template's", async () => {
    const page = await createAndPublish('/black-friday-2026', 'Black Friday 2026');
    expect(page.breadcrumb).toEqual([
      { name: 'Home', path: '/' },
      { name: 'Black Friday 2026', path: '/black-friday-2026' },
    ]);
    const html = await (await fetch(`${edge.base}/black-friday-2026`)).text();
    // The breadcrumb's structured data names the page's own trail.
    const trails = [
      ...html.matchAll(/<script type="application\/ld\+json"[^>]*>([^<]*)<\/script>/g),
    ]
      .map((m) => JSON.parse(m[1] ?? 'null') as unknown)
      .flat()
      .filter((d) => (d as { '@type'?: string })['@type'] === 'BreadcrumbList') as {
      itemListElement: { name: string }[];
    }[];
    expect(trails.map((t) => t.itemListElement.map((i) => i.name))).toEqual([
      ['Home', 'Black Friday 2026'],
    ]);
  });
});

describe('retiring and restoring', () => {
  it("refuses the specification's own pages (409 naming why)", async () => {
    const res = await stack.invoke('deletePage', { token, json: { path: '/about' } });
    expect(res.status, res.body).toBe(409);
    expect(errorOf(res.json).error).toMatch(/site's own pages/);
  });

  it('leads a retired page to a custom path with a query, or an https:// address', async () => {
    await createAndPublish('/old-campaign', 'Old campaign');
    const res = await stack.invoke('deletePage', {
      token,
      json: { path: '/old-campaign', redirect_to: '/blog/some-post?from=campaign' },
    });
    expect(res.status, res.body).toBe(200);
    expect(await visit('/old-campaign')).toMatchObject({
      status: 301,
      location: '/blog/some-post?from=campaign',
    });
    await createAndPublish('/partner-offer', 'Partner offer');
    const away = await stack.invoke('deletePage', {
      token,
      json: { path: '/partner-offer', redirect_to: 'https://partner.example/offer' },
    });
    expect(away.status, away.body).toBe(200);
    expect(await visit('/partner-offer')).toMatchObject({
      status: 301,
      location: 'https://partner.example/offer',
    });
    const bad = await stack.invoke('deletePage', {
      token,
      json: { path: '/black-friday-2026', redirect_to: 'javascript:alert(1)' },
    });
    expect(bad.status, bad.body).toBe(400);
    expect(errorOf(bad.json).field).toBe('redirect_to');
  });

  it('lists retired pages only under the Retired filter, with where they lead', async () => {
    expect((await list()).map((p) => p.path)).not.toContain('/old-campaign');
    const retired = await list({ status: 'retired' });
    expect(retired.map((p) => p.path).sort()).toEqual(['/old-campaign', '/partner-offer']);
    expect(retired.find((p) => p.path === '/old-campaign')).toMatchObject({
      redirect_to: '/blog/some-post?from=campaign',
    });
    expect(retired[0]?.retired_at).toBeTruthy();
  });

  it('restores a retired page as an unpublished draft, as it was, and drops its redirect (admins only)', async () => {
    const refused = await stack.invoke('restorePage', {
      token: editor,
      json: { path: '/old-campaign' },
    });
    expect(refused.status).toBe(403);
    const res = await stack.invoke('restorePage', { token, json: { path: '/old-campaign' } });
    expect(res.status, res.body).toBe(200);
    const page = dataOf<SitePage>(res.json);
    expect(page).toMatchObject({ path: '/old-campaign', title: 'Old campaign', status: 'draft' });
    expect(page.published).toBeNull();
    // The redirect is gone; a draft's address answers 404 until it is published again.
    expect((await visit('/old-campaign')).status).toBe(404);
    expect((await list()).map((p) => p.path)).toContain('/old-campaign');
    expect((await list({ status: 'retired' })).map((p) => p.path)).toEqual(['/partner-offer']);
    // Publishing brings it back on the site.
    const published = await stack.invoke('publishPage', {
      token,
      json: { path: '/old-campaign' },
    });
    expect(published.status, published.body).toBe(200);
    expect((await visit('/old-campaign')).status).toBe(200);
    // A page that is not retired cannot be restored.
    const live = await stack.invoke('restorePage', { token, json: { path: '/about' } });
    expect(live.status).toBe(404);
  });
});

describe('searching and filtering the list', () => {
  it('finds pages by title or address text, any case, and filters by status', async () => {
    expect((await list({ q: 'FRIDAY' })).map((p) => p.path)).toEqual(['/black-friday-2026']);
    expect((await list({ q: 'contact-' })).map((p) => p.path)).toEqual(['/contact-us']);
    expect(await list({ q: 'nothing like this' })).toEqual([]);
    const drafts = await stack.invoke('createPage', {
      token,
      json: { path: '/draft-only', from: '/about', title: 'Draft only' },
    });
    expect(drafts.status).toBe(201);
    expect((await list({ status: 'draft' })).map((p) => p.path)).toEqual(['/draft-only']);
    expect((await list({ status: 'published', q: 'draft' })).map((p) => p.path)).toEqual([]);
    expect((await list({ status: 'retired', q: 'partner' })).map((p) => p.path)).toEqual([
      '/partner-offer',
    ]);
    const bad = await stack.invoke('listPages', { token, query: { status: 'gone' } });
    expect(bad.status).toBe(400);
    expect(errorOf(bad.json).field).toBe('status');
  });
});

describe('moving a page to a new address', () => {
  it('publishes it at the new address, leaves a 301 from the old one, and keeps its status', async () => {
    const before = await createAndPublish('/summer-sale', 'Summer sale');
    const stale = await stack.invoke('movePage', {
      token,
      json: { path: '/summer-sale', to: '/summer-sale-2026', version: before.version - 1 },
    });
    expect(stale.status, stale.body).toBe(409);
    const byEditor = await stack.invoke('movePage', {
      token: editor,
      json: { path: '/summer-sale', to: '/summer-sale-2026', version: before.version },
    });
    expect(byEditor.status).toBe(403);
    const res = await stack.invoke('movePage', {
      token,
      json: { path: '/summer-sale', to: '/summer-sale-2026', version: before.version },
    });
    expect(res.status, res.body).toBe(200);
    const moved = dataOf<SitePage>(res.json);
    expect(moved).toMatchObject({ path: '/summer-sale-2026', status: 'published' });
    expect(moved.breadcrumb.at(-1)).toEqual({ name: 'Summer sale', path: '/summer-sale-2026' });
    expect((await visit('/summer-sale-2026')).status).toBe(200);
    expect(await visit('/summer-sale')).toMatchObject({
      status: 301,
      location: '/summer-sale-2026',
    });
    const paths = (await list()).map((p) => p.path);
    expect(paths).toContain('/summer-sale-2026');
    expect(paths).not.toContain('/summer-sale');
    // Taken addresses and the site's own pages are refused, naming why.
    const onto = await stack.invoke('movePage', {
      token,
      json: { path: '/summer-sale-2026', to: '/contact-us', version: moved.version },
    });
    expect(onto.status, onto.body).toBe(409);
    expect(errorOf(onto.json).field).toBe('to');
    const spec = await stack.invoke('movePage', {
      token,
      json: { path: '/about', to: '/about-the-agency', version: 1 },
    });
    expect(spec.status, spec.body).toBe(409);
    expect(errorOf(spec.json)).toMatchObject({ field: 'path' });
    expect(errorOf(spec.json).error).toMatch(/cannot move/);
    const bad = await stack.invoke('movePage', {
      token,
      json: { path: '/summer-sale-2026', to: '/Summer Sale', version: moved.version },
    });
    expect(bad.status).toBe(400);
    expect(errorOf(bad.json).field).toBe('to');
  });

  it('moves a draft without leaving a redirect', async () => {
    const created = await stack.invoke('createPage', {
      token,
      json: { path: '/draft-move', from: '/about', title: 'Draft move' },
    });
    const page = dataOf<SitePage>(created.json);
    const res = await stack.invoke('movePage', {
      token,
      json: { path: '/draft-move', to: '/draft-moved', version: page.version },
    });
    expect(res.status, res.body).toBe(200);
    expect(dataOf<SitePage>(res.json)).toMatchObject({ status: 'draft', published: null });
    expect((await visit('/draft-move')).status).toBe(404);
    expect((await visit('/draft-moved')).status).toBe(404);
  });

  it('of two moves of one page sent at once, one moves it and the other changes nothing (5 trials)', async () => {
    for (let trial = 1; trial <= 5; trial++) {
      const from = `/twice-moved-${trial}`;
      const page = await createAndPublish(from, `Twice moved ${trial}`);
      const [a, b] = await Promise.all(
        ['a', 'b'].map((to) =>
          stack.invoke('movePage', {
            token,
            json: { path: from, to: `${from}-${to}`, version: page.version },
          }),
        ),
      );
      const statuses = [a?.status, b?.status].sort();
      expect(statuses, `${a?.body} / ${b?.body}`).toEqual([200, 409]);
      const winner = a?.status === 200 ? `${from}-a` : `${from}-b`;
      const loser = a?.status === 200 ? `${from}-b` : `${from}-a`;
      expect(await visit(from)).toMatchObject({ status: 301, location: winner });
      expect((await visit(winner)).status).toBe(200);
      // The refused move left no page at its address: nothing live, nothing in the list.
      expect((await visit(loser)).status).toBe(404);
      const paths = (await list()).map((p) => p.path);
      expect(paths).toContain(winner);
      expect(paths).not.toContain(loser);
    }
  });
});

describe('scheduled publishing', () => {
  it('publishes a scheduled page once its time has come (the every-minute job), and unschedules', async () => {
    const created = await stack.invoke('createPage', {
      token,
      json: { path: '/autumn-launch', from: '/about', title: 'Autumn launch' },
    });
    const page = dataOf<SitePage>(created.json);
    const soon = new Date(Date.now() + 2000).toISOString();
    // An editor may not schedule a page's first publish (a new address is the admins').
    const byEditor = await stack.invoke('schedulePage', {
      token: editor,
      json: { path: '/autumn-launch', version: page.version, publish_at: soon },
    });
    expect(byEditor.status).toBe(403);
    const past = await stack.invoke('schedulePage', {
      token,
      json: { path: '/autumn-launch', version: page.version, publish_at: '2020-01-01T00:00:00Z' },
    });
    expect(past.status).toBe(400);
    expect(errorOf(past.json).field).toBe('publish_at');
    const res = await stack.invoke('schedulePage', {
      token,
      json: { path: '/autumn-launch', version: page.version, publish_at: soon },
    });
    expect(res.status, res.body).toBe(200);
    expect(dataOf<SitePage>(res.json)).toMatchObject({ status: 'draft', publish_at: soon });
    expect((await list({ status: 'scheduled' })).map((p) => p.path)).toEqual(['/autumn-launch']);
    // Before its time the job leaves it.
    await publishScheduledPosts();
    expect((await visit('/autumn-launch')).status).toBe(404);
    await new Promise((r) => setTimeout(r, 2100));
    await publishScheduledPosts();
    const after = dataOf<SitePage>(
      (await stack.invoke('getPage', { token, query: { path: '/autumn-launch' } })).json,
    );
    expect(after).toMatchObject({ status: 'published', publish_at: null });
    expect((await visit('/autumn-launch')).status).toBe(200);
    expect(await list({ status: 'scheduled' })).toEqual([]);

    // Unschedule: the time goes, nothing is published.
    const later = new Date(Date.now() + 3_600_000).toISOString();
    const again = await stack.invoke('schedulePage', {
      token: editor,
      json: { path: '/autumn-launch', version: after.version, publish_at: later },
    });
    expect(again.status, again.body).toBe(200);
    const off = await stack.invoke('schedulePage', {
      token: editor,
      json: { path: '/autumn-launch', version: after.version },
    });
    expect(off.status, off.body).toBe(200);
    expect(dataOf<SitePage>(off.json).publish_at).toBeNull();
  });
});
