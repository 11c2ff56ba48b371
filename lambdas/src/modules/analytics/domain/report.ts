import {
  ANALYTICS,
  ANALYTICS_DIMENSIONS,
  dayKey,
  weekKey,
  type AnalyticsDimension,
  type AnalyticsQuery,
  type AnalyticsReport,
  type AnalyticsRow,
  type AnalyticsTotals,
} from '@agency/shared';
import type { LeadFacts, LeadFactsReader } from '../../leads/domain/lead-facts';
import { filterName, type Counts } from './rollup';

const DAY_MS = 86_400_000;

/** One stored roll-up row: its sort key and counts. */
export interface StoredRow {
  sk: string;
  counts: Counts;
}

/** What the report reads of the roll-ups. */
export interface RollupReader {
  /** Every row of one day and filter (`all` or `<dimension>=<value>`). */
  dayRows(day: string, filter: string): Promise<StoredRow[]>;
  /** The `total` row of each day (days without one are absent). */
  dayTotals(days: readonly string[], filter: string): Promise<Map<string, Counts>>;
  /** Σ of the `NOW#<minute>` counts over `minutes`. */
  nowVisitors(minutes: readonly number[]): Promise<number>;
}

export interface ReportDeps {
  rollups: RollupReader;
  leads: LeadFactsReader;
}

/** Days read at once (one Query each): the 12-month range in a few dozen rounds. */
export const READ_CONCURRENCY = 16;

/** The days of [from, to], both included. */
export const daysOf = (from: string, to: string): string[] => {
  const days: string[] = [];
  for (let t = Date.parse(from); t <= Date.parse(to); t += DAY_MS) days.push(dayKey(t));
  return days;
};

