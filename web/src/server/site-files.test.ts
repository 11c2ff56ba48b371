import { describe, expect, it } from 'vitest';
import { SPECIAL_SLUGS } from '@agency/shared';
import { matchesPattern } from '@agency/shared/edge';
import { pageSources, prerenderedPaths, robotsTxt, sitemapPaths, sitePages } from './site-files';

describe('what the build derives from the page registry', () => {
  it('prerenders the public pages and /404, and lists the indexable ones in the sitemap', () => {
    expect(prerenderedPaths).toEqual(
      expect.arrayContaining([
        '/',
        '/about',
        '/seo-company-in-chennai',
        '/thank-you-alchem',
        '/404',
      ]),
    );
    expect(prerenderedPaths).not.toContain('/blog');
    expect(sitemapPaths).toContain('/privacy-policy');
    expect(sitemapPaths).not.toContain('/thank-you-alchem');
    expect(sitemapPaths).not.toContain('/404');
  });

  it('closes the admin pages and the thank-you page to crawlers, each prefix once', () => {
    const robots = robotsTxt('https://agency.test/');
    const rules = robots.split('\n').filter((l) => l.startsWith('Disallow: '));
    expect(rules).toEqual([
      'Disallow: /thank-you-alchem',
      'Disallow: /creative-login',
      'Disallow: /admin',
      'Disallow: /add-blog',
      'Disallow: /edit-blog/',
      'Disallow: /preview/',
    ]);
    expect(robots).toContain('Sitemap: https://agency.test/sitemap.xml');
  });

  it('gives the edge every page by how it is served, each path in one list', () => {
    const pages = sitePages();
    expect(pages.rendered).toEqual([
      '/blog',
      '/blog/*',
      `/${SPECIAL_SLUGS.career}`,
      '/sitemap.xml',
      '/rss.xml',
    ]);
    expect(pages.app).toEqual([
      '/creative-login',
      '/admin',
      '/admin/dashboard',
      '/admin/analytics',
      '/admin/leads',
      '/admin/leads/*',
      '/admin/taxonomy',
      '/admin/media',
      '/admin/account',
      '/admin/team',
      '/admin/redirects',
      '/admin/pages',
      '/admin/pages/edit',
      '/admin/pages/preview',
      '/admin/pages/settings',
      '/admin/audit',
      '/add-blog',
      '/edit-blog/*',
      '/preview/*',
    ]);
    expect(pages.notFound).toBe('/404');
    const lists = [pages.prerendered, pages.rendered, pages.app];
    for (const path of [
      '/',
      '/about',
      '/blog/x',
      '/edit-blog/x',
      '/admin/leads',
      '/admin/leads/X',
      '/rss.xml',
    ])
      expect([path, lists.filter((l) => l.some((p) => matchesPattern(p, path))).length]).toEqual([
        path,
        1,
      ]);
  });

  it("names the modules whose chunks a page preloads: the page's own (a block page's data is in its HTML)", () => {
    expect(pageSources('/blog/x')).toEqual(['src/features/blog/post-page.tsx']);
    expect(pageSources('/seo-company-in-chennai')).toEqual(['src/features/pages/block-route.tsx']);
    expect(pageSources('/published-later')).toEqual(['src/features/pages/block-route.tsx']);
    expect(pageSources('/404')).toEqual([]);
  });
});
