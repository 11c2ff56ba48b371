import { copyFile, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import type { S3Event } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOT_FOUND_LOG, type NotFoundEntry } from '@agency/shared';
import { triggerFunction } from '../bundling/functions';
import { createEdge, viewerRequestEvent, type SitePages } from '@agency/shared/edge';
import {
  CLOUDFRONT_LOG_HEADER,
  logField,
  NOT_FOUND_KEY,
} from '../src/modules/not-found/domain/access-log';
import type { AccessLogSummary } from '../src/modules/not-found/domain/not-found-log';
import { LocalAccessLog, objectCreatedEvent } from '../src/local/edge-server/access-log';
import { createLocalServer } from '../src/local/edge-server/server';
import { functionModule, loadHandlerExport } from '../src/local/functions/handler-modules';
import { renderHandlerLoader } from '../src/local/functions/render';
import { LOCAL_NAMES } from '../src/local/provisioning/provision';
import { LOCAL_DISTRIBUTION_ID } from '../src/local/stand-ins/cloudfront-api';
import type { TestStack } from './harness';
import { stackForFile } from './stack-for-file';

/**
 * Issue 32, item 10: the 404 log holds only what the edge answered 404. The local edge writes
 * CloudFront's standard log lines to the access-log bucket, and each file written runs the 404 log's
 * job (`record-not-found`) as the bucket's event notification does in AWS; the public report call
 * that trusted any visitor's word is gone.
 */
let stack: TestStack;
let token = '';
stackForFile((started) => ({ stack, token } = started), { signInAdmin: true });

/** The job as the local stack runs it: the function's `handler` (source, or its bundle). */
const recordNotFound = async (event: S3Event) =>
  (await (
    await loadHandlerExport(functionModule(triggerFunction('record-not-found')))
  )(event, {})) as AccessLogSummary[];

const SITE_PAGES: SitePages = {
  prerendered: ['/'],
  rendered: ['/blog', '/blog/*'],
  app: [],
  notFound: '/404',
  thirdParties: {},
};
let edge: Server;
let base = '';
let dir = '';
let accessLog: LocalAccessLog;
const saved = new Map<string, string | undefined>();
const WEB_ROOT = path.resolve(import.meta.dirname, '..', '..', 'web');
/** The files the local edge wrote, and what the job made of each. */
const written: { event: S3Event; summaries: AccessLogSummary[] }[] = [];

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'not-found-log-'));
  const webDist = path.join(dir, 'dist');
  await mkdir(path.join(webDist, '404'), { recursive: true });
  await writeFile(path.join(webDist, 'index.html'), '<!doctype html><title>Home</title>');
  await writeFile(
    path.join(webDist, '404', 'index.html'),
    '<!doctype html><title>Not found</title>',
  );
  // The render function's blog pages need the shell and the web build's manifest (as in
  // support/render-server.ts).
  await mkdir(path.join(webDist, '.vite'), { recursive: true });
  await writeFile(
    path.join(webDist, 'spa.html'),
    `<!doctype html><html lang="en"><head><meta charset="UTF-8" /><title>Shell</title>
<script type="application/json" id="app-modules">[]</script></head><body><div id="root"></div></body></html>`,
  );
  await copyFile(
    path.join(WEB_ROOT, 'dist', '.vite', 'manifest.json'),
    path.join(webDist, '.vite', 'manifest.json'),
  );
  accessLog = new LocalAccessLog({
    s3: stack.clients.s3,
    bucket: LOCAL_NAMES.accessLogBucket,
    distributionId: LOCAL_DISTRIBUTION_ID,
    flushMs: 250,
    notify: async (event) => {
      written.push({ event, summaries: await recordNotFound(event) });
    },
  }).start();
  edge = createLocalServer({
    webDist,
    sitePages: SITE_PAGES,
    media: { s3: stack.clients.s3, bucket: stack.env.MEDIA_BUCKET },
    renderHandler: renderHandlerLoader({
      entry: path.join(WEB_ROOT, 'src/server/render-handler.ts'),
      outDir: path.join(dir, 'render'),
      webRoot: WEB_ROOT,
    }),
    accessLog,
  });
  await new Promise<void>((resolve) => edge.listen(0, '127.0.0.1', resolve));
  const address = edge.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  base = `http://127.0.0.1:${address.port}`;
  // The render function reads the API through this edge, as render-server.ts sets it up.
  for (const [k, v] of Object.entries({
    API_ORIGIN: base,
    SITE_URL: 'https://agency.test',
    WEB_DIST: webDist,
  })) {
    saved.set(k, process.env[k]);
    process.env[k] = v;
  }
});
afterAll(async () => {
  for (const [k, v] of saved) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
  await accessLog?.stop();
  await new Promise((resolve) => edge?.close(resolve));
  await rm(dir, { recursive: true, force: true });
});

