import { describe, expect, it } from 'vitest';
import { normaliseRedirectPath } from '@agency/shared';
import {
  createEdge,
  notFoundKey,
  viewerRequestEvent,
  type CfValue,
  type SitePages,
} from '@agency/shared/edge';
import {
  askedPath,
  CLOUDFRONT_LOG_FIELDS,
  CLOUDFRONT_LOG_HEADER,
  fieldValue,
  logField,
  NOT_FOUND_KEY,
  notFoundHits,
  parseAccessLog,
} from './access-log';

/** A line as CloudFront writes it, the fields that matter here given, the rest as a real line has them. */
function line(fields: {
  method: string;
  stem: string;
  status: number;
  /** The query as logged (`-` for none). */
  query?: string;
  referer?: string;
  agent?: string;
}): string {
  return [
    '2026-11-28',
    '02:42:28',
    'IAD89-C3',
    '4512',
    '198.51.100.23',
    fields.method,
    'd111111abcdef8.cloudfront.net',
    fields.stem,
    String(fields.status),
    fields.referer ?? '-',
    fields.agent ?? 'Mozilla/5.0%20(Macintosh;%20Intel%20Mac%20OS%20X%2010_15_7)',
    fields.query ?? '-',
    '-',
    fields.status >= 400 ? 'Error' : 'Miss',
    'wj_DjzBPnoeRdlTPkcrS8ZB1DLDqc7W5ngJheEq4ZrEzbWwapzd1DA==',
    'www.agency.example',
    'https',
    '412',
    '0.338',
    '-',
    'TLSv1.3',
    'TLS_AES_128_GCM_SHA256',
    fields.status >= 400 ? 'Error' : 'Miss',
    'HTTP/2.0',
    '-',
    '-',
    '61052',
    '0.337',
    fields.status >= 400 ? 'Error' : 'Miss',
    'text/html',
    '2039',
    '-',
    '-',
  ].join('\t');
}

const FILE = [
  '#Version: 1.0',
  `#Fields: ${CLOUDFRONT_LOG_FIELDS.join(' ')}`,
  line({ method: 'GET', stem: '/services', status: 200, referer: 'https://www.google.com/' }),
  line({ method: 'GET', stem: '/old-team', status: 301 }),
  line({
    method: 'GET',
    stem: '/Summer-Sale-2025/',
    status: 404,
    referer: 'https://news.example.org/2025/11/links?utm=x',
  }),
  line({ method: 'HEAD', stem: '/summer-sale-2025', status: 404 }),
  line({ method: 'POST', stem: '/summer-sale-2025', status: 404 }),
  // A request for /café-menu (the browser sends /caf%C3%A9-menu; CloudFront logs `%` as `%25`).
  line({
    method: 'GET',
    stem: '/caf%25C3%25A9-menu',
    status: 404,
    referer: 'http://blog.example/a%20b',
  }),
  line({ method: 'GET', stem: '/blog/gone-post', status: 404, referer: '-' }),
  line({ method: 'GET', stem: '/admin/team', status: 404 }),
  line({ method: 'GET', stem: '/api/not-found', status: 404 }),
  line({ method: 'GET', stem: '/assets/boot-abc123.js', status: 404 }),
  line({ method: 'GET', stem: '/media/images/x.webp', status: 404 }),
  line({ method: 'GET', stem: '/favicon.ico', status: 404 }),
  '',
].join('\n');

describe('CloudFront standard log lines', () => {
  it('read method, path, status and referrer of each line, one level of percent-encoding undone', () => {
    const requests = parseAccessLog(FILE);
    expect(requests).toHaveLength(12);
    expect(requests[0]).toEqual({
      method: 'GET',
      path: '/services',
      status: 200,
      referrer: 'https://www.google.com/',
    });
    expect(requests[1]).toMatchObject({ status: 301, referrer: null });
    expect(requests[5]).toEqual({
      method: 'GET',
      path: '/caf%C3%A9-menu',
      status: 404,
      referrer: 'http://blog.example/a b',
    });
  });

  it('count only GET and HEAD answered 404 for site addresses, keyed as redirects are, with the referrer host alone', () => {
    const hits = notFoundHits(parseAccessLog(FILE));
    expect(Object.fromEntries([...hits].map(([p, h]) => [p, Object.fromEntries(h)]))).toEqual({
      '/summer-sale-2025': { 'news.example.org': 1, null: 1 },
      // The key a redirect from /café-menu has (the redirect keys' normalisation).
      [normaliseRedirectPath('/café-menu')]: { 'blog.example': 1 },
      '/blog/gone-post': { null: 1 },
    });
  });

  it('follow the #Fields line when a file orders or leaves out fields differently', () => {
    const text = [
      '#Version: 1.0',
      '#Fields: sc-status cs-uri-stem cs-method',
      '404\t/moved\tGET',
      '200\t/here\tGET',
      'garbage',
    ].join('\n');
    expect(parseAccessLog(text)).toEqual([
      { method: 'GET', path: '/moved', status: 404, referrer: null },
      { method: 'GET', path: '/here', status: 200, referrer: null },
    ]);
  });

  it('write a field as CloudFront does, which reads back the same', () => {
    for (const value of ['/caf%C3%A9 menu\there', 'Mozilla/5.0 (X11)', '/ta/சலுகை', '/a%2Fb'])
      expect(fieldValue(logField(value))).toBe(value);
    expect(logField('/caf%C3%A9')).toBe('/caf%25C3%25A9');
    expect(logField('a b\tc\nd')).toBe('a%20b%09c%0Ad');
    expect(logField(undefined)).toBe('-');
    expect(fieldValue('-')).toBeNull();
    expect(CLOUDFRONT_LOG_HEADER.split('\n')[1]?.split(' ')).toHaveLength(34);
  });
});

