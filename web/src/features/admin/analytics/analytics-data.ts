import {
  ANALYTICS_DIMENSIONS,
  dimensionValueLabel,
  type AnalyticsDimension,
  type AnalyticsReport,
  type AnalyticsRow,
} from '@agency/shared';

/** The dashboard's ranges: today, the last 7, 30 or 365 days (today included), or two dates. */
export const RANGES = [
  { key: 'today', label: 'Today', days: 1 },
  { key: '7d', label: '7 days', days: 7 },
  { key: '30d', label: '30 days', days: 30 },
  { key: '12m', label: '12 months', days: 365 },
  { key: 'custom', label: 'Custom', days: 0 },
] as const;
export type RangeKey = (typeof RANGES)[number]['key'];

const DAY_MS = 86_400_000;
const isoDay = (ms: number): string => new Date(ms).toISOString().slice(0, 10);
const isDay = (v: string | null): v is string =>
  v !== null && /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(v));

/** What the address says: the range, its UTC days, and the one filter (a table's row). */
export interface AnalyticsView {
  range: RangeKey;
  from: string;
  to: string;
  filter: { dimension: AnalyticsDimension; value: string } | null;
}

/** The view the address's query names (`?range=7d&campaign=spring`); unknown values fall back to 7 days. */
export function viewOf(params: URLSearchParams, now = Date.now()): AnalyticsView {
  const asked = RANGES.find((r) => r.key === params.get('range'));
  const today = isoDay(now);
  const dimension = ANALYTICS_DIMENSIONS.find((d) => params.get(d));
  const filter = dimension ? { dimension, value: params.get(dimension) ?? '' } : null;
  if (asked?.key === 'custom') {
    const from = params.get('from');
    const to = params.get('to');
    if (isDay(from) && isDay(to))
      return { range: 'custom', from: from <= to ? from : to, to: from <= to ? to : from, filter };
    return { range: 'custom', from: isoDay(now - 6 * DAY_MS), to: today, filter };
  }
  const range = asked ?? RANGES[1];
  return { range: range.key, from: isoDay(now - (range.days - 1) * DAY_MS), to: today, filter };
}

/** The address query of a view (the range's days only when custom; the filter as `dimension=value`). */
export function queryOf(view: AnalyticsView): URLSearchParams {
  const q = new URLSearchParams({ range: view.range });
  if (view.range === 'custom') {
    q.set('from', view.from);
    q.set('to', view.to);
  }
  if (view.filter) q.set(view.filter.dimension, view.filter.value);
  return q;
}

/** The dashboard's tables in order: the report's list, its title, its column, the filter it sets. */
export const TABLES = [
  { key: 'pages', title: 'Top pages', head: 'Page', dimension: 'page' },
  { key: 'entry_pages', title: 'Entry pages', head: 'Entry page', dimension: 'entry_page' },
  { key: 'channels', title: 'Channels', head: 'Channel', dimension: 'channel' },
  { key: 'sources', title: 'Sources', head: 'Source', dimension: 'source' },
  { key: 'campaigns', title: 'Campaigns', head: 'Campaign', dimension: 'campaign' },
  { key: 'countries', title: 'Countries', head: 'Country', dimension: 'country' },
  { key: 'devices', title: 'Devices', head: 'Device', dimension: 'device' },
] as const satisfies readonly {
  key: keyof AnalyticsReport;
  title: string;
  head: string;
  dimension: AnalyticsDimension;
}[];

/** How a row's name reads (shared with the lead view). */
export const rowLabel = dimensionValueLabel;

/** The filter's name in the chip ("Campaign"). */
export const dimensionLabel = (dimension: AnalyticsDimension): string =>
  TABLES.find((t) => t.dimension === dimension)?.head ?? dimension;

/** "12.5%" for 0.125. */
export const percent = (share: number): string =>
  `${(Math.round(share * 1000) / 10).toLocaleString('en-GB')}%`;

/** "1m 05s" or "42s" for seconds. */
export function duration(seconds: number): string {
  const s = Math.round(seconds);
  if (s < 60) return `${s}s`;
  if (s < 3600) return `${Math.floor(s / 60)}m ${String(s % 60).padStart(2, '0')}s`;
  return `${Math.floor(s / 3600)}h ${String(Math.floor((s % 3600) / 60)).padStart(2, '0')}m`;
}

/** The change from `previous` to `now`: "▲ 25%", "▼ 10%", "no change", or "new" from nothing. */
export function change(now: number, previous: number): string {
  if (previous === 0) return now === 0 ? 'no change' : 'new';
  const pct = Math.round(((now - previous) / previous) * 100);
  if (pct === 0) return 'no change';
  return `${pct > 0 ? '▲' : '▼'} ${Math.abs(pct)}%`;
}

const csvCell = (v: string | number): string => {
  const s = String(v);
  return /[",\n\r]/.test(s) || /^[=+\-@]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};
const csvLine = (cells: (string | number)[]): string => cells.map(csvCell).join(',');

/**
 * What the dashboard shows, as CSV: the range and filter, the totals, then every table under its
 * name with its columns (a blank line between parts).
 */
export function reportCsv(report: AnalyticsReport): string {
  const t = report.totals;
  const parts: string[][] = [
    [
      csvLine(['Analytics', `${report.from} to ${report.to}`]),
      ...(report.filter
        ? [
            csvLine([
              'Filter',
              `${dimensionLabel(report.filter.dimension)}: ${report.filter.value}`,
            ]),
          ]
        : []),
    ],
    [
      csvLine(['Totals', 'Value']),
      csvLine(['Visitors', t.visitors]),
      csvLine(['Page views', t.pageviews]),
      csvLine(['Visits', t.visits]),
      csvLine(['Views per visit', t.views_per_visit]),
      csvLine(['Bounce rate', percent(t.bounce_rate)]),
      csvLine(['Average time on page (s)', Math.round(t.avg_time_s)]),
      csvLine(['Enquiries', t.leads]),
      csvLine(['Conversion', percent(t.conversion_rate)]),
      csvLine(['Bots dropped', t.bots_dropped]),
    ],
    ...TABLES.map(({ key, title, head, dimension }) => [
      csvLine([title]),
      csvLine([head, 'Visitors', 'Page views', 'Enquiries', 'Conversion']),
      ...report[key].map((r: AnalyticsRow) =>
        csvLine([
          rowLabel(dimension, r.name),
          r.visitors,
          r.pageviews,
          r.leads,
          percent(r.conversion_rate),
        ]),
      ),
    ]),
  ];
  return `${parts.map((p) => p.join('\r\n')).join('\r\n\r\n')}\r\n`;
}
