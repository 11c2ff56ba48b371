import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { normaliseRedirectPath } from '../redirects';
import { acceptedCodings, compressionFor } from './compression';
import {
  appBehaviourPatterns,
  behaviourFor,
  edgeBehaviours,
  matchesCloudFrontPattern,
  VIEWER_IP_HEADER,
} from './definition';
import {
  edgeFunctionCode,
  KVS_FAILURE_MARKER,
  loadEdgeFunction,
  MAX_FUNCTION_BYTES,
} from './edge-function';
import { reservedReason, reservedSources } from './reserved-sources';
import {
  createEdge,
  edgeResponse,
  resolveEdge,
  viewerRequestEvent,
  type ViewerRequest,
} from './edge-router';
import {
  contentSecurityPolicy,
  securityHeaders,
  securityHeadersByPolicy,
} from './security-headers';
import type { SitePages } from './site-pages';

const PAGES: SitePages = {
  prerendered: ['/', '/about', '/seo-company-in-chennai'],
  rendered: ['/blog', '/blog/*', '/sitemap.xml'],
  app: ['/creative-login', '/admin', '/admin/leads', '/edit-blog/*'],
  notFound: '/404',
  thirdParties: {},
};
const edge = createEdge(PAGES);

const request = (url: string, method = 'GET', headers: ViewerRequest['headers'] = {}) => {
  const [path = '/', query = ''] = url.split(/\?(.*)/s);
  return { method, path, query, headers, ip: '203.0.113.7' };
};
const resolve = (url: string, method?: string, headers?: ViewerRequest['headers']) =>
  resolveEdge(edge, request(url, method, headers));
const target = async (url: string) => {
  const r = await resolve(url);
  return 'answer' in r ? { status: r.answer.statusCode } : { origin: r.origin, uri: r.uri };
};
/** Status the viewer gets for a site path whose object exists (the viewer-response rule applied). */
const siteStatus = async (url: string) => {
  const r = await resolve(url);
  if ('answer' in r) return r.answer.statusCode;
  return (await edgeResponse(edge, r, request(url), { status: 200, headers: {} })).status;
};

