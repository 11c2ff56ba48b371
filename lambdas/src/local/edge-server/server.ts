import { createReadStream, existsSync } from 'node:fs';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import path from 'node:path';
import { Readable, pipeline } from 'node:stream';
import zlib from 'node:zlib';
import type { S3Client } from '@aws-sdk/client-s3';
import {
  compressionFor,
  createEdge,
  NO_SITE_PAGES,
  edgeResponse,
  ASSETS_PREFIX,
  objectCacheControl,
  parseSitePages,
  readSitePagesFile,
  resolveEdge,
  securityHeadersByPolicy,
  sitePagePatterns,
  ORIGIN_VERIFIED_ORIGINS,
  VIEWER_FACT_HEADERS,
  type Edge,
  type EdgeBehaviour,
  type EdgeOrigin,
  type EdgeResolution,
  type KeyValueReader,
  type SitePages,
  type SitePagesInput,
  type CachePolicyName,
  type ViewerRequest,
} from '@agency/shared/edge';
import { ORIGIN_VERIFY_HEADER, type ErrorBody, type ErrorCode } from '@agency/shared';
import { MAX_BODY_BYTES } from '../../platform/body';
import { originSecrets } from '../../platform/env';
import { logger } from '../../platform/logger';
import { apiGatewayEvent, decodeResult } from './apigw-event';
import type { EdgeRequestRecord, EdgeResultType } from './access-log';
import type { EdgeCache } from './edge-cache';
import { routeApi, stageThrottle, type LoadHandler } from './api-router';
import type { RouteThrottle } from './throttle';
import { loadHandler as defaultLoadHandler } from '../functions/handler-modules';
import { getMedia } from './media';
import type { RenderHandler } from '../functions/render';
import { contentTypeOf, precompressedCopy, siteObject } from './static-files';

export interface LocalServerOptions {
  /** The built site (`web/dist`); a placeholder page is served while it does not exist. */
  webDist: string;
  /**
   * The site pages of that build (what the web build writes to `web/dist-server/site-pages.json`);
   * read from beside `webDist` when absent, none (API and media only) when that file does not exist.
   */
  sitePages?: SitePagesInput;
  /**
   * The media bucket behind `/media/*`, and the origin the admin's browser posts upload forms to
   * (the S3 stand-in's, allowed by the admin pages' CSP as CloudFront allows the bucket's).
   */
  media: { s3: S3Client; bucket: string; uploadOrigin?: string };
  /** How `/api/*` finds an operation's handler (default: import its module once). */
  loadHandler?: LoadHandler;
  /** The origin renderer of blog pages, sitemap and RSS; null or absent → those paths answer 502 as a missing origin would. */
  renderHandler?: () => Promise<RenderHandler | null>;
  /**
   * API Gateway's throttling of each route by its class (prod's API_LIMITS, throttle.ts); null:
   * none, for benchmarks of the functions' own capacity (API_THROTTLE=off).
   */
  throttle?: RouteThrottle | null;
  /** Request bodies above this answer 413 (API Gateway's limit by default). */
  maxBodyBytes?: number;
  /**
   * The origin secret added as ORIGIN_VERIFY_HEADER to what the API and render origins receive, as
   * CloudFront adds the stage's (default: the local environment's ORIGIN_VERIFY, read per request,
   * since `npm start` sets the environment once the server listens).
   */
  originSecret?: () => string;
  /**
   * The viewer's country CloudFront sends the API and render origins as `cloudfront-viewer-country`
   * (default: LOCAL_VIEWER_COUNTRY, else `IN`, read per request).
   */
  viewerCountry?: () => string;
  /** The redirect KeyValueStore the edge function reads (`cf.kvs()`); none: every key misses. */
  redirects?: KeyValueReader;
  /**
   * The site bucket, which alone answers the site as CloudFront's does: the build uploaded as the
   * deploy uploads it (`deploySiteBuild`, site-deploy.ts) and the pages published at runtime. None:
   * `webDist` plays the bucket (tests of the edge over a build folder).
   */
  siteBucket?: { s3: S3Client; bucket: string };
  /**
   * The edge's cache of the behaviours under LOCALLY_CACHED policies, emptied by the CloudFront
   * stand-in's invalidations (`npm start` wires them); none: every request reaches its origin.
   */
  cache?: EdgeCache;
  /**
   * CloudFront's standard logging: each request's line, as the distribution logs it to the
   * access-log bucket (`npm start` writes them there); none: nothing is logged.
   */
  accessLog?: { write(record: EdgeRequestRecord): void };
}

