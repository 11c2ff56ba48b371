import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ANALYTICS, analyticsReport, type AnalyticsReport, type Channel } from '@agency/shared';
import { startTestStack, type TestStack } from '../../../../test/harness';
import { dynamoClient } from '../../../platform/aws/clients';
import { tableName } from '../../../platform/env';
import { DynamoHitLog } from '../adapters/hit-log';
import { DynamoRollupStore } from '../adapters/rollup-store';
import type { RawHit } from '../domain/ports';
import { rollUpAnalytics, rollUpDeps } from './roll-up-analytics';
import { leadRepository } from '../../leads/adapters/lead-repository';
import { leadOf } from '../../../../test/support/lead-fixture';

let stack: TestStack;
let token: string;
const hits = new DynamoHitLog();
const store = () =>
  new DynamoRollupStore(dynamoClient(), tableName('analytics'), tableName('visitors'));
const MIN = 60_000;
const at = (iso: string): number => Date.parse(iso);

beforeAll(async () => {
  stack = await startTestStack();
  token = await stack.adminToken();
});
afterAll(async () => {
  await stack?.stop();
});
afterEach(() => {
  vi.useRealTimers();
});

const clock = (ms: number) => vi.useFakeTimers({ toFake: ['Date'], now: ms });

interface Visit {
  channel?: Channel;
  source?: string;
  campaign?: string;
  country?: string;
}
async function view(visitor: string, when: number, path: string, v: Visit = {}): Promise<void> {
  await hits.append({
    kind: 'view',
    at: when,
    visitor,
    path,
    channel: v.channel ?? 'direct',
    source: v.source ?? 'direct',
    campaign: v.campaign ?? '',
    country: v.country ?? 'DE',
    device: 'desktop',
  });
}
async function end(visitor: string, when: number, path: string, seconds: number): Promise<void> {
  const hit: RawHit = {
    kind: 'end',
    at: when,
    visitor,
    path,
    channel: 'direct',
    source: 'direct',
    campaign: '',
    country: 'DE',
    device: 'desktop',
    duration_ms: seconds * 1000,
  };
  await hits.append(hit);
}
async function bot(when: number): Promise<void> {
  await hits.append({
    kind: 'bot',
    at: when,
    visitor: '',
    path: '/',
    channel: 'direct',
    source: 'direct',
    campaign: '',
    country: 'unknown',
    device: 'desktop',
  });
}

/** Runs the job at `now` from `fromMinute` (the cursor set just before it, as a test's own start). */
async function runAt(now: number, fromMinute?: number) {
  clock(now);
  if (fromMinute !== undefined) await store().setCursor(fromMinute - 1);
  return rollUpAnalytics();
}

async function report(query: Record<string, string>, now?: number): Promise<AnalyticsReport> {
  if (now !== undefined) clock(now);
  const res = await stack.invoke('getAnalytics', { token, query });
  expect(res.status, res.body).toBe(200);
  return analyticsReport.parse((res.json as { data: unknown }).data);
}
const row = (rows: AnalyticsReport['pages'], name: string) => rows.find((r) => r.name === name);

