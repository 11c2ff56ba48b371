import { mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BLOCK_TYPE_NAMES,
  type LivePageLink,
  type PageRevisionSummary,
  type SitePage,
  type SitePageSummary,
} from '@agency/shared';
import { DynamoPageStore } from '../../src/modules/pages/adapters/page-store';
import { seedPages } from '../../src/modules/pages/domain/seed';
import { pageDeps } from '../../src/modules/pages/deps';
import {
  pageChangesNotLive,
  publishScheduledPosts,
} from '../../src/modules/posts/jobs/publish-scheduled-posts';
import { seedAndRenderPages } from '../../src/modules/pages/jobs/seed-pages';
import { runRebuildRedirects } from '../../src/modules/redirects/jobs/rebuild-redirects';
import type { TestStack } from '../harness';
import { stackForFile } from '../stack-for-file';
import { startTestEdge, type TestEdge } from '../support/test-edge';
import { EVERY_BLOCK, requiredField, SEED, SETTINGS, validBlock } from './fixture';

/** Set to make the render function fail (a render outage). */
let renderDown = false;

let stack: TestStack;
let token = '';
stackForFile((started) => ({ stack, token } = started), {
  signInAdmin: true,
  pagePaths: [
    '/',
    '/about',
    '/contact-us',
    '/team',
    '/careers',
    '/blog',
    '/blog/*',
    '/sitemap.xml',
  ],
  // The web app's own render function, which a test can take down.
  renderFunction: (web) => async () => {
    const render = await web();
    return render && (async (event, context) => (renderDown ? fail() : render(event, context)));
  },
});

function fail(): never {
  throw new Error('render function down');
}

let edge: TestEdge;
let base = '';
let editor = '';

beforeAll(async () => {
  const store = new DynamoPageStore();
  // A page the build prerendered that is not one of the specification's own (those are never retired).
  const about = SEED.pages.find((p) => p.path === '/about');
  if (!about) throw new Error('the seed has no about page');
  const team = { ...about, path: '/team', title: 'Our team' };
  await seedPages({ pages: store, settings: store }, { ...SEED, pages: [...SEED.pages, team] });
  editor = await stack.editorToken();
  // The build's files: the prerendered seed pages and the not-found page.
  edge = await startTestEdge(stack, {
    files: {
      'index.html': '<title>Built home</title>',
      'about/index.html': '<title>Built about</title>',
      'team/index.html': '<title>Built team</title>',
      'contact-us/index.html': '<title>Built contact</title>',
      '404/index.html': '<title>Not found</title>',
    },
    sitePages: {
      prerendered: ['/', '/about', '/contact-us', '/team'],
      rendered: ['/blog', '/blog/*', '/sitemap.xml'],
      app: ['/admin'],
      notFound: '/404',
    },
    siteBucket: true,
  });
  base = edge.base;
});

afterAll(async () => {
  await edge.stop();
});

const visit = async (p: string) => {
  const res = await fetch(`${base}${p}`, { redirect: 'manual' });
  return { status: res.status, location: res.headers.get('location'), body: await res.text() };
};
const errorOf = (json: unknown) => json as { error: string; field?: string; code?: string };
const dataOf = <T>(json: unknown) => (json as { data: T }).data;

async function bucketObject(key: string): Promise<string | null> {
  try {
    const out = await stack.clients.s3.send(
      new GetObjectCommand({ Bucket: stack.env.SITE_BUCKET, Key: key }),
    );
    return (await out.Body?.transformToString()) ?? '';
  } catch {
    return null;
  }
}

async function page(p: string): Promise<SitePage> {
  const res = await stack.invoke('getPage', { token, query: { path: p } });
  expect(res.status, res.body).toBe(200);
  return dataOf<SitePage>(res.json);
}

const contentOf = (p: SitePage) => ({
  title: p.title,
  description: p.description,
  breadcrumb: p.breadcrumb,
  blocks: p.blocks,
});

describe('who may call what', () => {
  it('answers 401 without a token and 403 to an account in no staff group', async () => {
    expect((await stack.invoke('listPages')).status).toBe(401);
    expect((await stack.invoke('getSiteSettings')).status).toBe(401);
    const user = await stack.userToken();
    expect((await stack.invoke('listPages', { token: user })).status).toBe(403);
  });

  it('refuses editors retiring pages and changing the site settings (403)', async () => {
    const retire = await stack.invoke('deletePage', { token: editor, json: { path: '/team' } });
    expect(retire.status).toBe(403);
    const settings = await stack.invoke('updateSiteSettings', {
      token: editor,
      json: { settings: SETTINGS, version: 1 },
    });
    expect(settings.status).toBe(403);
  });
});

