import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildPath, SPECIAL_SLUGS, type Image, type Post } from '@agency/shared';
import { getPostKey, listPostsKey } from '../lib/api-keys';
import { makePost } from '../features/blog/testing/fake-api';
import { SWR_FALLBACK_ID } from '../lib/head';
import { postsInfiniteFallbackKey } from '../features/blog/api';
import { renderSitePages, SEED_PAGES, SEED_SITE_SETTINGS } from '../entry-server';
import {
  CACHE_CONTROL,
  createPagesRenderer,
  createRenderHandler,
  isDirectInvocation,
} from './render-handler';
import { httpUpstream, UpstreamError, type Upstream } from './upstream';

// Rendering whole pages in jsdom is slow on a shared 2-core machine.
vi.setConfig({ testTimeout: 20_000 });

const SITE = 'https://agency.test';
const SHELL = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <title>Alchem Digital</title>
    <meta name="robots" content="noindex">
    <script type="module" crossorigin src="/assets/boot-abc.js"></script>
    <script type="application/json" id="app-modules">["/assets/main-abc.js"]</script>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

// The newest post's banner: a processed 4000 × 3000 photo.
const BANNER: Image = {
  id: 'c0ffee00-1234-4abc-8def-0123456789ab',
  width: 4000,
  height: 3000,
  format: 'jpg',
  placeholder: 'data:image/webp;base64,UklGRg==',
};
const INLINE_ID = 'b0a7d1e2-5555-4aaa-9bbb-0123456789cd';

// 25 posts, newest first, over three pages of 10. The newest has a processed banner and an inline
// image; the others a banner stored before images had variants, the last none.
const posts: Post[] = Array.from({ length: 25 }, (_, i) =>
  makePost({
    id: 100 - i,
    title: i === 0 ? 'SEO & "tips" <2025>' : `Article ${i}`,
    slug: i === 0 ? 'seo-tips' : `article-${i}`,
    content:
      i === 0
        ? `<h2>Why SEO</h2><p>Search engines reward <strong>useful</strong> pages.</p><p><img src="/media/images/${INLINE_ID}/1200.jpg" alt="A chart" width="1200" height="800"></p>`
        : `<p>Text ${i}.</p>`,
    banner: i === 0 ? BANNER : null,
    ...(i === 24 ? { banner_image: null } : {}),
    head_tag:
      i === 0
        ? '<meta name="keywords" content="seo"><script>alert(1)</script><meta http-equiv="refresh" content="0;url=https://evil.test">'
        : '',
    created_at: new Date(Date.UTC(2025, 2, 25 - i, 12)).toISOString(),
    updated_at: new Date(Date.UTC(2025, 2, 26 - i, 8)).toISOString(),
  }),
);
posts.push(
  makePost({
    id: 1,
    slug: SPECIAL_SLUGS.career,
    title: 'Career article',
    created_at: '2024-01-01T00:00:00.000Z',
    updated_at: '2024-01-02T00:00:00.000Z',
  }),
);

