import type { Server } from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPath, ORIGIN_VERIFY_HEADER } from '@agency/shared';
import { VIEWER_IP_HEADER } from '@agency/shared/edge';
import { NOT_THROUGH_EDGE } from '../../src/platform/http';
import { apiGatewayEvent } from '../../src/local/edge-server/apigw-event';
import { createLocalServer } from '../../src/local/edge-server/server';
import type { RenderHandler } from '../../src/local/functions/render';
import { auditOf } from '../accounts/support';
import { webRenderFunction, type TestStack } from '../harness';
import { SETTINGS, validBlock } from '../pages/fixture';
import { stackForFile } from '../stack-for-file';

/**
 * Probe 3 of the security review: whoever called the execute-api address directly could send a
 * `true-client-ip` of their choice, pass the per-IP limits and write false addresses into the
 * audit trail. Now every function answers only a request carrying CloudFront's origin secret, and
 * reads the viewer's address only then; the local edge server adds both, as CloudFront does.
 */
let stack: TestStack;
stackForFile((started) => ({ stack } = started));

let edge: Server;
let base = '';
let dir = '';
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'one-door-'));
  edge = createLocalServer({
    webDist: path.join(dir, 'dist'),
    media: { s3: stack.clients.s3, bucket: stack.env.MEDIA_BUCKET },
  });
  await new Promise<void>((resolve) => edge.listen(0, '127.0.0.1', resolve));
  const address = edge.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  base = `http://127.0.0.1:${address.port}`;
});
afterAll(async () => {
  await new Promise((resolve) => edge?.close(resolve));
  await rm(dir, { recursive: true, force: true });
});

const FORGED_IP = '198.51.100.66';
const refused = { error: NOT_THROUGH_EDGE, code: 'forbidden' };

