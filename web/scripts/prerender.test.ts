// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import {
  prepareAllPages,
  prerenderedPaths,
  render as renderPage,
  SEED_PAGES,
  SEED_SITE_SETTINGS,
} from '../src/entry-server';
import { givenPages } from '../src/features/pages/page-data';
import { fillShell, headFor } from '../src/server/page-html';
import { buildSiteUrl, checkedSeed, outputFile } from './prerender';

// The server entry renders synchronously once the pages it renders are loaded.
await prepareAllPages();

const SITE = 'https://agency.example';
const blockPages = givenPages(SEED_PAGES);
/** A path rendered as prerender renders it: with the seed's pages and settings. */
const render = (path: string, opts: { siteUrl: string }) =>
  renderPage(path, { ...opts, blockPages, settings: SEED_SITE_SETTINGS });
const template =
  '<html><head><!--app-head--></head><body><div id="root"><!--app-html--></div></body></html>';

function parse(html: string): Document {
  return new DOMParser().parseFromString(html, 'text/html');
}

describe('prerender', () => {
  const pages = prerenderedPaths.map((path) => {
    const result = render(path, { siteUrl: SITE });
    const doc = parse(
      fillShell(template, {
        head: headFor(result.meta, SITE, SEED_SITE_SETTINGS),
        html: result.html,
        path,
      }),
    );
    return { route: { path }, result, doc };
  });

  it('covers the marketing pages, /thank-you-alchem and /404', () => {
    const paths = prerenderedPaths;
    for (const p of [
      '/',
      '/about',
      '/services',
      '/portfolio',
      '/contact',
      '/privacy-policy',
      '/thank-you-alchem',
      '/404',
    ])
      expect(paths).toContain(p);
  });

  it.each(prerenderedPaths)(
    '%s renders with exactly one h1, a title and its own canonical (the not-found page none, and noindex)',
    (path) => {
      const page = pages.find((p) => p.route.path === path);
      expect(page).toBeDefined();
      if (!page) return;
      expect(page.doc.querySelectorAll('h1')).toHaveLength(1);
      expect(page.doc.title.length).toBeGreaterThan(10);
      const canonical = page.doc.querySelector('link[rel="canonical"]')?.getAttribute('href');
      if (path === '/404') {
        expect(canonical).toBeUndefined();
        expect(page.doc.querySelector('meta[property="og:url"]')).toBeNull();
        expect(page.doc.querySelector('meta[name="robots"]')?.getAttribute('content')).toBe(
          'noindex',
        );
      } else expect(canonical).toBe(`${SITE}${path}`);
      expect(
        page.doc.querySelector('meta[name="description"]')?.getAttribute('content')?.length,
      ).toBeGreaterThan(40);
      expect(page.doc.querySelector('meta[name="twitter:card"]')?.getAttribute('content')).toBe(
        'summary_large_image',
      );
      expect(page.doc.getElementById('root')?.dataset.path).toBe(path);
      expect(page.doc.querySelector('header')).not.toBeNull();
      expect(page.doc.querySelector('footer')).not.toBeNull();
      expect(page.doc.querySelector('main#main')).not.toBeNull();
    },
  );

  it('gives every page a unique title and canonical', () => {
    const titles = pages.map((p) => p.doc.title);
    const canonicals = pages.map((p) =>
      p.doc.querySelector('link[rel="canonical"]')?.getAttribute('href'),
    );
    expect(new Set(titles).size).toBe(titles.length);
    expect(new Set(canonicals).size).toBe(canonicals.length);
  });

  it('puts every <img> with width and height', () => {
    for (const { doc, route } of pages) {
      for (const img of doc.querySelectorAll('img')) {
        expect([
          route.path,
          img.getAttribute('src'),
          img.hasAttribute('width') && img.hasAttribute('height'),
        ]).toEqual([route.path, img.getAttribute('src'), true]);
      }
    }
  });

  it('emits Organization on home, FAQPage where FAQs show, BreadcrumbList where a breadcrumb shows', () => {
    const types = (path: string) =>
      Array.from(
        pages
          .find((p) => p.route.path === path)
          ?.doc.querySelectorAll('script[type="application/ld+json"]') ?? [],
      ).map((s) => {
        const value: unknown = JSON.parse(s.textContent ?? '{}');
        return typeof value === 'object' && value !== null && '@type' in value
          ? value['@type']
          : undefined;
      });
    expect(types('/')).toEqual(expect.arrayContaining(['Organization', 'FAQPage']));
    expect(types('/about')).toContain('BreadcrumbList');
    expect(types('/portfolio')).toContain('BreadcrumbList');
    expect(types('/thank-you-alchem')).toEqual([]);
  });

  it('answers 404 for /404 and for unknown paths', () => {
    expect(render('/404', { siteUrl: SITE }).status).toBe(404);
    const unknown = render('/no-such-page', { siteUrl: SITE });
    expect(unknown.status).toBe(404);
    expect(unknown.html).toContain('something&#x27;s missing');
    expect(render('/', { siteUrl: SITE }).status).toBe(200);
  });

  it('renders the home hero texts and an empty blog teaser box', () => {
    const home = pages.find((p) => p.route.path === '/')?.doc;
    expect(home?.querySelector('h1')?.textContent).toBe(
      'Bespoke Branding, Wacky Websites and Eccentric Designs',
    );
    expect(home?.querySelector('[data-testid="blog-teaser-box"]')?.children).toHaveLength(0);
  });

  it('checks the seed with the shared schemas, naming the page and the field', () => {
    expect(checkedSeed(SEED_PAGES, SEED_SITE_SETTINGS).pages).toHaveLength(SEED_PAGES.length);
    const [home] = SEED_PAGES;
    if (!home) throw new Error('the seed has a home page');
    expect(() => checkedSeed([{ ...home, title: '' }], SEED_SITE_SETTINGS)).toThrow(
      /^Seed page \/: title is required/,
    );
    expect(() => checkedSeed(SEED_PAGES, { ...SEED_SITE_SETTINGS, chatNumber: 'x' })).toThrow(
      /^Seed site settings: chatNumber/,
    );
  });

  it('writes each page to its own index.html', () => {
    expect(outputFile('/d', '/')).toBe('/d/index.html');
    expect(outputFile('/d', '/about')).toBe('/d/about/index.html');
  });
});

describe('the address a build is made with (SITE_URL)', () => {
  it('fails a build to deploy without SITE_URL, naming the variable', () => {
    expect(() => buildSiteUrl({}, false)).toThrow(/^SITE_URL is not set/);
    expect(() => buildSiteUrl({ SITE_URL: '' }, false)).toThrow(/^SITE_URL is not set/);
    // PORT is the local stack's: it never stands in for the public address.
    expect(() => buildSiteUrl({ PORT: '8080' }, false)).toThrow(/^SITE_URL is not set/);
  });

  it('builds with SITE_URL, local or not, and refuses what is not an address', () => {
    expect(buildSiteUrl({ SITE_URL: 'https://www.agency.example/' }, false)).toBe(
      'https://www.agency.example',
    );
    expect(buildSiteUrl({ SITE_URL: 'https://dev.agency.example' }, true)).toBe(
      'https://dev.agency.example',
    );
    expect(() => buildSiteUrl({ SITE_URL: 'www.agency.example' }, false)).toThrow(
      /SITE_URL must be an http\(s\) address/,
    );
  });

  it("defaults the local stack's build to the address npm start serves at", () => {
    expect(buildSiteUrl({}, true)).toBe('http://localhost:3000');
    expect(buildSiteUrl({ PORT: '8080' }, true)).toBe('http://localhost:8080');
  });
});