let server: Server;
let origin: string;
let apiDown = false;
const seen: string[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://x');
      seen.push(`${req.method} ${url.pathname}${url.search}`);
      const send = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      if (apiDown) return send(503, { error: 'down' });
      if (req.method === 'GET' && url.pathname === buildPath('listPosts')) {
        const page = Number(url.searchParams.get('page') ?? '1');
        const results = posts.slice((page - 1) * 10, page * 10);
        const next =
          page * 10 < posts.length
            ? `${origin}${buildPath('listPosts', {}, { page: page + 1 })}`
            : null;
        return send(200, {
          results,
          next,
          previous: page > 1 ? `${origin}${buildPath('listPosts', {}, { page: page - 1 })}` : null,
        });
      }
      if (req.method === 'GET' && url.pathname === buildPath('getPublishedPost')) {
        const slug = url.searchParams.get('slug');
        const index = posts.findIndex((p) => p.slug === slug);
        const post = posts[index];
        if (!post) return send(404, { error: 'Post not found.' });
        const link = (p: Post | undefined) => (p ? { slug: p.slug, title: p.title } : null);
        return send(200, {
          data: { post, prev_post: link(posts[index + 1]), next_post: link(posts[index - 1]) },
        });
      }
      send(404, { error: 'no route' });
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const event = (rawPath: string, method = 'GET'): APIGatewayProxyEventV2 => ({
  version: '2.0',
  routeKey: '$default',
  rawPath,
  rawQueryString: '',
  headers: {},
  isBase64Encoded: false,
  requestContext: {
    accountId: 'local',
    apiId: 'local',
    domainName: 'agency.test',
    domainPrefix: 'agency',
    http: { method, path: rawPath, protocol: 'HTTP/1.1', sourceIp: '127.0.0.1', userAgent: 'test' },
    requestId: 'r1',
    routeKey: '$default',
    stage: '$default',
    time: '',
    timeEpoch: 0,
  },
});

const MANIFEST = {
  'src/features/blog/post-page.tsx': { file: 'assets/post-page-abc.js', imports: ['_shared.js'] },
  'src/features/blog/blog-list-page.tsx': {
    file: 'assets/blog-list-page-abc.js',
    imports: ['_shared.js'],
  },
  '_shared.js': { file: 'assets/shared-def.js' },
};

const handler = () =>
  createRenderHandler({
    siteUrl: SITE,
    upstream: httpUpstream(origin),
    loadShell: async () => SHELL,
    loadManifest: async () => MANIFEST,
    staticPaths: ['/', '/about'],
  });

const jsonLd = (html: string): Record<string, unknown>[] =>
  [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    (m) => JSON.parse(m[1] ?? 'null') as Record<string, unknown>,
  );

const headOf = (html: string): string => html.slice(0, html.indexOf('</head>'));

/** Parse XML strictly (jsdom's DOMParser reports malformed XML as a parsererror document). */
function parseXml(xml: string): Document {
  const doc = new DOMParser().parseFromString(xml, 'application/xml');
  const error = doc.getElementsByTagName('parsererror')[0];
  if (error) throw new Error(`malformed XML: ${error.textContent ?? ''}`);
  return doc;
}
const texts = (parent: Document | Element, tag: string): string[] =>
  Array.from(parent.getElementsByTagName(tag), (e) => e.textContent ?? '');

describe('render handler', () => {
  it('renders a post with its body, head tags, canonical, JSON-LD and SWR data', async () => {
    const res = await handler()(event('/blog/seo-tips'));
    expect(res.statusCode).toBe(200);
    expect(res.headers?.['cache-control']).toBe(CACHE_CONTROL);
    expect(res.headers?.['content-type']).toBe('text/html; charset=utf-8');
    const html = res.body ?? '';
    const head = headOf(html);
    expect(head).toContain(
      '<title>SEO &amp; &quot;tips&quot; &lt;2025&gt; | Alchem Digital</title>',
    );
    expect(head).not.toContain('noindex');
    expect(head.match(/<title>/g)).toHaveLength(1);
    expect(head).toContain(
      '<meta name="description" content="Why SEO Search engines reward useful pages.">',
    );
    expect(head).toContain(`<link rel="canonical" href="${SITE}/blog/seo-tips">`);
    expect(head).toContain('<meta property="og:type" content="article">');
    // The social card is the banner's 1200 × 630 crop.
    const card = `${SITE}/media/images/${BANNER.id}/card.jpg`;
    expect(head).toContain(`<meta property="og:image" content="${card}">`);
    expect(head).toContain('<meta property="og:image:width" content="1200">');
    expect(head).toContain('<meta property="og:image:height" content="630">');
    expect(head).toContain(`<meta name="twitter:image" content="${card}">`);
    expect(head).toContain('<meta name="twitter:card" content="summary_large_image">');
    expect(head).toContain('<meta name="keywords" content="seo">');
    expect(html).not.toContain('alert(1)');
    expect(html).not.toContain('evil.test');
    // The boot script fetches the entry, then the post page's chunks, after the first paint.
    expect(head).toContain('src="/assets/boot-abc.js"');
    expect(head).toContain(
      '<script type="application/json" id="app-modules">["/assets/main-abc.js","/assets/post-page-abc.js","/assets/shared-def.js"]</script>',
    );

    const ld = jsonLd(head);
    const posting = ld.find((o) => o['@type'] === 'BlogPosting');
    expect(posting).toMatchObject({
      headline: 'SEO & "tips" <2025>',
      datePublished: posts[0]?.created_at,
      image: `${SITE}/media/images/${BANNER.id}/card.jpg`,
    });
    const crumbs = ld.find((o) => o['@type'] === 'BreadcrumbList');
    expect(JSON.stringify(crumbs)).toContain(`${SITE}/blog/seo-tips`);

    const root = html.slice(html.indexOf('<div id="root"'));
    expect(root).toMatch(/^<div id="root" data-path="\/blog\/seo-tips">/);
    expect(root).toContain(
      '<h2>Why SEO</h2><p>Search engines reward <strong>useful</strong> pages.</p>',
    );
    // The inline image is served as a <picture> of its variants, already in the server's HTML.
    expect(root).toContain(
      `<picture><source type="image/avif" srcset="/media/images/${INLINE_ID}/480.avif 480w, /media/images/${INLINE_ID}/960.avif 960w, /media/images/${INLINE_ID}/1200.avif 1200w"`,
    );
    expect(root).toMatch(/<h1[^>]*>SEO &amp; &quot;tips&quot; &lt;2025&gt;<\/h1>/);
    expect(root).toContain('href="/blog/article-1"');

    const data =
      new RegExp(
        `<script type="application/json" id="${SWR_FALLBACK_ID}">([\\s\\S]*?)</script>`,
      ).exec(html)?.[1] ?? '';
    expect(data).not.toContain('<');
    const fallback = JSON.parse(data) as Record<string, unknown>;
    expect(fallback[getPostKey('seo-tips')]).toMatchObject({
      found: true,
      post: { slug: 'seo-tips' },
    });
    expect(fallback[listPostsKey(1)]).toMatchObject({ next: expect.stringContaining('page=2') });
  });

  it('preloads the banner the page shows, before the other head tags', async () => {
    const html = (await handler()(event('/blog/seo-tips'))).body ?? '';
    const doc = new DOMParser().parseFromString(html, 'text/html');
    const preloads = doc.head.querySelectorAll('link[rel="preload"][as="image"]');
    expect(preloads).toHaveLength(1);
    const preload = preloads[0] as HTMLLinkElement;
    // Exactly what the banner's first <source> offers the browser, so it picks the same file.
    const source = doc.querySelector('picture source');
    const banner = doc.querySelector('img.post__banner');
    expect(source?.parentElement).toBe(banner?.parentElement);
    expect(preload.getAttribute('imagesrcset')).toBe(source?.getAttribute('srcset'));
    expect(preload.getAttribute('imagesizes')).toBe(source?.getAttribute('sizes'));
    expect(preload.getAttribute('type')).toBe(source?.getAttribute('type'));
    expect(preload.getAttribute('type')).toBe('image/avif');
    expect(preload.getAttribute('fetchpriority')).toBe('high');
    expect(banner?.getAttribute('fetchpriority')).toBe('high');
    expect(banner?.getAttribute('loading')).toBe('eager');
    // Ahead of the stylesheet and scripts of the shell's head.
    expect(html.indexOf('rel="preload"')).toBeLessThan(html.indexOf('<title>'));
  });

  it('keeps a banner stored before images had variants as it was, with no preload', async () => {
    const html = (await handler()(event('/blog/article-1'))).body ?? '';
    const head = headOf(html);
    expect(head).not.toContain('rel="preload"');
    expect(head).toContain(`<meta property="og:image" content="${SITE}/media/banners/99.jpg">`);
    expect(head).not.toContain('og:image:width');
    expect(html).toMatch(/<img class="post__banner" src="\/media\/banners\/99.jpg"/);
  });

  it('serves the career article on its unprefixed path', async () => {
    const res = await handler()(event(`/${SPECIAL_SLUGS.career}`));
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(`<link rel="canonical" href="${SITE}/${SPECIAL_SLUGS.career}">`);
    expect(res.body).toMatch(/<h1[^>]*>Career article<\/h1>/);
  });

  it('answers 404 with the not-found page for an unknown slug', async () => {
    const res = await handler()(event('/blog/no-such-post'));
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('Page not found');
    expect(res.body).toContain('<meta name="robots" content="noindex">');
  });

  it('renders the blog list with its first page', async () => {
    const res = await handler()(event('/blog/'));
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(`<link rel="canonical" href="${SITE}/blog">`);
    expect(res.body).toContain('href="/blog/article-9"');
    expect(res.body).not.toContain('href="/blog/article-10"');
  });

  it('ends the first page of the list with a "More posts" link to the next', async () => {
    const html = (await handler()(event('/blog'))).body ?? '';
    expect(html).toMatch(
      /<a class="blog-list__more" href="\/blog\?page=2" rel="next">More posts<\/a>/,
    );
    expect(html).not.toContain('Newer posts');
  });

  it('renders page N of the list at /blog?page=N, its own canonical, the newest posts featured', async () => {
    const res = await handler()({ ...event('/blog'), rawQueryString: 'page=2' });
    expect(res.statusCode).toBe(200);
    const html = res.body ?? '';
    expect(headOf(html)).toContain(`<link rel="canonical" href="${SITE}/blog?page=2">`);
    expect(headOf(html)).toContain('<title>Blog, page 2 |');
    const list = html.slice(
      html.indexOf('class="blog-list"'),
      html.indexOf('class="blog-sidebar"'),
    );
    expect(list).toContain('href="/blog/article-10"');
    expect(list).toContain('href="/blog/article-19"');
    expect(list).not.toContain('href="/blog/article-9"');
    expect(list).toMatch(/href="\/blog\?page=3" rel="next">More posts/);
    expect(list).toMatch(/href="\/blog" rel="prev">Newer posts/);
    // The sidebar's featured posts are the newest, from page 1.
    expect(html.slice(html.indexOf('class="blog-sidebar"'))).toContain('href="/blog/seo-tips"');
    // The browser's list carries on from page 3.
    expect(html).toContain(JSON.stringify(postsInfiniteFallbackKey(2)).slice(1, -1));

    const last = (await handler()({ ...event('/blog'), rawQueryString: 'page=3' })).body ?? '';
    expect(last).toContain('href="/blog/article-24"');
    expect(last).not.toContain('More posts');
  });

  it('answers 404 for a page past the last or a malformed page number, never a 500', async () => {
    for (const query of [
      'page=4',
      'page=0',
      'page=-1',
      'page=02',
      'page=2.5',
      'page=abc',
      'page=',
      'page=9999999',
    ]) {
      const res = await handler()({ ...event('/blog'), rawQueryString: query });
      expect(res.statusCode, query).toBe(404);
      expect(res.body, query).toContain('<meta name="robots" content="noindex">');
    }
    // Page 1 named is the list itself, whose one address is /blog.
    const one = await handler()({ ...event('/blog'), rawQueryString: 'page=1' });
    expect(one.statusCode).toBe(200);
    expect(one.body).toContain(`<link rel="canonical" href="${SITE}/blog">`);
  });

  it('answers HEAD without a body and refuses other methods', async () => {
    const head = await handler()(event('/blog/seo-tips', 'HEAD'));
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
    expect((await handler()(event('/blog', 'POST'))).statusCode).toBe(405);
  });

  it('serves a well-formed sitemap listing static routes, the blog and every post with lastmod', async () => {
    const res = await handler()(event('/sitemap.xml'));
    expect(res.statusCode).toBe(200);
    expect(res.headers?.['content-type']).toBe('application/xml; charset=utf-8');
    const doc = parseXml(res.body ?? '');
    expect(doc.documentElement.namespaceURI).toBe('http://www.sitemaps.org/schemas/sitemap/0.9');
    const locs = texts(doc, 'loc');
    expect(locs).toEqual(
      expect.arrayContaining([
        `${SITE}/`,
        `${SITE}/about`,
        `${SITE}/blog`,
        `${SITE}/blog/seo-tips`,
        `${SITE}/blog/article-24`,
        `${SITE}/${SPECIAL_SLUGS.career}`,
      ]),
    );
    expect(locs).toHaveLength(2 + 1 + posts.length);
    const seoUrl = Array.from(doc.getElementsByTagName('url')).find(
      (u) => texts(u, 'loc')[0] === `${SITE}/blog/seo-tips`,
    );
    expect(seoUrl && texts(seoUrl, 'lastmod')).toEqual([posts[0]?.updated_at]);
  });

  it('serves a well-formed RSS 2.0 feed of the newest 20 posts', async () => {
    const res = await handler()(event('/rss.xml'));
    expect(res.statusCode).toBe(200);
    expect(res.headers?.['content-type']).toBe('application/rss+xml; charset=utf-8');
    const xml = res.body ?? '';
    const doc = parseXml(xml);
    expect(doc.documentElement.getAttribute('version')).toBe('2.0');
    const items = Array.from(doc.getElementsByTagName('item'));
    expect(items).toHaveLength(20);
    const first = items[0];
    if (!first) throw new Error('no items');
    expect(texts(first, 'title')).toEqual(['SEO & "tips" <2025>']);
    expect(texts(first, 'link')).toEqual([`${SITE}/blog/seo-tips`]);
    expect(texts(first, 'guid')).toEqual([`${SITE}/blog/seo-tips`]);
    expect(texts(first, 'pubDate')).toEqual(['Tue, 25 Mar 2025 12:00:00 GMT']);
    // The banner: its 1200 × 630 JPEG card as Media RSS, and at the head of the HTML description.
    const card = `${SITE}/media/images/${BANNER.id}/card.jpg`;
    const media = first.getElementsByTagNameNS('http://search.yahoo.com/mrss/', 'content');
    expect(media).toHaveLength(1);
    expect(media[0]?.getAttribute('url')).toBe(card);
    expect(media[0]?.getAttribute('medium')).toBe('image');
    expect(media[0]?.getAttribute('type')).toBe('image/jpeg');
    expect(media[0]?.getAttribute('width')).toBe('1200');
    expect(media[0]?.getAttribute('height')).toBe('630');
    expect(texts(first, 'description')).toEqual([
      `<p><img src="${card}" alt="" width="1200" height="630"></p><p>Why SEO Search engines reward useful pages.</p>`,
    ]);
    expect(items[19] && texts(items[19], 'link')).toEqual([`${SITE}/blog/article-19`]);
    // A banner stored before variants is carried as it is, with no type or size it cannot vouch for.
    const legacy = items[1]?.getElementsByTagNameNS('http://search.yahoo.com/mrss/', 'content')[0];
    expect(legacy?.getAttribute('url')).toBe(`${SITE}/media/banners/99.jpg`);
    expect(legacy?.hasAttribute('type')).toBe(false);
  });

  it('leaves a feed item without a banner with a plain-text description and no media', async () => {
    const handle = createRenderHandler({
      siteUrl: SITE,
      upstream: {
        getPost: async () => ({ found: false }),
        listPosts: async () => ({ results: [posts[24] as Post], next: null, previous: null }),
      },
      loadShell: async () => SHELL,
      loadManifest: async () => MANIFEST,
    });
    const item = parseXml((await handle(event('/rss.xml'))).body ?? '').getElementsByTagName(
      'item',
    )[0];
    if (!item) throw new Error('no item');
    expect(texts(item, 'description')).toEqual(['Text 24.']);
    expect(item.getElementsByTagNameNS('http://search.yahoo.com/mrss/', 'content')).toHaveLength(0);
  });

  it('serves the page without data and 503 when the API is down', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    apiDown = true;
    try {
      const res = await handler()(event('/blog/seo-tips'));
      expect(res.statusCode).toBe(503);
      expect(res.headers?.['cache-control']).toBe('no-store');
      expect(res.body).toContain('<div id="root" data-path="/blog/seo-tips">');
      expect((await handler()(event('/rss.xml'))).statusCode).toBe(503);
      expect(error).toHaveBeenCalled();
    } finally {
      apiDown = false;
      error.mockRestore();
    }
  });
});

