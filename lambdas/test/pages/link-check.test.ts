import { beforeAll, describe, expect, it } from 'vitest';
import type { SitePage } from '@agency/shared';
import { DynamoPageStore } from '../../src/modules/pages/adapters/page-store';
import { pageSeed, seedPages } from '../../src/modules/pages/domain/seed';
import type { TestStack } from '../harness';
import { stackForFile } from '../stack-for-file';
import { SEED, validBlock } from './fixture';

/**
 * Issue 33, item 12: the site links of the settings and the blocks are checked against the site's
 * pages, posts, redirects and their sections, on the real stand-ins. A broken link is a warning
 * (this answer), never a refusal of the save. Item 11: a draft saved back to the live copy is
 * "published" again.
 */

let stack: TestStack;
let token = '';
stackForFile((started) => ({ stack, token } = started), {
  signInAdmin: true,
  pagePaths: ['/', '/about', '/contact-us', '/services', '/blog', '/blog/*', '/sitemap.xml'],
});

beforeAll(async () => {
  const store = new DynamoPageStore();
  const seed = pageSeed.parse({
    ...SEED,
    pages: [
      ...SEED.pages,
      {
        path: '/services',
        title: 'Services',
        description: 'What we do.',
        breadcrumb: [{ name: 'Home', path: '/' }],
        blocks: [
          validBlock('hero'),
          { ...validBlock('prose', 'core'), sectionId: 'core-service-section' },
          { ...validBlock('prose', 'secret'), sectionId: 'hidden-section', hidden: true },
        ],
      },
    ],
  });
  await seedPages({ pages: store, settings: store }, seed);
  const redirect = await stack.invoke('createRedirect', {
    token,
    json: { from: '/old-careers', to: '/about', status: 301 },
  });
  expect(redirect.status, redirect.body).toBe(201);
});

const check = async (links: unknown, as = token) =>
  stack.invoke('checkPageLinks', { token: as, json: { links } });
const broken = async (links: string[]) => {
  const res = await check(links);
  expect(res.status, res.body).toBe(200);
  return (res.json as { data: { link: string; problem: string }[] }).data;
};

describe('checking site links', () => {
  it('warns of a link to no page, naming it, and takes pages, sections, redirects and the blog', async () => {
    const found = await broken([
      '/carrers',
      '/services#core-service-section',
      '/services',
      '/old-careers',
      '/',
      '/about?ref=footer',
      '/blog',
      'https://www.example.com/carrers',
      'mailto:hello@example.com',
    ]);
    expect(found).toEqual([
      { link: '/carrers', problem: 'there is no page, post or redirect at /carrers' },
    ]);
  });

  it('warns of a section the page does not have, or has only in a hidden block', async () => {
    const found = await broken(['/services#core-servic-section', '/services#hidden-section']);
    expect(found.map((f) => f.link)).toEqual([
      '/services#core-servic-section',
      '/services#hidden-section',
    ]);
    expect(found[0]?.problem).toContain('has no section #core-servic-section');
    expect(found[0]?.problem).toContain('core-service-section');
  });

  it('warns of a draft page, of a retired one without its redirect, and of a post not published', async () => {
    const created = await stack.invoke('createPage', {
      token,
      json: { path: '/spring-offer', from: '/about' },
    });
    expect(created.status, created.body).toBe(201);
    const found = await broken(['/spring-offer', '/blog/no-such-post']);
    expect(found).toEqual([
      {
        link: '/spring-offer',
        problem: '/spring-offer is a draft page: visitors get “not found” until it is published',
      },
      {
        link: '/blog/no-such-post',
        problem: 'there is no page, post or redirect at /blog/no-such-post',
      },
    ]);
  });

  it('is for the admin team only, and names a bad request’s field', async () => {
    expect((await check(['/x'], '')).status).toBe(401);
    const editor = await stack.editorToken();
    expect((await check(['/carrers'], editor)).status).toBe(200);
    const bad = await check('/carrers');
    expect(bad.status).toBe(400);
    expect((bad.json as { field?: string }).field).toBe('links');
    const many = await check(Array.from({ length: 301 }, (_, i) => `/p${i}`));
    expect(many.status).toBe(400);
  });
});

describe('a page saved back to its live copy', () => {
  it('says Published again, not Changes not published', async () => {
    const get = async () => {
      const res = await stack.invoke('getPage', { token, query: { path: '/about' } });
      return (res.json as { data: SitePage }).data;
    };
    const save = async (page: SitePage, title: string) => {
      const res = await stack.invoke('updatePage', {
        token,
        json: {
          path: '/about',
          title,
          description: page.description,
          breadcrumb: page.breadcrumb,
          blocks: page.blocks,
          version: page.version,
        },
      });
      expect(res.status, res.body).toBe(200);
      return (res.json as { data: SitePage }).data;
    };
    const before = await get();
    expect(before.status).toBe('published');
    const changed = await save(before, 'About the team');
    expect(changed.status).toBe('changed');
    const back = await save(changed, before.title);
    expect(back.version).toBeGreaterThan(before.version);
    expect(back.status).toBe('published');
    const list = await stack.invoke('listPages', { token });
    const row = (list.json as { data: { path: string; status: string }[] }).data.find(
      (p) => p.path === '/about',
    );
    expect(row?.status).toBe('published');
  });
});
