import {
  CACHE_POLICIES,
  DEFAULT_OBJECT_CACHE_CONTROL,
  RENDERED_PAGE_CACHE_CONTROL,
  STALE_IF_ERROR_SECONDS,
  STALE_WHILE_REVALIDATE_SECONDS,
} from '@agency/shared/edge';
import { describe, expect, it, vi } from 'vitest';
import { EdgeCache, invalidates, staleSeconds, ttlSeconds, type CachedReply } from './edge-cache';

const page = (cacheControl?: string, status = 200) => ({
  status,
  headers: {
    'content-type': 'text/html; charset=utf-8',
    ...(cacheControl ? { 'cache-control': cacheControl } : {}),
  },
  body: Buffer.from('<p>page</p>'),
});

describe('how long the edge keeps an answer (CloudFront’s rules, the pages policy)', () => {
  const pages = CACHE_POLICIES.pages;
  it('takes s-maxage before max-age, within the policy’s bounds', () => {
    expect(ttlSeconds(pages, 200, 'public, max-age=0, s-maxage=300')).toBe(300);
    expect(ttlSeconds(pages, 200, 'public, max-age=60')).toBe(60);
    expect(ttlSeconds(pages, 200, 'public, s-maxage=999999')).toBe(pages.ttlSeconds.max);
  });
  it('keeps no-store, no-cache and private for the minimum, an answer that says nothing for the default', () => {
    expect(ttlSeconds(pages, 503, 'no-store')).toBe(pages.ttlSeconds.min);
    expect(ttlSeconds(pages, 200, 'private')).toBe(pages.ttlSeconds.min);
    expect(ttlSeconds(pages, 200)).toBe(pages.ttlSeconds.default);
    expect(ttlSeconds(pages, 404)).toBe(10);
  });
});

describe('the edge cache', () => {
  it('keys by the path and the query parameters the policy keeps, in any order', () => {
    const cache = new EdgeCache();
    expect(cache.key('pages', '/blog', 'page=2&utm_source=x')).toBe('pages /blog?page=2');
    expect(cache.key('pages', '/blog', 'utm_source=y')).toBe('pages /blog');
    expect(cache.key('apiPublic', '/api/posts', 'b=2&a=1')).toBe('apiPublic /api/posts?a=1&b=2');
    // A managed policy's answers are not kept here.
    expect(cache.key('none', '/api/user/posts', '')).toBeNull();
  });

  it('answers a kept page with its age until its TTL runs out', () => {
    let now = 1_000_000;
    const cache = new EdgeCache(() => now);
    const key = cache.key('pages', '/blog', '') ?? '';
    expect(cache.put(key, 'pages', '/blog', page('public, max-age=0, s-maxage=300'))).toBe(true);
    now += 42_500;
    expect(cache.get(key)?.ageSeconds).toBe(42);
    now += 300_000;
    expect(cache.get(key)).toBeUndefined();
  });

  it('keeps neither an answer that must not be stored nor a server error', () => {
    const cache = new EdgeCache();
    expect(cache.put('k1', 'pages', '/blog', page('no-store', 503))).toBe(false);
    expect(cache.put('k2', 'pages', '/blog', page('public, s-maxage=300', 502))).toBe(false);
    expect(cache.size).toBe(0);
  });

  it('drops what an invalidation covers: a path with every query, or a prefix with `*`', () => {
    const cache = new EdgeCache();
    for (const [path, query] of [
      ['/blog', ''],
      ['/blog', 'page=2'],
      ['/blog/a-post', ''],
      ['/sitemap.xml', ''],
    ] as const)
      cache.put(cache.key('pages', path, query) ?? '', 'pages', path, page('s-maxage=300'));
    expect(cache.invalidate(['/blog'])).toBe(2);
    expect(cache.invalidate(['/blog*'])).toBe(1);
    expect(cache.size).toBe(1);
    expect(invalidates('/*', '/sitemap.xml')).toBe(true);
    expect(invalidates('/blog/a', '/blog/ab')).toBe(false);
  });

  it('lets the least recently used answer go first past its size', () => {
    const cache = new EdgeCache(Date.now, 2);
    const put = (path: string) =>
      cache.put(cache.key('pages', path, '') ?? '', 'pages', path, page('s-maxage=300'));
    put('/blog/a');
    put('/blog/b');
    expect(cache.get('pages /blog/a')).toBeDefined();
    put('/blog/c');
    expect(cache.size).toBe(2);
    expect(cache.get('pages /blog/b')).toBeUndefined();
    expect(cache.get('pages /blog/a')).toBeDefined();
    expect(cache.get('pages /blog/c')).toBeDefined();
  });
});