describe('render handler and hidden posts', () => {
  const draft = makePost({
    id: 500,
    slug: 'leaked-draft',
    title: 'Leaked draft',
    status: 'draft',
    publish_at: null,
  });
  const early = makePost({
    id: 501,
    slug: 'leaked-early',
    title: 'Leaked early',
    status: 'published',
    publish_at: '2999-01-01T00:00:00.000Z',
  });
  const shown = makePost({ id: 502, slug: 'shown-post', title: 'Shown post' });
  const all = [early, draft, shown];
  // An API that (wrongly) hands out hidden posts: the pages still must not show them.
  const upstream: Upstream = {
    getPost: async (slug) => {
      const post = all.find((p) => p.slug === slug);
      return post
        ? { found: true, post, prev_post: null, next_post: null, inline_images: [] }
        : { found: false };
    },
    listPosts: async () => ({ results: all, next: null, previous: null }),
  };
  const leaky = createRenderHandler({
    siteUrl: SITE,
    upstream,
    loadShell: async () => SHELL,
    loadManifest: async () => MANIFEST,
    staticPaths: ['/'],
  });

  it('shows no draft and no post before its time on a page, in embedded data, the sitemap or the feed', async () => {
    for (const slug of ['leaked-draft', 'leaked-early']) {
      const res = await leaky(event(`/blog/${slug}`));
      expect(res.statusCode, slug).toBe(404);
      expect(String(res.body)).not.toMatch(/Leaked/);
    }
    for (const path of ['/blog', '/blog/shown-post', '/sitemap.xml', '/rss.xml']) {
      const res = await leaky(event(path));
      expect(res.statusCode, path).toBe(200);
      expect(String(res.body), path).not.toMatch(/leaked/i);
    }
  });
});

