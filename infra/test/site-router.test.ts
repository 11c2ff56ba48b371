import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import {
  readWebBuild,
  routerPattern,
  siteRouterCode,
  siteRoutes,
  spaRoutesFrom,
  SPA_ROUTES,
  viewerIpCode,
} from '../lib/site-routes';
import { fakeWebBuild } from './synth';

interface CfRequest {
  uri: string;
  querystring: Record<string, { value: string; multiValue?: { value: string }[] }>;
  headers: Record<string, { value: string }>;
}
const cfResponse = z.object({
  statusCode: z.number(),
  statusDescription: z.string().optional(),
  headers: z.record(z.string(), z.object({ value: z.string() })),
});
type CfResponse = z.infer<typeof cfResponse>;

/** Run the generated CloudFront Function code the way the cloudfront-js-2.0 runtime does: a global `handler`. */
function loadRouter(pages: string[]): (event: unknown) => unknown {
  const sandbox: { handler?: (event: unknown) => unknown } = {};
  runInNewContext(
    `${siteRouterCode(siteRoutes(pages, '/404/index.html', '/spa.html'))}\nthis.handler = handler;`,
    sandbox,
  );
  const { handler } = sandbox;
  if (!handler) throw new Error('the site router defines no handler');
  return handler;
}

const router = loadRouter(['/', '/about', '/seo-company-in-chennai', '/blog-archive']);

const request = (uri: string, querystring: CfRequest['querystring'] = {}): CfRequest => ({
  uri,
  querystring,
  headers: {},
});
const viewerRequest = (uri: string, querystring?: CfRequest['querystring']) =>
  router({
    version: '1.0',
    context: { eventType: 'viewer-request' },
    viewer: { ip: '1.2.3.4' },
    request: request(uri, querystring),
  });
const viewerResponse = (uri: string, statusCode = 200): CfResponse => {
  const out = router({
    version: '1.0',
    context: { eventType: 'viewer-response' },
    viewer: { ip: '1.2.3.4' },
    request: request(uri),
    response: { statusCode, statusDescription: 'OK', headers: {} },
  });
  return cfResponse.parse(out);
};
/** The URI of the request the function passes on (undefined when it answered instead). */
const uriOf = (result: unknown): string | undefined =>
  z.object({ uri: z.string().optional() }).parse(result).uri;