describe('reading pages', () => {
  it('lists the seeded pages, one in full, and the live ones publicly', async () => {
    const list = await stack.invoke('listPages', { token: editor });
    expect(list.status, list.body).toBe(200);
    expect(dataOf<SitePageSummary[]>(list.json).map((p) => p.path)).toEqual(
      expect.arrayContaining(['/', '/about', '/contact-us']),
    );
    const about = await page('/about');
    expect(about).toMatchObject({ path: '/about', title: 'About us', status: 'published' });
    expect(about.published?.title).toBe('About us');
    const live = await stack.invoke('listLivePages');
    expect(live.status).toBe(200);
    expect(dataOf<LivePageLink[]>(live.json).map((p) => p.path)).toContain('/about');
    expect((await stack.invoke('getPage', { token, query: { path: '/nope' } })).status).toBe(404);
    expect((await stack.invoke('getPage', { token, query: { path: 'About' } })).status).toBe(400);
  });
});

describe('updatePage', () => {
  it('saves the draft (the page shows changes), keeps the old version, refuses a stale version (409)', async () => {
    const before = await page('/contact-us');
    const saved = await stack.invoke('updatePage', {
      token: editor,
      json: {
        ...contentOf(before),
        title: 'Contact the agency',
        path: '/contact-us',
        version: before.version,
      },
    });
    expect(saved.status, saved.body).toBe(200);
    expect(dataOf<SitePage>(saved.json)).toMatchObject({
      title: 'Contact the agency',
      status: 'changed',
      version: before.version + 1,
    });
    const stale = await stack.invoke('updatePage', {
      token: editor,
      json: { ...contentOf(before), path: '/contact-us', version: before.version },
    });
    expect(stale.status).toBe(409);
    expect(errorOf(stale.json).code).toBe('stale');
    // What visitors get is unchanged until published.
    expect((await page('/contact-us')).published?.title).toBe('Contact us');
  });

  it('sanitises rich text: a script is removed, the text kept', async () => {
    const before = await page('/');
    const prose = {
      ...validBlock('prose', 'p1'),
      body: '<p>Hello<script>alert(1)</script> <a href="javascript:alert(1)">x</a></p>',
    };
    const res = await stack.invoke('updatePage', {
      token,
      json: { ...contentOf(before), blocks: [prose], path: '/', version: before.version },
    });
    expect(res.status, res.body).toBe(200);
    const body = String(
      dataOf<SitePage>(res.json).blocks[0] &&
        Reflect.get(dataOf<SitePage>(res.json).blocks[0] ?? {}, 'body'),
    );
    expect(body).toContain('Hello');
    expect(body).not.toContain('<script');
    expect(body).not.toContain('javascript:');
  });

  it("stores Quill's own list format as lists: bullets in a <ul>, numbers in an <ol>", async () => {
    const before = await page('/');
    // As the editor may hand it back: bullets and numbers both in an <ol>, a marker in each item.
    const quillBody =
      '<p>We collect:</p><ol>' +
      '<li data-list="bullet"><span class="ql-ui"></span>Email address</li>' +
      '<li data-list="bullet"><span class="ql-ui"></span>Phone number</li>' +
      '</ol><p>Then:</p><ol>' +
      '<li data-list="ordered"><span class="ql-ui"></span>We answer</li>' +
      '<li data-list="ordered"><span class="ql-ui"></span>We call</li>' +
      '</ol>';
    const res = await stack.invoke('updatePage', {
      token,
      json: {
        ...contentOf(before),
        blocks: [{ ...validBlock('prose', 'p1'), body: quillBody }],
        path: '/',
        version: before.version,
      },
    });
    expect(res.status, res.body).toBe(200);
    expect(Reflect.get(dataOf<SitePage>(res.json).blocks[0] ?? {}, 'body')).toBe(
      '<p>We collect:</p><ul><li>Email address</li><li>Phone number</li></ul>' +
        '<p>Then:</p><ol><li>We answer</li><li>We call</li></ol>',
    );
  });

  it('accepts every block type, and names `blocks.<i>.<field>` of one invalid field per type (400)', async () => {
    const about = await page('/about');
    const all = await stack.invoke('updatePage', {
      token,
      json: { ...contentOf(about), blocks: EVERY_BLOCK, path: '/about', version: about.version },
    });
    expect(all.status, all.body).toBe(200);
    for (const [i, type] of BLOCK_TYPE_NAMES.entries()) {
      const field = requiredField(type);
      const blocks = [
        validBlock('hero', 'h'),
        ...EVERY_BLOCK.slice(0, i).map(() => validBlock('hero', `x${i}`)),
      ];
      blocks.push({ ...validBlock(type), [field]: { bad: true } });
      const res = await stack.invoke('updatePage', {
        token,
        json: { ...contentOf(about), blocks, path: '/about', version: about.version + 1 },
      });
      expect(res.status, `${type}: ${res.body}`).toBe(400);
      expect(errorOf(res.json).field, type).toMatch(
        new RegExp(`^blocks\\.${blocks.length - 1}\\.${field}(\\.|$)`),
      );
    }
    const unknown = await stack.invoke('updatePage', {
      token,
      json: {
        ...contentOf(about),
        blocks: [{ type: 'marquee', id: 'm' }],
        path: '/about',
        version: about.version + 1,
      },
    });
    expect(unknown.status).toBe(400);
  });
});