describe('the sitemap lists the live block pages', () => {
  const withLive = (listLivePages: Upstream['listLivePages']) =>
    createRenderHandler({
      siteUrl: SITE,
      upstream: { ...httpUpstream(origin), listLivePages },
      loadShell: async () => SHELL,
      loadManifest: async () => MANIFEST,
      staticPaths: ['/', '/about'],
      fixedPaths: [],
    });

  it('from the public page list: a page published at a new path joins it, with its date', async () => {
    const res = await withLive(async () => [
      { path: '/', title: 'Home', published_at: '2026-11-20T10:00:00.000Z' },
      { path: '/spring-offer', title: 'Spring offer', published_at: '2026-11-26T09:00:00.000Z' },
    ])(event('/sitemap.xml'));
    const doc = parseXml(res.body ?? '');
    const locs = texts(doc, 'loc');
    expect(locs).toEqual(expect.arrayContaining([`${SITE}/`, `${SITE}/spring-offer`]));
    expect(locs).not.toContain(`${SITE}/about`);
    const offer = Array.from(doc.getElementsByTagName('url')).find(
      (u) => texts(u, 'loc')[0] === `${SITE}/spring-offer`,
    );
    expect(offer && texts(offer, 'lastmod')).toEqual(['2026-11-26T09:00:00.000Z']);
  });

  it("falls back to the build's pages when the list cannot be read", async () => {
    const res = await withLive(async () => {
      throw new Error('down');
    })(event('/sitemap.xml'));
    expect(res.statusCode).toBe(200);
    expect(texts(parseXml(res.body ?? ''), 'loc')).toEqual(
      expect.arrayContaining([`${SITE}/`, `${SITE}/about`, `${SITE}/blog`]),
    );
  });
});

