import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createEdge } from './edge/edge-router';
import { RESERVED_SOURCES, reservedReason, reservedSources } from './edge/reserved-sources';
import {
  canonicalAddress,
  isRedirectTarget,
  isRedirectSource,
  normaliseRedirectPath,
  normaliseTarget,
  readableAddress,
  referrerHost,
  targetKey,
  unsendableCharacter,
} from './redirects';

const PAGES = { prerendered: ['/'], rendered: [], app: [], notFound: '/404', thirdParties: {} };

describe('redirect paths', () => {
  it('normalises a source to the key the edge looks up', () => {
    expect(normaliseRedirectPath('/Old-Page/')).toBe('/old-page');
    expect(normaliseRedirectPath('//a///b//')).toBe('/a/b');
    expect(normaliseRedirectPath('/')).toBe('/');
    expect(normaliseRedirectPath('/Café')).toBe('/caf%C3%A9');
    expect(normaliseRedirectPath('/caf%c3%a9')).toBe('/caf%C3%A9');
    // A stray `%` is a character like any other: written as its escape, the same key either way.
    expect(normaliseRedirectPath('/100%')).toBe('/100%25');
    expect(normaliseRedirectPath('/100%25')).toBe('/100%25');
    expect(normaliseRedirectPath('/[x]|^')).toBe('/%5Bx%5D%7C%5E');
  });

  it('is one key for every spelling of an address: NFC, lower case, escapes, unreserved characters', () => {
    const same = (...spellings: string[]) => {
      const keys = spellings.map(normaliseRedirectPath);
      expect(new Set(keys).size, `${spellings.join(' ')} → ${keys.join(' ')}`).toBe(1);
      return keys[0];
    };
    // NFC: a precomposed é and e + combining acute are one address.
    expect(same('/café', '/cafe\u0301', '/caf%C3%A9', '/cafe%CC%81', '/CAF%C3%89', '/CAFÉ')).toBe(
      '/caf%C3%A9',
    );
    expect(same('/CAF%C3%89-offer', '/café-offer', '/Caf%c3%a9-Offer/')).toBe('/caf%C3%A9-offer');
    expect(same('/ÉTÉ', '/été', '/%C3%89T%C3%89')).toBe('/%C3%A9t%C3%A9');
    // RFC 3986: an escaped unreserved character is that character.
    expect(same('/%7E', '/~', '/%7e')).toBe('/~');
    expect(same('/%41bc', '/abc', '/ABC')).toBe('/abc');
    // Reserved characters escaped are not the same address as written plainly.
    expect(normaliseRedirectPath('/a%2Fb')).toBe('/a%2Fb');
    expect(normaliseRedirectPath('/a%2fb')).not.toBe(normaliseRedirectPath('/a/b'));
    expect(normaliseRedirectPath('/a%3Fb')).toBe('/a%3Fb');
    // Characters a browser sends escaped or not: one key.
    expect(same('/a|b', '/a%7Cb', '/a%7cb')).toBe('/a%7Cb');
    // An escape that is no UTF-8 stays as sent, its hex upper-case.
    expect(same('/caf%E9', '/CAF%e9')).toBe('/caf%E9');
    expect(normaliseRedirectPath('/%C3')).toBe('/%C3');
    expect(normaliseRedirectPath('/%C3%28')).toBe('/%C3%28');
    // Astral characters and scripts without case.
    expect(same('/🎉-Sale', '/%F0%9F%8E%89-sale')).toBe('/%F0%9F%8E%89-sale');
    expect(normaliseRedirectPath('/ta/சலுகை')).toBe(
      '/ta/%E0%AE%9A%E0%AE%B2%E0%AF%81%E0%AE%95%E0%AF%88',
    );
    // toLowerCase's own mapping: İ becomes i + combining dot, the Kelvin sign k.
    expect(normaliseRedirectPath('/İ')).toBe('/i%CC%87');
    expect(normaliseRedirectPath('/\u212A')).toBe('/k');
    // Only ASCII in a key.
    expect(normaliseRedirectPath('/ünïcödé/😀/𝒳')).toMatch(/^[\x21-\x7e]+$/);
  });

  it('keeps a target case and query, in ASCII, an international host as punycode', () => {
    expect(normaliseTarget('/🎉-sale')).toBe('/%F0%9F%8E%89-sale');
    expect(normaliseTarget('/café')).toBe('/caf%C3%A9');
    expect(normaliseTarget('/Café/?q=thé#Début')).toBe('/Caf%C3%A9?q=th%C3%A9#D%C3%A9but');
    expect(normaliseTarget('/%7Euser')).toBe('/~user');
    expect(normaliseTarget('https://例え.jp/パス')).toBe(
      'https://xn--r8jz45g.jp/%E3%83%91%E3%82%B9',
    );
    expect(normaliseTarget('https://Example.com')).toBe('https://example.com/');
    expect(normaliseTarget('/a//b/')).toBe('/a/b');
  });

  it('refuses what cannot be sent as a Location, or leaves the site as a path', () => {
    for (const bad of [
      '/\u0001/x',
      '/x\u200by',
      '/x\u202egnp.exe',
      '/x\ufeff',
      '/x\u00ady',
      '/x\u3164',
      '/。evil',
      '/x\u00a0y',
      '/\ud800',
      '//evil.example/x',
      '/\\evil.example/x',
      '/a/../b',
      '/%2e%2E/x',
      'https://evil。example/',
      'https://ｅｖｉｌ.example/',
      'https://site.example@evil.example/',
      'https://evil%2Eexample/',
      'https://x.example/\u0007',
    ])
      expect(isRedirectTarget(bad), JSON.stringify(bad)).toBe(false);
    for (const good of ['/🎉-sale', '/ta/சலுகை', '/café', 'https://例え.jp/パス', '/a?b=%20c'])
      expect(isRedirectTarget(good), good).toBe(true);
    expect(unsendableCharacter('/x\u200by')).toMatch(/U\+200B/);
    expect(unsendableCharacter('/。evil')).toMatch(/full-width dot/);
    expect(unsendableCharacter('/café')).toBeNull();
    expect(isRedirectSource('/a/./b')).toBe(false);
    expect(isRedirectSource('/%2E%2E')).toBe(false);
  });

  it('shows an address readable: visible non-ASCII decoded, the rest as stored', () => {
    expect(readableAddress('/caf%C3%A9-offer')).toBe('/café-offer');
    expect(readableAddress('/%F0%9F%8E%89-sale?q=th%C3%A9')).toBe('/🎉-sale?q=thé');
    expect(readableAddress('/a%2Fb%20c')).toBe('/a%2Fb%20c');
    expect(readableAddress('/x%E2%80%8By')).toBe('/x%E2%80%8By');
    expect(readableAddress('/caf%E9')).toBe('/caf%E9');
    expect(readableAddress('https://xn--r8jz45g.jp/%E3%83%91')).toBe('https://xn--r8jz45g.jp/パ');
  });
});

