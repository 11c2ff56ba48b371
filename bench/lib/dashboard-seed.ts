// Seeds what the admin dashboard reads, straight through the lead repository and the stats store
// (no HTTP: 10,000 enquiries through the captcha would measure the captcha). Run with the stand-ins
// in this process and their environment applied (bench/api.ts `withStandIns`).
import { BatchWriteCommand } from '@aws-sdk/lib-dynamodb';
import { DASHBOARD, lastDays, lead, LEAD_SUBJECTS, type Lead } from '@agency/shared';
import {
  dynamoClient,
  DynamoStatsStore,
  leadRepository,
  tableName,
  viewsAttribute,
  viewsKey,
} from '@agency/lambdas/bench';
import { random } from './photo.mjs';

const DAY = 86_400_000;
const SOURCES = ['google', 'direct', 'linkedin', 'newsletter', 'bing', 'facebook', 'google-ads'];
const LANDING_PAGES = [
  '/',
  '/services',
  '/contact',
  '/portfolio',
  '/seo-company-in-chennai',
  ...Array.from({ length: 45 }, (_, i) => `/blog/bench-post-${i * 7}`),
];
const PIPELINE = ['new', 'new', 'new', 'new', 'contacted', 'contacted', 'qualified', 'won', 'lost'];

/** Runs `task(i)` for every i in [from, to) on `workers` concurrent workers. */
async function inParallel(
  from: number,
  to: number,
  workers: number,
  task: (i: number) => Promise<void>,
): Promise<void> {
  let next = from;
  await Promise.all(
    Array.from({ length: workers }, async () => {
      while (next < to) await task(next++);
    }),
  );
}

const pick = <T>(list: readonly T[], r: number): T => {
  const item = list[Math.floor(r * list.length)];
  if (item === undefined) throw new Error('empty list');
  return item;
};

/**
 * Lead i of the benchmark, the same on every run: arrived within the last 16 weeks (so some fall
 * before the dashboard's 12), from one of 7 sources and 50 landing pages, one lead in 20 spam, the
 * rest spread over the pipeline. Delivered already, so the stack's retry job has nothing to send.
 */
function benchLead(i: number, now: number): Lead {
  const r = random(i + 1);
  const spam = r() < 0.05;
  return lead.parse({
    id: `BENCH${String(i).padStart(6, '0')}`,
    created_at: new Date(now - Math.floor(r() * 16 * 7 * DAY)).toISOString(),
    name: `Bench visitor ${i}`,
    phone: '+1 312 555 0100',
    email: `bench${i}@example.com`,
    subject: pick(LEAD_SUBJECTS, r()),
    message: 'A benchmark enquiry.',
    page: '/contact',
    email_status: spam ? 'held' : 'sent',
    email_attempts: spam ? 0 : 1,
    webhook_status: spam ? 'held' : 'off',
    status: spam ? 'spam' : pick(PIPELINE, r()),
    spam_reason: spam ? 'honeypot' : null,
    source: pick(SOURCES, r()),
    landing_page: pick(LANDING_PAGES, r()),
  });
}

/** Stores leads [from, to) and counts each into the aggregates, as createLead does. */
export async function seedLeads(from: number, to: number, now = Date.now()): Promise<void> {
  const repo = leadRepository();
  const stats = new DynamoStatsStore();
  await inParallel(from, to, 32, async (i) => {
    const l = benchLead(i, now);
    await repo.create(l);
    await stats.leadReceived(l);
  });
}

/**
 * `total` views of the last DASHBOARD.viewDays days over `postIds`, as a blog gets them (post of
 * rank k drawn with weight 1/k, any day alike), added up per post and day first and written as the
 * day items increase-view keeps (one per day, a `p<postId>` counter per post viewed), in one
 * BatchWrite of up to 25 items. Returns the day items and the post counters in them.
 */
export async function seedViews(
  postIds: number[],
  total: number,
  now = new Date(),
): Promise<{ items: number; counters: number }> {
  const r = random(7);
  const cumulative: number[] = [];
  let all = 0;
  for (let k = 0; k < postIds.length; k++) cumulative.push((all += 1 / (k + 1)));
  const days = lastDays(now, DASHBOARD.viewDays);
  const byDay = new Map<string, Record<string, number>>();
  for (let v = 0; v < total; v++) {
    const target = r() * all;
    let lo = 0;
    let hi = cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((cumulative[mid] ?? 0) < target) lo = mid + 1;
      else hi = mid;
    }
    const attribute = viewsAttribute(postIds[lo] ?? 0);
    const day = pick(days, r());
    const counters = byDay.get(day) ?? {};
    counters[attribute] = (counters[attribute] ?? 0) + 1;
    byDay.set(day, counters);
  }
  const items = [...byDay].map(([day, counters]) => ({ ...viewsKey(day), ...counters }));
  const table = tableName('stats');
  await inParallel(0, Math.ceil(items.length / 25), 2, async (b) => {
    let batch: { PutRequest: { Item: Record<string, unknown> } }[] = items
      .slice(b * 25, b * 25 + 25)
      .map((Item) => ({ PutRequest: { Item } }));
    while (batch.length > 0) {
      const out = await dynamoClient().send(
        new BatchWriteCommand({ RequestItems: { [table]: batch } }),
      );
      batch = (out.UnprocessedItems?.[table] ?? []).flatMap((w) =>
        w.PutRequest?.Item ? [{ PutRequest: { Item: w.PutRequest.Item } }] : [],
      );
    }
  });
  const counters = [...byDay.values()].reduce((n, c) => n + Object.keys(c).length, 0);
  return { items: items.length, counters };
}
