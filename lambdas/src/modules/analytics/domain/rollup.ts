import { ANALYTICS, ANALYTICS_DIMENSIONS, dayKey, type AnalyticsDimension } from '@agency/shared';
import type { RawHit } from './ports';

/** The counts a roll-up row carries (analytics table), each changed with ADD only. */
export const ROLLUP_COUNTS = [
  'visitors',
  'pageviews',
  'visits',
  'bounces',
  'seconds',
  'timed',
  'bots',
] as const;
export type RollupCount = (typeof ROLLUP_COUNTS)[number];
export type Counts = Partial<Record<RollupCount, number>>;

/** What a view is rolled up by: its page and its visit's facts (taken from the visit's first view). */
export type ViewFacts = Record<AnalyticsDimension, string>;

/** A visitor's current visit (`VISIT#<hash>`), as the job keeps it between minutes. */
export interface VisitState {
  /** The visit's facts from its first view; `page` is the entry page. */
  entry: ViewFacts;
  /** Epoch ms of the visit's first view (its day and hour carry the visit and bounce counts). */
  startedAt: number;
  views: number;
  /** Epoch ms of the visitor's last view. */
  lastAt: number;
  /** Epoch minute the visitor was last seen in (the `now` count). */
  lastMinute: number;
}

/**
 * A visitor's day (`VISITOR#<day>#<hash>`): the distinct (visit facts, page, hour) tuples seen,
 * from which the roll-up keys they were already counted a visitor on are derived again.
 */
export type SeenTuples = readonly string[];

/** One visitor's state as read before a minute and written after it. */
export interface VisitorState {
  visit: VisitState | null;
  /** Seen tuples per day (a minute may hold hits of one day only, but a visit may span two). */
  seen: Record<string, SeenTuples>;
  /** The minute this state was last written for: a rerun of that minute skips the visitor. */
  minute: number | null;
}

/**
 * A roll-up row's key: `pk` `<day>#<filter>` (stored under the table's day prefix, adapters'
 * `rowPk`), `sk` `total`, `hour=<HH>` or `<dimension>=<value>`.
 */
export interface RowKey {
  pk: string;
  sk: string;
}

const SEP = '\u0001';
export const keyId = (k: RowKey): string => `${k.pk}${SEP}${k.sk}`;
export const keyOfId = (id: string): RowKey => {
  const [pk = '', sk = ''] = id.split(SEP);
  return { pk, sk };
};

export const hourOf = (ms: number): string => new Date(ms).toISOString().slice(11, 13);
/** A day and filter's partition, as the domain names it (the adapters add the table's prefix). */
export const dayPk = (day: string, filter: string): string => `${day}#${filter}`;
export const filterName = (d: AnalyticsDimension, v: string): string => `${d}=${v}`;

/** The dimensions a view has a value for (campaign only when it has one). */
const dimsOf = (f: ViewFacts): [AnalyticsDimension, string][] =>
  ANALYTICS_DIMENSIONS.filter((d) => f[d] !== '').map((d) => [d, f[d]]);

/**
 * Every roll-up row one view counts on: the day's `all` partition and one partition per dimension
 * value of the view (the filters), each with its total, its hour and the view's other dimension values.
 */
export function rowKeysOf(day: string, hour: string, f: ViewFacts): RowKey[] {
  const dims = dimsOf(f);
  const keys: RowKey[] = [];
  for (const [filterDim, filterValue] of [['all', ''] as const, ...dims]) {
    const pk = dayPk(day, filterDim === 'all' ? 'all' : filterName(filterDim, filterValue));
    keys.push({ pk, sk: 'total' }, { pk, sk: `hour=${hour}` });
    for (const [d, v] of dims) if (d !== filterDim) keys.push({ pk, sk: filterName(d, v) });
  }
  return keys;
}

const tupleOf = (hour: string, f: ViewFacts): string =>
  JSON.stringify([hour, ...ANALYTICS_DIMENSIONS.map((d) => f[d])]);
const tupleFacts = (t: string): { hour: string; facts: ViewFacts } => {
  const [hour = '', ...values] = JSON.parse(t) as string[];
  return {
    hour,
    facts: Object.fromEntries(
      ANALYTICS_DIMENSIONS.map((d, i) => [d, values[i] ?? '']),
    ) as ViewFacts,
  };
};

/** What one minute changes: counts per row, `now` per minute, and each visitor's new state. */
export interface MinuteRollup {
  rows: Map<string, Counts>;
  /** Visitors whose last-seen minute is each minute: +1 on the new minute, −1 on the old. */
  now: Map<number, number>;
  states: Map<string, VisitorState>;
  /** Hits dropped as bots (bot user agents and visitors over the rate). */
  bots: number;
}

const add = (rows: Map<string, Counts>, keys: RowKey[], count: RollupCount, by: number): void => {
  for (const k of keys) {
    const id = keyId(k);
    const c = rows.get(id) ?? {};
    c[count] = (c[count] ?? 0) + by;
    rows.set(id, c);
  }
};

