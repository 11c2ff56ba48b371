import { createReadStream } from 'node:fs';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import { Readable, pipeline } from 'node:stream';
import zlib from 'node:zlib';
import type { S3Client } from '@aws-sdk/client-s3';
import { MAX_BODY_BYTES } from '../lib/body';
import { logger } from '../lib/logger';
import { apiGatewayEvent, decodeResult, type DecodedResult } from './apigw-event';
import { routeApi, type LoadHandler } from './api-router';
import { loadHandler as defaultLoadHandler } from './handler-modules';
import { getMedia } from './media';
import type { RenderHandler } from './render';
import { securityHeaders, type ThirdParties } from './security-headers';
import {
  contentTypeOf,
  isCompressible,
  isRenderedRoute,
  precompressedCopy,
  resolveStatic,
  type ContentCoding,
} from './static-files';

export interface LocalServerOptions {
  /** The built site (`web/dist`); a placeholder page is served while it does not exist. */
  webDist: string;
  /** The media bucket behind `/media/*`. */
  media: { s3: S3Client; bucket: string };
  /** How `/api/*` finds an operation's handler (default: import its module once). */
  loadHandler?: LoadHandler;
  /** The origin renderer of blog pages, sitemap and RSS; null or absent → static site. */
  renderHandler?: () => Promise<RenderHandler | null>;
  thirdParties?: ThirdParties;
  /** Request bodies above this answer 413 (API Gateway's limit by default). */
  maxBodyBytes?: number;
}

type Body = Buffer | Readable | null;

const log = logger.child({ service: 'local-server' });
const MIN_COMPRESS_BYTES = 1024;
const HTML_CACHE = 'no-cache';
const ASSET_CACHE = 'public, max-age=31536000, immutable';
const FILE_CACHE = 'public, max-age=86400';

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

/** The codings the client accepts, Brotli first. */
function encodingsFor(req: IncomingMessage): ContentCoding[] {
  const accepted = String(req.headers['accept-encoding'] ?? '').toLowerCase();
  return (['br', 'gzip'] as const).filter((coding) => new RegExp(`\\b${coding}\\b`).test(accepted));
}

const encodingFor = (req: IncomingMessage): ContentCoding | null => encodingsFor(req)[0] ?? null;

const BROTLI = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } };

/** Write a response with the security headers, compressing text bodies the client accepts. */
function send(
  req: IncomingMessage,
  res: ServerResponse,
  status: number,
  headers: Record<string, string>,
  body: Body,
  extra: { cookies?: string[]; third?: ThirdParties } = {},
): void {
  const out: Record<string, string | string[]> = { ...securityHeaders(extra.third), ...headers };
  if (extra.cookies && extra.cookies.length > 0) out['set-cookie'] = extra.cookies;
  const type = headers['content-type'] ?? '';
  const encoding = encodingFor(req);
  const size = Buffer.isBuffer(body)
    ? body.length
    : Number(headers['content-length'] ?? Number.POSITIVE_INFINITY);
  const compress =
    body !== null &&
    encoding !== null &&
    !headers['content-encoding'] &&
    isCompressible(type) &&
    size >= MIN_COMPRESS_BYTES &&
    status !== 204 &&
    status !== 304;
  if (isCompressible(type))
    out.vary = out.vary ? `${String(out.vary)}, accept-encoding` : 'accept-encoding';
  const head = req.method === 'HEAD';
  if (compress && encoding) {
    out['content-encoding'] = encoding;
    delete out['content-length'];
    if (Buffer.isBuffer(body)) {
      const packed =
        encoding === 'br' ? zlib.brotliCompressSync(body, BROTLI) : zlib.gzipSync(body);
      out['content-length'] = String(packed.length);
      res.writeHead(status, out);
      res.end(head ? undefined : packed);
      return;
    }
    res.writeHead(status, out);
    if (head) {
      body.destroy();
      res.end();
      return;
    }
    pipeline(
      body,
      encoding === 'br' ? zlib.createBrotliCompress(BROTLI) : zlib.createGzip(),
      res,
      () => undefined,
    );
    return;
  }
  if (Buffer.isBuffer(body)) out['content-length'] = String(body.length);
  res.writeHead(status, out);
  if (body === null || head) {
    if (body instanceof Readable) body.destroy();
    res.end();
  } else if (Buffer.isBuffer(body)) res.end(body);
  else pipeline(body, res, () => undefined);
}

/** The build's compressed copy of `file` in the first of `codings` it wrote one for. */
async function firstCopy(
  file: string,
  codings: ContentCoding[],
): Promise<{ file: string; size: number; coding: ContentCoding } | null> {
  for (const coding of codings) {
    const copy = await precompressedCopy(file, coding);
    if (copy) return { ...copy, coding };
  }
  return null;
}

