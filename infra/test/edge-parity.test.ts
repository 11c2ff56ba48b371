// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- the stand-ins ship without types; their ambient declarations live in lambdas.
/// <reference path="../../lambdas/src/local/stand-ins/vendor.d.ts" />
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import type { Server } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { runInNewContext } from 'node:vm';
import { CreateBucketCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import {
  createLocalServer,
  LOCAL_CREDENTIALS,
  LOCAL_REGION,
  startStandIns,
  type StandIns,
} from '@agency/lambdas/local-stack';
import {
  MEDIA_CACHE_CONTROL,
  matchOperation,
  mediaKeys,
  normaliseRedirectPath,
  normaliseTarget,
  redirectValue,
  SPECIAL_SLUGS,
  type RedirectStatus,
} from '@agency/shared';
import {
  ASSET_CACHE_CONTROL,
  cloudfrontModule,
  DEFAULT_OBJECT_CACHE_CONTROL,
  edgeBehaviours,
  objectCacheControl,
  ORIGIN_VERIFY_HEADER,
  pageObjectKey,
  SITE_OBJECT_CONTENT_TYPES,
  SPECULATION_RULES_CONTENT_TYPE,
  SPECULATION_RULES_PATH,
  STALE_IF_ERROR_SECONDS,
  STALE_WHILE_REVALIDATE_SECONDS,
  UNHASHED_ASSET_CACHE_CONTROL,
  VIEWER_IP_HEADER,
} from '@agency/shared/edge';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod';
import { readWebBuild } from '../lib/app';
import { MAX_CACHE_BEHAVIOURS, type WebBuild } from '../lib/constructs/site';
import { SYNTH_TIMEOUT_MS, synthStage, type Synthesized } from './synth';
import { referencedIds, resourcesOf } from './template';

// The same requests through (a) what `cdk deploy` ships, read back from the synthesised template:
// the cache behaviours in CloudFront's order, the edge function's code as inlined, run in a sandbox
// with CloudFront events, the response headers policy, over the real web build as the site bucket;
// and (b) the local server on the same build. Any difference in status, redirect, origin and path,
// object served, Cache-Control, compression or security headers fails.

const web: WebBuild | undefined = readWebBuild();
if (!web)
  throw new Error(
    'The edge parity test needs the web build (web/dist and web/dist-server/site-pages.json): run `npm run build -w web`.',
  );
const build: WebBuild = web;

/** A hashed script of the build (`assets/<name>-<hash>.js`). */
const hashedAsset = (() => {
  const js = readdirSync(path.join(build.dir, 'assets')).find((n) => /-[\w-]{8}\.js$/.test(n));
  if (!js) throw new Error('no hashed script in web/dist/assets');
  return `/assets/${js}`;
})();

const IMAGE_ID = '3b9e2c1a-7d4f-4e8a-9b6c-0f1e2d3c4b5a';
/** A banner from before the media library, an image variant, and a raw upload nobody confirmed. */
const BANNER_KEY = 'banners/a1b2c3.webp';
const VARIANT_KEY = mediaKeys.variant(IMAGE_ID, 480, 'avif');
const UPLOAD_KEY = mediaKeys.upload(IMAGE_ID);
/** The media bucket's objects, the same on both sides; the upload is there, the edge must not serve it. */
const MEDIA_OBJECTS: Record<string, { bytes: Buffer; type: string }> = {
  [BANNER_KEY]: { bytes: Buffer.from('RIFF0000WEBPVP8 parity'), type: 'image/webp' },
  [VARIANT_KEY]: { bytes: Buffer.from('\0\0\0\x1cftypavif parity'), type: 'image/avif' },
  [UPLOAD_KEY]: { bytes: Buffer.from('\xff\xd8\xff raw upload with EXIF'), type: 'image/jpeg' },
};
/** The media bucket's upload address as the template's admin CSP names it, and the local server is given. */
const UPLOAD_BUCKET = 'parity-media';
const UPLOAD_HOST = `${UPLOAD_BUCKET}.s3.eu-west-1.amazonaws.com`;

/**
 * The redirect KeyValueStore, the same on both sides (the function's `cf.kvs()` in the template's
 * sandbox and the local server's): keys and values as the API writes them, the chain
 * /old-service → /legacy-service → /services already collapsed as the API stores it.
 */
const REDIRECTS = new Map<string, string>(
  (
    [
      ['/old-service', 301, '/services'],
      ['/legacy-service/', 301, '/services'],
      ['/Campaign', 302, '/contact?utm_source=print'],
      ['/blog/old-slug', 301, '/blog/new-slug'],
      ['/old-brochure.pdf', 308, 'https://example.com/brochure.pdf'],
      // Non-ASCII addresses (issue 32, item 7), keyed and valued as the API writes them.
      ['/to-emoji', 302, '/🎉-sale'],
      ['/tamil-offer', 301, '/ta/சலுகை'],
      ['/to-cafe', 301, '/café'],
      ['/café-offer', 301, '/services'],
      ['/ÉTÉ', 301, '/about'],
      ['/%7Euser', 301, '/about'],
      ['/to-idn', 302, 'https://例え.jp/パス'],
      // Reserved sources (item 1) the API refuses; here the store holds them anyway, and neither
      // side may redirect them.
      [hashedAsset, 301, '/thank-you-alchem'],
      ['/robots.txt', 301, 'https://evil.example/robots.txt'],
      ['/favicon.ico', 301, 'https://evil.example/favicon.ico'],
      ['/sitemap.xml', 301, '/about'],
      ['/rss.xml', 301, '/about'],
      ['/.well-known/security.txt', 301, 'https://evil.example/security.txt'],
      ['/404', 301, '/about'],
      ['/admin', 301, '/about'],
      ['/admin/leads', 301, '/about'],
      ['/creative-login', 301, 'https://evil.example/login'],
      [`/media/${BANNER_KEY}`, 301, '/about'],
      ['/index.html', 301, '/about'],
      ['/spa.html', 301, '/about'],
    ] as const satisfies readonly (readonly [string, RedirectStatus, string])[]
  ).map(([from, status, to]) => [
    normaliseRedirectPath(from),
    redirectValue(status, normaliseTarget(to)),
  ]),
);

/** Every spelling of the non-ASCII and reserved addresses above a browser or a client may send. */
const ADDRESS_ROWS: [url: string, status: number, location: string | undefined][] = [
  ['/to-emoji', 302, '/%F0%9F%8E%89-sale'],
  ['/tamil-offer', 301, '/ta/%E0%AE%9A%E0%AE%B2%E0%AF%81%E0%AE%95%E0%AF%88'],
  ['/to-cafe', 301, '/caf%C3%A9'],
  ['/caf%C3%A9-offer', 301, '/services'],
  ['/CAF%C3%89-offer', 301, '/services'],
  ['/CAF%C3%89-OFFER/', 301, '/services'],
  ['/cafe%CC%81-offer', 301, '/services'],
  ['/caf%c3%a9-offer?ref=x', 301, '/services?ref=x'],
  ['/%C3%89T%C3%89', 301, '/about'],
  ['/%C3%A9t%C3%A9', 301, '/about'],
  ['/~user', 301, '/about'],
  ['/%7Euser', 301, '/about'],
  ['/%7euser', 301, '/about'],
  ['/to-idn', 302, 'https://xn--r8jz45g.jp/%E3%83%91%E3%82%B9'],
  ['/caf%E9-offer', 404, undefined],
  ['/%F0%9F%8E%89-sale', 404, undefined],
  [hashedAsset, 200, undefined],
  ['/robots.txt', 200, undefined],
  ['/ROBOTS.TXT', 404, undefined],
  ['/favicon.ico', 404, undefined],
  ['/.well-known/security.txt', 404, undefined],
  ['/404', 404, undefined],
  ['/admin', 200, undefined],
  ['/admin/leads', 200, undefined],
  ['/Admin', 404, undefined],
  ['/creative-login', 200, undefined],
  [`/media/${BANNER_KEY}`, 200, undefined],
  ['/index.html', 200, undefined],
  ['/spa.html', 200, undefined],
];
const kvsGet = (key: string) => REDIRECTS.get(key);

interface Row {
  method: string;
  url: string;
  headers?: Record<string, string>;
  body?: string;
}
const get = (url: string, headers?: Record<string, string>): Row => ({
  method: 'GET',
  url,
  headers,
});

/** The table: every kind of path the edge knows, and the traps. */
const ROWS: Row[] = [
  get('/'),
  get('/about'),
  get('/about/'),
  get('/about/?ref=x&utm=a&utm=b'),
  get('/About'),
  get('/about/team'),
  get('/no-such-page'),
  get('/404'),
  get('/404/index.html'),
  get('//evil.example/'),
  get('//evil.example'),
  get('/index.html'),
  get('/spa.html'),
  get('/blog'),
  get('/blog/'),
  get('/blog/x'),
  get('/blog/x/'),
  get('/blog?page=2'),
  get(`/${SPECIAL_SLUGS.career}`),
  get(`/${SPECIAL_SLUGS.career}/`),
  get('/sitemap.xml'),
  get('/rss.xml'),
  get('/robots.txt'),
  get(hashedAsset, { 'accept-encoding': 'br, gzip' }),
  get(hashedAsset, { 'accept-encoding': 'gzip' }),
  get('/assets/missing-00000000.js'),
  get('/creative-login'),
  get('/admin'),
  get('/admin/leads'),
  get('/admin/leads/01JABCDEFGHJKMNPQRSTVWXYZ0'),
  // The one page the site may frame (the page editor's preview beside the form).
  get('/admin/pages/preview?path=/about'),
  get('/admin/dashboard'),
  get('/admin/account'),
  get('/admin/team'),
  get('/admin/audit'),
  get('/admin/taxonomy'),
  get('/admin/media'),
  get('/admin/nope'),
  get('/admin/'),
  get('/add-blog'),
  get('/edit-blog/x'),
  get('/edit-blog'),
  get('/preview/abc'),
  get(`/media/${BANNER_KEY}`),
  get(`/media/${VARIANT_KEY}`),
  get(`/media/${VARIANT_KEY}`, { 'accept-encoding': 'br, gzip' }),
  // Redirects from the KeyValueStore: a hit, a miss, a query kept or not, a trailing slash, a chain.
  get('/old-service'),
  get('/old-service?ref=mail&tag=a&tag=b'),
  get('/old-service/'),
  get('/OLD-SERVICE'),
  get('/legacy-service'),
  get('/campaign?ref=x'),
  get('/blog/old-slug'),
  get('/old-brochure.pdf'),
  get('/old-service-2'),
  get(`/media/${UPLOAD_KEY}`),
  get(`/media/uploads/`),
  get(`/media/images/../${UPLOAD_KEY}`),
  get('/media/banners/missing.webp'),
  get(`/media/${mediaKeys.variant(IMAGE_ID, 960, 'webp')}`),
  get('/media/'),
  get('/media'),
  get('/api'),
  get('/api/'),
  get('/api/health'),
  get('/api/health', { 'true-client-ip': '6.6.6.6' }),
  get('/api/captcha/challenge'),
  get('/api/pages'),
  get('/api/site-settings'),
  get('/api/user/post/list?page=2'),
  // The cacheable post read and the spec's POST on its path (issue 36 item 6).
  get('/api/user/post/get?slug=nope'),
  get('/api/user/post/get'),
  { method: 'POST', url: '/api/user/post/get', body: '{"slug":"nope"}' },
  get('/api/extension-image/png'),
  get('/api/nope'),
  { method: 'OPTIONS', url: '/api/lead', headers: { origin: 'https://elsewhere.example' } },
  { method: 'OPTIONS', url: '/api/health' },
  { method: 'POST', url: '/api/lead', body: 'name=x' },
  { method: 'POST', url: '/api/collect', body: '{"kind":"view","path":"/"}' },
  { method: 'PUT', url: '/api/user/post/increase-view', body: '{"slug":"nope"}' },
  { method: 'HEAD', url: '/about' },
  { method: 'POST', url: '/about', body: 'x' },
  { method: 'DELETE', url: '/media/x.jpg' },
  { method: 'POST', url: '/blog/x', body: 'x' },
  // Non-ASCII and reserved addresses (issue 32, items 1 and 7), with the render function's files.
  ...ADDRESS_ROWS.map(([url]) => get(url)),
  get('/sitemap.xml?x=1'),
  get(SPECULATION_RULES_PATH),
];

/** What one side did with a request: the answer, and which origin saw it with which path. */
interface Outcome {
  status: number;
  location?: string;
  origin?: string;
  uri?: string;
  viewerIp?: string;
  /** Whether the origin received the origin secret header (ORIGIN_VERIFY_HEADER). */
  originVerified?: boolean;
  /** Bytes of the body the viewer decodes (site and media only: the objects served). */
  body?: string;
  headers: Record<string, string>;
}
const COMPARED_HEADERS = [
  'content-security-policy',
  'strict-transport-security',
  'x-content-type-options',
  'x-frame-options',
  'referrer-policy',
  'permissions-policy',
  'cross-origin-opener-policy',
  'speculation-rules',
  'cache-control',
  'content-encoding',
  'access-control-allow-origin',
  'access-control-allow-methods',
  'access-control-allow-headers',
  'access-control-max-age',
];

// ---------------------------------------------------------------- (a) the synthesised template

const behaviourSchema = z.object({
  PathPattern: z.string().default('*'),
  TargetOriginId: z.string(),
  AllowedMethods: z.array(z.string()),
  CachePolicyId: z.unknown(),
  ResponseHeadersPolicyId: z.unknown(),
  Compress: z.boolean(),
  FunctionAssociations: z
    .array(z.object({ EventType: z.string(), FunctionARN: z.unknown() }))
    .default([]),
});
type Behaviour = z.infer<typeof behaviourSchema>;

/** CloudFront's managed cache policies by id, and whether they enable gzip/Brotli. */
const MANAGED_POLICY_ENCODING: Record<string, boolean> = {
  '658327ea-f89d-4fab-a63d-7e88639e58f6': true, // CachingOptimized
  '4135ea2d-6df8-44a3-9df3-4b5a84be39ad': false, // CachingDisabled
};

/** CloudFront path patterns: `*` any run of characters (even none), `?` one, case-sensitive. */
const cloudFrontMatch = (pattern: string, p: string): boolean =>
  new RegExp(
    `^${pattern
      .split('')
      .map((c) => (c === '*' ? '.*' : c === '?' ? '.' : c.replace(/[.+^${}()|[\]\\]/g, '\\$&')))
      .join('')}$`,
    's',
  ).test(p);

/** CloudFront Functions' query string object: values as sent, repeats in multiValue. */
function cfQuery(
  query: string,
): Record<string, { value: string; multiValue?: { value: string }[] }> {
  const out: Record<string, { value: string; multiValue?: { value: string }[] }> = {};
  for (const pair of query.split('&').filter(Boolean)) {
    const [key = '', value = ''] = pair.split(/=(.*)/s);
    const seen = out[key];
    if (seen) seen.multiValue = [...(seen.multiValue ?? [{ value: seen.value }]), { value }];
    else out[key] = { value };
  }
  return out;
}

const cfOut = z.object({
  statusCode: z.number().optional(),
  uri: z.string().optional(),
  headers: z.record(z.string(), z.object({ value: z.string() })).default({}),
});

class TemplateEdge {
  readonly behaviours: Behaviour[];
  private readonly handlers = new Map<string, (event: unknown) => Promise<unknown>>();
  private readonly originKind = new Map<string, string>();
  /** Origins CloudFront sends the origin secret header. */
  private readonly originVerified = new Set<string>();
  /** The headers each response headers policy adds, by logical id. */
  private readonly headersPolicies = new Map<string, Record<string, string>>();
  private readonly policyEncoding = new Map<string, boolean>();
  private readonly assetsPrefix: string;
  private readonly assetsCache: string;
  private readonly pagesCache: string;
  /**
   * Keys the template deploys with a media type of their own (SITE_OBJECT_CONTENT_TYPES): a
   * deployment sets that type, and the pages' deployment leaves the key out (else it would upload
   * it again with the type its extension suggests).
   */
  private readonly typedObjects = new Map<string, string>();

  constructor(s: Synthesized) {
    const config = z
      .object({
        DistributionConfig: z.object({
          CacheBehaviors: z.array(behaviourSchema),
          DefaultCacheBehavior: behaviourSchema,
          Origins: z.array(
            z.object({
              Id: z.string(),
              DomainName: z.unknown(),
              OriginCustomHeaders: z
                .array(z.object({ HeaderName: z.string(), HeaderValue: z.unknown() }))
                .optional(),
            }),
          ),
        }),
      })
      .parse(resourcesOf(s.template, 'AWS::CloudFront::Distribution')[0]?.props).DistributionConfig;
    this.behaviours = [...config.CacheBehaviors, config.DefaultCacheBehavior];
    for (const origin of config.Origins) {
      const secret = origin.OriginCustomHeaders?.find((h) => h.HeaderName === ORIGIN_VERIFY_HEADER);
      // The value is a Secrets Manager dynamic reference, never a literal in the template.
      if (secret && !JSON.stringify(secret.HeaderValue).includes('{{resolve:secretsmanager:'))
        throw new Error(
          `${ORIGIN_VERIFY_HEADER} of ${origin.Id} is not a Secrets Manager reference`,
        );
      if (secret) this.originVerified.add(origin.Id);
      const ids = referencedIds(origin.DomainName);
      const domain = JSON.stringify(origin.DomainName);
      this.originKind.set(
        origin.Id,
        domain.includes('execute-api')
          ? 'api'
          : ids.some((id) => id.startsWith('MediaBucket'))
            ? 'media'
            : ids.some((id) => id.startsWith('SiteBucket'))
              ? 'site'
              : `unknown ${domain}`,
      );
    }
    for (const fn of resourcesOf(s.template, 'AWS::CloudFront::Function')) {
      const code = String(fn.props.FunctionCode);
      // CloudFront Functions may import CloudFront's own module only, and only in this form.
      const imports = code.match(/^\s*import .*$/gm) ?? [];
      if (imports.some((line) => line.trim() !== "import cf from 'cloudfront';"))
        throw new Error(
          `${fn.id} imports something CloudFront does not provide: ${imports.join()}`,
        );
      const sandbox: {
        handler?: (event: unknown) => Promise<unknown>;
        cf: ReturnType<typeof cloudfrontModule>;
      } = { cf: cloudfrontModule(kvsGet) };
      runInNewContext(
        `${code.replace("import cf from 'cloudfront';", '')}\nthis.handler = handler;`,
        sandbox,
      );
      if (!sandbox.handler) throw new Error(`${fn.id} defines no handler`);
      this.handlers.set(fn.id, sandbox.handler);
    }
    for (const policy of resourcesOf(s.template, 'AWS::CloudFront::CachePolicy')) {
      const enabled = z
        .object({
          CachePolicyConfig: z.object({
            ParametersInCacheKeyAndForwardedToOrigin: z.object({
              EnableAcceptEncodingBrotli: z.boolean(),
            }),
          }),
        })
        .parse(policy.props).CachePolicyConfig.ParametersInCacheKeyAndForwardedToOrigin;
      this.policyEncoding.set(policy.id, enabled.EnableAcceptEncodingBrotli);
    }
    for (const policy of resourcesOf(s.template, 'AWS::CloudFront::ResponseHeadersPolicy'))
      this.headersPolicies.set(policy.id, renderHeadersPolicy(policy.props));
    const deployments = resourcesOf(s.template, 'Custom::CDKBucketDeployment');
    const cacheOf = (p: Record<string, unknown>) =>
      z.object({ 'cache-control': z.string() }).parse(p.SystemMetadata)['cache-control'];
    const assets = deployments.find((d) => typeof d.props.DestinationBucketKeyPrefix === 'string');
    // The pages' deployment is the one that invalidates (the typed files' ones do not).
    const pages = deployments.find((d) => d.props.DistributionPaths !== undefined);
    if (!assets || !pages) throw new Error('the template deploys no web build');
    this.assetsPrefix = String(assets.props.DestinationBucketKeyPrefix);
    this.assetsCache = cacheOf(assets.props);
    this.pagesCache = cacheOf(pages.props);
    const excluded = z.array(z.string()).parse(pages.props.Exclude);
    for (const [key, type] of Object.entries(SITE_OBJECT_CONTENT_TYPES)) {
      const typed = deployments.find(
        (d) =>
          z.record(z.string(), z.string()).parse(d.props.SystemMetadata)['content-type'] === type,
      );
      if (typed && excluded.includes(key)) this.typedObjects.set(key, type);
    }
  }

  behaviourFor(p: string): Behaviour {
    const found = this.behaviours.find(
      (b) => b.PathPattern === '*' || cloudFrontMatch(b.PathPattern, p),
    );
    if (!found) throw new Error('no default behaviour');
    return found;
  }

  /** The headers the behaviour's response headers policy adds. */
  private headersOf(b: Behaviour): Record<string, string> {
    const [id] = referencedIds(b.ResponseHeadersPolicyId);
    const headers = id ? this.headersPolicies.get(id) : undefined;
    if (!headers)
      throw new Error(`${b.PathPattern} has no response headers policy of the template`);
    return headers;
  }

  private fn(b: Behaviour, event: string): ((e: unknown) => Promise<unknown>) | undefined {
    const association = b.FunctionAssociations.find((f) => f.EventType === event);
    if (!association) return undefined;
    const [id] = referencedIds(association.FunctionARN);
    return id ? this.handlers.get(id) : undefined;
  }

  /** Whether CloudFront compresses on this behaviour (Compress and a cache policy with Brotli). */
  private compresses(b: Behaviour): boolean {
    const id = b.CachePolicyId;
    const enabled =
      typeof id === 'string'
        ? MANAGED_POLICY_ENCODING[id]
        : this.policyEncoding.get(referencedIds(id)[0] ?? '');
    if (enabled === undefined) throw new Error(`unknown cache policy ${JSON.stringify(id)}`);
    return b.Compress && enabled;
  }

  async request(row: Row): Promise<Outcome & { behaviour: string }> {
    const [p = '/', query = ''] = row.url.split(/\?(.*)/s);
    const b = this.behaviourFor(p);
    const answer = (
      status: number,
      headers: Record<string, string>,
    ): Outcome & { behaviour: string } => ({
      behaviour: b.PathPattern,
      status,
      headers: { ...headers, ...this.headersOf(b) },
      ...(headers.location ? { location: headers.location } : {}),
    });
    if (!b.AllowedMethods.includes(row.method)) return answer(403, {});
    const request = {
      method: row.method,
      uri: p,
      querystring: cfQuery(query),
      headers: Object.fromEntries(
        Object.entries(row.headers ?? {}).map(([k, v]) => [k, { value: v }]),
      ),
      cookies: {},
    };
    const viewer = { ip: '127.0.0.1' };
    const onRequest = this.fn(b, 'viewer-request');
    let uri = p;
    let headers = request.headers;
    if (onRequest) {
      const out = cfOut.parse(
        await onRequest({
          version: '1.0',
          context: { eventType: 'viewer-request' },
          viewer,
          request,
        }),
      );
      if (out.statusCode !== undefined)
        return answer(
          out.statusCode,
          Object.fromEntries(Object.entries(out.headers).map(([k, v]) => [k, v.value])),
        );
      uri = out.uri ?? p;
      headers = out.headers;
    }
    const kind = this.originKind.get(b.TargetOriginId) ?? 'none';
    // The render function sits behind the same HTTP API origin, on its page routes.
    const origin = kind === 'api' && !p.startsWith('/api/') ? 'render' : kind;
    let status = 200;
    let body: string | undefined;
    let originHeaders: Record<string, string> = {};
    let size = 0;
    let type = '';
    if (origin === 'site' || origin === 'media') {
      const key = decodeURIComponent(uri).replace(/^\//, '');
      const file = origin === 'site' ? path.join(build.dir, key) : undefined;
      const exists =
        origin === 'site'
          ? !!file &&
            existsSync(file) &&
            !/\.(br|gz)$/.test(key) &&
            !key.endsWith('/') &&
            key !== ''
          : key in MEDIA_OBJECTS;
      if (!exists) status = 404;
      else {
        const bytes =
          origin === 'site' && file
            ? readFileSync(file)
            : (MEDIA_OBJECTS[key]?.bytes ?? Buffer.of());
        body = bytes.toString('latin1');
        size = bytes.length;
        type =
          origin === 'media'
            ? (MEDIA_OBJECTS[key]?.type ?? '')
            : (this.typedObjects.get(key) ?? typeOf(key));
        originHeaders = {
          'content-type': type,
          'cache-control':
            origin === 'media'
              ? MEDIA_CACHE_CONTROL
              : key.startsWith(this.assetsPrefix)
                ? this.assetsCache
                : this.pagesCache,
        };
      }
    } else if (origin === 'api') {
      status = matchOperation(row.method, uri).name ? 200 : 404;
    }
    const onResponse = this.fn(b, 'viewer-response');
    if (onResponse) {
      // The documentation does not say whether the viewer-response event shows the URI the viewer
      // sent or the one the viewer-request function wrote: the function must give the same answer for both.
      const [out, ...others] = await Promise.all(
        [uri, p].map(async (seenUri) =>
          cfOut.parse(
            await onResponse({
              version: '1.0',
              context: { eventType: 'viewer-response' },
              viewer,
              request: { ...request, uri: seenUri, headers },
              response: {
                statusCode: status,
                headers: Object.fromEntries(
                  Object.entries(originHeaders).map(([k, v]) => [k, { value: v }]),
                ),
              },
            }),
          ),
        ),
      );
      if (!out) throw new Error('unreachable');
      for (const other of others)
        if (JSON.stringify(other) !== JSON.stringify(out))
          throw new Error(`viewer-response of ${row.url} depends on the URI it is shown`);
      status = out.statusCode ?? status;
      originHeaders = Object.fromEntries(Object.entries(out.headers).map(([k, v]) => [k, v.value]));
    }
    const accepts = /\bbr\b/.test(row.headers?.['accept-encoding'] ?? '')
      ? 'br'
      : /\bgzip\b/.test(row.headers?.['accept-encoding'] ?? '')
        ? 'gzip'
        : undefined;
    if (
      body !== undefined &&
      accepts &&
      this.compresses(b) &&
      size >= 1000 &&
      /^(text\/|application\/(javascript|json|xml)|image\/svg\+xml)/.test(type)
    )
      originHeaders['content-encoding'] = accepts;
    return {
      behaviour: b.PathPattern,
      status,
      origin,
      uri: origin === 'site' || origin === 'media' ? undefined : uri,
      viewerIp: origin === 'api' ? headers[VIEWER_IP_HEADER]?.value : undefined,
      originVerified: this.originVerified.has(b.TargetOriginId),
      body,
      headers: { ...originHeaders, ...this.headersOf(b) },
    };
  }
}

const TYPES: Record<string, string> = {
  html: 'text/html',
  js: 'text/javascript',
  css: 'text/css',
  txt: 'text/plain',
  xml: 'application/xml',
  svg: 'image/svg+xml',
  json: 'application/json',
};
const typeOf = (key: string) => TYPES[key.split('.').pop() ?? ''] ?? 'application/octet-stream';

/**
 * A template string as CloudFormation renders it: a literal, or an `Fn::Join` of literals and the
 * references the edge's headers hold, the media bucket's name and the URL suffix (so that the
 * upload address reads as UPLOAD_HOST, which the local server is given).
 */
function resolveJoin(value: unknown): string {
  if (typeof value === 'string') return value;
  const join = z.object({ 'Fn::Join': z.tuple([z.string(), z.array(z.unknown())]) }).parse(value)[
    'Fn::Join'
  ];
  return join[1]
    .map((part) => {
      if (typeof part === 'string') return part;
      const ref = z.object({ Ref: z.string() }).parse(part).Ref;
      if (ref.startsWith('MediaBucket')) return UPLOAD_BUCKET;
      if (ref === 'AWS::URLSuffix') return 'amazonaws.com';
      throw new Error(`unexpected reference in a header: ${ref}`);
    })
    .join(join[0]);
}

/** The headers a response headers policy of the template adds, as a viewer sees them. */
function renderHeadersPolicy(props: unknown): Record<string, string> {
  const override = z.object({ Override: z.literal(true) });
  const config = z
    .object({
      ResponseHeadersPolicyConfig: z.object({
        SecurityHeadersConfig: z.object({
          ContentSecurityPolicy: override.extend({ ContentSecurityPolicy: z.unknown() }),
          StrictTransportSecurity: override.extend({
            AccessControlMaxAgeSec: z.number(),
            IncludeSubdomains: z.boolean().default(false),
            Preload: z.boolean().default(false),
          }),
          ContentTypeOptions: override,
          FrameOptions: override.extend({ FrameOption: z.string() }),
          ReferrerPolicy: override.extend({ ReferrerPolicy: z.string() }),
        }),
        CustomHeadersConfig: z.object({
          Items: z.array(override.extend({ Header: z.string(), Value: z.string() })),
        }),
      }),
    })
    .parse(props).ResponseHeadersPolicyConfig;
  const sec = config.SecurityHeadersConfig;
  const hsts = sec.StrictTransportSecurity;
  return {
    'content-security-policy': resolveJoin(sec.ContentSecurityPolicy.ContentSecurityPolicy),
    'strict-transport-security': [
      `max-age=${hsts.AccessControlMaxAgeSec}`,
      ...(hsts.IncludeSubdomains ? ['includeSubDomains'] : []),
      ...(hsts.Preload ? ['preload'] : []),
    ].join('; '),
    'x-content-type-options': 'nosniff',
    'x-frame-options': sec.FrameOptions.FrameOption,
    'referrer-policy': sec.ReferrerPolicy.ReferrerPolicy,
    ...Object.fromEntries(
      config.CustomHeadersConfig.Items.map((h) => [h.Header.toLowerCase(), h.Value]),
    ),
  };
}

// ---------------------------------------------------------------- (b) the local server

let synthesized: Synthesized;
let cloudfront: TemplateEdge;
let standIns: StandIns;
let dataDir: string;
let server: Server;
let base: string;
const seen: { origin: string; uri: string; viewerIp?: string; originVerified: boolean }[] = [];
/** The origin secret the local server is given, as the stage's is given to CloudFront. */
const PARITY_ORIGIN_SECRET = 'parity-origin-secret-of-at-least-32-chars';

beforeAll(async () => {
  synthesized = synthStage('prod', { web: build });
  cloudfront = new TemplateEdge(synthesized);
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'agency-parity-'));
  standIns = await startStandIns({ dataDir, dynamoInMemory: true });
  const s3 = new S3Client({
    region: LOCAL_REGION,
    credentials: LOCAL_CREDENTIALS,
    endpoint: standIns.endpoints.s3,
    forcePathStyle: true,
  });
  await s3.send(new CreateBucketCommand({ Bucket: 'parity-media' }));
  for (const [key, object] of Object.entries(MEDIA_OBJECTS))
    await s3.send(
      new PutObjectCommand({
        Bucket: 'parity-media',
        Key: key,
        Body: object.bytes,
        ContentType: object.type,
        CacheControl: MEDIA_CACHE_CONTROL,
      }),
    );
  const record = (origin: string) => async (event: APIGatewayProxyEventV2) => {
    seen.push({
      origin,
      uri: event.rawPath,
      viewerIp: event.headers[VIEWER_IP_HEADER],
      originVerified: event.headers[ORIGIN_VERIFY_HEADER] === PARITY_ORIGIN_SECRET,
    });
    return { statusCode: 200, headers: { 'content-type': 'text/plain' }, body: origin };
  };
  server = createLocalServer({
    webDist: build.dir,
    sitePages: build.pages,
    media: { s3, bucket: 'parity-media', uploadOrigin: `https://${UPLOAD_HOST}` },
    loadHandler: async () => record('api'),
    renderHandler: async () => record('render'),
    originSecret: () => PARITY_ORIGIN_SECRET,
    redirects: kvsGet,
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  base = `http://127.0.0.1:${address.port}`;
}, SYNTH_TIMEOUT_MS);

afterAll(async () => {
  await new Promise<void>((resolve) => {
    if (!server) return resolve();
    server.close(() => resolve());
    server.closeAllConnections();
  });
  await standIns?.stop();
  if (synthesized) await rm(synthesized.outdir, { recursive: true, force: true });
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

async function local(row: Row): Promise<Outcome> {
  seen.length = 0;
  const res = await fetch(`${base}${row.url}`, {
    method: row.method,
    headers: { 'accept-encoding': 'identity', ...row.headers },
    body: row.body,
    redirect: 'manual',
  });
  const bytes = Buffer.from(await res.arrayBuffer());
  const headers: Record<string, string> = {};
  res.headers.forEach((value, name) => {
    headers[name] = value;
  });
  const hit = seen[0];
  return {
    status: res.status,
    ...(headers.location ? { location: headers.location } : {}),
    ...(hit
      ? {
          origin: hit.origin,
          uri: hit.uri,
          viewerIp: hit.viewerIp,
          originVerified: hit.originVerified,
        }
      : {}),
    body: hit ? undefined : bytes.toString('latin1'),
    headers,
  };
}

describe('edge parity: the synthesised CloudFront and the local server answer alike', () => {
  it.each(ROWS.map((row) => [`${row.method} ${row.url}`, row] as const))('%s', async (_, row) => {
    const aws = await cloudfront.request(row);
    const here = await local(row);
    const pick = (o: Outcome) =>
      Object.fromEntries(
        COMPARED_HEADERS.map((h) => [h, o.headers[h]]).filter(([, v]) => v !== undefined),
      );
    expect({ status: here.status, location: here.location }).toEqual({
      status: aws.status,
      location: aws.location,
    });
    if (aws.origin === 'api' || aws.origin === 'render') {
      // Only when the origin answered: the local API router refuses unknown paths before any handler.
      if (aws.status === 200)
        expect({
          origin: here.origin,
          uri: here.uri,
          viewerIp: here.viewerIp,
          originVerified: here.originVerified,
        }).toEqual({
          origin: aws.origin,
          uri: aws.uri,
          viewerIp: aws.viewerIp,
          originVerified: aws.originVerified,
        });
      if (aws.origin === 'api' || aws.origin === 'render')
        expect(aws.originVerified, 'CloudFront sends the HTTP API its origin secret').toBe(true);
    } else expect(here.origin).toBeUndefined();
    if (
      row.method !== 'HEAD' &&
      (aws.origin === 'site' || aws.origin === 'media') &&
      aws.body !== undefined
    )
      expect(here.body, 'the object served').toBe(aws.body);
    const awsHeaders = pick(aws);
    const localHeaders = pick(here);
    // The local fetch asks for identity; compression is compared below with what the row accepts.
    // What the API and render origins say about caching is theirs, not the edge's.
    for (const headers of [awsHeaders, localHeaders]) {
      delete headers['content-encoding'];
      if (aws.origin === 'api' || aws.origin === 'render') delete headers['cache-control'];
    }
    expect(localHeaders).toEqual(awsHeaders);
    if (row.headers?.['accept-encoding']) {
      const raw = await fetch(`${base}${row.url}`, { headers: row.headers });
      await raw.arrayBuffer();
      expect(raw.headers.get('content-encoding') ?? undefined).toBe(
        aws.headers['content-encoding'],
      );
    }
  });

  it('covers every path pattern of the edge definition, and the template has exactly those behaviours', () => {
    const definition = edgeBehaviours(build.pages).map((b) => b.pattern);
    expect(cloudfront.behaviours.map((b) => b.PathPattern)).toEqual(definition);
    expect(definition.length).toBeLessThanOrEqual(MAX_CACHE_BEHAVIOURS);
    const hit = new Set(
      ROWS.map((row) => cloudfront.behaviourFor(row.url.split('?')[0] ?? '/').PathPattern),
    );
    expect(definition.filter((p) => !hit.has(p))).toEqual([]);
  });

  it('deploys the site’s HTML with the shared Cache-Control (served stale in an outage), invalidating /*, and both sides serve it so', async () => {
    const deployments = resourcesOf(synthesized.template, 'Custom::CDKBucketDeployment');
    const uploads = Object.fromEntries(
      deployments
        .filter(
          (d) => d.props.DistributionPaths !== undefined || d.props.DestinationBucketKeyPrefix,
        )
        .map((d) => [
          String(d.props.DestinationBucketKeyPrefix ?? ''),
          {
            cacheControl: z.object({ 'cache-control': z.string() }).parse(d.props.SystemMetadata)[
              'cache-control'
            ],
            invalidates: d.props.DistributionPaths,
          },
        ]),
    );
    expect(uploads['']).toEqual({
      cacheControl: DEFAULT_OBJECT_CACHE_CONTROL,
      invalidates: ['/*'],
    });
    expect(uploads['assets/']?.cacheControl).toBe(ASSET_CACHE_CONTROL);
    if (uploads['assets/img/'])
      expect(uploads['assets/img/'].cacheControl).toBe(UNHASHED_ASSET_CACHE_CONTROL);
    // A page published at runtime gets the deploy's (S3SiteFiles writes objectCacheControl of its key).
    expect(objectCacheControl(pageObjectKey('/blog/a-published-page'))).toBe(
      DEFAULT_OBJECT_CACHE_CONTROL,
    );
    // Browsers revalidate; the edge may answer stale within the shared windows.
    expect(DEFAULT_OBJECT_CACHE_CONTROL).toMatch(/(?:^|, )max-age=0(?:,|$)/);
    expect(DEFAULT_OBJECT_CACHE_CONTROL).toContain(
      `stale-while-revalidate=${STALE_WHILE_REVALIDATE_SECONDS}`,
    );
    expect(DEFAULT_OBJECT_CACHE_CONTROL).toContain(`stale-if-error=${STALE_IF_ERROR_SECONDS}`);
    for (const url of ['/', '/about'])
      for (const side of [await cloudfront.request(get(url)), await local(get(url))]) {
        expect(side.status, url).toBe(200);
        expect(side.headers['cache-control'], url).toBe(DEFAULT_OBJECT_CACHE_CONTROL);
      }
    expect((await local(get(hashedAsset))).headers['cache-control']).toBe(ASSET_CACHE_CONTROL);
  });

  it('names the speculation rules on public pages only, and serves them with their own media type', async () => {
    for (const url of ['/', '/about', '/blog', '/no-such-page'])
      for (const side of [await cloudfront.request(get(url)), await local(get(url))])
        expect(side.headers['speculation-rules'], url).toBe(`"${SPECULATION_RULES_PATH}"`);
    for (const url of ['/admin', '/admin/leads', '/creative-login', '/admin/pages/preview'])
      for (const side of [await cloudfront.request(get(url)), await local(get(url))])
        expect(side.headers['speculation-rules'], url).toBeUndefined();
    for (const side of [
      await cloudfront.request(get(SPECULATION_RULES_PATH)),
      await local(get(SPECULATION_RULES_PATH)),
    ]) {
      expect(side.status).toBe(200);
      expect(side.headers['content-type']).toBe(SPECULATION_RULES_CONTENT_TYPE);
    }
  });

  it('serves an image variant for a year, immutable, and never a raw upload', async () => {
    const variant = await local(get(`/media/${VARIANT_KEY}`));
    expect(variant.status).toBe(200);
    expect(variant.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(variant.headers['content-type']).toBe('image/avif');
    expect((await cloudfront.request(get(`/media/${VARIANT_KEY}`))).headers['cache-control']).toBe(
      'public, max-age=31536000, immutable',
    );
    // CloudFront keeps it as long as its Cache-Control says: the media policy's max TTL is a year.
    const mediaPolicy = resourcesOf(synthesized.template, 'AWS::CloudFront::CachePolicy').find(
      (p) => p.id.startsWith('SiteMediaCache'),
    );
    expect(JSON.stringify(mediaPolicy?.props)).toContain('"MaxTTL":31536000');
    // The upload is in the bucket (the stand-in would serve it), but not through the edge.
    for (const side of [
      await local(get(`/media/${UPLOAD_KEY}`)),
      await cloudfront.request(get(`/media/${UPLOAD_KEY}`)),
    ]) {
      expect(side.status).toBe(404);
      expect(side.body ?? '').not.toContain('raw upload');
    }
  });

  it("lets the admin pages, and only they, connect to the bucket's upload address", async () => {
    const connect = (csp: string | undefined) =>
      csp
        ?.split(';')
        .map((d) => d.trim())
        .find((d) => d.startsWith('connect-src '));
    for (const url of ['/admin', '/creative-login', '/edit-blog/x']) {
      const here = await local(get(url));
      expect(connect(here.headers['content-security-policy']), url).toBe(
        `connect-src 'self' https://${UPLOAD_HOST}`,
      );
    }
    // An unknown admin address is the not-found page, under the admin pages' behaviour (/admin/*).
    for (const url of ['/', '/blog', `/media/${VARIANT_KEY}`, '/about/nope'])
      expect(connect((await local(get(url))).headers['content-security-policy']), url).toBe(
        "connect-src 'self'",
      );
  });

  it('answers redirects from the KeyValueStore first: a hit, a query kept or not, a trailing slash, a collapsed chain, a miss', async () => {
    const expected: [string, number, string | undefined][] = [
      ['/old-service', 301, '/services'],
      ['/old-service?ref=mail&tag=a&tag=b', 301, '/services?ref=mail&tag=a&tag=b'],
      ['/old-service/', 301, '/services'],
      ['/OLD-SERVICE', 301, '/services'],
      ['/legacy-service', 301, '/services'],
      ['/campaign?ref=x', 302, '/contact?utm_source=print'],
      ['/blog/old-slug', 301, '/blog/new-slug'],
      ['/old-brochure.pdf', 308, 'https://example.com/brochure.pdf'],
      ['/old-service-2', 404, undefined],
      ...ADDRESS_ROWS,
    ];
    for (const [url, status, location] of expected)
      for (const side of [await cloudfront.request(get(url)), await local(get(url))])
        expect({ status: side.status, location: side.location }, url).toEqual({
          status,
          location,
        });
    // A redirect answers before the cache or an origin: nothing reached the API or the renderer.
    seen.length = 0;
    await local(get('/blog/old-slug'));
    expect(seen).toEqual([]);
  });

  it('sends a cross-origin preflight of the lead form and its answer the CORS headers, at the edge', async () => {
    const preflight = await local({ method: 'OPTIONS', url: '/api/lead' });
    expect(preflight.status).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe('*');
    expect(preflight.headers['access-control-allow-methods']).toBe('POST, OPTIONS');
    const post = await local({ method: 'POST', url: '/api/lead', body: 'x' });
    expect(post.headers['access-control-allow-origin']).toBe('*');
    expect(
      (await local(get('/api/health'))).headers['access-control-allow-origin'],
    ).toBeUndefined();
  });
});
