// Seeds the analytics roll-ups of `events` page views over `days` UTC days, in the layout the
// roll-up job writes (`DAY#<day>#all`: the total, 24 hours and a row per value of each dimension),
// straight through BatchWrite: replaying millions of hits through the job would time dynalite, not
// the dashboard. What a read costs is the rows of a day, so the values' long tails grow with the
// traffic as a real site's do (more referrers, campaigns and countries), up to each dimension's cap.
import { BatchWriteCommand } from '@aws-sdk/lib-dynamodb';
import { CHANNELS, DEVICES, dayKey, type AnalyticsDimension } from '@agency/shared';
import {
  dayPk,
  dynamoClient,
  filterName,
  rowExpiry,
  rowPk,
  tableName,
} from '@agency/lambdas/bench';

const DAY = 86_400_000;

/** Distinct values of each dimension a day of `perDay` views shows (grows with traffic, capped). */
function cardinality(perDay: number): Record<AnalyticsDimension, number> {
  const grow = (base: number, cap: number) =>
    Math.min(cap, Math.round(base * Math.sqrt(perDay / 1_000)));
  return {
    page: grow(60, 400),
    entry_page: grow(40, 300),
    channel: CHANNELS.length,
    source: grow(30, 3_000),
    campaign: grow(4, 120),
    country: grow(15, 180),
    device: DEVICES.length,
  };
}

const valueOf = (d: AnalyticsDimension, i: number): string => {
  switch (d) {
    case 'channel':
      return CHANNELS[i] ?? 'direct';
    case 'device':
      return DEVICES[i] ?? 'desktop';
    case 'country':
      return String.fromCharCode(65 + (Math.floor(i / 26) % 26), 65 + (i % 26));
    case 'page':
    case 'entry_page':
      return `/seeded/page-${i}`;
    case 'source':
      return `site-${i}.example`;
    case 'campaign':
      return `campaign-${i}`;
  }
};

/** Splits `total` over `n` values along a Zipf curve (the first value the most), whole numbers. */
function zipf(total: number, n: number): number[] {
  const weights = Array.from({ length: n }, (_, i) => 1 / (i + 1));
  const sum = weights.reduce((a, b) => a + b, 0);
  const parts = weights.map((w) => Math.floor((total * w) / sum));
  parts[0] = (parts[0] ?? 0) + total - parts.reduce((a, b) => a + b, 0);
  return parts;
}

async function writeAll(items: Record<string, unknown>[]): Promise<void> {
  const table = tableName('analytics');
  const batches: Record<string, unknown>[][] = [];
  for (let i = 0; i < items.length; i += 25) batches.push(items.slice(i, i + 25));
  let next = 0;
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (next < batches.length) {
        let request = (batches[next++] ?? []).map((Item) => ({ PutRequest: { Item } }));
        while (request.length > 0) {
          const out = await dynamoClient().send(
            new BatchWriteCommand({ RequestItems: { [table]: request } }),
          );
          request = (out.UnprocessedItems?.[table] ?? []) as typeof request;
        }
      }
    }),
  );
}

/** Seeds the roll-ups; answers the range seeded and the rows written. */
export async function seedRollups(opts: {
  events: number;
  days: number;
  endDaysAgo: number;
}): Promise<{ from: string; to: string; items: number; events: number }> {
  const end = new Date(dayKey(Date.now() - opts.endDaysAgo * DAY)).getTime();
  const perDay = Math.round(opts.events / opts.days);
  const sizes = cardinality(perDay);
  let items = 0;
  for (let n = opts.days - 1; n >= 0; n--) {
    const day = dayKey(end - n * DAY);
    const pk = rowPk(dayPk(day, 'all'));
    const expiresAt = rowExpiry(day);
    const visitors = Math.round(perDay / 2.5);
    const row = (sk: string, pageviews: number) => ({
      pk,
      sk,
      pageviews,
      visitors: Math.max(1, Math.round(pageviews / 2.5)),
      visits: Math.max(1, Math.round(pageviews / 3)),
      bounces: Math.round(pageviews / 6),
      seconds: pageviews * 40,
      timed: Math.round(pageviews * 0.8),
      expiresAt,
    });
    const rows = [
      { ...row('total', perDay), visitors },
      ...zipf(perDay, 24).map((v, h) => row(`hour=${String(h).padStart(2, '0')}`, v)),
    ];
    for (const [d, size] of Object.entries(sizes) as [AnalyticsDimension, number][])
      zipf(perDay, size).forEach((v, i) => {
        if (v > 0) rows.push(row(filterName(d, valueOf(d, i)), v));
      });
    await writeAll(rows);
    items += rows.length;
  }
  return {
    from: dayKey(end - (opts.days - 1) * DAY),
    to: dayKey(end),
    items,
    events: perDay * opts.days,
  };
}
