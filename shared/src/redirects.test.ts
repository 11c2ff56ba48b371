import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createEdge } from './edge/edge-router';
import {
  isRedirectTarget,
  isSitePath,
  normaliseRedirectPath,
  normaliseTarget,
  parseRedirectValue,
  redirectValue,
  referrerHost,
  targetKey,
} from './redirects';

const PAGES = { prerendered: ['/'], rendered: [], app: [], notFound: '/404', thirdParties: {} };

describe('redirect paths', () => {
  it('normalises a source to the key the edge looks up', () => {
    expect(normaliseRedirectPath('/Old-Page/')).toBe('/old-page');
    expect(normaliseRedirectPath('//a///b//')).toBe('/a/b');
    expect(normaliseRedirectPath('/')).toBe('/');
    expect(normaliseRedirectPath('/Café')).toBe('/caf%c3%a9');
    expect(normaliseRedirectPath('/caf%C3%A9')).toBe('/caf%c3%a9');
    expect(normaliseRedirectPath('/100%')).toBe('/100%');
    expect(normaliseRedirectPath('/a/./b/../c')).toBe('/a/c');
    expect(normaliseRedirectPath('/[x]|^')).toBe('/[x]|^');
  });

  it('tells site paths and targets from the rest', () => {
    expect(['/a', '/a/b.pdf', '/'].every(isSitePath)).toBe(true);
    expect(['a', '//x', '/a?b', '/a#b', '/a b', 'https://x.example/'].some(isSitePath)).toBe(false);
    expect(['/a?b=c#d', 'https://x.example/y?z'].every(isRedirectTarget)).toBe(true);
    for (const bad of ['http://x.example/', '//x.example', 'javascript:alert(1)', 'ftp://x', 'x'])
      expect(isRedirectTarget(bad), bad).toBe(false);
    expect(normaliseTarget('/a/?q=1')).toBe('/a?q=1');
    expect(targetKey('/A/?q=1#x')).toBe('/a');
    expect(targetKey('https://x.example/a')).toBeNull();
  });

  it('reads back the values it writes, and nothing else', () => {
    expect(parseRedirectValue(redirectValue(308, '/x?y=1'))).toEqual({ status: 308, to: '/x?y=1' });
    expect(parseRedirectValue('303 /x')).toBeNull();
    expect(parseRedirectValue('{"to":"/x"}')).toBeNull();
  });

  it('keeps only the host of a referrer', () => {
    expect(referrerHost('https://News.Example/story?id=1')).toBe('news.example');
    expect(referrerHost('android-app://x')).toBeNull();
    expect(referrerHost('not a url')).toBeNull();
    expect(referrerHost(undefined)).toBeNull();
  });
});

describe('redirect paths: properties', () => {
  const segment = fc
    .string({ unit: 'grapheme', minLength: 1, maxLength: 12 })
    .filter((s) => !/[/?#\\\s%]/.test(s));
  const sitePath = fc
    .array(segment, { minLength: 1, maxLength: 4 })
    .chain((parts) => fc.boolean().map((slash) => `/${parts.join('/')}${slash ? '/' : ''}`));

  it('normalising twice is normalising once', () => {
    fc.assert(
      fc.property(sitePath, (p) => {
        const once = normaliseRedirectPath(p);
        expect(normaliseRedirectPath(once)).toBe(once);
      }),
    );
  });

  it('the edge finds a redirect stored under a source by the address a browser sends for it, whatever its case and slash', async () => {
    await fc.assert(
      fc.asyncProperty(sitePath, async (p) => {
        const key = normaliseRedirectPath(p);
        const edge = createEdge(PAGES, (k) => (k === key ? '301 /found' : undefined));
        // What a browser puts on the wire for that path, in upper case for good measure.
        const sent = new URL(p, 'https://site.example').pathname.toUpperCase();
        const out = await edge.fn.viewerRequest({
          version: '1.0',
          context: { eventType: 'viewer-request' },
          viewer: { ip: '203.0.113.7' },
          request: { method: 'GET', uri: sent, querystring: {}, headers: {}, cookies: {} },
        });
        if (!('response' in out)) throw new Error(`${sent} (key ${key}) was not redirected`);
        expect(out.response.headers.location?.value).toBe('/found');
      }),
      { numRuns: 200 },
    );
  });
});
