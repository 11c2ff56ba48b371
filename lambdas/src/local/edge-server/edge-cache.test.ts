import { CACHE_POLICIES } from '@agency/shared/edge';
import { describe, expect, it } from 'vitest';
import { EdgeCache, invalidates, ttlSeconds } from './edge-cache';

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