describe('edge function: routing', async () => {
  it('maps prerendered paths to their index.html, files with an extension to themselves', async () => {
    expect(await target('/')).toEqual({ origin: 'site', uri: '/index.html' });
    expect(await target('/about')).toEqual({ origin: 'site', uri: '/about/index.html' });
    expect(await target('/robots.txt')).toEqual({ origin: 'site', uri: '/robots.txt' });
    expect(await target('/assets/index-Ab12Cd34.js')).toEqual({
      origin: 'site',
      uri: '/assets/index-Ab12Cd34.js',
    });
  });

  it('serves the admin screens from the app shell, and unknown paths (an unknown admin screen too) the not-found page with 404', async () => {
    for (const path of ['/creative-login', '/admin', '/admin/leads', '/edit-blog/my-post']) {
      expect(await target(path), path).toEqual({ origin: 'site', uri: '/spa.html' });
      expect(await siteStatus(path), path).toBe(200);
    }
    for (const path of ['/admin/nope', '/edit-blog', '/About', '/about/team', '/404']) {
      expect(await target(path), path).toEqual({ origin: 'site', uri: '/404/index.html' });
      expect(await siteStatus(path), path).toBe(404);
    }
    const notFound = await resolve('/nope');
    if ('answer' in notFound) throw new Error('expected an origin');
    expect(
      (await edgeResponse(edge, notFound, request('/nope'), { status: 200, headers: {} })).headers,
    ).toMatchObject({ 'cache-control': 'no-cache' });
    expect(await siteStatus('/about')).toBe(200);
  });

  it("sends the not-found page for another path with one query marker naming that path, the viewer's query dropped", async () => {
    const sent = async (url: string) => {
      const out = await edge.fn.viewerRequest(viewerRequestEvent(request(url)));
      return 'request' in out
        ? { uri: out.request.uri, query: out.request.querystring }
        : { status: out.response.statusCode, location: out.response.headers.location?.value };
    };
    expect(await sent('/nope')).toEqual({
      uri: '/404/index.html',
      query: { nf: { value: '%2Fnope' } },
    });
    // As sent, percent-escapes and all (encoded once more), whatever query the viewer sent with it.
    expect(await sent('/caf%C3%A9/a&b?nf=/about&utm=x')).toEqual({
      uri: '/404/index.html',
      query: { nf: { value: encodeURIComponent('/caf%C3%A9/a&b') } },
    });
    // The not-found page asked for itself: no marker, and a viewer's marker is never answered 404.
    expect(await sent('/404')).toEqual({ uri: '/404/index.html', query: {} });
    expect(await sent('/404?utm=x')).toEqual({
      uri: '/404/index.html',
      query: { utm: { value: 'x' } },
    });
    for (const url of ['/404?nf=/about', '/404/index.html?nf=%2Fabout', '/404?nf&nf=/x'])
      expect(await sent(url), url).toEqual({ status: 301, location: '/404' });
    // Other answers keep the viewer's query.
    expect(await sent('/about?nf=x')).toEqual({
      uri: '/about/index.html',
      query: { nf: { value: 'x' } },
    });
  });

  it('sends rendered pages to the render function, the API to the API, media without its prefix', async () => {
    expect(await target('/blog')).toEqual({ origin: 'render', uri: '/blog' });
    expect(await target('/blog/x')).toEqual({ origin: 'render', uri: '/blog/x' });
    expect(await target('/sitemap.xml')).toEqual({ origin: 'render', uri: '/sitemap.xml' });
    expect(await target('/api/health')).toEqual({ origin: 'api', uri: '/api/health' });
    expect(await target('/media/banners/a1.webp')).toEqual({
      origin: 'media',
      uri: '/banners/a1.webp',
    });
    // A bare /media/ is never a bucket listing.
    expect(await target('/media/')).toEqual({ status: 404 });
  });

  it('serves only processed images and pre-library banners under /media/, never a raw upload', async () => {
    const id = '0f8b2f4e-6c1a-4d2b-9e3f-5a6b7c8d9e0f';
    for (const key of [`images/${id}/480.avif`, `images/${id}/card.jpg`, 'banners/a1.webp'])
      expect(await target(`/media/${key}`), key).toEqual({ origin: 'media', uri: `/${key}` });
    for (const key of [
      `uploads/${id}`,
      'uploads/',
      `Images/${id}/480.avif`,
      `images/../uploads/${id}`,
      `images/./${id}/480.avif`,
      `images//${id}`,
      `images/${id}/`,
      `%75ploads/${id}`,
      'robots.txt',
    ])
      expect(await target(`/media/${key}`), key).toEqual({ status: 404 });
  });

  it('redirects a trailing slash with 301 to the path without it, keeping the query, never off-site', async () => {
    const r = await resolve('/about/?ref=x&tag=a&tag=b&flag');
    expect('answer' in r && r.answer).toMatchObject({
      statusCode: 301,
      headers: { location: { value: '/about?ref=x&tag=a&tag=b&flag' } },
    });
    for (const [from, to] of [
      ['//evil.example/', '/evil.example'],
      ['/blog/', '/blog'],
      ['///', '/'],
    ] as const) {
      const out = await resolve(from);
      expect('answer' in out && out.answer.headers.location?.value, from).toBe(to);
    }
  });

  it("passes the viewer's address to the API in the viewer-IP header, replacing a client's", async () => {
    const r = await resolve('/api/lead', 'POST', { [VIEWER_IP_HEADER]: '1.1.1.1' });
    expect('headers' in r && r.headers).toEqual({ [VIEWER_IP_HEADER]: '203.0.113.7' });
  });

  it('answers the lead form preflight at the edge and adds CORS to its answers only', async () => {
    const preflight = await resolve('/api/lead', 'OPTIONS');
    expect('answer' in preflight && preflight.answer).toMatchObject({
      statusCode: 204,
      headers: {
        'access-control-allow-origin': { value: '*' },
        'access-control-allow-methods': { value: 'POST, OPTIONS' },
        'access-control-allow-headers': { value: 'content-type' },
      },
    });
    expect(await target('/api/health')).toEqual({ origin: 'api', uri: '/api/health' });
    const other = await resolve('/api/health', 'OPTIONS');
    expect('origin' in other && other.origin).toBe('api');
    const post = await resolve('/api/lead', 'POST');
    if ('answer' in post) throw new Error('expected the API');
    expect(
      (await edgeResponse(edge, post, request('/api/lead', 'POST'), { status: 201, headers: {} }))
        .headers,
    ).toEqual({ 'access-control-allow-origin': '*' });
  });

  it('refuses methods a behaviour does not allow with 403, as CloudFront does', async () => {
    expect(await target('/about')).not.toEqual({ status: 403 });
    const r = await resolve('/about', 'POST');
    expect('answer' in r && r.answer.statusCode).toBe(403);
  });

  it('stays within the CloudFront Functions size limit with many pages, without comments', async () => {
    // 58 such pages leave about 55 bytes of the limit (measured 2026-11-28).
    const many = Array.from({ length: 58 }, (_, i) => `/a-fairly-long-service-landing-page-${i}`);
    const code = edgeFunctionCode({ ...PAGES, prerendered: many });
    expect(Buffer.byteLength(code)).toBeLessThan(MAX_FUNCTION_BYTES);
    expect(code).not.toMatch(/^\s*\/\//m);
    // Line breaks JavaScript does not read go too; the import and the CONFIG line keep lines of their own.
    const [imported, config, next] = code.split('\n');
    expect(imported).toBe("import cf from 'cloudfront';");
    expect(JSON.parse(/^var CONFIG = (.*);$/.exec(config ?? '')?.[1] ?? '')).toMatchObject({
      notFoundKey: '/404/index.html',
    });
    expect(next).toMatch(/^var kvs = null;try \{kvs = cf\.kvs\(\);\}/);
    expect(() =>
      edgeFunctionCode({
        ...PAGES,
        prerendered: Array.from({ length: 400 }, (_, i) => `/p-${i}-${'x'.repeat(20)}`),
      }),
    ).toThrow(/over CloudFront's 10240/);
  });
});

describe('edge function: redirects from the KeyValueStore', () => {
  const store = new Map([
    ['/old-page', '301 /about'],
    ['/blog/old-slug', '301 /blog/new-slug'],
    ['/blog/older-slug', '301 /blog/new-slug'],
    ['/campaign', '302 /services?utm_source=print'],
    ['/gone', '308 https://example.com/elsewhere#top'],
    ['/about', '307 /nope'],
    ['/api/health', '301 /nowhere'],
  ]);
  const redirecting = createEdge(PAGES, (key) => store.get(key));
  const answer = async (url: string, method = 'GET') => {
    const r = await resolveEdge(redirecting, request(url, method));
    return 'answer' in r
      ? { status: r.answer.statusCode, location: r.answer.headers.location?.value }
      : { origin: r.origin, uri: r.uri };
  };

  it('answers a stored redirect first, any path, with its status and target', async () => {
    expect(await answer('/old-page')).toEqual({ status: 301, location: '/about' });
    // The store's keys are lower-case, without a trailing slash: one hop, not two.
    expect(await answer('/Old-Page/')).toEqual({ status: 301, location: '/about' });
    expect(await answer('/gone')).toEqual({
      status: 308,
      location: 'https://example.com/elsewhere#top',
    });
    // A chain already collapsed by the API: each old address goes straight to the end.
    expect(await answer('/blog/older-slug')).toEqual({ status: 301, location: '/blog/new-slug' });
  });

  it("keeps the request's query unless the target has its own", async () => {
    expect(await answer('/old-page?ref=x&tag=a&tag=b')).toEqual({
      status: 301,
      location: '/about?ref=x&tag=a&tag=b',
    });
    expect(await answer('/campaign?ref=x')).toEqual({
      status: 302,
      location: '/services?utm_source=print',
    });
    expect(await answer('/gone?x=1')).toEqual({
      status: 308,
      location: 'https://example.com/elsewhere?x=1#top',
    });
  });

  it('misses as before: no key, the API, other methods, no store at all', async () => {
    expect(await answer('/services-old')).toEqual({ origin: 'site', uri: '/404/index.html' });
    expect(await answer('/api/health')).toEqual({ origin: 'api', uri: '/api/health' });
    expect(await answer('/old-page', 'POST')).toEqual({ status: 403, location: undefined });
    expect(await target('/old-page')).toEqual({ origin: 'site', uri: '/404/index.html' });
  });
});

describe('edge function: a failing KeyValueStore read', () => {
  const run = async (store: (key: string) => string | undefined, uri: string) => {
    const lines: string[] = [];
    const fn = loadEdgeFunction(edgeFunctionCode(PAGES), store, (line) => lines.push(line));
    const out = await fn.viewerRequest(viewerRequestEvent(request(uri)));
    return { lines, out: 'response' in out ? out.response.statusCode : out.request.uri };
  };

  it('logs one line with the marker when the read fails but not for a miss, and still serves the page', async () => {
    const failed = await run(() => {
      throw new Error('KeyValueStore: service unavailable');
    }, '/about');
    expect(failed.out).toBe('/about/index.html');
    expect(failed.lines).toEqual([
      `${KVS_FAILURE_MARKER} Error: KeyValueStore: service unavailable`,
    ]);

    // A key that exists but whose value cannot be read: a failure too.
    let reads = 0;
    const flaky = await run((key) => {
      if (key === '/old' && ++reads > 1) throw new Error('KeyValueStore: throttled');
      return key === '/old' ? '301 /about' : undefined;
    }, '/old');
    expect(flaky.out).toBe('/404/index.html');
    expect(flaky.lines).toEqual([`${KVS_FAILURE_MARKER} Error: KeyValueStore: throttled`]);

    const missed = await run(() => undefined, '/about');
    expect(missed).toEqual({ lines: [], out: '/about/index.html' });
    const hit = await run((key) => (key === '/old' ? '301 /about' : undefined), '/old');
    expect(hit).toEqual({ lines: [], out: 301 });
  });
});

describe('edge function: the one normalisation of addresses and the reserved sources', () => {
  /** The key the function asks the store for when a viewer sends `uri`. */
  const asked: string[] = [];
  const recording = createEdge(PAGES, (key) => {
    asked.push(key);
    return undefined;
  });
  const keyAsked = async (uri: string): Promise<string | undefined> => {
    asked.length = 0;
    await resolveEdge(recording, request(uri));
    return asked[0];
  };

  it("looks a request up by the shared normalisation's key, for any Unicode path in any spelling", async () => {
    // Random text (astral, combining marks, controls, zero-width, `%`) spelled as sent: raw,
    // percent-encoded by a browser, with escapes in either case, or with random escapes.
    const text = fc.string({ unit: 'binary', maxLength: 24 });
    const escape = (t: string) =>
      encodeURI(t.replace(/[\ud800-\udfff]/g, '\ufffd')).replace(/%[0-9A-F]{2}/g, (e, i: number) =>
        i % 2 ? e.toLowerCase() : e,
      );
    const spelling = fc.oneof(
      text.map((t) => `/${t}`),
      text.map((t) => `/${escape(t)}`),
      fc
        .array(
          fc.oneof(
            text,
            fc.integer({ min: 0, max: 255 }).map((b) => `%${b.toString(16)}`),
          ),
          {
            maxLength: 6,
          },
        )
        .map((parts) => `/${parts.join('')}`),
      text.map((t) => `/${escape(t).toUpperCase()}/`),
    );
    await fc.assert(
      fc.asyncProperty(spelling, async (uri) => {
        const key = normaliseRedirectPath(uri);
        if (key.startsWith('/api/') || Buffer.byteLength(key) > 512) return;
        const got = await keyAsked(uri);
        // Only a reserved path is not looked up.
        if (got === undefined)
          expect(reservedReason(key, reservedSources(PAGES)), uri).not.toBeNull();
        else expect(got, JSON.stringify(uri)).toBe(key);
      }),
      { numRuns: 500 },
    );
  });

  it('finds a redirect stored under the API key by every spelling of its address', async () => {
    const store = new Map([
      [normaliseRedirectPath('/CAF%C3%89-offer'), '301 /caf%C3%A9'],
      [normaliseRedirectPath('/ÉTÉ'), '301 /summer'],
      [normaliseRedirectPath('/%7Euser'), '301 /team'],
      [normaliseRedirectPath('/🎉'), '302 /%F0%9F%8E%89-sale'],
    ]);
    const redirecting = createEdge(PAGES, (key) => store.get(key));
    for (const [uri, location] of [
      ['/caf%C3%A9-offer', '/caf%C3%A9'],
      ['/CAF%C3%89-OFFER', '/caf%C3%A9'],
      ['/cafe%CC%81-offer', '/caf%C3%A9'],
      ['/caf%c3%a9-offer/', '/caf%C3%A9'],
      ['/%C3%A9t%C3%A9', '/summer'],
      ['/%C3%89T%C3%89', '/summer'],
      ['/~user', '/team'],
      ['/%7Euser', '/team'],
      ['/%7euser', '/team'],
      ['/%F0%9F%8E%89', '/%F0%9F%8E%89-sale'],
    ] as const) {
      const r = await resolveEdge(redirecting, request(uri));
      expect('answer' in r && r.answer.headers.location?.value, uri).toBe(location);
    }
  });

  it('works where the runtime has no String.prototype.normalize: every spelling but a decomposed one matches', async () => {
    // CloudFront's runtime 2.0 does not list normalize: the function detects it and skips NFC.
    const code = `delete String.prototype.normalize;\n${edgeFunctionCode(PAGES)}`;
    const fn = loadEdgeFunction(code, (key) => (key === '/caf%C3%A9' ? '301 /x' : undefined));
    const location = async (uri: string) => {
      const out = await fn.viewerRequest(viewerRequestEvent(request(uri)));
      return 'response' in out ? out.response.headers.location?.value : undefined;
    };
    for (const uri of ['/caf%C3%A9', '/CAF%C3%89', '/caf%c3%a9/', '/%63af%C3%A9'])
      expect(await location(uri), uri).toBe('/x');
    // The documented gap: `e` + U+0301 is not composed without normalize (a miss, never an error).
    expect(await location('/cafe%CC%81')).toBeUndefined();
  });

  it('never redirects a reserved path, whatever the store holds', async () => {
    const reserved = [
      '/assets/boot-Ab12Cd34.js',
      '/assets/index-Ab12Cd34.css',
      '/media/banners/a1.webp',
      '/robots.txt',
      '/sitemap.xml',
      '/favicon.ico',
      '/.well-known/security.txt',
      '/404',
      '/admin',
      '/admin/leads',
      '/creative-login',
      '/edit-blog/my-post',
    ];
    const everything = createEdge(PAGES, (key) => `301 https://evil.example${key}`);
    for (const path of [...reserved, ...reserved.map((p) => p.toUpperCase())]) {
      const r = await resolveEdge(everything, request(path));
      expect('answer' in r && r.answer.headers.location, path).toBeFalsy();
    }
    // The ones beside them are still redirects.
    for (const path of ['/assets-old', '/robots', '/administrator', '/media-kit']) {
      const r = await resolveEdge(everything, request(path));
      expect('answer' in r && r.answer.headers.location?.value, path).toBe(
        `https://evil.example${path}`,
      );
    }
  });
});

describe('edge function: pages published or retired at runtime (KeyValueStore page entries)', () => {
  const store = new Map([
    ['/spring-offer', 'page'],
    ['/about', 'gone'],
  ]);
  const edgeWithPages = createEdge(PAGES, (key) => store.get(key));
  const at = async (url: string) => {
    const r = await resolveEdge(edgeWithPages, request(url));
    if ('answer' in r)
      return { status: r.answer.statusCode, location: r.answer.headers.location?.value };
    const edited = await edgeResponse(edgeWithPages, r, request(url), {
      status: 200,
      headers: {},
    });
    return { origin: r.origin, uri: r.uri, status: edited.status };
  };

  it('serves a `page` entry of exactly its path as <path>/index.html, like a prerendered page', async () => {
    expect(await at('/spring-offer')).toEqual({
      origin: 'site',
      uri: '/spring-offer/index.html',
      status: 200,
    });
    // Not another spelling of it: a trailing slash is the usual 301, another case the usual 404.
    expect(await at('/spring-offer/')).toEqual({ status: 301, location: '/spring-offer' });
    expect(await at('/Spring-Offer')).toMatchObject({ uri: '/404/index.html', status: 404 });
  });

  it('answers a `gone` entry (a retired prerendered page) with the not-found page and 404', async () => {
    expect(await at('/about')).toEqual({ origin: 'site', uri: '/404/index.html', status: 404 });
    expect(await target('/about')).toEqual({ origin: 'site', uri: '/about/index.html' });
    // With the marker of the retired path, as for any path answered with the not-found page.
    const out = await edgeWithPages.fn.viewerRequest(viewerRequestEvent(request('/about?x=1')));
    expect('request' in out && out.request.querystring).toEqual({ nf: { value: '%2Fabout' } });
  });
});

describe('edge behaviours', () => {
  it('follow CloudFront pattern precedence: cacheable API paths before /api/*, the default last', () => {
    const patterns = edgeBehaviours(PAGES).map((b) => b.pattern);
    expect(patterns.indexOf('/api/health')).toBeLessThan(patterns.indexOf('/api/*'));
    expect(patterns.at(-1)).toBe('*');
    expect(behaviourFor(edgeBehaviours(PAGES), '/blog/').origin).toBe('render');
    expect(matchesCloudFrontPattern('/blog/*', '/blog/')).toBe(true);
    expect(matchesCloudFrontPattern('/api/*', '/api')).toBe(false);
    expect(matchesCloudFrontPattern('/a?c', '/abc')).toBe(true);
  });

  it("give the admin pages their own headers and every other path the site's", () => {
    const behaviours = edgeBehaviours(PAGES);
    for (const path of ['/creative-login', '/admin', '/admin/leads', '/edit-blog/x'])
      expect(behaviourFor(behaviours, path), path).toMatchObject({
        origin: 'site',
        headers: 'admin',
      });
    for (const path of ['/', '/about', '/blog/x', '/api/health', '/media/images/x'])
      expect(behaviourFor(behaviours, path).headers, path).toBe('public');
  });

  it('share one behaviour for the screens under an app page, so new admin screens cost none', () => {
    const app = [
      '/creative-login',
      '/admin',
      '/admin/leads',
      '/admin/leads/*',
      '/admin/redirects',
      '/add-blog',
      '/edit-blog/*',
    ];
    expect(appBehaviourPatterns(app)).toEqual([
      '/creative-login',
      '/admin',
      '/admin/*',
      '/add-blog',
      '/edit-blog/*',
    ]);
    const behaviours = edgeBehaviours({ ...PAGES, app });
    const more = [...app, '/admin/media', '/admin/team', '/admin/audit'];
    expect(edgeBehaviours({ ...PAGES, app: more })).toHaveLength(behaviours.length);
    // An unknown admin address is still not an app screen (the function's exact list decides):
    // it gets the not-found page, with the admin pages' headers.
    expect(behaviourFor(behaviours, '/admin/nope').headers).toBe('admin');
  });
});

describe('security headers', () => {
  it('frame nothing, allow no inline script, and add third-party origins only when configured', () => {
    const base = contentSecurityPolicy();
    expect(base).toContain("frame-src 'none'");
    expect(base).toContain("script-src 'self';");
    expect(base).not.toContain('upgrade-insecure-requests');
    const withThird = contentSecurityPolicy({
      googleMapsKey: 'k',
      chatWidgetUrl: 'https://chat.example/widget.js',
      conversionPixelUrl: 'https://pixel.example/p.gif',
    });
    expect(withThird).toContain(
      'frame-src https://www.google.com https://maps.google.com https://chat.example',
    );
    expect(withThird).toContain(
      "connect-src 'self' https://maps.googleapis.com https://chat.example wss://chat.example",
    );
    expect(withThird).toMatch(/img-src [^;]*https:\/\/pixel\.example/);
    expect(securityHeaders()).toMatchObject({
      'content-security-policy': base,
      'strict-transport-security': 'max-age=63072000; includeSubDomains',
      'cross-origin-opener-policy': 'same-origin',
      'x-frame-options': 'DENY',
    });
  });
});

describe('security headers of the admin pages', () => {
  const directive = (csp: string | undefined, name: string) =>
    csp
      ?.split(';')
      .map((d) => d.trim())
      .find((d) => d.startsWith(`${name} `));
  it('let admin pages post uploads to the bucket and frame the site, and nothing else change', () => {
    const upload = 'https://media-bucket.s3.eu-west-1.amazonaws.com';
    const { public: site, admin } = securityHeadersByPolicy({}, upload);
    const adminCsp = admin['content-security-policy'];
    const siteCsp = site['content-security-policy'];
    expect(directive(adminCsp, 'connect-src')).toBe(`connect-src 'self' ${upload}`);
    expect(directive(siteCsp, 'connect-src')).toBe("connect-src 'self'");
    // Placeholders are data: URLs; images come from the site itself.
    expect(directive(siteCsp, 'img-src')).toBe("img-src 'self' data: blob:");
    // The editor frames the page preview (this site); the site frames nothing.
    expect(directive(adminCsp, 'frame-src')).toBe("frame-src 'self'");
    expect(directive(siteCsp, 'frame-src')).toBe("frame-src 'none'");
    const unframed = (csp: string | undefined) =>
      csp?.replace(` ${upload}`, '').replace("frame-src 'self'", "frame-src 'none'");
    expect(unframed(adminCsp)).toBe(siteCsp);
    // ...and name no speculation rules: the admin is one app, it prerenders nothing.
    const { 'speculation-rules': rules, ...siteRest } = site;
    expect(rules).toBeDefined();
    expect({ ...admin, 'content-security-policy': siteCsp }).toEqual(siteRest);
    // Without an upload origin (a server given none) the admin pages only add the frame.
    expect(unframed(securityHeadersByPolicy({}, undefined).admin['content-security-policy'])).toBe(
      siteCsp,
    );
    // Every admin screen but the preview refuses to be framed, by anyone.
    expect(admin['x-frame-options']).toBe('DENY');
    expect(directive(adminCsp, 'frame-ancestors')).toBe("frame-ancestors 'none'");
  });

  it('let only the page preview be framed, and only by the site itself', () => {
    const { public: site, admin, preview } = securityHeadersByPolicy({}, undefined);
    expect(preview['x-frame-options']).toBe('SAMEORIGIN');
    expect(directive(preview['content-security-policy'], 'frame-ancestors')).toBe(
      "frame-ancestors 'self'",
    );
    expect(site['x-frame-options']).toBe('DENY');
    expect(directive(site['content-security-policy'], 'frame-ancestors')).toBe(
      "frame-ancestors 'none'",
    );
    expect({ ...preview, 'x-frame-options': 'DENY' }).toMatchObject({
      ...admin,
      'content-security-policy': expect.any(String),
    });
    const behaviours = edgeBehaviours({ ...PAGES, app: [...PAGES.app, '/admin/pages/preview'] });
    expect(behaviourFor(behaviours, '/admin/pages/preview').headers).toBe('preview');
    for (const path of ['/admin/pages/edit', '/admin', '/admin/pages', '/admin/pages/preview/x'])
      expect(behaviourFor(behaviours, path).headers, path).toBe('admin');
    expect(behaviourFor(behaviours, '/about').headers).toBe('public');
  });
});

describe('compression (what CloudFront compresses)', () => {
  const response = {
    policyAcceptsEncoding: true,
    acceptEncoding: 'gzip, deflate, br',
    status: 200,
    contentType: 'text/html; charset=utf-8',
    contentEncoding: undefined,
    size: 5_000,
  };
  it('prefers Brotli, needs a policy that enables it, a known type, 1,000–10,000,000 bytes and status 200/403/404', () => {
    expect(compressionFor(response)).toBe('br');
    expect(compressionFor({ ...response, acceptEncoding: 'gzip' })).toBe('gzip');
    expect(compressionFor({ ...response, acceptEncoding: 'br;q=0, gzip' })).toBe('gzip');
    expect(compressionFor({ ...response, policyAcceptsEncoding: false })).toBeNull();
    expect(compressionFor({ ...response, contentType: 'image/png' })).toBeNull();
    expect(compressionFor({ ...response, size: 999 })).toBeNull();
    expect(compressionFor({ ...response, size: 10_000_001 })).toBeNull();
    expect(compressionFor({ ...response, status: 500 })).toBeNull();
    expect(compressionFor({ ...response, status: 404 })).toBe('br');
    expect(compressionFor({ ...response, contentEncoding: 'gzip' })).toBeNull();
    expect(acceptedCodings(undefined)).toEqual([]);
  });
});