describe('roll-up-analytics and getAnalytics', () => {
  const D = '2026-06-01';
  const t0 = at(`${D}T10:00:00Z`);
  const m0 = t0 / MIN;

  it('rolls a day up: uniques, visits, bounce, time on page, bots and the rate limit, a filter, now', async () => {
    const spring = { channel: 'email', source: 'newsletter', campaign: 'spring' } as const;
    await view('a', t0 + 5_000, '/landing', spring);
    await view('a', t0 + 30_000, '/services', spring);
    await end('a', t0 + 70_000, '/services', 40);
    await view('b', t0 + 10_000, '/landing', { country: 'FR' });
    await view('a', t0 + 2 * MIN + 1_000, '/landing', spring);
    await bot(t0 + 20_000);
    for (let i = 0; i < ANALYTICS.maxViewsPerMinute + 1; i++)
      await view('c', t0 + MIN + i * 100, '/');

    // 10:03:10: minute 10:02 is not closed 15 s yet, so it waits for the next run.
    const early = await runAt(t0 + 3 * MIN + 10_000, m0);
    expect(early.cursor).toBe(m0 + 1);
    const run = await runAt(t0 + 3 * MIN + 20_000);
    expect(run.cursor).toBe(m0 + 2);

    const r = await report({ from: D, to: D }, t0 + 4 * MIN);
    expect(r.totals).toMatchObject({ visitors: 2, pageviews: 4, visits: 2, bots_dropped: 32 });
    expect(r.totals.bounce_rate).toBe(0.5);
    expect(r.totals.views_per_visit).toBe(2);
    expect(r.totals.avg_time_s).toBe(40);
    expect(row(r.pages, '/landing')).toMatchObject({ visitors: 2, pageviews: 3 });
    expect(row(r.pages, '/services')).toMatchObject({ visitors: 1, pageviews: 1, avg_time_s: 40 });
    expect(row(r.entry_pages, '/landing')).toMatchObject({ visits: 2, bounce_rate: 0.5 });
    expect(row(r.channels, 'email')).toMatchObject({ visitors: 1, pageviews: 3 });
    expect(row(r.countries, 'FR')).toMatchObject({ visitors: 1, pageviews: 1 });
    expect(r.pages.map((p) => p.name)).not.toContain('/');
    expect(r.interval).toBe('hour');
    expect(r.series.find((s) => s.at === `${D}T10:00:00Z`)).toMatchObject({
      visitors: 2,
      pageviews: 4,
    });
    // a (last seen 10:02) and b (10:00); c was a script.
    expect(r.now.visitors).toBe(2);
    expect((await report({ from: D, to: D }, t0 + 6 * MIN)).now.visitors).toBe(1);

    const f = await report({ from: D, to: D, campaign: 'spring' }, t0 + 4 * MIN);
    expect(f.filter).toEqual({ dimension: 'campaign', value: 'spring' });
    expect(f.totals).toMatchObject({ visitors: 1, pageviews: 3, visits: 1 });
    expect(f.pages.map((p) => p.name).sort()).toEqual(['/landing', '/services']);
    expect(f.channels.map((c) => c.name)).toEqual(['email']);
    expect(f.countries.map((c) => c.name)).toEqual(['DE']);
    expect(f.campaigns).toMatchObject([{ name: 'spring', visitors: 1 }]);

    // Done again (the cursor put back): every row carries its minute, nothing counts twice.
    await runAt(t0 + 3 * MIN + 20_000, m0);
    expect((await report({ from: D, to: D }, t0 + 4 * MIN)).totals).toEqual(r.totals);
  });

  it('joins the day’s leads to its rows (spam left out) and keeps the 12-hour promise by week', async () => {
    const journey = (pages: string[]) => ({
      entry_page: pages[0] ?? null,
      pages,
      started_at: null,
      time_to_enquiry_s: null,
    });
    const arrived = t0 + 30 * MIN;
    const hours = (h: number) => new Date(arrived + h * 3_600_000).toISOString();
    const created_at = new Date(arrived).toISOString();
    for (const lead of [
      leadOf({
        created_at,
        channel: 'email',
        source: 'newsletter',
        utm_campaign: 'spring',
        country: 'DE',
        journey: journey(['/landing', '/services']),
        first_response_at: hours(2),
      }),
      leadOf({ created_at, status: 'spam', utm_campaign: 'spring', channel: 'email' }),
      leadOf({
        created_at,
        channel: 'direct',
        country: 'FR',
        journey: journey(['/landing']),
        first_response_at: hours(20),
      }),
      leadOf({ created_at, channel: 'direct', country: 'FR', journey: journey(['/landing']) }),
    ])
      await leadRepository().create(lead);
    const r = await report({ from: D, to: D }, t0 + 4 * MIN);
    expect(r.totals.leads).toBe(3);
    expect(r.totals.conversion_rate).toBe(1.5);
    expect(row(r.campaigns, 'spring')).toMatchObject({ leads: 1, conversion_rate: 1 });
    expect(row(r.pages, '/services')).toMatchObject({ leads: 1 });
    expect(row(r.entry_pages, '/landing')).toMatchObject({ leads: 3 });
    expect(row(r.countries, 'FR')).toMatchObject({ leads: 2, visitors: 1 });
    expect(r.responses).toEqual([
      {
        week: D,
        leads: 3,
        answered: 2,
        within_promise: 1,
        within_promise_share: 1 / 3,
        median_response_s: 11 * 3600,
      },
    ]);
    const spring = await report({ from: D, to: D, campaign: 'spring' }, t0 + 4 * MIN);
    expect(spring.totals).toMatchObject({ leads: 1, conversion_rate: 1 });
    expect(spring.channels).toMatchObject([{ name: 'email', leads: 1 }]);
  });

  it('sums each day’s unique visitors over a range, with the period before', async () => {
    const d1 = at('2026-04-06T09:00:00Z');
    const d2 = at('2026-04-07T09:00:00Z');
    await view('x1', d1, '/');
    await view('x1', d1 + 20_000, '/about');
    await view('y1', d1 + 30_000, '/');
    await runAt(d1 + 2 * MIN, d1 / MIN);
    // The next day x is a new hash (the salt rotated): one more visitor.
    await view('x2', d2, '/');
    await runAt(d2 + 2 * MIN, d2 / MIN);
    const r = await report({ from: '2026-04-06', to: '2026-04-07' }, d2 + 3 * MIN);
    expect(r.totals).toMatchObject({ visitors: 3, pageviews: 4, visits: 3 });
    expect(r.interval).toBe('day');
    expect(r.series).toEqual([
      { at: '2026-04-06', visitors: 2, pageviews: 3 },
      { at: '2026-04-07', visitors: 1, pageviews: 1 },
    ]);
    const next = await report({ from: '2026-04-08', to: '2026-04-09' }, d2 + 3 * MIN);
    expect(next.previous).toMatchObject({ visitors: 3, pageviews: 4 });
    expect(next.totals.visitors).toBe(0);
    // Twelve months read in one answer, the same sums.
    const year = await report({ from: '2025-04-08', to: '2026-04-07' }, d2 + 3 * MIN);
    expect(year.series).toHaveLength(365);
    expect(year.totals).toMatchObject({ visitors: 3, pageviews: 4 });
  });

  it('counts a minute once after a crash between roll-ups and states, and once with two runs at once', async () => {
    const t = at('2026-05-04T08:00:00Z');
    await view('p', t, '/');
    await view('p', t + 10_000, '/a');
    await view('q', t + 20_000, '/');
    clock(t + 2 * MIN);
    await store().setCursor(t / MIN - 1);
    const real = rollUpDeps();
    await expect(
      rollUpAnalytics({
        states: {
          read: real.states.read.bind(real.states),
          write: () => Promise.reject(new Error('crashed')),
        },
      }),
    ).rejects.toThrow('crashed');
    await runAt(t + 2 * MIN);
    const r = await report({ from: '2026-05-04', to: '2026-05-04' }, t + 2 * MIN);
    expect(r.totals).toMatchObject({ visitors: 2, pageviews: 3, visits: 2, bounce_rate: 0.5 });

    const t2 = t + 10 * MIN;
    await view('s', t2, '/');
    await view('s', t2 + 1_000, '/b');
    clock(t2 + 2 * MIN);
    const runs = await Promise.all([rollUpAnalytics(), rollUpAnalytics()]);
    expect(runs.filter((x) => x.leased)).toHaveLength(1);
    // The lease is released: a later run works.
    expect((await rollUpAnalytics()).leased).toBe(true);
    const after = await report({ from: '2026-05-04', to: '2026-05-04' }, t2 + 2 * MIN);
    expect(after.totals).toMatchObject({ visitors: 3, pageviews: 5, visits: 3 });
  });

  it('refuses two filters, from after to and a range over the limit, naming the field', async () => {
    const bad = async (query: Record<string, string>, field: string) => {
      const res = await stack.invoke('getAnalytics', { token, query });
      expect(res.status).toBe(400);
      expect(JSON.stringify(res.json)).toContain(field);
    };
    await bad({ from: '2026-03-02', to: '2026-03-02', campaign: 'a', channel: 'email' }, 'channel');
    await bad({ from: '2026-03-03', to: '2026-03-02' }, 'to');
    await bad({ from: '2020-01-01', to: '2026-03-02' }, 'from');
  });
});