describe('one door in: the API answers only through the edge', () => {
  it('refuses a direct call without the origin header (403), public or staff, and answers nothing else', async () => {
    const health = await stack.request('GET', buildPath('getHealth'), { direct: true });
    expect(health.status).toBe(403);
    expect(health.json).toEqual(refused);
    const login = await stack.invoke('login', {
      direct: true,
      json: { email: stack.adminEmail, password: stack.adminPassword },
    });
    expect(login.status).toBe(403);
    expect(login.cookies).toEqual([]);
    const staff = await stack.invoke('listLeads', {
      direct: true,
      token: await stack.adminToken(),
    });
    expect(staff.status).toBe(403);
  });

  it('refuses a direct call with a forged viewer IP and no origin header, or a guessed one (403)', async () => {
    const attempts: Record<string, string>[] = [
      { [VIEWER_IP_HEADER]: FORGED_IP },
      { [VIEWER_IP_HEADER]: FORGED_IP, [ORIGIN_VERIFY_HEADER]: 'guessed' },
      { [VIEWER_IP_HEADER]: FORGED_IP, [ORIGIN_VERIFY_HEADER]: '' },
    ];
    for (const headers of attempts) {
      const res = await stack.invoke('login', {
        direct: true,
        headers,
        json: { email: stack.adminEmail, password: 'Wrong-Passw0rd!2024' },
      });
      expect(res.status, JSON.stringify(headers)).toBe(403);
    }
    // Refused before anything ran: no failed sign-in was recorded from the forged address.
    const records = await auditOf(stack, stack.adminEmail);
    expect(records.filter((r) => r.ip === FORGED_IP)).toEqual([]);
  });

  it('answers through the edge, which replaces a forged viewer IP and origin header; the trail records the edge’s address', async () => {
    const health = await fetch(`${base}${buildPath('getHealth')}`, {
      headers: { [VIEWER_IP_HEADER]: FORGED_IP, [ORIGIN_VERIFY_HEADER]: 'guessed' },
    });
    expect(health.status).toBe(200);
    const login = await fetch(`${base}${buildPath('login')}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [VIEWER_IP_HEADER]: FORGED_IP },
      body: JSON.stringify({ email: stack.editorEmail, password: 'Wrong-Passw0rd!2024' }),
    });
    expect(login.status).toBe(401);
    const failures = (await auditOf(stack, stack.editorEmail)).filter(
      (r) => r.action === 'login' && r.outcome === 'failure',
    );
    expect(failures.map((r) => r.ip)).toEqual(['127.0.0.1']);
  });
});

/**
 * Issue 32, item 11: the render function answered `/blog` to anyone at the execute-api address
 * (200, the full page: uncached, without the WAF or the security headers). It keeps the same door:
 * a page request without CloudFront's origin secret is refused; the page writers' direct
 * invocation (Lambda's API, not API Gateway) still renders.
 */
describe('one door in: the render function too', () => {
  let render: (event: unknown) => Promise<unknown>;
  let site: Server;
  let siteBase = '';
  beforeAll(async () => {
    const load = webRenderFunction(path.join(dir, 'render-build'));
    const loaded = await load();
    if (!loaded) throw new Error('the render function does not build');
    render = (event) => loaded(event, {});
    site = createLocalServer({
      webDist: path.join(dir, 'dist'),
      media: { s3: stack.clients.s3, bucket: stack.env.MEDIA_BUCKET },
      sitePages: {
        prerendered: [],
        rendered: ['/blog', '/blog/*', '/sitemap.xml', '/rss.xml'],
        app: [],
        notFound: '/404',
      },
      renderHandler: () => Promise.resolve(render as RenderHandler),
    });
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
    const address = site.address();
    if (address === null || typeof address === 'string') throw new Error('no port');
    siteBase = `http://127.0.0.1:${address.port}`;
  }, 180_000);
  afterAll(async () => {
    await new Promise((resolve) => site?.close(resolve));
  });

  const direct = (method: string, rawPath: string, headers: Record<string, string> = {}) =>
    render(apiGatewayEvent({ method, rawPath, headers })) as Promise<{
      statusCode: number;
      headers?: Record<string, string>;
      body?: string;
    }>;

  it('refuses a page request at the execute-api address without the origin secret, or with a wrong one (403)', async () => {
    const attempts: Record<string, string>[] = [
      {},
      { [ORIGIN_VERIFY_HEADER]: 'guessed' },
      { [ORIGIN_VERIFY_HEADER]: '' },
      { [ORIGIN_VERIFY_HEADER]: `${stack.env.ORIGIN_VERIFY}` },
    ];
    for (const rawPath of ['/blog', '/blog/some-post', '/sitemap.xml', '/rss.xml'])
      for (const method of ['GET', 'HEAD'])
        for (const headers of attempts) {
          const res = await direct(method, rawPath, headers);
          const what = `${method} ${rawPath} ${JSON.stringify(headers)}`;
          expect(res.statusCode, what).toBe(403);
          expect(res.headers?.['cache-control'], what).toBe('no-store');
          expect(JSON.parse(res.body ?? ''), what).toEqual(refused);
        }
  });

  it('answers with the origin secret, and through the edge, which adds it', async () => {
    const secret = (JSON.parse(stack.env.ORIGIN_VERIFY) as { current: string }).current;
    const res = await direct('GET', '/blog', { [ORIGIN_VERIFY_HEADER]: secret });
    expect(res.statusCode, res.body).not.toBe(403);
    const viaEdge = await fetch(`${siteBase}/blog`, {
      headers: { [ORIGIN_VERIFY_HEADER]: 'guessed' },
    });
    expect(viaEdge.status).toBe(res.statusCode);
    expect(await viaEdge.text()).toContain('<html');
  });

  it('still renders pages when the page writers invoke it directly (no API Gateway, no header)', async () => {
    const answer = (await render({
      action: 'renderPages',
      pages: [
        {
          path: '/door-test',
          title: 'Door test',
          description: 'A page rendered by a direct invocation.',
          breadcrumb: [],
          blocks: [validBlock('prose', 'p1')],
        },
      ],
      settings: SETTINGS,
    })) as { documents?: { path: string; html: string }[]; error?: string };
    expect(answer.error).toBeUndefined();
    expect(answer.documents?.map((d) => d.path)).toEqual(['/door-test']);
    expect(answer.documents?.[0]?.html).toContain('Door test');
  });
});
