import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { adminLeadPath, SPECIAL_SLUGS } from '@agency/shared';
import {
  edgePattern,
  matchPage,
  NOT_FOUND_PATH,
  opensOverHero,
  pageEntries,
  pageForPath,
  pageHref,
  pagePath,
  routeTable,
  showsCookieNotice,
} from './pages';

describe('the page registry', () => {
  it('maps every registered path to its page, and nothing else', () => {
    expect(pageForPath('/blog/some-post')).toBe('post');
    expect(pageForPath(`/${SPECIAL_SLUGS.career}`)).toBe('post');
    expect(pageForPath('/edit-blog/a-slug')).toBe('postEditor');
    expect(pageForPath('/add-blog')).toBe('postEditor');
    // Any other path is the block page's: a page may be published there (or it shows not-found).
    expect(pageForPath('/seo-company-in-chennai')).toBe('blockPage');
    expect(pageForPath('/nope')).toBe('blockPage');
    expect(pageForPath('/')).toBe('blockPage');
    expect(pageForPath('/404')).toBeUndefined();
    expect(matchPage('/preview/42')).toEqual({ page: 'preview', params: { id: '42' } });
  });

  it('writes no path twice', () => {
    const paths = routeTable.map((r) => r.path);
    expect(paths.length).toBeGreaterThan(15);
    expect(new Set(paths).size).toBe(paths.length);
  });

  it('is the only source file that writes a page path: everything else asks it', () => {
    const src = join(__dirname, '..');
    const files = readdirSync(src, { recursive: true, encoding: 'utf8' }).filter(
      (f) =>
        /\.tsx?$/.test(f) &&
        // The seed is data (links staff may change, as they may link to any page).
        !/\.test\.tsx?$|testing|[\\/]test[\\/]|config[\\/]pages\.ts$|^content[\\/]/.test(f),
    );
    // Admin and blog paths anywhere in a string; other fixed pages' paths as a whole string. Block
    // pages' paths are data (the seed, the settings' links).
    const prefixes = pageEntries
      .filter(([, entry]) => entry.kind !== 'prerendered')
      .flatMap(([, entry]) => entry.paths.map((path) => path.split('/')[1] ?? ''))
      .filter((first) => first !== '');
    const exact = [
      NOT_FOUND_PATH,
      ...pageEntries
        .filter(([, entry]) => entry.kind === 'prerendered' && !entry.dataPaths)
        .flatMap(([, entry]) => entry.paths)
        .filter((path) => path !== '/'),
    ];
    const written = new RegExp(
      `['"\`]/(${[...new Set(prefixes)].join('|')})\\b|(['"])(${exact.join('|')})\\2`,
    );
    const found = files.flatMap((file) =>
      readFileSync(join(src, file), 'utf8')
        .split('\n')
        .filter((line) => !/^\s*(\*|\/\/|\/\*\*)/.test(line) && written.test(line))
        .map((line) => `${relative(src, join(src, file))}: ${line.trim()}`),
    );
    expect(found).toEqual([]);
  });

  it('gives links to a page from its paths, encoding parameters', () => {
    expect(pagePath('adminList')).toBe('/admin');
    expect(pagePath('postEditor')).toBe('/add-blog');
    expect(() => pagePath('post')).toThrow(/post has no path without parameters/);
    expect(pageHref('postEditor', { slug: 'a b/c' })).toBe('/edit-blog/a%20b%2Fc');
    expect(pageHref('post', { slug: 'hello' })).toBe('/blog/hello');
    // The lead notifications link to the lead page through the shared helper.
    expect(pageHref('lead', { id: '01JD0000000000000000000001' })).toBe(
      adminLeadPath('01JD0000000000000000000001'),
    );
    expect(() => pageHref('thankYou', { slug: 'x' })).toThrow(/thankYou has no path taking slug/);
    expect(() => pagePath('blockPage')).toThrow(/blockPage has no path without parameters/);
  });

  it('writes parameter routes as edge prefixes', () => {
    expect(edgePattern('/blog/:slug')).toBe('/blog/*');
    expect(edgePattern('/about')).toBe('/about');
    expect(() => edgePattern('/a/:id/b')).toThrow(/\/a\/:id\/b: the edge matches/);
  });

  it('lets the header start transparent only on pages that open with a dark hero', () => {
    for (const path of ['/', '/about', '/contact', '/seo-company-in-chennai', '/nope'])
      expect(opensOverHero(path), path).toBe(true);
    for (const path of ['/blog', '/blog/some-post', '/creative-login', '/admin', '/edit-blog/a'])
      expect(opensOverHero(path), path).toBe(false);
  });

  it('shows the cookie notice on the public pages and not over the admin app', () => {
    for (const path of ['/', '/blog', '/blog/some-post', '/contact', '/nope'])
      expect(showsCookieNotice(path), path).toBe(true);
    for (const path of ['/creative-login', '/admin', '/admin/pages/edit', '/edit-blog/a'])
      expect(showsCookieNotice(path), path).toBe(false);
  });
});
