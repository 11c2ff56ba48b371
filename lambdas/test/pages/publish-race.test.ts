import { HeadObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SitePage, SiteSettings } from '@agency/shared';
import { pageDeps } from '../../src/modules/pages/deps';
import { DynamoPageStore } from '../../src/modules/pages/adapters/page-store';
import { S3SiteFiles } from '../../src/modules/pages/adapters/site-files';
import { healPages, renderEverything } from '../../src/modules/pages/domain/live';
import {
  pageChangesNotLive,
  publishScheduledPosts,
} from '../../src/modules/posts/jobs/publish-scheduled-posts';
import type { TestStack } from '../harness';
import { stackForFile } from '../stack-for-file';
import { startTestEdge, type TestEdge } from '../support/test-edge';
import { PAGE_PATHS, seedTestPages } from './fixture';

/**
 * A page publish racing a settings publish (issue 32, item 3): whatever the order in which their
 * renders land, the live HTML ends as the table says, and the every-minute repair finds and renders
 * again a page whose HTML object is older than its record or the settings.
 */

let stack: TestStack;
let token = '';
stackForFile((started) => ({ stack, token } = started), {
  signInAdmin: true,
  pagePaths: PAGE_PATHS,
});

let edge: TestEdge;
let base = '';
const store = new DynamoPageStore();
const quiet = { warn: () => undefined };

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
  base = edge.base;
});

