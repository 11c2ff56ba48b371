import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Redirect } from '@agency/shared';
import type { TestStack } from './harness';
import { stackForFile } from './stack-for-file';
import { startTestEdge, type TestEdge } from './support/test-edge';

// Issue 32, items 1 and 7, as an editor meets them: redirects made through the API (real stand-ins)
// and answered by the local edge running the CloudFront Function over the KeyValueStore stand-in.

let stack: TestStack;
let token = '';
const PAGE_PATHS = ['/', '/about', '/services', '/blog', '/blog/*', '/sitemap.xml', '/rss.xml'];
const APP_PATHS = ['/creative-login', '/admin', '/admin/*'];
stackForFile((started) => ({ stack, token } = started), {
  signInAdmin: true,
  pagePaths: [...PAGE_PATHS, ...APP_PATHS],
});

const ASSET = '/assets/boot-Ab12Cd34.js';
/** Entries the store holds that the API would never write: the edge must not answer them either. */
const planted = new Map<string, string>();
let edge: TestEdge;
let base = '';

beforeAll(async () => {
  edge = await startTestEdge(stack, {
    files: {
      'index.html': '<title>Home</title>',
      'about/index.html': '<title>About</title>',
      'services/index.html': '<title>Services</title>',
      '404/index.html': '<title>Not found</title>',
      'spa.html': '<title>Admin</title>',
      'robots.txt': 'User-agent: *\n',
      [ASSET.slice(1)]: 'console.log("boot")',
    },
    sitePages: {
      prerendered: ['/', '/about', '/services'],
      rendered: ['/blog', '/blog/*', '/sitemap.xml', '/rss.xml'],
      app: APP_PATHS,
      notFound: '/404',
    },
    redirects: (key) => planted.get(key) ?? stack.standIns.redirectStore.get(key),
  });
  base = edge.base;
});

afterAll(async () => {
  await edge.stop();
});

const create = (json: Record<string, unknown>) => stack.invoke('createRedirect', { token, json });
const errorOf = (json: unknown) => json as { error: string; field?: string; code?: string };

/** What the edge answers a viewer's GET (the path sent as written: a browser's escapes, or a client's). */
async function visit(url: string) {
  const res = await fetch(`${base}${url}`, { redirect: 'manual' });
  await res.arrayBuffer();
  return { status: res.status, location: res.headers.get('location') ?? undefined };
}

/** A Location a browser can follow: visible ASCII only, a valid URL against the site. */
const sendable = (location: string | undefined): string => {
  expect(location).toMatch(/^[\x21-\x7e]+$/);
  return new URL(location ?? '', base).href;
};