/** Per path, per referrer host, as plain objects. */
const counted = (text: string) =>
  Object.fromEntries(
    [...notFoundHits(parseAccessLog(text))].map(([p, h]) => [p, Object.fromEntries(h)]),
  );
const file = (...lines: string[]) => [CLOUDFRONT_LOG_HEADER, ...lines, ''].join('\n');

describe('the path a 404 line asked for, whichever URI CloudFront logs', () => {
  const pages: SitePages = {
    prerendered: ['/', '/about'],
    rendered: ['/blog', '/blog/*'],
    app: ['/admin'],
    notFound: '/404',
    thirdParties: {},
  };
  const edge = createEdge(pages, (key) => (key === '/retired' ? 'gone' : undefined));
  /**
   * The line CloudFront writes for a viewer's request if it logs the URI the edge function sent on:
   * the function's URI as the stem, its query as the query (the answer's status given).
   */
  const sentOnLine = async (url: string, status: number) => {
    const [uri = '/', query = ''] = url.split(/\?(.*)/s);
    const out = await edge.fn.viewerRequest(
      viewerRequestEvent({ method: 'GET', path: uri, query, headers: {}, ip: '198.51.100.23' }),
    );
    if (!('request' in out)) return { answered: out.response.statusCode, line: null };
    const values = Object.entries(out.request.querystring).flatMap(([k, v]: [string, CfValue]) =>
      (v.multiValue ?? [v]).map((m) => `${k}=${m.value}`),
    );
    return {
      answered: null,
      line: line({
        method: 'GET',
        stem: logField(out.request.uri),
        query: logField(values.join('&')),
        status,
      }),
    };
  };

  it('is the not-found key the edge definition has', () => {
    expect(NOT_FOUND_KEY).toBe(notFoundKey(pages));
  });

  it('counts a missing path the same from the stem the viewer sent and from the marker of the one the function sent on', async () => {
    for (const path of [
      '/Summer-Sale-2025',
      '/caf%C3%A9-menu',
      '/a&b=c+d',
      '/100%25-off',
      '/retired',
    ]) {
      const sentOn = await sentOnLine(`${path}?utm=x&nf=%2Fforged`, 404);
      expect(sentOn.line, path).not.toBeNull();
      // The function sent on the not-found key with the marker alone.
      expect(sentOn.line?.split('\t')[7], path).toBe(NOT_FOUND_KEY);
      expect(sentOn.line?.split('\t')[11], path).toMatch(/^nf=%252F[^&]*$/);
      const asked = line({
        method: 'GET',
        stem: logField(path),
        query: 'utm=x&nf=%252Fforged',
        status: 404,
      });
      const key = normaliseRedirectPath(path);
      expect(counted(file(asked)), path).toEqual({ [key]: { null: 1 } });
      expect(counted(file(sentOn.line ?? '')), path).toEqual({ [key]: { null: 1 } });
    }
  });

  it('never counts a marker a viewer sent: a live page answers 200, another path counts its stem, the not-found page answers it 301', async () => {
    const forged = logField('nf=%2Fforged');
    // A live page with a marker: answered 200 (either URI), never counted.
    const live = await sentOnLine('/about?nf=%2Fforged', 200);
    expect(live.line?.split('\t')[7]).toBe('/about/index.html');
    expect(
      counted(
        file(live.line ?? '', line({ method: 'GET', stem: '/about', query: forged, status: 200 })),
      ),
    ).toEqual({});
    // An unknown path with a marker: its own stem is what counts when the viewer's URI is logged.
    expect(
      counted(file(line({ method: 'GET', stem: '/nope', query: forged, status: 404 }))),
    ).toEqual({ '/nope': { null: 1 } });
    // The not-found page asked with a marker is answered 301 by the function: nothing to count.
    for (const url of ['/404?nf=%2Fforged', `${NOT_FOUND_KEY}?nf=%2Fforged`, '/404?nf=/forged']) {
      expect((await sentOnLine(url, 404)).answered, url).toBe(301);
      const [stem = ''] = url.split('?');
      expect(
        counted(
          file(line({ method: 'GET', stem, query: logField(url.split('?')[1]), status: 301 })),
        ),
        url,
      ).toEqual({});
    }
  });

  it('reads the marker only on the not-found page, exact and naming a site path, else leaves the line out', () => {
    expect(askedPath('/404/index.html', 'nf=%2Fspring')).toBe('/spring');
    expect(askedPath('/404', 'nf=%2Fspring')).toBe('/spring');
    expect(askedPath('/spring', 'nf=%2Fother')).toBe('/spring');
    expect(askedPath('/404/INDEX.HTML', 'nf=%2Fspring')).toBe('/404/INDEX.HTML');
    for (const query of [
      null,
      'utm=x',
      'nf=spring',
      'nf=%2Fa&nf=%2Fb',
      'nf=%2Fa&utm=x',
      'nf=%E0%A4%A',
      'NF=%2Fa',
      'n%66=%2Fa',
      'nf=',
    ])
      expect(askedPath(NOT_FOUND_KEY, query), String(query)).toBe(NOT_FOUND_KEY);
    // Without a usable marker the not-found page is reserved: the line counts for nothing.
    const lines = [null, 'nf=spring', 'nf=%252Fapi%252Fx', 'nf=%252F404', 'nf=%252Fadmin'].map(
      (q) => line({ method: 'GET', stem: NOT_FOUND_KEY, query: q ?? '-', status: 404 }),
    );
    expect(counted(file(...lines))).toEqual({});
  });
});
