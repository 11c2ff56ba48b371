import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runSmoke, SMOKE_PATHS, smokeReport } from '../scripts/smoke';

/** A stand-in site: what each path answers can be changed per test. */
const answers = new Map<
  string,
  { status: number; type: string; body: string; headers?: Record<string, string> }
>();
const seen: { method: string; url: string }[] = [];
let server: Server;
let base = '';

const page = (title: string) => ({
  status: 200,
  type: 'text/html; charset=utf-8',
  body: `<!doctype html><html lang="en"><title>${title}</title></html>`,
});

function healthy() {
  answers.clear();
  answers.set('/', {
    ...page('Home'),
    body: '<!doctype html><html lang="en"><title>Home</title><script type="module" crossorigin src="/assets/boot-1a2b.js"></script></html>',
    headers: { 'speculation-rules': '"/speculation-rules.json"' },
  });
  answers.set('/assets/boot-1a2b.js', {
    status: 200,
    type: 'text/javascript; charset=utf-8',
    body: 'export {};',
  });
  answers.set('/speculation-rules.json', {
    status: 200,
    type: 'application/speculationrules+json',
    body: JSON.stringify({ prerender: [{ where: { href_matches: '/*' } }] }),
  });
  answers.set('/sitemap.xml', {
    status: 200,
    type: 'application/xml',
    body: `<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>${base}/</loc></url><url><loc>${base}/blog</loc></url><url><loc>${base}/blog/first-post</loc></url></urlset>`,
  });
  answers.set('/blog/first-post', page('First post'));
  answers.set(SMOKE_PATHS.captchaPath, {
    status: 200,
    type: 'application/json',
    body: JSON.stringify({ parameters: { algorithm: 'PBKDF2/SHA-256' }, signature: 'abc' }),
  });
  answers.set('/creative-login', page('Sign in'));
}

beforeAll(async () => {
  server = createServer((req, res) => {
    seen.push({ method: req.method ?? '', url: req.url ?? '' });
    const answer = answers.get(new URL(req.url ?? '/', base).pathname);
    res.writeHead(answer?.status ?? 404, {
      'content-type': answer?.type ?? 'text/plain',
      ...answer?.headers,
    });
    res.end(answer?.body ?? 'not found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('the smoke checks (the canary’s steps, run after each deploy)', () => {
  it('passes a healthy site, visiting the home page, its script and speculation rules, the sitemap’s post, the enquiry challenge and the sign-in page with GETs only', async () => {
    healthy();
    seen.length = 0;
    const results = await runSmoke(base);
    expect(results.map((r) => [r.name, r.ok])).toEqual([
      ['home page', true],
      ['page script', true],
      ['speculation rules', true],
      ['sitemap', true],
      ['blog post', true],
      ['enquiry challenge', true],
      ['sign-in page', true],
    ]);
    expect(seen).toEqual(
      [
        '/',
        '/assets/boot-1a2b.js',
        '/speculation-rules.json',
        '/sitemap.xml',
        '/blog/first-post',
        SMOKE_PATHS.captchaPath,
        '/creative-login',
      ].map((url) => ({ method: 'GET', url })),
    );
    expect(SMOKE_PATHS.captchaPath).toBe('/api/captcha/challenge');
    expect(smokeReport(base, results)).toContain('all passed');
  });

  it('fails the step whose page errs or answers the wrong thing, and goes on with the rest', async () => {
    healthy();
    answers.set(SMOKE_PATHS.captchaPath, { status: 503, type: 'application/json', body: '{}' });
    answers.set('/creative-login', { status: 200, type: 'application/json', body: '{}' });
    const results = await runSmoke(base);
    const failed = results.filter((r) => !r.ok);
    expect(failed.map((r) => [r.name, r.detail])).toEqual([
      ['enquiry challenge', 'HTTP 503'],
      ['sign-in page', 'not HTML (application/json)'],
    ]);
    expect(smokeReport(base, results)).toContain('2 failed');

    healthy();
    answers.set(SMOKE_PATHS.captchaPath, {
      status: 200,
      type: 'application/json',
      body: '{"x":1}',
    });
    answers.delete('/blog/first-post');
    const broken = await runSmoke(base);
    expect(broken.filter((r) => !r.ok).map((r) => [r.name, r.detail])).toEqual([
      ['blog post', 'HTTP 404'],
      ['enquiry challenge', 'no parameters and signature in the answer'],
    ]);
  });

  it('fails when the page script is missing, or the speculation rules are served as plain JSON or not named', async () => {
    healthy();
    answers.delete('/assets/boot-1a2b.js');
    answers.set('/speculation-rules.json', {
      status: 200,
      type: 'application/json',
      body: JSON.stringify({ prerender: [] }),
    });
    const results = await runSmoke(base);
    expect(results.filter((r) => !r.ok).map((r) => [r.name, r.detail])).toEqual([
      ['page script', 'HTTP 404'],
      ['speculation rules', 'served as application/json, which browsers ignore'],
    ]);

    healthy();
    answers.set('/', page('Home'));
    const bare = await runSmoke(base);
    expect(bare.filter((r) => !r.ok).map((r) => [r.name, r.detail])).toEqual([
      ['page script', 'the home page names no script'],
      ['speculation rules', 'the home page sends no Speculation-Rules header'],
    ]);
  });

  it('reports an unreachable site and a slow one as failures instead of throwing', async () => {
    const closed = await runSmoke('http://127.0.0.1:9', { timeoutMs: 2000 });
    expect(closed.every((r) => !r.ok && r.status === 0)).toBe(true);
    healthy();
    const slow: typeof fetch = async (input, init) => {
      await new Promise((resolve) => setTimeout(resolve, 300));
      return fetch(input, init);
    };
    const results = await runSmoke(base, { fetch: slow, timeoutMs: 100 });
    expect(results[0]).toMatchObject({ name: 'home page', ok: false });
  });
});