describe('direct invocation: { action: "renderPages" } (the API publishing pages)', () => {
  const [home] = SEED_PAGES;

  it('answers the documents of the pages, and of fixed pages asked for', async () => {
    const renderer = createPagesRenderer({
      siteUrl: SITE,
      renderPages: (input) =>
        renderSitePages({
          ...input,
          built: {
            shell: SHELL,
            manifest: {
              'src/features/pages/block-route.tsx': { file: 'assets/block-route-abc.js' },
              'src/features/marketing/thank-you-page.tsx': { file: 'assets/thank-you-abc.js' },
            },
          },
        }),
    });
    const settings = { ...SEED_SITE_SETTINGS, name: 'Renamed Agency' };
    const answer = await renderer({
      action: 'renderPages',
      pages: [{ ...home, title: 'A published title' }],
      settings,
      withFixedPages: true,
    });
    if (!('documents' in answer)) throw new Error(answer.error);
    expect(answer.documents.map((d) => d.path)).toEqual(['/', '/thank-you-alchem', '/404']);
    const [page, thanks] = answer.documents;
    expect(page?.html).toContain('<title>A published title</title>');
    expect(page?.html).toContain('"name":"Renamed Agency"');
    expect(page?.html).toContain('id="page-data"');
    expect(page?.html).toContain('/assets/block-route-abc.js');
    expect(thanks?.html).toContain('Thank You for Your Enquiry | Renamed Agency');
  });

  it('refuses a malformed event, naming the field', async () => {
    const renderPages = vi.fn();
    const renderer = createPagesRenderer({ siteUrl: SITE, renderPages });
    expect(
      await renderer({
        action: 'renderPages',
        pages: [{ ...home, path: 'no slash' }],
        settings: SEED_SITE_SETTINGS,
      }),
    ).toEqual({ error: expect.stringMatching(/^Invalid renderPages event: pages\.0\.path /) });
    expect(await renderer({ action: 'renderPages', pages: [] })).toEqual({
      error: expect.stringMatching(/settings/),
    });
    expect(
      await renderer({
        action: 'renderPages',
        pages: [],
        settings: SEED_SITE_SETTINGS,
        withFixedPages: 'yes',
      }),
    ).toEqual({ error: expect.stringMatching(/withFixedPages /) });
    expect(renderPages).not.toHaveBeenCalled();
  });

  it('tells a direct invocation from an API Gateway request by its shape', () => {
    expect(isDirectInvocation({ action: 'renderPages' })).toBe(true);
    expect(isDirectInvocation(event('/blog'))).toBe(false);
  });
});

