import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { dashboard, dayKey, lastWeeks, weekKey, type Dashboard } from '@agency/shared';
import { startTestStack, type TestStack } from '../../../../test/harness';
import { leadOf } from '../../../../test/support/lead-fixture';
import { DynamoStatsStore } from '../adapters/stats-store';

let stack: TestStack;
let adminToken: string;
const stats = new DynamoStatsStore();
const DAY = 86_400_000;
const now = Date.now();
const ago = (days: number) => new Date(now - days * DAY).toISOString();

async function createPost(slug: string): Promise<number> {
  const res = await stack.invoke('createPost', {
    token: adminToken,
    // Published two months back, so views on earlier days find it live.
    form: {
      title: `Title of ${slug}`,
      slug,
      content: '<p>Body</p>',
      status: 'published',
      publish_at: ago(60),
    },
  });
  expect(res.status).toBe(201);
  return dashboardIdOf(res.json);
}
const dashboardIdOf = (json: unknown): number => {
  if (typeof json === 'object' && json && 'data' in json) {
    const data = json.data;
    if (typeof data === 'object' && data && 'id' in data && typeof data.id === 'number')
      return data.id;
  }
  throw new Error('no post id');
};

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';
let viewer = 0;
/**
 * `count` views of a post through the real increase-view operation, at the given instant, each by
 * another visitor (a post counts once per visitor a day).
 */
async function view(slug: string, count: number, at?: string): Promise<void> {
  if (at) vi.useFakeTimers({ toFake: ['Date'], now: new Date(at) });
  try {
    for (let i = 0; i < count; i++) {
      viewer += 1;
      const sourceIp = `198.51.${viewer >> 8}.${viewer & 255}`;
      // A browser's user agent: the harness's own (`vitest`) is a bot, whose views do not count.
      const res = await stack.invoke('increaseView', {
        json: { slug },
        sourceIp,
        headers: { 'user-agent': BROWSER },
      });
      expect(res.status).toBe(200);
    }
  } finally {
    vi.useRealTimers();
  }
}

async function fetchDashboard(): Promise<Dashboard> {
  const res = await stack.invoke('getDashboard', { token: adminToken });
  expect(res.status).toBe(200);
  return dashboard.parse((res.json as { data: unknown }).data);
}

let ids: Record<'popular' | 'steady' | 'doomed' | 'old', number>;

beforeAll(async () => {
  stack = await startTestStack();
  adminToken = await stack.adminToken();
  ids = {
    popular: await createPost('popular'),
    steady: await createPost('steady'),
    doomed: await createPost('doomed'),
    old: await createPost('old'),
  };
});
afterAll(async () => {
  await stack?.stop();
});