const log = async (): Promise<NotFoundEntry[]> => {
  const res = await stack.invoke('listNotFound', { token, query: { page: 1 } });
  expect(res.status, res.body).toBe(200);
  return (res.json as { results: NotFoundEntry[] }).results;
};

/** The log once `ready` holds of it (the edge's next flush and the job), within 10 s. */
async function logWhen(ready: (entries: NotFoundEntry[]) => boolean): Promise<NotFoundEntry[]> {
  const until = Date.now() + 10_000;
  for (;;) {
    const entries = await log();
    if (ready(entries) || Date.now() > until) return entries;
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** A visitor's request through the local edge. */
const visit = (at: string, init: RequestInit = {}) =>
  fetch(`${base}${at}`, { redirect: 'manual', ...init });

describe('the 404 log, from the edge’s access logs', () => {
  it('lists a missing page a visitor asked for, with the linking host only, and not a live page', async () => {
    const referer = 'https://news.example.org/2025/11/links?utm=x';
    const missing = await visit('/Summer-Sale-2025', { headers: { referer } });
    expect(missing.status).toBe(404);
    await missing.text();
    const live = await visit('/', { headers: { referer } });
    expect(live.status).toBe(200);
    await live.text();
    const head = await visit('/SUMMER-sale-2025', { method: 'HEAD' });
    expect(head.status).toBe(404);
    const entries = await logWhen((e) =>
      e.some((x) => x.path === '/summer-sale-2025' && x.count === 2),
    );
    expect(entries.find((e) => e.path === '/summer-sale-2025')).toMatchObject({
      count: 2,
      referrers: [{ host: 'news.example.org', count: 1 }],
    });
    expect(entries.map((e) => e.path)).not.toContain('/');
    expect(JSON.stringify(entries)).not.toContain('utm');
    expect(JSON.stringify(entries)).not.toContain('127.0.0.1');
    // What the edge wrote is CloudFront's file: gzip, its header, one line of 33 fields a request.
    const event = written.at(-1)?.event;
    const lines: string[] = [];
    for (const { event: e } of written) {
      const object = await stack.clients.s3.send(
        new GetObjectCommand({
          Bucket: LOCAL_NAMES.accessLogBucket,
          Key: e.Records[0]?.s3.object.key,
        }),
      );
      const bytes = await object.Body?.transformToByteArray();
      const text = bytes ? gunzipSync(bytes).toString('utf8') : '';
      expect(text.startsWith(CLOUDFRONT_LOG_HEADER)).toBe(true);
      lines.push(...text.split('\n').filter((l) => l && !l.startsWith('#')));
    }
    for (const l of lines) expect(l.split('\t')).toHaveLength(33);
    const fields = (CLOUDFRONT_LOG_HEADER.split('\n')[1] ?? '')
      .slice('#Fields: '.length)
      .split(' ');
    const liveLine = lines
      .map((l) => Object.fromEntries(l.split('\t').map((v, i) => [fields[i], v])))
      .find((f) => f['cs-uri-stem'] === '/');
    expect(liveLine).toMatchObject({
      'cs-method': 'GET',
      'sc-status': '200',
      'cs(Referer)': 'https://news.example.org/2025/11/links?utm=x',
      'sc-content-type': expect.stringMatching(/^text\/html/),
    });
    expect(event?.Records[0]?.s3.object.key).toMatch(
      new RegExp(
        `^cloudfront/${LOCAL_DISTRIBUTION_ID}\\.\\d{4}-\\d\\d-\\d\\d-\\d\\d\\.[0-9a-f]{8}\\.gz$`,
      ),
    );
  });

  it('counts a missing post once a request: the render function’s 404 reaches the log through the edge', async () => {
    for (let i = 0; i < 2; i++) {
      const post = await visit('/blog/no-such-post', {
        headers: { referer: 'https://forum.example/t/1' },
      });
      expect(post.status).toBe(404);
      expect(await post.text()).toContain('Page not found');
    }
    const entries = await logWhen((e) =>
      e.some((x) => x.path === '/blog/no-such-post' && x.count >= 2),
    );
    await accessLog.flush();
    const entry = (await log()).find((e) => e.path === '/blog/no-such-post');
    // Two requests, two hits: the render function records nothing itself (no double count).
    expect(entry).toMatchObject({ count: 2, referrers: [{ host: 'forum.example', count: 2 }] });
    expect(entries.map((e) => e.path)).not.toContain('/blog');
  }, 120_000);

  it('no longer takes reports from anyone: POST /api/not-found is 404 and records nothing', async () => {
    const posted = await visit('/api/not-found', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        path: '/call-+1-555-0100-for-refund',
        referrer: 'https://scam.example/',
      }),
    });
    expect(posted.status).toBe(404);
    expect(await posted.json()).toEqual({ message: 'Not Found' });
    // The POST itself is in the access log (a 404 of the API), which the job leaves out.
    await accessLog.flush();
    const paths = (await log()).map((e) => e.path);
    expect(paths.some((p) => p.includes('call'))).toBe(false);
    expect(paths.some((p) => p.startsWith('/api'))).toBe(false);
    expect(JSON.stringify(await log())).not.toContain('scam.example');
  });

  it('counts a log file once, however often its event comes', async () => {
    await accessLog.stop(); // the earlier lines written out; this file is flushed by hand
    const missing = await visit('/counted-once', {
      headers: { referer: 'https://partner.example/' },
    });
    expect(missing.status).toBe(404);
    await missing.text();
    // The edge logs a request once its answer is sent: flushed as soon as its line is there.
    let key: string | null = null;
    for (let i = 0; i < 100 && key === null; i++) {
      key = await accessLog.flush();
      if (key === null) await new Promise((r) => setTimeout(r, 20));
    }
    expect(key).not.toBeNull();
    const first = written.find((w) => w.event.Records[0]?.s3.object.key === key);
    expect(first?.summaries[0]).toMatchObject({ counted: 1, already: 0 });
    const before = (await log()).find((e) => e.path === '/counted-once');
    expect(before?.count).toBe(1);
    // S3 and Lambda may deliver the same object's event again (a retry after a timeout).
    const again = await recordNotFound(first?.event ?? objectCreatedEvent('', '', 0));
    expect(again[0]).toMatchObject({ counted: 0, already: 1 });
    const after = (await log()).find((e) => e.path === '/counted-once');
    expect(after).toMatchObject({ count: 1, referrers: [{ host: 'partner.example', count: 1 }] });
    accessLog.start();
  });

  /** Deliver one CloudFront log file of 404s of these paths to the access-log bucket, and count it. */
  const file = async (stems: string[]) => {
    const key = `cloudfront/${LOCAL_DISTRIBUTION_ID}.2026-11-28-03.${Math.random().toString(16).slice(2, 10)}.gz`;
    const lines = stems.map((stem) =>
      [
        '2026-11-28',
        '03:00:00',
        'LOCAL1',
        '512',
        '203.0.113.5',
        'GET',
        'localhost',
        logField(stem),
        '404',
        '-',
        'vitest',
        ...Array<string>(22).fill('-'),
      ].join('\t'),
    );
    const body = gzipSync(`${CLOUDFRONT_LOG_HEADER}${lines.join('\n')}\n`);
    await stack.clients.s3.send(
      new PutObjectCommand({ Bucket: LOCAL_NAMES.accessLogBucket, Key: key, Body: body }),
    );
    return recordNotFound(objectCreatedEvent(LOCAL_NAMES.accessLogBucket, key, body.length));
  };

  it('leaves out a path redirected since, and a dismissed one comes back only when hit again', async () => {
    await file(['/to-redirect', '/to-dismiss']);
    expect((await log()).map((e) => e.path)).toEqual(
      expect.arrayContaining(['/to-redirect', '/to-dismiss']),
    );
    const created = await stack.invoke('createRedirect', {
      token,
      json: { from: '/to-redirect', to: '/', status: 301 },
    });
    expect(created.status, created.body).toBe(201);
    const dismissed = await stack.invoke('dismissNotFound', {
      token,
      json: { path: '/to-dismiss' },
    });
    expect(dismissed.status).toBe(200);
    let paths = (await log()).map((e) => e.path);
    expect(paths).not.toContain('/to-redirect');
    expect(paths).not.toContain('/to-dismiss');
    expect(
      (await stack.invoke('dismissNotFound', { token, json: { path: '/to-dismiss' } })).status,
    ).toBe(404);
    const [summary] = await file(['/to-redirect', '/to-dismiss']);
    expect(summary).toMatchObject({ redirected: 1, counted: 1 });
    paths = (await log()).map((e) => e.path);
    expect(paths).not.toContain('/to-redirect');
    expect(paths).toContain('/to-dismiss');
  });

  it('is cleared at once after a scan, by two staff at the same moment, and a path hit again comes back', async () => {
    const scan = Array.from(
      { length: 2 * NOT_FOUND_LOG.pageSize + 7 },
      (_, i) => `/wp-scan-${i}.php`,
    );
    await file(scan);
    expect(await log()).toHaveLength(NOT_FOUND_LOG.pageSize);
    const [a, b] = await Promise.all(
      [token, token].map((t) => stack.invoke('dismissAllNotFound', { token: t })),
    );
    expect([a?.status, b?.status]).toEqual([200, 200]);
    const counts = [a, b].map(
      (r) => (JSON.parse(r?.body ?? '{}') as { data: { dismissed: number } }).data.dismissed,
    );
    expect((counts[0] ?? 0) + (counts[1] ?? 0)).toBeGreaterThanOrEqual(scan.length);
    expect(await log()).toEqual([]);
    await file([scan[0] ?? '']);
    expect((await log()).map((e) => e.path)).toEqual([scan[0]]);
  });

  it('counts a missing path whether CloudFront logs the URI the viewer sent or the one the edge function sent on, and never a marker a viewer sent', async () => {
    // Through the local edge, which logs the viewer's URI: markers sent by a viewer.
    const asked = await visit('/Spring-Deal?nf=%2Fforged-unknown', {
      headers: { referer: 'https://ads.example/' },
    });
    expect(asked.status).toBe(404);
    await asked.text();
    const live = await visit('/?nf=%2Fforged-live');
    expect(live.status).toBe(200);
    await live.text();
    for (const at of ['/404?nf=%2Fforged-404', `${NOT_FOUND_KEY}?nf=/forged-key`]) {
      const own = await visit(at);
      expect(own.status, at).toBe(301);
      expect(own.headers.get('location'), at).toBe('/404');
    }
    const entries = await logWhen((e) => e.some((x) => x.path === '/spring-deal'));
    expect(entries.find((e) => e.path === '/spring-deal')).toMatchObject({ count: 1 });
    // The same visit as the line AWS writes if it logs what the edge function sent on.
    const out = await createEdge(SITE_PAGES).fn.viewerRequest(
      viewerRequestEvent({
        method: 'GET',
        path: '/Spring-Deal',
        query: 'nf=%2Fforged-unknown',
        headers: {},
        ip: '203.0.113.5',
      }),
    );
    if (!('request' in out)) throw new Error('the edge function answered itself');
    expect(out.request.uri).toBe(NOT_FOUND_KEY);
    const query = Object.entries(out.request.querystring)
      .map(([k, v]) => `${k}=${v.value}`)
      .join('&');
    const key = `cloudfront/${LOCAL_DISTRIBUTION_ID}.2026-11-28-03.${Math.random().toString(16).slice(2, 10)}.gz`;
    const sentOn = [
      '2026-11-28',
      '03:00:00',
      'IAD89-C3',
      '2039',
      '203.0.113.5',
      'GET',
      'd111111abcdef8.cloudfront.net',
      logField(out.request.uri),
      '404',
      logField('https://ads.example/'),
      'vitest',
      logField(query),
      ...Array<string>(21).fill('-'),
    ].join('\t');
    const body = gzipSync(`${CLOUDFRONT_LOG_HEADER}${sentOn}\n`);
    await stack.clients.s3.send(
      new PutObjectCommand({ Bucket: LOCAL_NAMES.accessLogBucket, Key: key, Body: body }),
    );
    const [summary] = await recordNotFound(
      objectCreatedEvent(LOCAL_NAMES.accessLogBucket, key, body.length),
    );
    expect(summary).toMatchObject({ requests: 1, counted: 1 });
    await accessLog.flush();
    const after = await log();
    expect(after.find((e) => e.path === '/spring-deal')).toMatchObject({
      count: 2,
      referrers: [{ host: 'ads.example', count: 2 }],
    });
    expect(after.some((e) => e.path.includes('forged'))).toBe(false);
    expect(after.some((e) => e.path.startsWith('/404'))).toBe(false);
  });
});