describe('blog pages are drawn with the published site settings', () => {
  const withSettings = (getLiveSiteSettings: Upstream['getLiveSiteSettings']) =>
    createRenderHandler({
      siteUrl: SITE,
      upstream: { ...httpUpstream(origin), getLiveSiteSettings },
      loadShell: async () => SHELL,
      loadManifest: async () => MANIFEST,
      staticPaths: ['/', '/about'],
    });

  it('reads them from the API for each page: a corrected phone number reaches the blog too', async () => {
    const settings = {
      ...SEED_SITE_SETTINGS,
      offices: SEED_SITE_SETTINGS.offices.map((o, i) =>
        i === 0 ? { ...o, phone: '+1 (312) 555-0199' } : o,
      ),
    };
    const res = await withSettings(async () => settings)(event('/blog'));
    expect(res.body).toContain('+1 (312) 555-0199');
  });

  it('names the site as published in the titles and JSON-LD of the list and a post', async () => {
    const renamed = { ...SEED_SITE_SETTINGS, name: 'Renamed Agency' };
    const list = await withSettings(async () => renamed)(event('/blog'));
    expect(list.body).toContain('<title>Blog | Renamed Agency</title>');
    const post = await withSettings(async () => renamed)(event('/blog/seo-tips'));
    expect(post.body).toMatch(/<title>[^<]+ \| Renamed Agency<\/title>/);
    expect(post.body).toContain('"publisher":{"@type":"Organization","name":"Renamed Agency"');
    expect(post.body).not.toContain(`| ${SEED_SITE_SETTINGS.name}<`);
  });

  it('falls back to the seed when they cannot be read', async () => {
    const res = await withSettings(async () => {
      throw new UpstreamError('getLiveSiteSettings answered 503');
    })(event('/blog'));
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(SEED_SITE_SETTINGS.offices[0]?.phone);
  });
});
