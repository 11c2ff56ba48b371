import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import http, { type Server } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import { PutObjectCommand } from '@aws-sdk/client-s3';
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { buildPath, image } from '@agency/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod';
import { startTestStack, type TestStack } from '../../../test/harness';
import { createLocalServer, type LocalServerOptions } from './server';
import { EdgeCache } from './edge-cache';
import { CloudFrontCdn } from '../../modules/pages/adapters/cdn';
import type { RenderHandler } from '../functions/render';
import { seedPosts } from '../seed/seed';
import { SEED_POSTS } from '../seed/seed-posts';
import {
  RENDERED_PAGE_CACHE_CONTROL,
  STALE_IF_ERROR_SECONDS,
  tablePageKeys,
} from '@agency/shared/edge';
import { deploySiteBuild } from '../site-deploy';

let stack: TestStack;
let dist: string;
let base: string;
let server: Server;
const rendered: string[] = [];
let renderer: RenderHandler | null = null;

async function listen(options: LocalServerOptions): Promise<{ server: Server; base: string }> {
  const s = createLocalServer(options);
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  const address = s.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  return { server: s, base: `http://127.0.0.1:${address.port}` };
}

const close = (s: Server) =>
  new Promise<void>((resolve) => {
    s.close(() => resolve());
    s.closeAllConnections();
  });

beforeAll(async () => {
  stack = await startTestStack();
  dist = await mkdtemp(path.join(os.tmpdir(), 'agency-dist-'));
  await mkdir(path.join(dist, 'about'), { recursive: true });
  await mkdir(path.join(dist, '404'), { recursive: true });
  await mkdir(path.join(dist, 'assets'), { recursive: true });
  await writeFile(path.join(dist, 'index.html'), '<!doctype html><title>home</title>');
  await writeFile(path.join(dist, 'spa.html'), '<!doctype html><title>shell</title>');
  await writeFile(path.join(dist, '404', 'index.html'), '<!doctype html><title>not found</title>');
  await writeFile(path.join(dist, 'about', 'index.html'), '<!doctype html><title>about</title>');
  await writeFile(path.join(dist, 'robots.txt'), 'User-agent: *\n');
  await writeFile(path.join(dist, 'speculation-rules.json'), '{"prerender":[]}\n');
  await writeFile(
    path.join(dist, 'assets', 'app-1a2b.js'),
    `console.log(${JSON.stringify('x'.repeat(4000))});`,
  );
  // A hashed asset with the build's Brotli copy (no gzip copy), and one too small to compress.
  const packed = `console.log(${JSON.stringify('y'.repeat(4000))});`;
  await writeFile(path.join(dist, 'assets', 'packed-3c4d.js'), packed);
  await writeFile(path.join(dist, 'assets', 'packed-3c4d.js.br'), brotliCompressSync(packed));
  await writeFile(path.join(dist, 'assets', 'tiny-5e6f.js'), 'console.log(1);');
  await mkdir(path.join(dist, 'assets', 'img'), { recursive: true });
  await writeFile(
    path.join(dist, 'assets', 'img', 'logo-dark.svg'),
    '<svg xmlns="http://www.w3.org/2000/svg"/>',
  );
  await writeFile(path.join(dist, 'assets', 'tiny-5e6f.js.br'), brotliCompressSync('x'));
  ({ server, base } = await listen({
    webDist: dist,
    sitePages: {
      prerendered: ['/', '/about'],
      rendered: ['/blog', '/blog/*', '/sitemap.xml'],
      app: ['/admin', '/admin/leads'],
      notFound: '/404',
    },
    media: { s3: stack.clients.s3, bucket: stack.env.MEDIA_BUCKET },
    renderHandler: async () =>
      renderer &&
      (async (event) => {
        rendered.push(event.rawPath);
        return renderer ? renderer(event) : { statusCode: 500 };
      }),
  }));
});

afterAll(async () => {
  if (server) await close(server);
  await rm(dist, { recursive: true, force: true });
  await stack?.stop();
});