describe('non-ASCII addresses (item 7)', () => {
  it('serves every example with an ASCII Location the browser resolves to the intended page', async () => {
    const examples: [from: string, to: string, intended: string][] = [
      ['/to-emoji', '/🎉-sale', `${base}/%F0%9F%8E%89-sale`],
      ['/tamil-offer', '/ta/சலுகை', `${base}/ta/%E0%AE%9A%E0%AE%B2%E0%AF%81%E0%AE%95%E0%AF%88`],
      ['/to-cafe', '/café', `${base}/caf%C3%A9`],
      ['/to-idn', 'https://例え.jp/パス', 'https://xn--r8jz45g.jp/%E3%83%91%E3%82%B9'],
      ['/to-cafe-decomposed', '/cafe\u0301?q=thé#Début', `${base}/caf%C3%A9?q=th%C3%A9#D%C3%A9but`],
    ];
    for (const [from, to, intended] of examples) {
      const res = await create({ from, to, status: 302 });
      expect(res.status, res.body).toBe(201);
      const saved = (res.json as { data: Redirect }).data;
      const answer = await visit(from);
      expect(answer.status, from).toBe(302);
      expect(sendable(answer.location), from).toBe(intended);
      // The stored target is the Location sent; the page it names is the one the editor typed.
      expect(saved.to).toBe(answer.location);
      if (to.startsWith('/')) {
        const typed = (to.split(/[?#]/)[0] ?? '').normalize('NFC');
        expect(decodeURIComponent(new URL(answer.location ?? '', base).pathname), from).toBe(typed);
      }
    }
    // The browser follows it and asks for the page in UTF-8 (not Latin-1 `/caf%E9`).
    const followed = await fetch(`${base}/to-cafe`);
    expect(new URL(followed.url).pathname).toBe('/caf%C3%A9');
  });

  it('matches a source whatever the spelling of its address: case, escapes, NFC, unreserved characters', async () => {
    const sources: [typed: string, key: string, spellings: string[]][] = [
      [
        '/CAF%C3%89-offer',
        '/caf%C3%A9-offer',
        ['/caf%C3%A9-offer', '/CAF%C3%89-OFFER', '/cafe%CC%81-offer', '/caf%c3%a9-offer/'],
      ],
      ['/ÉTÉ', '/%C3%A9t%C3%A9', ['/%C3%89T%C3%89', '/%C3%A9t%C3%A9', '/%C3%89t%C3%A9/']],
      ['/%7Euser', '/~user', ['/~user', '/%7Euser', '/%7euser', '/~USER']],
      ['/a%2Fb', '/a%2Fb', ['/a%2Fb', '/A%2fB']],
    ];
    for (const [typed, key, spellings] of sources) {
      const res = await create({ from: typed, to: '/about', status: 301 });
      expect(res.status, res.body).toBe(201);
      expect((res.json as { data: Redirect }).data.from).toBe(key);
      expect(stack.standIns.redirectStore.get(key)).toBe('301 /about');
      for (const url of spellings)
        expect(await visit(url), `${typed} as ${url}`).toEqual({ status: 301, location: '/about' });
    }
    // `%2F` is not `/`: the other address is not redirected.
    expect((await visit('/a/b')).status).toBe(404);
    // A duplicate in another spelling is the same source.
    const again = await create({ from: '/Cafe\u0301-Offer/', to: '/services', status: 301 });
    expect(again.status).toBe(409);
    expect(errorOf(again.json).field).toBe('from');
  });

  it('refuses with 400 at the field what cannot be sent as a Location, or would leave the site', async () => {
    const targets = [
      '/\u0001/x',
      '/x\u200by',
      '/。evil',
      '/x\u202egnp.exe',
      '/\ufeffx',
      '//evil.example/x',
      '/\\evil.example/x',
      '/a/../../evil',
      'https://evil。example/',
      'https://ｅｖｉｌ.example/',
      'https://site.example@evil.example/',
      'http://evil.example/',
    ];
    for (const to of targets) {
      const res = await create({ from: '/bad-target', to, status: 301 });
      expect(res.status, JSON.stringify(to)).toBe(400);
      expect(errorOf(res.json).field, JSON.stringify(to)).toBe('to');
    }
    for (const from of [
      '/x\u200by',
      '/\u0007bell',
      '/a/./b',
      '/%2E%2E/x',
      '/。x',
      '/0/\ufeff',
      '\u00a0/x',
    ]) {
      const res = await create({ from, to: '/about', status: 301 });
      expect(res.status, JSON.stringify(from)).toBe(400);
      expect(errorOf(res.json).field, JSON.stringify(from)).toBe('from');
    }
    const zeroWidth = await create({ from: '/ok-source', to: '/x\u200by', status: 301 });
    expect(errorOf(zeroWidth.json).error).toMatch(/U\+200B/);
    expect(stack.standIns.redirectStore.get('/bad-target')).toBeUndefined();
  });
});

describe('reserved sources (item 1)', () => {
  it('refuses a source the site itself serves, the API, the admin or sign-in with 409 naming why', async () => {
    const cases: [from: string, why: RegExp][] = [
      [ASSET, /is a file the site itself serves \(its scripts and styles\)/],
      ['/assets/index-Ab12Cd34.css', /its scripts and styles/],
      ['/ASSETS/boot-Ab12Cd34.js', /its scripts and styles/],
      ['/%61ssets/boot-Ab12Cd34.js', /its scripts and styles/],
      ['/media/images/x/480.avif', /images/],
      ['/robots.txt', /is a file the site itself serves/],
      ['/sitemap.xml', /is a file the site itself serves/],
      ['/rss.xml', /is a file the site itself serves/],
      ['/favicon.ico', /is a file the site itself serves/],
      ['/.well-known/security.txt', /well-known/],
      ['/404', /not-found page/],
      ['/api/user/redirects', /API/],
      ['/api', /API/],
      ['/admin', /admin area/],
      ['/admin/redirects', /admin area/],
      ['/creative-login', /sign-in page/],
    ];
    for (const [from, why] of cases) {
      const res = await create({ from, to: 'https://evil.example/x', status: 301 });
      expect(res.status, `${from}: ${res.body}`).toBe(409);
      expect(errorOf(res.json).field, from).toBe('from');
      expect(errorOf(res.json).error, from).toMatch(why);
    }
    // Beside them, addresses are free.
    for (const from of ['/assets-old', '/robots', '/administrator', '/media-kit']) {
      const res = await create({ from, to: '/about', status: 301 });
      expect(res.status, `${from}: ${res.body}`).toBe(201);
    }
  });

  it('never redirects them at the edge, whatever the store holds', async () => {
    for (const key of [ASSET, '/robots.txt', '/404', '/admin', '/creative-login', '/index.html'])
      planted.set(key.toLowerCase(), '301 https://evil.example/');
    try {
      expect(await visit(ASSET)).toEqual({ status: 200, location: undefined });
      expect(await visit('/robots.txt')).toEqual({ status: 200, location: undefined });
      expect(await visit('/404')).toEqual({ status: 404, location: undefined });
      expect(await visit('/admin')).toEqual({ status: 200, location: undefined });
      expect(await visit('/creative-login')).toEqual({ status: 200, location: undefined });
      expect(await visit('/index.html')).toEqual({ status: 200, location: undefined });
    } finally {
      planted.clear();
    }
  });
});