describe('reserved sources', () => {
  it('reserve the files the site serves, the API, the admin and sign-in, whatever the spelling', () => {
    const reason = (path: string) => reservedReason(normaliseRedirectPath(path));
    expect(reason('/assets/boot-Ab12Cd34.js')).toBe('asset');
    expect(reason('/ASSETS/index.css')).toBe('asset');
    expect(reason('/%61ssets/x.js')).toBe('asset');
    expect(reason('/media/images/x/480.avif')).toBe('media');
    expect(reason('/robots.txt')).toBe('file');
    expect(reason('/Favicon.ico')).toBe('file');
    expect(reason('/sitemap.xml')).toBe('file');
    expect(reason('/rss.xml')).toBe('file');
    expect(reason('/.well-known/security.txt')).toBe('well-known');
    expect(reason('/404')).toBe('not-found');
    expect(reason('/api')).toBe('api');
    expect(reason('/api/user/redirects')).toBe('api');
    expect(reason('/admin/leads')).toBe('admin');
    expect(reason('/creative-login')).toBe('sign-in');
    for (const free of ['/assets-old', '/media-kit', '/apiary', '/administrator', '/robots', '/'])
      expect(reason(free), free).toBeNull();
  });

  it("take the build's files, not-found page and app screens from its page lists", () => {
    const sources = reservedSources({
      prerendered: ['/', '/about'],
      rendered: ['/blog', '/blog/*', '/feed.atom', '/sitemap.xml'],
      app: ['/creative-login', '/admin', '/edit-blog/*'],
      notFound: '/missing',
    });
    expect(reservedReason('/feed.atom', sources)).toBe('file');
    expect(reservedReason('/missing', sources)).toBe('not-found');
    expect(reservedReason('/edit-blog/x', sources)).toBe('admin');
    expect(reservedReason('/about', sources)).toBeNull();
    expect(reservedReason('/blog', sources)).toBeNull();
    expect(sources.slice(0, RESERVED_SOURCES.length)).toEqual(RESERVED_SOURCES);
  });

  it('tells site paths and targets from the rest', () => {
    expect(['/a', '/a/b.pdf', '/'].every(isRedirectSource)).toBe(true);
    expect(['a', '//x', '/a?b', '/a#b', '/a b', 'https://x.example/'].some(isRedirectSource)).toBe(
      false,
    );
    expect(canonicalAddress('/A%7e', false)).toBe('/A~');
    expect(['/a?b=c#d', 'https://x.example/y?z'].every(isRedirectTarget)).toBe(true);
    for (const bad of ['http://x.example/', '//x.example', 'javascript:alert(1)', 'ftp://x', 'x'])
      expect(isRedirectTarget(bad), bad).toBe(false);
    expect(normaliseTarget('/a/?q=1')).toBe('/a?q=1');
    expect(targetKey('/A/?q=1#x')).toBe('/a');
    expect(targetKey('https://x.example/a')).toBeNull();
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
  // Site paths a source may be: no dot segments (browsers resolve them before they ask).
  const sitePath = fc
    .array(segment, { minLength: 1, maxLength: 4 })
    .chain((parts) => fc.boolean().map((slash) => `/${parts.join('/')}${slash ? '/' : ''}`))
    .filter(isRedirectSource);

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
