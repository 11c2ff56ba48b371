import { BatchWriteCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANALYTICS, analyticsReport, dayKey } from '@agency/shared';
import { startTestStack, type TestStack } from '../../../../test/harness';
import { dynamoClient } from '../../../platform/aws/clients';
import { tableName } from '../../../platform/env';
import { eachLimit, rowExpiry, rowPk } from '../adapters/rollup-store';
import { dayPk } from '../domain/rollup';

let stack: TestStack;
let token: string;
const DAY_MS = 86_400_000;
const LAST = '2026-08-31';
const DAYS = 365;
/**
 * A day's `all` partition as a busy site fills it (24 hours, 60 pages, 40 sources, 30 countries…)
 * with ANALYTICS_READ_BENCH=1; a fifth of the tables otherwise, so `npm test` seeds in seconds.
 */
const FULL = process.env.ANALYTICS_READ_BENCH === '1';
const n = (count: number) => (FULL ? count : Math.ceil(count / 5));
const SKS = [
  'total',
  ...Array.from({ length: 24 }, (_, h) => `hour=${String(h).padStart(2, '0')}`),
  ...Array.from({ length: n(60) }, (_, i) => `page=/p${i}`),
  ...Array.from({ length: n(30) }, (_, i) => `entry_page=/p${i}`),
  ...['direct', 'organic-search', 'paid-search', 'social', 'email', 'referral'].map(
    (c) => `channel=${c}`,
  ),
  ...Array.from({ length: n(40) }, (_, i) => `source=s${i}`),
  ...Array.from({ length: n(10) }, (_, i) => `campaign=c${i}`),
  ...Array.from({ length: n(30) }, (_, i) => `country=C${i}`),
  ...['desktop', 'mobile', 'tablet'].map((d) => `device=${d}`),
];

beforeAll(async () => {
  stack = await startTestStack();
  token = await stack.adminToken();
  const end = Date.parse(LAST);
  const items = Array.from({ length: DAYS }, (_, i) => dayKey(end - i * DAY_MS)).flatMap((day) =>
    SKS.map((sk) => ({
      pk: rowPk(dayPk(day, 'all')),
      sk,
      visitors: 10,
      pageviews: 30,
      visits: 12,
      bounces: 6,
      lm: 1,
      expiresAt: rowExpiry(day),
    })),
  );
  const batches = Array.from({ length: Math.ceil(items.length / 25) }, (_, i) =>
    items.slice(i * 25, i * 25 + 25),
  );
  await eachLimit(batches, 8, async (batch) => {
    await dynamoClient().send(
      new BatchWriteCommand({
        RequestItems: { [tableName('analytics')]: batch.map((Item) => ({ PutRequest: { Item } })) },
      }),
    );
  });
}, 300_000);
afterAll(async () => {
  await stack?.stop();
});

describe('getAnalytics read time over seeded roll-ups', () => {
  it.each([
    [1, 'hour'],
    [30, 'day'],
    [DAYS, 'day'],
  ] as const)('reads %i day(s) in one answer', async (days, interval) => {
    const from = dayKey(Date.parse(LAST) - (days - 1) * DAY_MS);
    const times: number[] = [];
    let data;
    for (let i = 0; i < 3; i++) {
      const started = performance.now();
      const res = await stack.invoke('getAnalytics', { token, query: { from, to: LAST } });
      times.push(performance.now() - started);
      expect(res.status).toBe(200);
      data = analyticsReport.parse((res.json as { data: unknown }).data);
    }
    expect(data?.interval).toBe(interval);
    expect(data?.totals).toMatchObject({
      visitors: 10 * days,
      pageviews: 30 * days,
      visits: 12 * days,
    });
    expect(data?.pages).toHaveLength(Math.min(n(60), ANALYTICS.topRows));
    expect(data?.pages[0]).toMatchObject({ visitors: 10 * days });
    times.sort((a, b) => a - b);
    console.log(
      `getAnalytics ${days} day(s), ${days * SKS.length} rows: median ${times[1]?.toFixed(0)} ms, max ${times[2]?.toFixed(0)} ms`,
    );
  });
});