describe('local server: API', () => {
  it('runs the health handler through an API Gateway event', async () => {
    const res = await fetch(`${base}${buildPath('getHealth')}`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true });
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
  });

  it("takes a beacon sent as text/plain (202, no body) and gives the API the edge's viewer country, not the client's", async () => {
    const ua = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';
    const res = await fetch(`${base}${buildPath('collect')}`, {
      method: 'POST',
      headers: {
        'content-type': 'text/plain;charset=UTF-8',
        'user-agent': ua,
        'cloudfront-viewer-country': 'ZZ',
      },
      body: JSON.stringify({ kind: 'view', path: '/edge-country' }),
    });
    expect(res.status).toBe(202);
    expect(await res.text()).toBe('');
    const out = await stack.clients.doc.send(
      new ScanCommand({ TableName: stack.env.VISITORS_TABLE }),
    );
    const hit = (out.Items ?? []).find((i) => i.path === '/edge-country');
    expect(hit?.country).toBe(process.env.LOCAL_VIEWER_COUNTRY?.trim().toUpperCase() || 'IN');
  });

  it("answers an unknown API path and a wrong method with API Gateway's 404", async () => {
    const unknown = await fetch(`${base}/api/does-not-exist`);
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ message: 'Not Found' });
    const wrong = await fetch(`${base}${buildPath('createLead')}`, { method: 'DELETE' });
    expect(wrong.status).toBe(404);
    expect(await wrong.json()).toEqual({ message: 'Not Found' });
  });

  it('refuses a body over 10 MB with 413 JSON', async () => {
    const res = await fetch(`${base}${buildPath('createLead')}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: Buffer.alloc(11 * 1024 * 1024, 97),
    });
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ error: expect.stringContaining('10 MB') });
  });

  it('stops reading a chunked body once it passes the cap and answers 413', async () => {
    const status = await new Promise<number>((resolve, reject) => {
      const req = http.request(
        `${base}${buildPath('createLead')}`,
        { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' } },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        },
      );
      req.on('error', reject);
      const chunk = Buffer.alloc(1024 * 1024, 97);
      for (let i = 0; i < 11; i++) req.write(chunk);
      req.end();
    });
    expect(status).toBe(413);
  });
});

describe('local server: media', () => {
  it('serves an object of the media bucket with its type, and 304 for a known ETag', async () => {
    const bytes = Buffer.from([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]);
    await stack.clients.s3.send(
      new PutObjectCommand({
        Bucket: stack.env.MEDIA_BUCKET,
        Key: 'banners/test.png',
        Body: bytes,
        ContentType: 'image/png',
      }),
    );
    const res = await fetch(`${base}/media/banners/test.png`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await res.arrayBuffer())).toEqual(bytes);
    const etag = res.headers.get('etag') ?? '';
    expect(etag).not.toBe('');
    const again = await fetch(`${base}/media/banners/test.png`, {
      headers: { 'if-none-match': etag },
    });
    expect(again.status).toBe(304);
  });

  it('answers 404 for a missing object', async () => {
    expect((await fetch(`${base}/media/banners/missing.png`)).status).toBe(404);
  });
});

describe('local server: static site', () => {
  it('serves an exact file and a prerendered folder page', async () => {
    const robots = await fetch(`${base}/robots.txt`);
    expect(await robots.text()).toBe('User-agent: *\n');
    const about = await fetch(`${base}/about`);
    expect(about.status).toBe(200);
    expect(await about.text()).toContain('<title>about</title>');
    expect(about.headers.get('cache-control')).toBe(
      'public, max-age=0, stale-while-revalidate=60, stale-if-error=86400',
    );
  });

  it('serves the app shell for admin routes and the not-found page with status 404 for unknown paths', async () => {
    const admin = await fetch(`${base}/admin/leads`);
    expect(admin.status).toBe(200);
    expect(await admin.text()).toContain('<title>shell</title>');
    const home = await fetch(`${base}/`);
    expect(await home.text()).toContain('<title>home</title>');
    for (const unknown of ['/no-such-page', '/admin/nope']) {
      const missing = await fetch(`${base}${unknown}`);
      expect(missing.status, unknown).toBe(404);
      expect(await missing.text()).toContain('<title>not found</title>');
    }
    // A missing file is S3's 404, never a page.
    expect((await fetch(`${base}/assets/missing-1a2b.js`)).status).toBe(404);
  });

  it('redirects a trailing slash with 301, keeping the query, never off-site', async () => {
    const about = await fetch(`${base}/about/?ref=x`, { redirect: 'manual' });
    expect(about.status).toBe(301);
    expect(about.headers.get('location')).toBe('/about?ref=x');
    const evil = await fetch(`${base}//evil.example/`, { redirect: 'manual' });
    expect(evil.headers.get('location')).toBe('/evil.example');
  });

  it('sends the security headers of the edge on every answer, and answers other methods 403 as CloudFront does', async () => {
    const post = await fetch(`${base}/about`, { method: 'POST', body: 'x' });
    expect(post.status).toBe(403);
    expect(post.headers.get('strict-transport-security')).toBe(
      'max-age=63072000; includeSubDomains',
    );
    expect(post.headers.get('content-security-policy')).toContain("frame-src 'none'");
  });

  it('names the speculation rules on public pages, not on the admin app, and serves them as rules', async () => {
    for (const url of ['/', '/about', '/no-such-page'])
      expect((await fetch(`${base}${url}`)).headers.get('speculation-rules'), url).toBe(
        '"/speculation-rules.json"',
      );
    for (const url of ['/admin', '/admin/leads', '/admin/nope'])
      expect((await fetch(`${base}${url}`)).headers.get('speculation-rules'), url).toBeNull();
    const rules = await fetch(`${base}/speculation-rules.json`);
    expect(rules.status).toBe(200);
    // Chromium ignores rules served as anything else (application/json included).
    expect(rules.headers.get('content-type')).toBe('application/speculationrules+json');
    expect(await rules.json()).toEqual({ prerender: [] });
  });

  it("never serves the build's records (Vite's manifest): the deploy leaves them out", async () => {
    await mkdir(path.join(dist, '.vite'), { recursive: true });
    await writeFile(path.join(dist, '.vite', 'manifest.json'), '{"secret":1}');
    const res = await fetch(`${base}/.vite/manifest.json`);
    expect(res.status).toBe(404);
    expect(await res.text()).not.toContain('secret');
  });

  it('cannot be walked out of the dist folder', async () => {
    const res = await fetch(`${base}/..%2f..%2fetc%2fpasswd`);
    expect(res.status).toBe(404);
    expect(await res.text()).toContain('<title>not found</title>');
  });

  it('marks hashed assets immutable and compresses text with brotli or gzip', async () => {
    const br = await fetch(`${base}/assets/app-1a2b.js`, { headers: { 'accept-encoding': 'br' } });
    expect(br.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(await br.text()).toContain('xxxx');
    const gzip = await fetch(`${base}/assets/app-1a2b.js`, {
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
  });

  it("sends the build's compressed copy of an asset as it is, with its length, as CloudFront would", async () => {
    const copy = brotliCompressSync(`console.log(${JSON.stringify('y'.repeat(4000))});`);
    const raw = await new Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }>(
      (resolve, reject) => {
        http
          .get(
            `${base}/assets/packed-3c4d.js`,
            { headers: { 'accept-encoding': 'gzip, deflate, br' } },
            (res) => {
              const chunks: Buffer[] = [];
              res.on('data', (c: Buffer) => chunks.push(c));
              res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
            },
          )
          .on('error', reject);
      },
    );
    expect(raw.headers['content-encoding']).toBe('br');
    expect(raw.headers['content-length']).toBe(String(copy.length));
    expect(raw.headers['transfer-encoding']).toBeUndefined();
    expect(raw.headers.vary).toBe('accept-encoding');
    expect(raw.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(raw.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(raw.body.equals(copy)).toBe(true);
    expect(brotliDecompressSync(raw.body).toString()).toContain('yyyy');
    // Without a gzip copy, gzip is compressed on the way out.
    const gzip = await fetch(`${base}/assets/packed-3c4d.js`, {
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
    expect(await gzip.text()).toContain('yyyy');
    // Under 1 KB nothing is compressed (CloudFront's lower bound), copy or not.
    const tiny = await fetch(`${base}/assets/tiny-5e6f.js`, {
      headers: { 'accept-encoding': 'br' },
    });
    expect(tiny.headers.get('content-encoding')).toBeNull();
    expect(await tiny.text()).toBe('console.log(1);');
  });

  it('hands blog routes to the render handler, and answers 502 while it is not running', async () => {
    renderer = async () => ({
      statusCode: 200,
      headers: { 'content-type': 'text/html; charset=utf-8' },
      body: '<h1>rendered</h1>',
    });
    const page = await fetch(`${base}/blog/some-post`);
    expect(await page.text()).toBe('<h1>rendered</h1>');
    expect(rendered).toContain('/blog/some-post');
    renderer = null;
    // CloudFront without its origin: never the HTML shell or a soft 200.
    expect((await fetch(`${base}/blog/some-post`)).status).toBe(502);
    expect((await fetch(`${base}/sitemap.xml`)).status).toBe(502);
  });

  it('keeps rendered pages as CloudFront does, until their TTL or an invalidation the functions send', async () => {
    const cache = new EdgeCache();
    const stopListening = stack.standIns.cdn.onInvalidate((paths) => cache.invalidate(paths));
    let version = 1;
    const calls: string[] = [];
    const cached = await listen({
      webDist: dist,
      sitePages: {
        prerendered: ['/', '/about'],
        rendered: ['/blog', '/blog/*', '/sitemap.xml'],
        app: ['/admin'],
        notFound: '/404',
      },
      media: { s3: stack.clients.s3, bucket: stack.env.MEDIA_BUCKET },
      cache,
      renderHandler: async () => async (event) => {
        calls.push(`${event.rawPath}?${event.rawQueryString}`);
        return event.rawPath === '/blog/broken'
          ? {
              statusCode: 503,
              headers: { 'content-type': 'text/plain', 'cache-control': 'no-store' },
              body: 'down',
            }
          : {
              statusCode: 200,
              headers: {
                'content-type': 'text/html; charset=utf-8',
                'cache-control': 'public, max-age=0, s-maxage=300',
              },
              body: `<h1>version ${version}</h1>`,
            };
      },
    });
    try {
      const first = await fetch(`${cached.base}/blog?page=2&utm_source=mail`);
      expect(first.headers.get('x-cache')).toBe('Miss from cloudfront');
      version = 2;
      // The same page for another campaign: the policy keeps only `page` in the key.
      const again = await fetch(`${cached.base}/blog?utm_source=ad&page=2`, {
        headers: { 'accept-encoding': 'br' },
      });
      expect(await again.text()).toBe('<h1>version 1</h1>');
      expect(again.headers.get('x-cache')).toBe('Hit from cloudfront');
      expect(again.headers.get('age')).toMatch(/^\d+$/);
      const head = await fetch(`${cached.base}/blog?page=2`, { method: 'HEAD' });
      expect(head.headers.get('x-cache')).toBe('Hit from cloudfront');
      expect(calls).toEqual(['/blog?page=2&utm_source=mail']);
      // An answer that must not be stored reaches the origin every time.
      await fetch(`${cached.base}/blog/broken`);
      await fetch(`${cached.base}/blog/broken`);
      expect(calls.filter((c) => c.startsWith('/blog/broken'))).toHaveLength(2);

      // What the functions invalidate through the CloudFront API (the adapter, on the stand-in).
      await new CloudFrontCdn().invalidatePaths(['/blog']);
      expect(await (await fetch(`${cached.base}/blog?page=2`)).text()).toBe('<h1>version 2</h1>');
    } finally {
      stopListening();
      await close(cached.server);
    }
  });

  it('serves the last good page while it refreshes it, and when the render function fails, as CloudFront does', async () => {
    let now = Date.now();
    const cache = new EdgeCache(() => now);
    let answer: 'page' | 'error' | 'down' = 'page';
    let version = 1;
    const cached = await listen({
      webDist: dist,
      sitePages: {
        prerendered: ['/'],
        rendered: ['/blog/*'],
        app: [],
        notFound: '/404',
      },
      media: { s3: stack.clients.s3, bucket: stack.env.MEDIA_BUCKET },
      cache,
      renderHandler: async () => async () => {
        if (answer === 'down') throw new Error('the render function is not answering');
        return answer === 'error'
          ? {
              statusCode: 500,
              headers: {
                'content-type': 'text/plain',
                'cache-control': 'no-store',
              },
              body: 'Internal Server Error',
            }
          : {
              statusCode: 200,
              headers: {
                'content-type': 'text/html; charset=utf-8',
                'cache-control': RENDERED_PAGE_CACHE_CONTROL,
              },
              body: `<h1>version ${version}</h1>`,
            };
      },
    });
    const page = async () => {
      const res = await fetch(`${cached.base}/blog/a-post`);
      return `${res.status} ${res.headers.get('x-cache')} ${await res.text()}`;
    };
    try {
      expect(await page()).toBe('200 Miss from cloudfront <h1>version 1</h1>');
      // Past its five minutes: the stale page at once, the new one fetched behind it.
      version = 2;
      now += 301_000;
      expect(await page()).toBe('200 Hit from cloudfront <h1>version 1</h1>');
      await cache.settled();
      expect(await page()).toBe('200 Hit from cloudfront <h1>version 2</h1>');
      // Past stale-while-revalidate, the render function failing: the last good page.
      now += 400_000;
      answer = 'error';
      expect(await page()).toBe('200 Hit from cloudfront <h1>version 2</h1>');
      answer = 'down';
      expect(await page()).toBe('200 Hit from cloudfront <h1>version 2</h1>');
      answer = 'error';
      // Past stale-if-error: the failure.
      now += STALE_IF_ERROR_SECONDS * 1000;
      expect(await page()).toBe('500 Miss from cloudfront Internal Server Error');
    } finally {
      await close(cached.server);
    }
  });

  it('serves a placeholder page when the site is not built', async () => {
    const bare = await listen({
      webDist: path.join(dist, 'absent'),
      media: { s3: stack.clients.s3, bucket: 'media' },
    });
    try {
      const res = await fetch(`${bare.base}/`);
      expect(res.status).toBe(200);
      expect(await res.text()).toContain('not built');
    } finally {
      await close(bare.server);
    }
  });
});

describe('seedPosts', () => {
  it('creates posts with banners through the API once, and skips when the blog has posts', async () => {
    const options = {
      baseUrl: base,
      adminEmail: stack.adminEmail,
      adminPassword: stack.adminPassword,
      posts: SEED_POSTS.slice(0, 2),
    };
    const first = await seedPosts(options);
    expect(first).toEqual({ seeded: true, created: SEED_POSTS.slice(0, 2).map((p) => p.slug) });
    const list = await stack.invoke('listPosts', { query: { page: 1 } });
    const page = z
      .object({
        results: z.array(
          z.object({
            slug: z.string(),
            banner_image: z.string().nullable(),
            banner: image.nullable(),
            category: z.object({ id: z.number() }).nullable(),
          }),
        ),
      })
      .parse(list.json);
    expect(page.results.map((p) => p.slug)).toEqual([SEED_POSTS[1]?.slug, SEED_POSTS[0]?.slug]);
    expect(page.results[0]?.category?.id).toBe(SEED_POSTS[1]?.categoryId);
    // The banners went through the media library: opaque PNGs get JPEG originals and variants.
    const seeded = page.results[0]?.banner;
    expect(seeded).toMatchObject({ width: 1200, height: 630, format: 'jpg' });
    const banner = await fetch(`${base}${page.results[0]?.banner_image ?? '/media/none'}`);
    expect(banner.status).toBe(200);
    expect(banner.headers.get('content-type')).toBe('image/jpeg');
    const variant = await fetch(`${base}/media/images/${seeded?.id ?? 'none'}/480.avif`);
    expect([variant.status, variant.headers.get('content-type')]).toEqual([200, 'image/avif']);
    expect(await seedPosts(options)).toEqual({ seeded: false, reason: expect.any(String) });
  });
});

describe('local server: the site from the site bucket alone (issue 32, item 12)', () => {
  let site: { server: Server; base: string };
  let build: string;
  const pages = {
    prerendered: ['/', '/about', '/youtube-marketing'],
    rendered: [],
    app: ['/admin'],
    notFound: '/404',
  };
  const packed = `console.log(${JSON.stringify('z'.repeat(4000))});`;
  const put = (key: string, body: string, type = 'text/html; charset=utf-8') =>
    stack.clients.s3.send(
      new PutObjectCommand({
        Bucket: stack.env.SITE_BUCKET,
        Key: key,
        Body: body,
        ContentType: type,
        CacheControl: 'no-cache',
      }),
    );

  beforeAll(async () => {
    build = await mkdtemp(path.join(os.tmpdir(), 'agency-build-'));
    for (const [file, body] of [
      ['index.html', '<!doctype html><title>built home</title>'],
      ['about/index.html', '<!doctype html><title>built about</title>'],
      ['youtube-marketing/index.html', '<!doctype html><title>retired youtube</title>'],
      ['404/index.html', '<!doctype html><title>built not found</title>'],
      ['robots.txt', 'User-agent: *\n'],
      ['assets/site-7a8b.js', packed],
      ['.vite/manifest.json', '{}'],
    ] as const) {
      await mkdir(path.dirname(path.join(build, file)), { recursive: true });
      await writeFile(path.join(build, file), body);
    }
    await writeFile(path.join(build, 'assets', 'site-7a8b.js.br'), brotliCompressSync(packed));
    site = await listen({
      webDist: build,
      sitePages: pages,
      media: { s3: stack.clients.s3, bucket: stack.env.MEDIA_BUCKET },
      siteBucket: { s3: stack.clients.s3, bucket: stack.env.SITE_BUCKET },
    });
  });
  afterAll(async () => {
    if (site) await close(site.server);
    await rm(build, { recursive: true, force: true });
  });

  it('uploads the build as the deploy does: no compressed copies, no records, no table page, unchanged files left', async () => {
    const first = await deploySiteBuild({
      s3: stack.clients.s3,
      bucket: stack.env.SITE_BUCKET,
      webDist: build,
      pages,
    });
    expect(first).toEqual({ uploaded: 2, unchanged: 0 });
    expect(tablePageKeys(pages).sort()).toEqual(
      ['404/index.html', 'about/index.html', 'index.html', 'youtube-marketing/index.html'].sort(),
    );
    // What publishing renders into the bucket; the retired page is not there any more.
    await put('index.html', '<!doctype html><title>published home</title>');
    await put('about/index.html', '<!doctype html><title>published about</title>');
    await put('404/index.html', '<!doctype html><title>published not found</title>');
    const again = await deploySiteBuild({
      s3: stack.clients.s3,
      bucket: stack.env.SITE_BUCKET,
      webDist: build,
      pages,
    });
    expect(again).toEqual({ uploaded: 0, unchanged: 2 });
  });

  it.each([
    '/youtube-marketing',
    '/youtube-marketing/',
    '/youtube-marketing/index.html',
    '/youtube-marketing%2Findex.html',
    '/youtube-marketing%2findex.html',
    '/youtube-marketing/index.html?x',
    '/youtube-marketing%2Findex.html?x=1',
    '/youtube-marketing/index%2Ehtml',
  ])('never serves a retired page from the build folder: %s', async (url) => {
    const res = await fetch(`${site.base}${url}`, { redirect: 'manual' });
    const body = await res.text();
    expect(body).not.toContain('retired youtube');
    // The bucket's answer for a key it lacks (or the edge's redirect of a trailing slash).
    expect([301, 403, 404]).toContain(res.status);
  });

  it('serves what the bucket holds, not the build’s copy', async () => {
    const home = await fetch(`${site.base}/`);
    expect(home.status).toBe(200);
    expect(await home.text()).toContain('published home');
    const about = await fetch(`${site.base}/about`);
    expect(await about.text()).toContain('published about');
    expect((await fetch(`${site.base}/robots.txt`)).status).toBe(200);
  });

  it('answers 404 for a file the build has but the bucket does not', async () => {
    await writeFile(path.join(build, 'assets', 'late-9f9f.js'), 'console.log("late");');
    expect((await fetch(`${site.base}/assets/late-9f9f.js`)).status).toBe(404);
  });

  it('never marks the site’s own unhashed pictures immutable: a changed logo shows within the hour', async () => {
    const res = await fetch(`${base}/assets/img/logo-dark.svg`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=3600, must-revalidate');
  });

  it('sends a hashed asset with the build’s Brotli copy, its bytes the bucket’s', async () => {
    const res = await fetch(`${site.base}/assets/site-7a8b.js`, {
      headers: { 'accept-encoding': 'br' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    // Node's fetch decodes it: the same bytes as uploaded.
    expect(await res.text()).toBe(packed);
    const raw = await new Promise<Buffer>((resolve, reject) => {
      http
        .get(`${site.base}/assets/site-7a8b.js`, { headers: { 'accept-encoding': 'br' } }, (r) => {
          const chunks: Buffer[] = [];
          r.on('data', (c: Buffer) => chunks.push(c));
          r.on('end', () => resolve(Buffer.concat(chunks)));
        })
        .on('error', reject);
    });
    expect(raw.equals(brotliCompressSync(packed))).toBe(true);
    expect(brotliDecompressSync(raw).toString()).toBe(packed);
  });
});