describe('getDashboard', () => {
  it('answers zero figures before any lead or view', async () => {
    const d = await fetchDashboard();
    expect(d.weeks).toHaveLength(12);
    expect(d.weeks.at(-1)?.week).toBe(weekKey(now));
    expect(d.weeks.every((w) => w.total === 0 && w.by_source.length === 0)).toBe(true);
    expect(d.statuses.map((s) => s.count)).toEqual([0, 0, 0, 0, 0, 0]);
    expect(d).toMatchObject({ landing_pages: [], subjects: [], top_posts: [] });
    expect(d.views_to).toBe(dayKey(now));
    expect(d.views_from).toBe(dayKey(now - 29 * DAY));
  });

  it('shows leads per week by source, landing pages, subjects and statuses as leads arrive and move', async () => {
    const thisWeek = [
      leadOf({
        created_at: ago(0),
        source: 'google',
        landing_page: '/seo?utm_source=google',
        subject: 'SEO',
      }),
      leadOf({ created_at: ago(0), source: 'google', landing_page: '/seo', subject: 'Branding' }),
      leadOf({ created_at: ago(0), source: 'direct', subject: 'SEO' }),
    ];
    const fiveWeeksAgo = leadOf({
      created_at: ago(35),
      source: 'newsletter',
      landing_page: '/blog/popular',
      subject: 'SEO',
    });
    const tooOld = leadOf({ created_at: ago(7 * 13), source: 'google', landing_page: '/old' });
    const spam = leadOf({ created_at: ago(0), status: 'spam', source: 'bot-farm' });
    for (const lead of [...thisWeek, fiveWeeksAgo, tooOld, spam]) await stats.leadReceived(lead);
    const [first, second] = thisWeek;
    if (!first || !second) throw new Error('leads missing');
    await stats.statusChanged(first, 'new', 'contacted');
    await stats.statusChanged(first, 'contacted', 'won');
    await stats.statusChanged(second, 'new', 'spam');

    const d = await fetchDashboard();
    const weeks = lastWeeks(new Date(now), 12);
    expect(d.weeks.map((w) => w.week)).toEqual(weeks);
    expect(d.weeks.at(-1)).toEqual({
      week: weekKey(now),
      total: 2,
      by_source: [
        { key: 'direct', count: 1 },
        { key: 'google', count: 1 },
      ],
    });
    expect(d.weeks.find((w) => w.week === weekKey(ago(35)))).toEqual({
      week: weekKey(ago(35)),
      total: 1,
      by_source: [{ key: 'newsletter', count: 1 }],
    });
    expect(d.weeks.reduce((n, w) => n + w.total, 0)).toBe(3);
    expect(d.landing_pages).toEqual([
      { key: '(none)', count: 1 },
      { key: '/blog/popular', count: 1 },
      { key: '/seo', count: 1 },
    ]);
    expect(d.subjects).toEqual([{ key: 'SEO', count: 3 }]);
    expect(d.statuses).toEqual([
      { key: 'new', count: 3 }, // the third lead of this week, the one of five weeks ago, the one too old to chart
      { key: 'contacted', count: 0 },
      { key: 'qualified', count: 0 },
      { key: 'won', count: 1 },
      { key: 'lost', count: 0 },
      { key: 'spam', count: 2 },
    ]);
  });

  it('ranks the posts most viewed over the last 30 days, from increase-view, without deleted posts', async () => {
    await view('popular', 3);
    await view('popular', 2, ago(1));
    await view('steady', 1);
    await view('steady', 1, ago(29));
    await view('doomed', 9);
    await view('old', 20, ago(30)); // 30 days back: the day before the window
    const del = await stack.invoke('deletePost', {
      token: adminToken,
      form: { id: String(ids.doomed) },
    });
    expect(del.status).toBe(200);

    // Each day's views are a few shard items with a counter per post, summed on read.
    const today = await stack.clients.doc.send(
      new QueryCommand({
        TableName: stack.env.STATS_TABLE,
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': `VIEWS#${dayKey(now)}` },
      }),
    );
    const summed: Record<string, number> = {};
    for (const item of today.Items ?? [])
      for (const [name, value] of Object.entries(item))
        if (typeof value === 'number') summed[name] = (summed[name] ?? 0) + value;
    expect(summed).toMatchObject({
      [`p${ids.popular}`]: 3,
      [`p${ids.steady}`]: 1,
      [`p${ids.doomed}`]: 9,
    });

    const d = await fetchDashboard();
    expect(d.top_posts).toEqual([
      { id: ids.popular, slug: 'popular', title: 'Title of popular', views: 5 },
      { id: ids.steady, slug: 'steady', title: 'Title of steady', views: 2 },
    ]);
    // The spec's total is the total of every day.
    const total = await stack.invoke('increaseView', {
      json: { slug: 'old' },
      headers: { 'user-agent': BROWSER },
    });
    expect(total.json).toEqual({ data: { views: 21 } });
  });

  it('gives an editor the views only: no lead figure, lead_figures false', async () => {
    const admin = await fetchDashboard();
    expect(admin.lead_figures).toBe(true);
    expect(admin.statuses.some((s) => s.count > 0)).toBe(true);
    const res = await stack.invoke('getDashboard', { token: await stack.editorToken() });
    expect(res.status).toBe(200);
    const editor = dashboard.parse((res.json as { data: unknown }).data);
    expect(editor).toMatchObject({
      lead_figures: false,
      weeks: [],
      landing_pages: [],
      subjects: [],
      statuses: [],
      top_posts: admin.top_posts,
    });
  });
});

describe('getDashboard is for staff only', () => {
  it('401 without a token and with a garbage token', async () => {
    expect((await stack.invoke('getDashboard')).status).toBe(401);
    expect((await stack.invoke('getDashboard', { token: 'not.a.jwt' })).status).toBe(401);
  });

  it('403 with a signed-in user in no staff group', async () => {
    const res = await stack.invoke('getDashboard', { token: await stack.userToken() });
    expect(res.status).toBe(403);
    expect(res.body).not.toContain('weeks');
  });
});
