import { describe, expect, it } from 'vitest';
import { normaliseRedirectPath } from '@agency/shared';
import {
  CLOUDFRONT_LOG_FIELDS,
  CLOUDFRONT_LOG_HEADER,
  fieldValue,
  logField,
  notFoundHits,
  parseAccessLog,
} from './access-log';

/** A line as CloudFront writes it, the fields that matter here given, the rest as a real line has them. */
function line(fields: {
  method: string;
  stem: string;
  status: number;
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
    '-',
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
