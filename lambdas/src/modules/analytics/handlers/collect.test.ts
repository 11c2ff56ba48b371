import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { dynamoClient } from '../../../platform/aws/clients';
import { KEY_PREFIXES, TABLES } from '../../../platform/aws/tables';
import { startTestStack, type TestStack } from '../../../../test/harness';
import type { RawHit } from '../domain/ports';

const V = TABLES.visitors;
const BROWSER =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const PHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

let stack: TestStack;
let ip = 0;
const nextIp = () => `203.0.113.${(ip += 1)}`;

beforeAll(async () => {
  stack = await startTestStack();
});
afterAll(async () => {
  await stack?.stop();
});

/** Every item of the visitors table. */
async function scan(): Promise<Record<string, unknown>[]> {
  const out = await dynamoClient().send(new ScanCommand({ TableName: process.env[V.envVar] }));
  return out.Items ?? [];
}
const hits = async (): Promise<Record<string, unknown>[]> =>
  (await scan()).filter((i) => String(i[V.partitionKey]).startsWith(KEY_PREFIXES.visitors.hit));

/** One beacon call by a visitor. */
const send = (
  body: unknown,
  opts: { ua?: string; ip?: string; headers?: Record<string, string>; text?: boolean } = {},
) =>
  stack.invoke('collect', {
    body: JSON.stringify(body),
    headers: {
      'content-type': opts.text ? 'text/plain;charset=UTF-8' : 'application/json',
      'user-agent': opts.ua ?? BROWSER,
      'cloudfront-viewer-country': 'de',
      ...opts.headers,
    },
    sourceIp: opts.ip ?? nextIp(),
  });

/** The hits added by `act`. */
async function added(act: () => Promise<unknown>): Promise<RawHit[]> {
  const before = new Set((await hits()).map((h) => `${String(h.pk)}|${String(h.sk)}`));
  await act();
  return (await hits())
    .filter((h) => !before.has(`${String(h.pk)}|${String(h.sk)}`))
    .map((h) => h as unknown as RawHit);
}

beforeEach(() => vi.useRealTimers());

describe('collect', () => {
  it('stores a view with its channel, source, campaign, country and device, answering 202 with no body', async () => {
    let status = 0;
    let text = 'unset';
    const got = await added(async () => {
      const res = await send(
        {
          kind: 'view',
          path: '/services?x=1',
          utm_source: 'newsletter',
          utm_medium: 'email',
          utm_campaign: '  Spring-Sale ',
        },
        { ua: PHONE },
      );
      status = res.status;
      text = res.body;
    });
    expect(status).toBe(202);
    expect(text).toBe('');
    expect(got).toHaveLength(1);
    expect(got[0]).toMatchObject({
      kind: 'view',
      path: '/services',
      channel: 'email',
      source: 'newsletter',
      campaign: 'spring-sale',
      country: 'DE',
      device: 'mobile',
    });
    expect(got[0]?.visitor).toMatch(/^[0-9a-f]{64}$/);
  });

  it('accepts a text/plain body (sendBeacon sends one without a preflight)', async () => {
    const got = await added(async () => {
      const res = await send({ kind: 'end', path: '/about', duration_ms: 4200 }, { text: true });
      expect(res.status).toBe(202);
    });
    expect(got).toMatchObject([{ kind: 'end', path: '/about', duration_ms: 4200 }]);
  });

  it('refuses a bad body with 400 naming the field', async () => {
    const res = await send({ kind: 'view', path: 'no-slash' });
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ field: 'path' });
    const kind = await send({ kind: 'click', path: '/' });
    expect(kind.status).toBe(400);
    expect(kind.json).toMatchObject({ field: 'kind' });
  });

  it.each([
    [
      'a crawler user agent',
      { ua: 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' },
      {},
    ],
    ['a headless browser', { ua: BROWSER.replace('Chrome/', 'HeadlessChrome/') }, {}],
    ['an empty user agent', { ua: '' }, {}],
    ['an automated browser', {}, { automated: true }],
    ['a prefetch', { headers: { 'sec-purpose': 'prefetch;prerender' } }, {}],
  ])('stores %s as a bot hit only, with no visitor', async (_, opts, extra) => {
    const got = await added(async () => {
      const res = await send({ kind: 'view', path: '/', ...extra }, opts);
      expect(res.status).toBe(202);
    });
    expect(got).toHaveLength(1);
    expect(got[0]).toMatchObject({ kind: 'bot', visitor: '' });
  });

  it.each([
    ['Do Not Track', { dnt: '1' }],
    ['Global Privacy Control', { 'sec-gpc': '1' }],
  ])('stores nothing at all under %s, still answering 202', async (_, headers) => {
    const got = await added(async () => {
      const res = await send({ kind: 'view', path: '/' }, { headers });
      expect(res.status).toBe(202);
      // A bot asking not to be tracked is not even counted as a bot.
      const bot = await send({ kind: 'view', path: '/' }, { headers, ua: '' });
      expect(bot.status).toBe(202);
    });
    expect(got).toEqual([]);
  });

  it('hashes a visitor the same within a day, anew the next day, and forgets the salt after 48 h', async () => {
    const visitorAt = async (at: string): Promise<string> => {
      vi.useFakeTimers({ toFake: ['Date'], now: new Date(at) });
      try {
        const got = await added(() => send({ kind: 'view', path: '/' }, { ip: '198.51.100.9' }));
        expect(got).toHaveLength(1);
        return got[0]?.visitor ?? '';
      } finally {
        vi.useRealTimers();
      }
    };
    const morning = await visitorAt('2031-03-04T08:00:00Z');
    const evening = await visitorAt('2031-03-04T23:59:00Z');
    const nextDay = await visitorAt('2031-03-05T00:01:00Z');
    expect(evening).toBe(morning);
    expect(nextDay).not.toBe(morning);
    // Another visitor the same day is another hash.
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2031-03-04T09:00:00Z') });
    const other = await added(() => send({ kind: 'view', path: '/' }, { ip: '198.51.100.10' }));
    vi.useRealTimers();
    expect(other[0]?.visitor).not.toBe(morning);

    const salts = (await scan()).filter((i) => String(i.pk).startsWith(KEY_PREFIXES.visitors.salt));
    const march4 = salts.find((i) => i.pk === `${KEY_PREFIXES.visitors.salt}2031-03-04`);
    // Gone within 48 h of its day's start: TTL at the start of the 6th.
    expect(march4?.[V.expiresAt]).toBe(Date.parse('2031-03-06T00:00:00Z') / 1000);
    expect(String(march4?.salt)).toMatch(/^[0-9a-f]{64}$/);
  });

  it('keeps neither the address nor the user agent anywhere in the visitors table', async () => {
    const address = '192.0.2.77';
    const ua = `${BROWSER} Unique/9.9.9`;
    for (const kind of ['view', 'end'] as const)
      expect(
        (await send({ kind, path: '/contact', duration_ms: 10 }, { ip: address, ua })).status,
      ).toBe(202);
    expect((await send({ kind: 'view', path: '/' }, { ip: address, ua: 'curl/8.0' })).status).toBe(
      202,
    );
    const dump = JSON.stringify(await scan());
    expect(dump).toContain('/contact');
    expect(dump).not.toContain(address);
    expect(dump).not.toContain('Unique/9.9.9');
    expect(dump).not.toContain('curl/8.0');
  });
});