describe('createPage and publishPage', () => {
  it('creates a draft copy of a template; refuses taken paths (409) and an unknown template (404)', async () => {
    const res = await stack.invoke('createPage', {
      token: editor,
      json: { path: '/spring-offer', from: '/contact-us', title: 'Spring offer' },
    });
    expect(res.status, res.body).toBe(201);
    const created = dataOf<SitePage>(res.json);
    expect(created).toMatchObject({
      path: '/spring-offer',
      title: 'Spring offer',
      status: 'draft',
      published: null,
    });
    expect(created.blocks).toEqual((await page('/contact-us')).blocks);

    const redirect = await stack.invoke('createRedirect', {
      token,
      json: { from: '/old-offer', to: '/about', status: 301 },
    });
    expect(redirect.status, redirect.body).toBe(201);
    for (const taken of ['/spring-offer', '/about', '/old-offer', '/careers']) {
      const again = await stack.invoke('createPage', {
        token,
        json: { path: taken, from: '/about' },
      });
      expect(again.status, `${taken}: ${again.body}`).toBe(409);
      expect(errorOf(again.json).field).toBe('path');
    }
    const reserved = await stack.invoke('createPage', {
      token,
      json: { path: '/blog/x', from: '/about' },
    });
    expect(reserved.status).toBe(400);
    const noTemplate = await stack.invoke('createPage', {
      token,
      json: { path: '/x', from: '/nope' },
    });
    expect(noTemplate.status).toBe(404);
  });

  it('leaves the first publish (a new address) to an admin: 403 naming why to an editor', async () => {
    const res = await stack.invoke('publishPage', {
      token: editor,
      json: { path: '/spring-offer' },
    });
    expect(res.status).toBe(403);
    expect(errorOf(res.json).error).toMatch(/never been published/);
    expect(await visit('/spring-offer')).toMatchObject({ status: 404 });
  });

  it('publishes: the bucket gets the HTML, the edge serves the new address, the sitemap lists it', async () => {
    const res = await stack.invoke('publishPage', {
      token,
      json: { path: '/spring-offer', version: 1 },
    });
    expect(res.status, res.body).toBe(200);
    expect(dataOf<SitePage>(res.json)).toMatchObject({ status: 'published' });
    expect(await bucketObject('spring-offer/index.html')).toContain('<title>Spring offer</title>');
    expect(stack.standIns.redirectStore.get('/spring-offer')).toBe('page');
    const live = await visit('/spring-offer');
    expect(live.status).toBe(200);
    expect(live.body).toContain('<title>Spring offer</title>');
    const links = dataOf<LivePageLink[]>((await stack.invoke('listLivePages')).json);
    expect(links.map((l) => l.path)).toContain('/spring-offer');
    // The hourly rebuild keeps the page entry.
    await runRebuildRedirects();
    expect(stack.standIns.redirectStore.get('/spring-offer')).toBe('page');
    // The audit trail names who published which page.
    const audit = await stack.invoke('listAudit', {
      token,
      query: { page: 1, action: 'publishPage' },
    });
    expect(audit.status, audit.body).toBe(200);
    const records = (audit.json as { results: { target: string; outcome: string }[] }).results;
    expect(records.some((r) => r.target.includes('/spring-offer') && r.outcome === 'success')).toBe(
      true,
    );
  });

  it('lets an editor publish again a page that is live, and serves the published copy over the build', async () => {
    const before = await page('/contact-us');
    const res = await stack.invoke('publishPage', { token: editor, json: { path: '/contact-us' } });
    expect(res.status, res.body).toBe(200);
    expect(dataOf<SitePage>(res.json).published?.title).toBe(before.title);
    expect((await visit('/contact-us')).body).toContain(`<title>${before.title}</title>`);
    const stale = await stack.invoke('publishPage', {
      token,
      json: { path: '/contact-us', version: 1 },
    });
    expect(stale.status).toBe(409);
  });

  it('keeps a publish the render function could not make live (502), and the minute job makes it live', async () => {
    const before = await page('/spring-offer');
    await stack.invoke('updatePage', {
      token,
      json: {
        ...contentOf(before),
        title: 'Spring offer 2',
        path: '/spring-offer',
        version: before.version,
      },
    });
    expect(await pageChangesNotLive()).toBe(0);
    renderDown = true;
    const res = await stack.invoke('publishPage', { token, json: { path: '/spring-offer' } });
    renderDown = false;
    expect(res.status).toBe(502);
    // What the stage's alarm counts: saved, not on the site.
    expect(await pageChangesNotLive()).toBe(1);
    expect(errorOf(res.json).error).toMatch(/saved.*goes live by itself/);
    expect((await page('/spring-offer')).published?.title).toBe('Spring offer 2');
    expect(await bucketObject('spring-offer/index.html')).toContain('<title>Spring offer</title>');
    await publishScheduledPosts();
    expect(await bucketObject('spring-offer/index.html')).toContain(
      '<title>Spring offer 2</title>',
    );
    expect(await pageChangesNotLive()).toBe(0);
  });
});