const jsonError = (status: number, error: string): [number, Record<string, string>, Buffer] => [
  status,
  { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' },
  Buffer.from(JSON.stringify({ error })),
];

/**
 * One HTTP server that plays CloudFront for the local stack: `/api/*` to the Lambda handlers through
 * API Gateway v2 events, `/media/*` to the media bucket, blog pages, sitemap and RSS to the web app's
 * render handler, and everything else to the built site with the SPA fallback and 404 page.
 */
export function createLocalServer(options: LocalServerOptions): http.Server {
  const load = options.loadHandler ?? defaultLoadHandler;
  const max = options.maxBodyBytes ?? MAX_BODY_BYTES;
  const third = options.thirdParties;

  const reply = (req: IncomingMessage, res: ServerResponse, result: DecodedResult) =>
    send(req, res, result.status, result.headers, result.body, { cookies: result.cookies, third });

  async function api(
    req: IncomingMessage,
    res: ServerResponse,
    rawPath: string,
    rawQueryString: string,
  ): Promise<number> {
    const read = await readBody(req, max);
    if (!read.ok) {
      const [status, headers, body] = jsonError(
        413,
        `The request body is larger than ${Math.round(max / 1024 / 1024)} MB.`,
      );
      send(req, res, status, { ...headers, connection: 'close' }, body, { third });
      return status;
    }
    const result = await routeApi(
      {
        method: req.method ?? 'GET',
        rawPath,
        rawQueryString,
        headers: req.headers,
        body: read.body,
        sourceIp: sourceIpOf(req),
      },
      load,
    );
    reply(req, res, result);
    return result.status;
  }

  async function media(
    req: IncomingMessage,
    res: ServerResponse,
    rawPath: string,
  ): Promise<number> {
    let key: string;
    try {
      key = decodeURIComponent(rawPath.slice('/media/'.length));
    } catch {
      key = '';
    }
    const found = await getMedia(
      options.media.s3,
      options.media.bucket,
      key,
      req.headers['if-none-match'],
    );
    if (found.status === 404) {
      send(
        req,
        res,
        404,
        { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-cache' },
        Buffer.from('Not found'),
        { third },
      );
    } else send(req, res, found.status, found.headers, found.body, { third });
    return found.status;
  }

  async function render(
    req: IncomingMessage,
    res: ServerResponse,
    rawPath: string,
    rawQueryString: string,
  ): Promise<number | null> {
    const handler = await options.renderHandler?.();
    if (!handler) return null;
    const event = apiGatewayEvent({
      method: req.method ?? 'GET',
      rawPath,
      rawQueryString,
      headers: req.headers,
      sourceIp: sourceIpOf(req),
    });
    const result = decodeResult(await handler(event));
    reply(req, res, result);
    return result.status;
  }

  async function site(req: IncomingMessage, res: ServerResponse, rawPath: string): Promise<number> {
    const hit = await resolveStatic(options.webDist, rawPath);
    if (!hit) {
      send(
        req,
        res,
        200,
        { 'content-type': 'text/html; charset=utf-8', 'cache-control': HTML_CACHE },
        Buffer.from(PLACEHOLDER),
        { third },
      );
      return 200;
    }
    const type = contentTypeOf(hit.file);
    const etag = `W/"${hit.size.toString(16)}-${Math.floor(hit.mtimeMs).toString(16)}"`;
    const cache = type.startsWith('text/html')
      ? HTML_CACHE
      : rawPath.startsWith('/assets/')
        ? ASSET_CACHE
        : FILE_CACHE;
    if (hit.status === 200 && req.headers['if-none-match'] === etag) {
      send(req, res, 304, { 'cache-control': cache, etag }, null, { third });
      return 304;
    }
    // Hashed assets come with the build's Brotli and gzip copies (highest quality, compressed once),
    // which go out as they are, with their length; other text is compressed as it is sent.
    const packed =
      isCompressible(type) && hit.size >= MIN_COMPRESS_BYTES
        ? await firstCopy(hit.file, encodingsFor(req))
        : null;
    const headers: Record<string, string> = {
      'content-type': type,
      'cache-control': cache,
      etag,
      'content-length': String(packed?.size ?? hit.size),
    };
    if (packed) headers['content-encoding'] = packed.coding;
    send(req, res, hit.status, headers, createReadStream(packed?.file ?? hit.file), { third });
    return hit.status;
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const started = Date.now();
    const method = (req.method ?? 'GET').toUpperCase();
    const { rawPath, rawQueryString } = splitUrl(req.url);
    let status = 500;
    try {
      if (rawPath === '/api' || rawPath.startsWith('/api/'))
        status = await api(req, res, rawPath, rawQueryString);
      else {
        req.resume();
        if (method !== 'GET' && method !== 'HEAD') {
          send(
            req,
            res,
            405,
            { 'content-type': 'text/plain; charset=utf-8', allow: 'GET, HEAD' },
            Buffer.from('Method not allowed'),
            { third },
          );
          status = 405;
        } else if (rawPath.startsWith('/media/')) status = await media(req, res, rawPath);
        else {
          const rendered = isRenderedRoute(rawPath)
            ? await render(req, res, rawPath, rawQueryString)
            : null;
          status = rendered ?? (await site(req, res, rawPath));
        }
      }
    } catch (error) {
      log.error('local server request failed', { method, path: rawPath, error });
      if (!res.headersSent) {
        const [s, headers, body] = jsonError(
          500,
          'Something went wrong on our side. Please try again.',
        );
        send(req, res, s, headers, body, { third });
      } else res.destroy();
      status = 500;
    }
    log.debug('request', { method, path: rawPath, status, ms: Date.now() - started });
  }

  return http.createServer((req, res) => void handle(req, res));
}