/**
 * The cache policies whose answers the local edge keeps, as CloudFront does: the rendered blog
 * pages, sitemap and feed (`pages`) and the public post read by slug (`postRead`, its POST passing
 * through uncached). Other public API GETs (`apiPublic`) and media are not kept yet, so
 * locally they are always fresh. In AWS CloudFront keeps them, and the render function reads the
 * API through it too (render.ts sets no API_ORIGIN, so web/src/server/config.ts uses SITE_URL): a
 * rendered page may be built from a cached API answer until the writer's invalidations
 * (cache-paths.ts) land, a window the local stack does not show.
 */
export const LOCALLY_CACHED: readonly CachePolicyName[] = ['pages', 'postRead'];

/** A body: bytes, a stream, or a file of the site bucket (sent as the build's compressed copy when CloudFront would compress it). */
type Body = Buffer | Readable | { file: string; size: number } | null;

interface OriginReply {
  status: number;
  headers: Record<string, string>;
  body: Body;
  cookies?: string[];
}

const log = logger.child({ service: 'local-server' });

const PLACEHOLDER = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Site not built</title></head>
<body><h1>The site is not built yet</h1><p>Run <code>npm run build -w web</code> (or <code>npm start</code>, which builds it first).
The API answers under <a href="/api/health">/api</a>.</p></body></html>`;

function sourceIpOf(req: IncomingMessage): string {
  return (req.socket.remoteAddress ?? '127.0.0.1').replace(/^::ffff:/, '');
}

function splitUrl(url: string | undefined): { rawPath: string; rawQueryString: string } {
  const [rawPath = '/', rawQueryString = ''] = (url ?? '/').split(/\?(.*)/s);
  return { rawPath: rawPath.startsWith('/') ? rawPath : `/${rawPath}`, rawQueryString };
}

type BodyRead = { ok: true; body: Buffer } | { ok: false };

/** Read a request body up to `max` bytes; beyond that stop keeping it (the rest is drained unread). */
function readBody(req: IncomingMessage, max: number): Promise<BodyRead> {
  return new Promise((resolve, reject) => {
    const declared = Number(req.headers['content-length'] ?? 0);
    if (declared > max) {
      req.resume();
      resolve({ ok: false });
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    let over = false;
    req.on('data', (chunk: Buffer) => {
      if (over) return;
      size += chunk.length;
      if (size > max) {
        over = true;
        chunks.length = 0;
        resolve({ ok: false });
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => {
      if (!over) resolve({ ok: true, body: Buffer.concat(chunks) });
    });
    req.on('error', reject);
  });
}

const BROTLI = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } };

/**
 * Write a response as CloudFront would: the response headers policy's headers replacing the origin's,
 * compressed when the behaviour's cache policy and the viewer allow it (Brotli first), a file of the
 * build as its precompressed copy when there is one.
 */
async function send(
  req: IncomingMessage,
  res: ServerResponse,
  reply: OriginReply,
  options: { compress: boolean; security: Record<string, string> },
): Promise<void> {
  const { status, body } = reply;
  const out: Record<string, string | string[]> = { ...reply.headers, ...options.security };
  if (reply.cookies && reply.cookies.length > 0) out['set-cookie'] = reply.cookies;
  const size =
    body === null
      ? 0
      : Buffer.isBuffer(body)
        ? body.length
        : 'file' in body
          ? body.size
          : reply.headers['content-length'] === undefined
            ? undefined
            : Number(reply.headers['content-length']);
  const coding =
    body === null
      ? null
      : compressionFor({
          policyAcceptsEncoding: options.compress,
          acceptEncoding: req.headers['accept-encoding'],
          status,
          contentType: reply.headers['content-type'],
          contentEncoding: reply.headers['content-encoding'],
          size,
        });
  const head = req.method === 'HEAD';
  let stream: Readable | null = null;
  let bytes: Buffer | null = null;
  if (coding) {
    out['content-encoding'] = coding;
    out.vary = out.vary ? `${String(out.vary)}, accept-encoding` : 'accept-encoding';
    delete out['content-length'];
    const copy =
      body && !Buffer.isBuffer(body) && 'file' in body
        ? await precompressedCopy(body.file, coding)
        : null;
    if (copy) {
      // The build's copy (highest quality, compressed once) decodes to the same bytes.
      out['content-length'] = String(copy.size);
      stream = createReadStream(copy.file);
    } else {
      const source = Buffer.isBuffer(body)
        ? Readable.from([body])
        : body && 'file' in body
          ? createReadStream(body.file)
          : body;
      stream =
        source &&
        (pipeline(
          source,
          coding === 'br' ? zlib.createBrotliCompress(BROTLI) : zlib.createGzip(),
          () => undefined,
        ) as unknown as Readable);
    }
  } else if (Buffer.isBuffer(body)) {
    out['content-length'] = String(body.length);
    bytes = body;
  } else if (body && 'file' in body) {
    out['content-length'] = String(body.size);
    stream = createReadStream(body.file);
  } else stream = body;
  // Set one by one, so what was sent can be read back (the access log's content type and length).
  for (const [name, value] of Object.entries(out)) res.setHeader(name, value);
  res.writeHead(status);
  if (head || status === 204 || status === 304) {
    stream?.destroy();
    if (body instanceof Readable) body.destroy();
    res.end();
  } else if (bytes) res.end(bytes);
  else if (stream) pipeline(stream, res, () => undefined);
  else res.end();
}

const jsonReply = (status: number, error: string, code: ErrorCode): OriginReply => ({
  status,
  headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' },
  body: Buffer.from(JSON.stringify({ error, code } satisfies ErrorBody)),
});

/** The site pages of the build in `webDist`, from `dist-server/site-pages.json` beside it; null when not built. */
/** The page paths of the build in `webDist` a redirect may not hide (none when not built). */
export function builtPagePaths(webDist: string): string[] {
  const pages = readSitePages(webDist);
  return pages ? sitePagePatterns(pages) : [];
}

/** The path patterns of the build in `webDist` the render function answers (none when not built). */
export function builtRenderedPaths(webDist: string): string[] {
  return [...(readSitePages(webDist)?.rendered ?? [])];
}

function readSitePages(webDist: string): SitePages | null {
  const file = path.join(path.dirname(path.resolve(webDist)), 'dist-server', 'site-pages.json');
  if (!existsSync(file)) return null;
  return readSitePagesFile(file);
}

/** The header CloudFront gives an origin the viewer's country in (two letters). */
export const VIEWER_COUNTRY_HEADER = 'cloudfront-viewer-country';

/** The local viewer's country: LOCAL_VIEWER_COUNTRY, else `IN`. */
const localViewerCountry = (): string => process.env.LOCAL_VIEWER_COUNTRY?.trim() || 'IN';

/**
 * One HTTP server that plays CloudFront for the local stack, driven by the edge definition of
 * `@agency/shared/edge`: the same behaviours (path pattern → origin, methods, cache policy), the same
 * edge function code the CDK stack inlines (run on each request and, where CloudFront runs it, on the
 * response), the same response headers and compression. The origins are the local ones: the Lambda
 * handlers through API Gateway v2 events, the media bucket stand-in, the render handler and the
 * built site read like the site bucket (a missing key answers 404).
 */
export function createLocalServer(options: LocalServerOptions): http.Server {
  const load = options.loadHandler ?? defaultLoadHandler;
  const max = options.maxBodyBytes ?? MAX_BODY_BYTES;
  // Built once: a malformed third-party address fails the start, naming it.
  const pages = options.sitePages
    ? parseSitePages(options.sitePages, 'sitePages')
    : readSitePages(options.webDist);
  // Built once, from the third parties the build's pages load (as CloudFront's headers policies
  // are), one set per kind of behaviour.
  const security = securityHeadersByPolicy(pages?.thirdParties ?? {}, options.media.uploadOrigin);
  const edge: Edge = createEdge(pages ?? NO_SITE_PAGES, options.redirects);
  const originSecret = options.originSecret ?? (() => originSecrets()[0] ?? '');
  const viewerCountry = options.viewerCountry ?? localViewerCountry;
  // CloudFront's origin custom headers and its viewer-country header replace a viewer's header of
  // the same name: a client cannot pick the country analytics and leads record.
  const originHeaders = (origin: EdgeOrigin): Record<string, string> =>
    ORIGIN_VERIFIED_ORIGINS.includes(origin)
      ? { [ORIGIN_VERIFY_HEADER]: originSecret(), [VIEWER_COUNTRY_HEADER]: viewerCountry() }
      : {};

  /**
   * The viewer's headers as the behaviour's origin request policy lets them through: every one but
   * Host (API Gateway routes by its own), or VIEWER_FACT_HEADERS only.
   */
  const forwarded = (
    behaviour: EdgeBehaviour,
    headers: IncomingMessage['headers'],
  ): IncomingMessage['headers'] =>
    behaviour.forward === 'viewer-facts'
      ? Object.fromEntries(
          Object.entries(headers).filter(([name]) =>
            (VIEWER_FACT_HEADERS as readonly string[]).includes(name.toLowerCase()),
          ),
        )
      : headers;

  async function api(
    req: IncomingMessage,
    request: ViewerRequest,
    at: Extract<EdgeResolution, { origin: string }>,
  ): Promise<OriginReply> {
    const read = await readBody(req, max);
    if (!read.ok) {
      const reply = jsonReply(
        413,
        `The request body is larger than ${Math.round(max / 1024 / 1024)} MB.`,
        'too-large',
      );
      return { ...reply, headers: { ...reply.headers, connection: 'close' } };
    }
    return routeApi(
      {
        method: request.method,
        rawPath: at.uri,
        rawQueryString: request.query,
        headers: {
          ...forwarded(at.behaviour, { ...req.headers, ...at.headers }),
          ...originHeaders('api'),
        },
        body: read.body,
        sourceIp: request.ip,
      },
      load,
      options.throttle === undefined ? stageThrottle : options.throttle,
    );
  }

  /** The bucket key of an origin URI (`/a%20b.png` → `a b.png`); none for a malformed escape. */
  const objectKey = (uri: string): string => {
    try {
      return decodeURIComponent(uri.slice(1));
    } catch {
      return '';
    }
  };

  async function media(req: IncomingMessage, uri: string): Promise<OriginReply> {
    const found = await getMedia(
      options.media.s3,
      options.media.bucket,
      objectKey(uri),
      req.headers['if-none-match'],
    );
    if (found.status === 404) return s3NotFound();
    return found;
  }

  async function render(request: ViewerRequest, uri: string): Promise<OriginReply> {
    const handler = await options.renderHandler?.();
    // What CloudFront answers when its origin cannot be reached.
    if (!handler) return jsonReply(502, 'The render handler is not running.', 'internal');
    const event = apiGatewayEvent({
      method: request.method,
      rawPath: uri,
      rawQueryString: request.query,
      headers: { ...request.headers, ...originHeaders('render') },
      sourceIp: request.ip,
    });
    return decodeResult(await handler(event));
  }

  async function site(req: IncomingMessage, uri: string): Promise<OriginReply> {
    if (options.siteBucket) {
      // The bucket alone, as CloudFront reads it: the exact key, or S3's answer for none. What the
      // build folder holds is never served from there (a retired page's prerendered copy stays in it).
      const key = objectKey(uri);
      const found = await getMedia(
        options.siteBucket.s3,
        options.siteBucket.bucket,
        key,
        req.headers['if-none-match'],
      );
      if (found.status === 404) return s3NotFound();
      return withBuildCopy(found, key);
    }
    const object = await siteObject(options.webDist, uri);
    if (!object) return s3NotFound();
    const etag = `"${object.size.toString(16)}-${Math.floor(object.mtimeMs).toString(16)}"`;
    const headers: Record<string, string> = {
      'content-type': contentTypeOf(object.key),
      'cache-control': objectCacheControl(object.key),
      etag,
    };
    if (req.headers['if-none-match'] === etag) return { status: 304, headers, body: null };
    return { status: 200, headers, body: { file: object.file, size: object.size } };
  }

  /**
   * A hashed asset the bucket holds, with the build's file of that name as its body when it has the
   * same length: the bytes are the same (the name is their hash), and the build's Brotli and gzip
   * copies of it then serve the compression CloudFront does.
   */
  async function withBuildCopy(found: OriginReply, key: string): Promise<OriginReply> {
    if (found.status !== 200 || !key.startsWith(ASSETS_PREFIX)) return found;
    const object = await siteObject(options.webDist, `/${key}`);
    if (!object || String(object.size) !== found.headers['content-length']) return found;
    if (found.body instanceof Readable) found.body.destroy();
    return { ...found, body: { file: object.file, size: object.size } };
  }

  async function origin(
    req: IncomingMessage,
    request: ViewerRequest,
    at: Extract<EdgeResolution, { origin: string }>,
  ): Promise<OriginReply> {
    if (at.origin !== 'api') req.resume();
    switch (at.origin) {
      case 'api':
        return api(req, request, at);
      case 'media':
        return media(req, at.uri);
      case 'render':
        return render(request, at.uri);
      case 'site':
        return site(req, at.uri);
    }
  }

  /**
   * The origin's answer, or the one the edge keeps for the request: GET and HEAD of a behaviour under
   * a LOCALLY_CACHED policy are answered as EdgeCache.serve says CloudFront does (a fresh copy; a
   * stale one at once within its stale-while-revalidate, refreshed behind; the stale one when the
   * origin fails within its stale-if-error), with `age` and `x-cache: Hit from cloudfront`; a GET's
   * answer is kept on a miss.
   */
  async function cachedOrigin(
    req: IncomingMessage,
    request: ViewerRequest,
    at: Extract<EdgeResolution, { origin: string }>,
  ): Promise<OriginReply> {
    const cache = options.cache;
    const policy = at.behaviour.cache;
    const cacheable =
      cache !== undefined &&
      LOCALLY_CACHED.includes(policy) &&
      (request.method === 'GET' || request.method === 'HEAD');
    const key = cacheable ? cache.key(policy, at.uri, request.query) : null;
    if (!cache || key === null) return origin(req, request, at);
    // A GET or HEAD has no body, and a refresh may ask the origin after the viewer's stream has
    // ended: the origin reads an empty one with the viewer's headers.
    req.resume();
    const bodiless = Object.assign(Readable.from([]), { headers: req.headers });
    const served = await cache.serve(key, policy, at.uri, {
      fetch: () => origin(bodiless as unknown as IncomingMessage, request, at),
      keep: (reply) =>
        request.method === 'GET' &&
        (reply.body === null || Buffer.isBuffer(reply.body)) &&
        !reply.cookies?.length
          ? { status: reply.status, headers: reply.headers, body: reply.body }
          : null,
      drop: (reply) => {
        if (reply.body instanceof Readable) reply.body.destroy();
      },
    });
    if (served.from === 'origin')
      return {
        ...served.reply,
        headers: { ...served.reply.headers, 'x-cache': 'Miss from cloudfront' },
      };
    return {
      ...served.reply,
      headers: {
        ...served.reply.headers,
        age: String(served.ageSeconds),
        'x-cache': 'Hit from cloudfront',
      },
    };
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const started = Date.now();
    const { rawPath, rawQueryString } = splitUrl(req.url);
    const request: ViewerRequest = {
      method: (req.method ?? 'GET').toUpperCase(),
      path: rawPath,
      query: rawQueryString,
      headers: req.headers,
      ip: sourceIpOf(req),
    };
    let status = 500;
    let result: EdgeResultType = 'Miss';
    const socketBytesBefore = req.socket.bytesWritten;
    res.once('close', () =>
      options.accessLog?.write({
        req,
        res,
        rawPath,
        rawQueryString,
        viewerIp: request.ip,
        started,
        socketBytesBefore,
        result: res.statusCode >= 400 ? 'Error' : result,
      }),
    );
    try {
      const at = await resolveEdge(edge, request);
      if ('answer' in at) {
        req.resume();
        result = 'FunctionGeneratedResponse';
        status = at.answer.statusCode;
        const headers = Object.fromEntries(
          Object.entries(at.answer.headers).map(([k, v]) => [k, v.value]),
        );
        await send(
          req,
          res,
          { status, headers, body: null },
          { compress: false, security: security[at.behaviour.headers] },
        );
      } else if (!pages && at.origin === 'site') {
        req.resume();
        status = 200;
        const headers = { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-cache' };
        await send(
          req,
          res,
          { status, headers, body: Buffer.from(PLACEHOLDER) },
          { compress: at.compress, security: security[at.behaviour.headers] },
        );
      } else {
        const reply = await cachedOrigin(req, request, at);
        if (reply.headers['x-cache']?.startsWith('Hit')) result = 'Hit';
        const edited = await edgeResponse(edge, at, request, reply);
        status = edited.status;
        await send(
          req,
          res,
          { ...reply, ...edited },
          { compress: at.compress, security: security[at.behaviour.headers] },
        );
      }
    } catch (error) {
      log.error('local server request failed', { method: request.method, path: rawPath, error });
      if (!res.headersSent) {
        const reply = jsonReply(
          500,
          'Something went wrong on our side. Please try again.',
          'internal',
        );
        await send(req, res, reply, { compress: false, security: security.public });
      } else res.destroy();
      status = 500;
    }
    log.debug('request', {
      method: request.method,
      path: rawPath,
      status,
      ms: Date.now() - started,
    });
  }

  return http.createServer((req, res) => void handle(req, res));
}

/** What S3 answers for a missing key when CloudFront may list the bucket: 404 NoSuchKey. */
function s3NotFound(): OriginReply {
  return {
    status: 404,
    headers: { 'content-type': 'application/xml' },
    body: Buffer.from(
      '<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>NoSuchKey</Code><Message>The specified key does not exist.</Message></Error>',
    ),
  };
}