describe('stale answers (stale-while-revalidate, stale-if-error, as CloudFront honours them)', () => {
  const body = (reply: CachedReply) => reply.body?.toString();
  const html = (text: string, status = 200, cacheControl = RENDERED_PAGE_CACHE_CONTROL) => ({
    status,
    headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': cacheControl },
    body: Buffer.from(text),
  });
  /** A cache on a clock the test moves, and an origin whose next answers the test sets. */
  const setup = () => {
    const clock = { now: 1_000_000 };
    const cache = new EdgeCache(() => clock.now);
    const answers: (CachedReply | Error)[] = [];
    const fetch = vi.fn(async () => {
      const next = answers.shift();
      if (next === undefined) throw new Error('the test gave the origin no answer');
      if (next instanceof Error) throw next;
      return next;
    });
    const origin = { fetch, keep: (r: CachedReply) => r };
    const serve = () => cache.serve('pages /blog', 'pages', '/blog', origin);
    const text = async () => {
      const served = await serve();
      return served.from === 'cache'
        ? `${served.freshness}: ${body(served.reply)}`
        : `origin ${served.reply.status}: ${body(served.reply)}`;
    };
    const later = (seconds: number) => {
      clock.now += seconds * 1000;
    };
    return { cache, answers, fetch, serve, text, later };
  };

  it('reads the windows from Cache-Control, and none from an answer that must not be stored', () => {
    expect(staleSeconds(RENDERED_PAGE_CACHE_CONTROL)).toEqual({
      whileRevalidate: STALE_WHILE_REVALIDATE_SECONDS,
      ifError: STALE_IF_ERROR_SECONDS,
    });
    expect(staleSeconds(DEFAULT_OBJECT_CACHE_CONTROL)).toEqual({
      whileRevalidate: STALE_WHILE_REVALIDATE_SECONDS,
      ifError: STALE_IF_ERROR_SECONDS,
    });
    expect(staleSeconds('no-store, stale-if-error=600')).toEqual({
      whileRevalidate: 0,
      ifError: 0,
    });
    expect(staleSeconds('public, max-age=0')).toEqual({ whileRevalidate: 0, ifError: 0 });
    // The rendered pages stay five minutes fresh at the edge, whatever the stale windows say.
    expect(ttlSeconds(CACHE_POLICIES.pages, 200, RENDERED_PAGE_CACHE_CONTROL)).toBe(300);
  });

  it('answers a fresh copy without asking the origin', async () => {
    const t = setup();
    t.answers.push(html('v1'));
    expect(await t.text()).toBe('origin 200: v1');
    t.later(299);
    expect(await t.text()).toBe('fresh: v1');
    expect(t.fetch).toHaveBeenCalledTimes(1);
  });

  it('answers a stale copy at once within stale-while-revalidate, refreshing it once behind', async () => {
    const t = setup();
    t.answers.push(html('v1'));
    await t.serve();
    t.later(300 + STALE_WHILE_REVALIDATE_SECONDS - 1);
    t.answers.push(html('v2'));
    // Two viewers before the origin answers: the stale copy for both, and one refresh.
    expect(await Promise.all([t.text(), t.text()])).toEqual([
      'stale-while-revalidate: v1',
      'stale-while-revalidate: v1',
    ]);
    await t.cache.settled();
    expect(t.fetch).toHaveBeenCalledTimes(2);
    expect(await t.text()).toBe('fresh: v2');
  });

  it('keeps the stale copy when the refresh behind it fails', async () => {
    const t = setup();
    t.answers.push(html('v1'));
    await t.serve();
    t.later(301);
    t.answers.push(html('down', 503, 'no-store'));
    expect(await t.text()).toBe('stale-while-revalidate: v1');
    await t.cache.settled();
    expect(await t.text()).toBe('stale-while-revalidate: v1');
  });

  it('answers the stale copy when the origin answers 5xx or cannot be reached, within stale-if-error', async () => {
    const t = setup();
    t.answers.push(html('v1'));
    await t.serve();
    t.later(300 + STALE_WHILE_REVALIDATE_SECONDS + 1);
    t.answers.push(html('Internal Server Error', 500, 'no-store'));
    expect(await t.text()).toBe('stale-if-error: v1');
    t.answers.push(new Error('connect ECONNREFUSED'));
    expect(await t.text()).toBe('stale-if-error: v1');
    // The origin is back: its answer replaces the stale copy.
    t.answers.push(html('v2'));
    expect(await t.text()).toBe('origin 200: v2');
    expect(await t.text()).toBe('fresh: v2');
  });

  it('passes the origin’s failure on past stale-if-error', async () => {
    const t = setup();
    t.answers.push(html('v1'));
    await t.serve();
    t.later(300 + STALE_IF_ERROR_SECONDS);
    t.answers.push(html('Internal Server Error', 500, 'no-store'));
    expect(await t.text()).toBe('origin 500: Internal Server Error');
    t.answers.push(new Error('connect ECONNREFUSED'));
    await expect(t.serve()).rejects.toThrow('ECONNREFUSED');
  });

  it('serves nothing stale of what an invalidation dropped: a publish or a deploy shows at once', async () => {
    const t = setup();
    t.answers.push(html('v1'));
    await t.serve();
    t.later(301);
    expect(t.cache.invalidate(['/*'])).toBe(1);
    t.answers.push(html('v2 published'));
    expect(await t.text()).toBe('origin 200: v2 published');
    t.later(301);
    t.cache.invalidate(['/blog']);
    t.answers.push(html('Internal Server Error', 500, 'no-store'));
    expect(await t.text()).toBe('origin 500: Internal Server Error');
  });

  it('forgets the stale copy for a new answer CloudFront would not keep, not for one only the stand-in cannot hold', async () => {
    const t = setup();
    t.answers.push(html('v1'));
    await t.serve();
    t.later(300 + STALE_WHILE_REVALIDATE_SECONDS + 1);
    // A HEAD's answer (no body to keep): the copy stays.
    t.answers.push(html('', 200));
    const head = await t.cache.serve('pages /blog', 'pages', '/blog', {
      fetch: t.fetch,
      keep: () => null,
    });
    expect(head.from).toBe('origin');
    t.answers.push(html('Internal Server Error', 500, 'no-store'));
    expect(await t.text()).toBe('stale-if-error: v1');
    // The origin now forbids it: nothing stale is left to answer with.
    t.answers.push(html('Forbidden', 403, 'no-store'), html('down', 503, 'no-store'));
    expect(await t.text()).toBe('origin 403: Forbidden');
    expect(await t.text()).toBe('origin 503: down');
  });

  it('keeps an answer with no edge freshness of its own for its stale windows only', async () => {
    const t = setup();
    // The site bucket's HTML: max-age=0, so under the pages policy (minimum 0) it is stale at once.
    t.answers.push(html('v1', 200, DEFAULT_OBJECT_CACHE_CONTROL), html('v2', 200));
    await t.serve();
    expect(await t.text()).toBe('stale-while-revalidate: v1');
    await t.cache.settled();
    expect(await t.text()).toBe('fresh: v2');
    // Without stale windows nothing is kept.
    expect(t.cache.put('k', 'pages', '/x', html('x', 200, 'public, max-age=0'))).toBe(false);
  });
});