const botKeys = (ms: number): RowKey[] => {
  const pk = dayPk(dayKey(ms), 'all');
  return [
    { pk, sk: 'total' },
    { pk, sk: `hour=${hourOf(ms)}` },
  ];
};

/**
 * Rolls one closed minute of hits up in memory: each visitor's hits in time order against their
 * state before the minute (`before`, absent: a new visitor). Visitors whose state already carries
 * this minute were done by an earlier run of it and are left out (their rows are written already:
 * rows go out before states). Pure: the job writes what it returns.
 */
export function rollUpMinute(
  minute: number,
  hits: readonly RawHit[],
  before: ReadonlyMap<string, VisitorState>,
): MinuteRollup {
  const out: MinuteRollup = { rows: new Map(), now: new Map(), states: new Map(), bots: 0 };
  const byVisitor = new Map<string, RawHit[]>();
  for (const hit of hits) {
    if (hit.kind === 'bot' || !hit.visitor) {
      add(out.rows, botKeys(hit.at), 'bots', 1);
      out.bots += 1;
      continue;
    }
    const list = byVisitor.get(hit.visitor) ?? [];
    list.push(hit);
    byVisitor.set(hit.visitor, list);
  }
  for (const [visitor, list] of byVisitor) {
    const prior = before.get(visitor) ?? { visit: null, seen: {}, minute: null };
    if (prior.minute !== null && prior.minute >= minute) continue;
    list.sort((a, b) => a.at - b.at);
    if (list.filter((h) => h.kind === 'view').length > ANALYTICS.maxViewsPerMinute) {
      // A script, not a reader: none of its hits this minute count, all show as bots.
      for (const h of list) add(out.rows, botKeys(h.at), 'bots', 1);
      out.bots += list.length;
      continue;
    }
    out.states.set(visitor, rollUpVisitor(out, minute, list, prior));
  }
  return out;
}

function rollUpVisitor(
  out: MinuteRollup,
  minute: number,
  hits: RawHit[],
  prior: VisitorState,
): VisitorState {
  let visit = prior.visit;
  const seen: Record<string, Set<string>> = Object.fromEntries(
    Object.entries(prior.seen).map(([d, t]) => [d, new Set(t)]),
  );
  for (const hit of hits) {
    const day = dayKey(hit.at);
    const hour = hourOf(hit.at);
    if (hit.kind === 'end') {
      // Time on the page, on that page's rows in the current visit; an end without a visit (its
      // view rolled up before the state expired) has no visit to describe it and is left out.
      if (!visit || hit.duration_ms === undefined) continue;
      const keys = rowKeysOf(day, hour, { ...visit.entry, page: hit.path });
      add(
        out.rows,
        keys,
        'seconds',
        Math.min(Math.round(hit.duration_ms / 1000), ANALYTICS.maxPageSeconds),
      );
      add(out.rows, keys, 'timed', 1);
      continue;
    }
    if (!visit || hit.at - visit.lastAt > ANALYTICS.visitGapMinutes * 60_000) {
      const entry: ViewFacts = {
        page: hit.path,
        entry_page: hit.path,
        channel: hit.channel,
        source: hit.source,
        campaign: hit.campaign,
        country: hit.country,
        device: hit.device,
      };
      visit = {
        entry,
        startedAt: hit.at,
        views: 0,
        lastAt: hit.at,
        lastMinute: visit?.lastMinute ?? -1,
      };
      const keys = rowKeysOf(day, hour, entry);
      add(out.rows, keys, 'visits', 1);
      add(out.rows, keys, 'bounces', 1);
    } else if (visit.views === 1) {
      // The visit's second view: it no longer bounced, on its entry view's rows.
      add(
        out.rows,
        rowKeysOf(dayKey(visit.startedAt), hourOf(visit.startedAt), visit.entry),
        'bounces',
        -1,
      );
    }
    visit = { ...visit, views: visit.views + 1, lastAt: hit.at };
    const facts: ViewFacts = { ...visit.entry, page: hit.path };
    const keys = rowKeysOf(day, hour, facts);
    add(out.rows, keys, 'pageviews', 1);
    const tuple = tupleOf(hour, facts);
    const daySeen = (seen[day] ??= new Set());
    if (!daySeen.has(tuple)) {
      const counted = new Set<string>();
      for (const t of daySeen) {
        const s = tupleFacts(t);
        for (const k of rowKeysOf(day, s.hour, s.facts)) counted.add(keyId(k));
      }
      add(
        out.rows,
        keys.filter((k) => !counted.has(keyId(k))),
        'visitors',
        1,
      );
      daySeen.add(tuple);
    }
  }
  if (visit && visit.lastMinute !== minute) {
    out.now.set(minute, (out.now.get(minute) ?? 0) + 1);
    if (visit.lastMinute >= 0)
      out.now.set(visit.lastMinute, (out.now.get(visit.lastMinute) ?? 0) - 1);
    visit = { ...visit, lastMinute: minute };
  }
  return {
    visit,
    seen: Object.fromEntries(Object.entries(seen).map(([d, s]) => [d, [...s]])),
    minute,
  };
}