describe('revisions', () => {
  it('lists kept versions, reads one, and restores it as a new save', async () => {
    const list = await stack.invoke('listPageRevisions', { token, query: { path: '/contact-us' } });
    expect(list.status, list.body).toBe(200);
    const revisions = dataOf<PageRevisionSummary[]>(list.json);
    expect(revisions[0]).toMatchObject({ revision: 1, title: 'Contact us', reason: 'publish' });
    const one = await stack.invoke('getPageRevision', {
      token,
      query: { path: '/contact-us', revision: 1 },
    });
    expect(one.status).toBe(200);
    const current = await page('/contact-us');
    const restored = await stack.invoke('restorePageRevision', {
      token: editor,
      json: { path: '/contact-us', revision: 1, version: current.version },
    });
    expect(restored.status, restored.body).toBe(200);
    expect(dataOf<SitePage>(restored.json)).toMatchObject({
      title: 'Contact us',
      version: current.version + 1,
      status: 'changed',
    });
    const missing = await stack.invoke('getPageRevision', {
      token,
      query: { path: '/contact-us', revision: 99 },
    });
    expect(missing.status).toBe(404);
  });
});

describe('deletePage (retire)', () => {
  it('keeps the home page (409)', async () => {
    expect((await stack.invoke('deletePage', { token, json: { path: '/' } })).status).toBe(409);
  });

  it('retires with a redirect: the edge answers 301 there, the page leaves the lists', async () => {
    const res = await stack.invoke('deletePage', {
      token,
      json: { path: '/spring-offer', redirect_to: '/contact-us' },
    });
    expect(res.status, res.body).toBe(200);
    expect(await visit('/spring-offer')).toMatchObject({ status: 301, location: '/contact-us' });
    expect(await bucketObject('spring-offer/index.html')).toBeNull();
    const links = dataOf<LivePageLink[]>((await stack.invoke('listLivePages')).json);
    expect(links.map((l) => l.path)).not.toContain('/spring-offer');
    expect(
      (await stack.invoke('getPage', { token, query: { path: '/spring-offer' } })).status,
    ).toBe(404);
    await runRebuildRedirects();
    expect(await visit('/spring-offer')).toMatchObject({ status: 301, location: '/contact-us' });
  });

  it("keeps the specification's own pages (409 naming why)", async () => {
    const res = await stack.invoke('deletePage', { token, json: { path: '/about' } });
    expect(res.status, res.body).toBe(409);
    expect(errorOf(res.json)).toMatchObject({ field: 'path' });
    expect(errorOf(res.json).error).toMatch(/site's own pages/);
    expect((await visit('/about')).status).toBe(200);
  });

  it('retires a page the build prerendered without a redirect: 404 at the edge, also after a rebuild', async () => {
    expect((await visit('/team')).status).toBe(200);
    const res = await stack.invoke('deletePage', { token, json: { path: '/team' } });
    expect(res.status, res.body).toBe(200);
    expect(await visit('/team')).toMatchObject({ status: 404 });
    await runRebuildRedirects();
    expect(await visit('/team')).toMatchObject({ status: 404 });
    const list = dataOf<SitePageSummary[]>((await stack.invoke('listPages', { token })).json);
    expect(list.map((p) => p.path)).not.toContain('/team');
  });
});

describe('site settings', () => {
  it('reads them; refuses a stale version (409); publishing renders every live page and the fixed ones', async () => {
    const got = await stack.invoke('getSiteSettings', { token: editor });
    expect(got.status, got.body).toBe(200);
    const stored = dataOf<{ version: number; settings: typeof SETTINGS }>(got.json);
    expect(stored.settings.name).toBe('Agency');
    const stale = await stack.invoke('updateSiteSettings', {
      token,
      json: { settings: SETTINGS, version: stored.version + 5 },
    });
    expect(stale.status).toBe(409);
    const bad = await stack.invoke('updateSiteSettings', {
      token,
      json: { settings: { ...SETTINGS, chatNumber: 'abc' }, version: stored.version },
    });
    expect(bad.status).toBe(400);
    expect(errorOf(bad.json).field).toBe('settings.chatNumber');
    const res = await stack.invoke('updateSiteSettings', {
      token,
      json: { settings: { ...SETTINGS, name: 'New Agency' }, version: stored.version },
    });
    expect(res.status, res.body).toBe(200);
    expect(dataOf<{ version: number }>(res.json).version).toBe(stored.version + 1);
    for (const key of [
      'index.html',
      'contact-us/index.html',
      '404/index.html',
      'thank-you-alchem/index.html',
    ])
      // The footer of every page, the fixed ones too, names the agency anew.
      expect(await bucketObject(key), key).toMatch(/About (<!-- -->)?New Agency/);
    expect(await bucketObject('team/index.html')).toBeNull();
    expect((await visit('/')).body).toContain('New Agency');
    // The render function draws the blog's pages with what was published, read publicly.
    const live = await stack.invoke('getLiveSiteSettings', {});
    expect(live.status).toBe(200);
    expect(dataOf<{ name: string }>(live.json).name).toBe('New Agency');
  });
});

describe('the deploy job (seed-pages)', () => {
  it('stores only the seed pages the table lacks (a page added to the build), and renders every live page and the fixed ones with the stored settings', async () => {
    const file = path.join(
      await mkdtemp(path.join(os.tmpdir(), 'agency-seed-')),
      'seed-pages.json',
    );
    const [first] = SEED.pages;
    if (!first) throw new Error('the fixture seeds no page');
    const added = { ...first, path: '/added-in-a-later-build', title: 'Added in a later build' };
    await writeFile(file, JSON.stringify({ ...SEED, pages: [...SEED.pages, added] }));
    const settings = await stack.invoke('getSiteSettings', { token });
    const { name } = dataOf<{ settings: typeof SETTINGS }>(settings.json).settings;
    await stack.clients.s3.send(
      new PutObjectCommand({ Bucket: stack.env.SITE_BUCKET, Key: 'index.html', Body: 'stale' }),
    );
    const live = dataOf<LivePageLink[]>((await stack.invoke('listLivePages', {})).json);
    const result = await seedAndRenderPages(pageDeps({ warn: () => undefined }), file);
    // Pages staff changed or retired keep their records; the new one is stored and rendered.
    expect(result).toEqual({ pages: 1, settings: false, rendered: live.length + 1 + 2 });
    for (const key of ['index.html', '404/index.html', 'thank-you-alchem/index.html'])
      expect(await bucketObject(key), key).toMatch(new RegExp(`About (<!-- -->)?${name}`));
    expect(await bucketObject('added-in-a-later-build/index.html')).toContain(
      '<title>Added in a later build</title>',
    );
    expect(await pageChangesNotLive()).toBe(0);
  });
});