async function mapLimit<T, R>(
  items: readonly T[],
  limit: number,
  f: (t: T) => Promise<R>,
): Promise<R[]> {
  const out: R[] = new Array<R>(items.length);
  let next = 0;
  const lane = async (): Promise<void> => {
    while (next < items.length) {
      const i = next++;
      out[i] = await f(items[i] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
  return out;
}

const plus = (a: Counts, b: Counts): Counts => {
  const c: Counts = { ...a };
  for (const [k, v] of Object.entries(b) as [keyof Counts, number][]) c[k] = (c[k] ?? 0) + v;
  return c;
};
const n = (c: Counts, k: keyof Counts): number => c[k] ?? 0;
const ratio = (a: number, b: number): number => (b > 0 ? a / b : 0);

function totalsOf(c: Counts, leads: number): AnalyticsTotals {
  const visitors = n(c, 'visitors');
  const visits = n(c, 'visits');
  return {
    visitors,
    pageviews: n(c, 'pageviews'),
    visits,
    views_per_visit: ratio(n(c, 'pageviews'), visits),
    bounce_rate: ratio(n(c, 'bounces'), visits),
    avg_time_s: ratio(n(c, 'seconds'), n(c, 'timed')),
    bots_dropped: n(c, 'bots'),
    leads,
    conversion_rate: ratio(leads, visitors),
  };
}

function rowOf(name: string, c: Counts, leads: number): AnalyticsRow {
  const visitors = n(c, 'visitors');
  const visits = n(c, 'visits');
  return {
    name,
    visitors,
    pageviews: n(c, 'pageviews'),
    leads,
    conversion_rate: ratio(leads, visitors),
    visits,
    bounce_rate: ratio(n(c, 'bounces'), visits),
    avg_time_s: ratio(n(c, 'seconds'), n(c, 'timed')),
  };
}

/** The values a lead has for a dimension: its visit's facts; for pages, every page it saw. */
const leadValues = (l: LeadFacts, d: AnalyticsDimension): readonly string[] => {
  switch (d) {
    case 'page':
      return l.pages;
    case 'entry_page':
      return l.entry_page ? [l.entry_page] : [];
    default:
      return l[d] ? [l[d]] : [];
  }
};

const TABLES: Record<AnalyticsDimension, keyof AnalyticsReport> = {
  page: 'pages',
  entry_page: 'entry_pages',
  channel: 'channels',
  source: 'sources',
  campaign: 'campaigns',
  country: 'countries',
  device: 'devices',
};

function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const s = [...values].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? (s[mid] ?? 0) : ((s[mid - 1] ?? 0) + (s[mid] ?? 0)) / 2;
}

/** The 12-hour promise by week (Monday UTC) of the leads that arrived in the range, spam left out. */
export function responsesOf(leads: readonly LeadFacts[]): AnalyticsReport['responses'] {
  const weeks = new Map<string, LeadFacts[]>();
  for (const l of leads) {
    const w = weekKey(l.created_at);
    weeks.set(w, [...(weeks.get(w) ?? []), l]);
  }
  return [...weeks.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([week, list]) => {
      const times = list
        .filter((l) => l.first_response_at !== null)
        .map((l) => (Date.parse(l.first_response_at ?? '') - Date.parse(l.created_at)) / 1000);
      const within = times.filter((s) => s <= ANALYTICS.promiseHours * 3600).length;
      return {
        week,
        leads: list.length,
        answered: times.length,
        within_promise: within,
        within_promise_share: ratio(within, list.length),
        median_response_s: median(times),
      };
    });
}

/**
 * The dashboard over [from, to]: one Query per day of the filter's partition (bounded
 * parallelism), summed; the period before from its days' `total` rows; leads matched to rows by
 * their visit's facts. Visitors over several days are the sum of each day's unique visitors.
 */
export async function analyticsReport(
  deps: ReportDeps,
  q: AnalyticsQuery,
  now: Date,
): Promise<AnalyticsReport> {
  const dim = ANALYTICS_DIMENSIONS.find((d) => q[d] !== undefined);
  const value = dim ? (q[dim] ?? '') : '';
  const filter = dim ? filterName(dim, value) : 'all';
  const days = daysOf(q.from, q.to);
  const prevTo = dayKey(Date.parse(q.from) - DAY_MS);
  const prevDays = daysOf(dayKey(Date.parse(q.from) - days.length * DAY_MS), prevTo);
  const nowMinute = Math.floor(now.getTime() / 60_000);
  const [perDay, prevTotals, nowVisitors, leadsNow, leadsPrev] = await Promise.all([
    mapLimit(days, READ_CONCURRENCY, (day) => deps.rollups.dayRows(day, filter)),
    deps.rollups.dayTotals(prevDays, filter),
    deps.rollups.nowVisitors(Array.from({ length: ANALYTICS.nowMinutes }, (_, i) => nowMinute - i)),
    deps.leads.arrivedBetween(
      `${q.from}T00:00:00.000Z`,
      new Date(Date.parse(q.to) + DAY_MS).toISOString(),
    ),
    deps.leads.arrivedBetween(`${prevDays[0] ?? q.from}T00:00:00.000Z`, `${q.from}T00:00:00.000Z`),
  ]);
  const matches = (l: LeadFacts) => !l.spam && (!dim || leadValues(l, dim).includes(value));
  const leads = leadsNow.filter(matches);
  const prevLeads = leadsPrev.filter(matches).length;

  let totals: Counts = {};
  const byRow = new Map<string, Counts>();
  const series: AnalyticsReport['series'] = [];
  const hourly = days.length === 1;
  const hours = new Map<string, Counts>();
  perDay.forEach((rows, i) => {
    const day = days[i] ?? '';
    let dayTotal: Counts = {};
    for (const r of rows) {
      if (r.sk === 'total') dayTotal = r.counts;
      else if (r.sk.startsWith('hour=')) hours.set(r.sk.slice(5), r.counts);
      else byRow.set(r.sk, plus(byRow.get(r.sk) ?? {}, r.counts));
    }
    totals = plus(totals, dayTotal);
    if (!hourly)
      series.push({
        at: day,
        visitors: n(dayTotal, 'visitors'),
        pageviews: n(dayTotal, 'pageviews'),
      });
  });
  if (hourly)
    for (let h = 0; h < 24; h++) {
      const hh = String(h).padStart(2, '0');
      const c = hours.get(hh) ?? {};
      series.push({
        at: `${q.from}T${hh}:00:00Z`,
        visitors: n(c, 'visitors'),
        pageviews: n(c, 'pageviews'),
      });
    }

  const tables = Object.fromEntries(
    ANALYTICS_DIMENSIONS.map((d) => {
      const leadCount = new Map<string, number>();
      for (const l of leads)
        for (const v of new Set(leadValues(l, d))) leadCount.set(v, (leadCount.get(v) ?? 0) + 1);
      // The filter's own table: the one row it keeps, from the totals.
      const rows =
        d === dim
          ? [rowOf(value, totals, leads.length)]
          : [...byRow.entries()]
              .filter(([sk]) => sk.startsWith(`${d}=`))
              .map(([sk, c]) => {
                const name = sk.slice(d.length + 1);
                return rowOf(name, c, leadCount.get(name) ?? 0);
              });
      rows.sort(
        (a, b) =>
          b.visitors - a.visitors || b.pageviews - a.pageviews || a.name.localeCompare(b.name),
      );
      return [TABLES[d], rows.slice(0, ANALYTICS.topRows)];
    }),
  );

  let prev: Counts = {};
  for (const c of prevTotals.values()) prev = plus(prev, c);

  return {
    from: q.from,
    to: q.to,
    filter: dim ? { dimension: dim, value } : null,
    totals: totalsOf(totals, leads.length),
    previous: totalsOf(prev, prevLeads),
    interval: hourly ? 'hour' : 'day',
    series,
    pages: tables.pages ?? [],
    entry_pages: tables.entry_pages ?? [],
    channels: tables.channels ?? [],
    sources: tables.sources ?? [],
    campaigns: tables.campaigns ?? [],
    countries: tables.countries ?? [],
    devices: tables.devices ?? [],
    now: { visitors: Math.max(0, nowVisitors) },
    // The promise is the team's, not a segment's: every lead of the range, whatever the filter.
    responses: responsesOf(leadsNow.filter((l) => !l.spam)),
    generated_at: now.toISOString(),
  };
}