describe('site router (CloudFront Function)', () => {
  it('maps extensionless prerendered paths to their index.html', () => {
    expect(uriOf(viewerRequest('/'))).toBe('/index.html');
    expect(uriOf(viewerRequest('/about'))).toBe('/about/index.html');
    expect(uriOf(viewerRequest('/seo-company-in-chennai'))).toBe(
      '/seo-company-in-chennai/index.html',
    );
  });

  it('passes files with an extension through unchanged', () => {
    expect(uriOf(viewerRequest('/assets/index-Ab12Cd34.js'))).toBe('/assets/index-Ab12Cd34.js');
    expect(uriOf(viewerRequest('/robots.txt'))).toBe('/robots.txt');
  });

  it('answers unknown paths with the not-found page, and the response with status 404 (no soft 200)', () => {
    expect(uriOf(viewerRequest('/no-such-page'))).toBe('/404/index.html');
    expect(uriOf(viewerRequest('/about/team'))).toBe('/404/index.html');
    expect(uriOf(viewerRequest('/About'))).toBe('/404/index.html');
    const response = viewerResponse('/no-such-page');
    expect(response.statusCode).toBe(404);
    expect(response.headers['cache-control']?.value).toBe('no-cache');
    // Whether CloudFront shows the viewer-response function the original or the rewritten URI.
    expect(viewerResponse('/404/index.html').statusCode).toBe(404);
    expect(viewerResponse('/404').statusCode).toBe(404);
    expect(uriOf(viewerRequest('/404'))).toBe('/404/index.html');
  });

  it('leaves known pages and other statuses alone in the response', () => {
    expect(viewerResponse('/about').statusCode).toBe(200);
    expect(viewerResponse('/about/index.html').statusCode).toBe(200);
    expect(viewerResponse('/assets/missing.js', 404).statusCode).toBe(404);
    expect(viewerResponse('/', 304).statusCode).toBe(304);
  });

  it('serves the admin SPA routes from the app shell with status 200', () => {
    for (const path of [
      '/creative-login',
      '/admin',
      '/admin/leads',
      '/admin/taxonomy',
      '/add-blog',
      '/edit-blog/my-post',
    ]) {
      expect(uriOf(viewerRequest(path)), path).toBe('/spa.html');
      expect(viewerResponse(path).statusCode, path).toBe(200);
    }
    expect(uriOf(viewerRequest('/edit-blog'))).toBe('/404/index.html');
    expect(uriOf(viewerRequest('/administrator'))).toBe('/404/index.html');
  });

  it('redirects a trailing slash to the canonical path, keeping the query, never off-site', () => {
    expect(viewerRequest('/about/', { ref: { value: 'x' } })).toMatchObject({
      statusCode: 301,
      headers: { location: { value: '/about?ref=x' } },
    });
    expect(viewerRequest('//evil.example/')).toMatchObject({
      statusCode: 301,
      headers: { location: { value: '/evil.example' } },
    });
  });

  it('strips /media from media requests so /media/banners/x.jpg reads the key banners/x.jpg', () => {
    expect(uriOf(viewerRequest('/media/banners/a1b2.webp'))).toBe('/banners/a1b2.webp');
    expect(uriOf(viewerRequest('/media/'))).not.toBe('/');
  });

  it('stays within the CloudFront Functions size limit with every route of the spec', () => {
    const many = Array.from(
      { length: 40 },
      (_, i) => `/a-fairly-long-service-landing-page-path-${i}`,
    );
    expect(Buffer.byteLength(siteRouterCode(siteRoutes(many)))).toBeLessThan(10_240);
    expect(siteRouterCode(siteRoutes([]))).not.toMatch(/^\s*\/\//m);
  });
});

describe('reading the web build', () => {
  it('lists the prerendered pages (not assets, not the not-found page) and finds the not-found page', () => {
    const build = readWebBuild(fakeWebBuild());
    expect(build?.routes.pages.sort()).toEqual(['/', '/about', '/seo-company-in-chennai']);
    expect(build?.routes.notFound).toBe('/404/index.html');
    expect(build?.routes.spaShell).toBe('/spa.html');
    expect(build?.routes.spa).toEqual([...SPA_ROUTES]);
  });

  it('takes the SPA routes from the web route table: what is neither prerendered nor rendered by the render handler', () => {
    const table = [
      '/',
      '/about',
      '/blog',
      '/blog/:slug',
      '/career',
      '/creative-login',
      '/admin',
      '/edit-blog/:slug',
      '*',
    ];
    expect(spaRoutesFrom(table, ['/blog', '/blog/{slug}', '/career'], ['/', '/about'])).toEqual([
      '/creative-login',
      '/admin',
      '/edit-blog/*',
    ]);
    expect(routerPattern('/blog/{slug}')).toBe('/blog/*');
    expect(
      readWebBuild(fakeWebBuild(), { routeTable: table, rendered: ['/blog', '/blog/{slug}'] })
        ?.routes.spa,
    ).toEqual(['/career', '/creative-login', '/admin', '/edit-blog/*']);
  });

  it('reports no build when web/dist has not been built', () => {
    expect(readWebBuild('/nonexistent/web/dist')).toBeUndefined();
  });
});

describe('viewer-ip function', () => {
  it("passes the viewer's address in true-client-ip, replacing any the client sent", () => {
    const sandbox: { handler?: (event: unknown) => unknown } = {};
    runInNewContext(`${viewerIpCode()}\nthis.handler = handler;`, sandbox);
    const out = sandbox.handler?.({
      context: { eventType: 'viewer-request' },
      viewer: { ip: '203.0.113.7' },
      request: {
        uri: '/api/lead',
        querystring: {},
        headers: { 'true-client-ip': { value: '1.1.1.1' } },
      },
    });
    expect(out).toMatchObject({
      uri: '/api/lead',
      headers: { 'true-client-ip': { value: '203.0.113.7' } },
    });
  });
});
