import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestStack, type TestStack } from '../../../../test/harness';

const BROWSER =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15';

let stack: TestStack;

beforeAll(async () => {
  stack = await startTestStack();
  const res = await stack.invoke('createPost', {
    token: await stack.adminToken(),
    form: {
      title: 'Counted once',
      slug: 'counted-once',
      content: '<p>Body</p>',
      status: 'published',
      publish_at: '2020-01-01T00:00:00.000Z',
    },
  });
  expect(res.status).toBe(201);
});
afterAll(async () => {
  vi.useRealTimers();
  await stack?.stop();
});

/** One view of the post by a visitor (address and user agent), answered with the count. */
async function view(ip: string, headers: Record<string, string> = {}): Promise<number> {
  const res = await stack.invoke('increaseView', {
    json: { slug: 'counted-once' },
    sourceIp: ip,
    headers: { 'user-agent': BROWSER, ...headers },
  });
  expect(res.status).toBe(200);
  return (res.json as { data: { views: number } }).data.views;
}

describe('increaseView counts a post once per visitor a day', () => {
  it('counts 5 concurrent calls of one visitor once, another visitor once more, and again the next day', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2031-05-06T10:00:00Z') });
    const first = await Promise.all(Array.from({ length: 5 }, () => view('198.51.100.20')));
    expect(first.sort()).toEqual([1, 1, 1, 1, 1]);
    expect(await view('198.51.100.20')).toBe(1);
    expect(await view('198.51.100.21')).toBe(2);
    // The same address with another browser is another visitor.
    expect(await view('198.51.100.20', { 'user-agent': `${BROWSER} Other/1` })).toBe(3);

    vi.setSystemTime(new Date('2031-05-07T00:00:01Z'));
    expect(await view('198.51.100.20')).toBe(4);
    expect(await view('198.51.100.20')).toBe(4);
  });

  it('answers the count without counting bots and browsers asking not to be tracked', async () => {
    vi.setSystemTime(new Date('2031-05-08T10:00:00Z'));
    const before = await view('198.51.100.30', { dnt: '1' });
    expect(await view('198.51.100.31', { 'sec-gpc': '1' })).toBe(before);
    expect(await view('198.51.100.32', { 'user-agent': 'Googlebot/2.1' })).toBe(before);
    expect(await view('198.51.100.33', { 'sec-purpose': 'prefetch' })).toBe(before);
    expect(await view('198.51.100.34', { 'user-agent': '' })).toBe(before);
    expect(await view('198.51.100.30')).toBe(before + 1);
  });
});