afterAll(async () => {
  await edge.stop();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const dataOf = <T>(json: unknown) => (json as { data: T }).data;

/** The page as a visitor gets it, through the local edge. */
async function visit(p: string): Promise<string> {
  const res = await fetch(`${base}${p}`);
  expect(res.status, p).toBe(200);
  return res.text();
}

async function page(p: string): Promise<SitePage> {
  const res = await stack.invoke('getPage', { token, query: { path: p } });
  expect(res.status, res.body).toBe(200);
  return dataOf<SitePage>(res.json);
}

async function settings(): Promise<{ settings: SiteSettings; version: number }> {
  const res = await stack.invoke('getSiteSettings', { token });
  expect(res.status, res.body).toBe(200);
  return dataOf<{ settings: SiteSettings; version: number }>(res.json);
}

/** Save the draft of `p` with `title` (the distinctive text of a round). */
async function saveTitle(p: string, title: string): Promise<void> {
  const current = await page(p);
  const res = await stack.invoke('updatePage', {
    token,
    json: {
      path: p,
      version: current.version,
      title,
      description: current.description,
      breadcrumb: current.breadcrumb,
      blocks: current.blocks,
    },
  });
  expect(res.status, res.body).toBe(200);
}

async function metadataOf(key: string): Promise<Record<string, string> | undefined> {
  const out = await stack.clients.s3.send(
    new HeadObjectCommand({ Bucket: stack.env.SITE_BUCKET, Key: key }),
  );
  return out.Metadata;
}

/** The footer names the agency: "About <name>" (React may put a comment between the words). */
const namesAgency = (html: string, name: string) =>
  new RegExp(`About (<!-- -->)?${name}<`).test(html);

describe('a page publish racing a settings publish', () => {
  const PATH = '/race-offer';

  beforeAll(async () => {
    const created = await stack.invoke('createPage', {
      token,
      json: { path: PATH, from: '/', title: 'Race r0' },
    });
    expect(created.status, created.body).toBe(201);
    const published = await stack.invoke('publishPage', { token, json: { path: PATH } });
    expect(published.status, published.body).toBe(200);
  });

  it('ends, in each of 20 concurrent rounds, with the live HTML showing the published page and the published settings', async () => {
    const rounds = 20;
    const wrong: string[] = [];
    for (let round = 1; round <= rounds; round++) {
      const title = `Race r${round}`;
      const name = `Agency r${round}`;
      await saveTitle(PATH, title);
      const current = await settings();
      // Sent together, one a little after the other by turns (0 to 150 ms): every order of the
      // two writes and the two renders' puts comes up.
      const lag = (round * 37) % 160;
      const later = <T>(first: boolean, send: () => Promise<T>) =>
        first ? send() : sleep(lag).then(send);
      const [settingsRes, publishRes] = await Promise.all([
        later(round % 2 === 0, () =>
          stack.invoke('updateSiteSettings', {
            token,
            json: { settings: { ...current.settings, name }, version: current.version },
          }),
        ),
        later(round % 2 === 1, () => stack.invoke('publishPage', { token, json: { path: PATH } })),
      ]);
      expect(settingsRes.status, settingsRes.body).toBe(200);
      expect(publishRes.status, publishRes.body).toBe(200);
      // What the table says…
      const stored = await page(PATH);
      expect(stored.status).toBe('published');
      expect(stored.published?.title).toBe(title);
      expect((await settings()).settings.name).toBe(name);
      // …is what a visitor gets.
      const html = await visit(PATH);
      const shows = html.includes(`<title>${title}</title>`) && namesAgency(html, name);
      if (!shows) wrong.push(`round ${round}: ${/<title>[^<]*<\/title>/.exec(html)?.[0]}`);
    }
    expect(wrong).toEqual([]);
    // The object says what it was rendered from: the records' versions.
    const record = await store.get(PATH);
    const stored = await store.getSettings();
    expect(await metadataOf('race-offer/index.html')).toEqual({
      'site-version': String(record?.site_version),
      'settings-version': String(stored?.version),
    });
    // Nothing left for the repair.
    expect(await healPages(pageDeps(quiet))).toMatchObject({ stale: 0, staleLeft: 0 });
  });
});

/** A new page at `path` made from the home page, published; its record as published. */
async function publishedPage(path: string, title: string): Promise<SitePage> {
  const created = await stack.invoke('createPage', { token, json: { path, from: '/', title } });
  expect(created.status, created.body).toBe(201);
  const published = await stack.invoke('publishPage', { token, json: { path } });
  expect(published.status, published.body).toBe(200);
  return dataOf<SitePage>(published.json);
}

/** The page store as a job that listed the pages earlier sees them: `listed`, whatever changed since. */
const listedEarlier = (listed: Awaited<ReturnType<DynamoPageStore['all']>>): DynamoPageStore =>
  Object.assign(Object.create(store) as DynamoPageStore, { all: () => Promise.resolve(listed) });

describe('the every-minute repair', () => {
  it('renders again a page whose HTML object is older than its record, one saying nothing, and one missing', async () => {
    const files = new S3SiteFiles();
    const stored = await store.getSettings();
    if (!stored) throw new Error('no settings');
    const about = await store.get('/about');
    const contact = await store.get('/contact-us');
    const home = await store.get('/');
    if (!about || !contact || !home) throw new Error('the seed pages are missing');
    // Make every live page's object current first: the seed pages have none yet.
    await publishScheduledPosts();
    expect(await healPages(pageDeps(quiet))).toMatchObject({ pages: 0, stale: 0 });
    // An object rendered before the page's last publish, as a lost race leaves it…
    await files.put('/about', '<title>Old about</title>', {
      site: about.site_version - 1,
      settings: stored.version,
    });
    // …one written before objects said what they were rendered from…
    await stack.clients.s3.send(
      new PutObjectCommand({
        Bucket: stack.env.SITE_BUCKET,
        Key: 'contact-us/index.html',
        Body: '<title>Old contact</title>',
        ContentType: 'text/html; charset=utf-8',
      }),
    );
    // …and one rendered with settings older than the stored ones.
    await files.put('/', '<title>Old home</title>', {
      site: home.site_version,
      settings: stored.version - 1,
    });
    // The table says all is live: only the objects tell.
    expect(await pageChangesNotLive()).toBe(0);
    const healed = await healPages(pageDeps(quiet));
    expect(healed).toMatchObject({ pages: 3, stale: 3, staleLeft: 0 });
    expect(await visit('/about')).toContain(`<title>${about.published?.title}</title>`);
    expect(await visit('/contact-us')).toContain(`<title>${contact.published?.title}</title>`);
    const homeHtml = await visit('/');
    expect(homeHtml).toContain(`<title>${home.published?.title}</title>`);
    expect(namesAgency(homeHtml, stored.settings.name)).toBe(true);
    expect(await metadataOf('contact-us/index.html')).toEqual({
      'site-version': String(contact.site_version),
      'settings-version': String(stored.version),
    });
    // Once rendered again, the next run finds nothing.
    expect(await healPages(pageDeps(quiet))).toMatchObject({ pages: 0, stale: 0 });
  });

  it('takes off the site again a retired page whose HTML a settings render put back', async () => {
    await publishedPage('/short-lived', 'Short lived');
    // A settings render lists the pages, then the page is retired, then the render puts its HTML.
    const listed = await store.all();
    const retired = await stack.invoke('deletePage', { token, json: { path: '/short-lived' } });
    expect(retired.status, retired.body).toBe(200);
    const deps = pageDeps(quiet);
    const stored = await store.getSettings();
    if (!stored) throw new Error('no settings');
    await renderEverything({ ...deps, pages: listedEarlier(listed) }, stored);
    // Its own check after the put read the record: retired, so the HTML went again.
    expect(await new S3SiteFiles().renderedFrom('/short-lived')).toBeNull();
    expect((await fetch(`${base}/short-lived`)).status).toBe(404);
  });

  it('keeps the 301 of a page moved while the repair renders it from a listing read before the move', async () => {
    const live = await publishedPage('/moving-offer', 'Moving offer');
    // The repair lists the pages (this one live), then the page moves, then the repair finds its
    // old address without HTML and makes the page it listed live again…
    const listed = await store.all();
    const moved = await stack.invoke('movePage', {
      token,
      json: { path: '/moving-offer', to: '/moved-offer', version: live.version },
    });
    expect(moved.status, moved.body).toBe(200);
    await healPages({ ...pageDeps(quiet), pages: listedEarlier(listed) });
    // …which must not cost the old address its redirect: the move's 301 holds.
    const res = await fetch(`${base}/moving-offer`, { redirect: 'manual' });
    expect({ status: res.status, location: res.headers.get('location') }).toEqual({
      status: 301,
      location: '/moved-offer',
    });
    expect(await new S3SiteFiles().renderedFrom('/moving-offer')).toBeNull();
    expect(await visit('/moved-offer')).toContain('<title>Moving offer</title>');
  });
});
