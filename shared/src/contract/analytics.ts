import * as z from 'zod';
import { ANALYTICS, ANALYTICS_DIMENSIONS } from '../analytics';
import { defineOperations } from './operation';

const text = (max: number) =>
  z
    .string()
    .max(max * 4, 'is too long')
    .transform((v) => v.slice(0, max));
const optionalParam = text(ANALYTICS.paramMax).optional();

/**
 * One hit of the beacon: a page view (`view`, on each page load and each client-side navigation)
 * or the end of one (`end`, when the tab is hidden or left, with the time the page was seen).
 * Campaign parameters and referrer ride on every view; the server reads them on the first view of
 * a visit only. Nothing here identifies the visitor.
 */
export const collectBody = z.object({
  kind: z.enum(['view', 'end'], { error: 'must be view or end' }),
  /** The page's path (no query, no fragment). */
  path: z
    .string({ error: 'is required' })
    .min(1, 'is required')
    .max(ANALYTICS.pathMax * 4, 'is too long')
    .refine((v) => v.startsWith('/') && !v.startsWith('//'), 'must be a path starting with /')
    .transform((v) => (v.split(/[?#]/)[0] ?? v).slice(0, ANALYTICS.pathMax)),
  /** The external page that sent the visitor (another site's address), if any. */
  referrer: text(ANALYTICS.referrerMax).optional(),
  utm_source: optionalParam,
  utm_medium: optionalParam,
  utm_campaign: optionalParam,
  utm_term: optionalParam,
  utm_content: optionalParam,
  /** The name of an ad click id the address carried (`gclid`…), never its value. */
  click_id: z.string().max(20, 'is too long').optional(),
  /** The window's width class when the page was shown: s (< 640 px), m (< 1024 px), l. */
  viewport: z.enum(['s', 'm', 'l']).optional(),
  /** `end` only: how long the page was shown, in milliseconds. */
  duration_ms: z.coerce
    .number()
    .int()
    .min(0)
    .max(7 * 24 * 3600 * 1000)
    .optional(),
  /** The browser says it is driven by automation (`navigator.webdriver`): counted as a bot. */
  automated: z.boolean().optional(),
});
export type CollectBody = z.infer<typeof collectBody>;

const isoDay = z
  .string({ error: 'is required' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date, YYYY-MM-DD')
  .refine((v) => !Number.isNaN(Date.parse(v)), 'must be a date, YYYY-MM-DD');
const filterValue = z
  .string()
  .trim()
  .min(1, 'must not be empty')
  .max(ANALYTICS.referrerMax, 'is too long');

/**
 * The dashboard's range (UTC days, both included) and at most one filter: a row of one table
 * (`campaign=spring-sale`) narrowing all the others.
 */
export const analyticsQuery = z
  .object({
    from: isoDay,
    to: isoDay,
    ...Object.fromEntries(ANALYTICS_DIMENSIONS.map((d) => [d, filterValue.optional()])),
  } as { from: typeof isoDay; to: typeof isoDay } & Record<
    (typeof ANALYTICS_DIMENSIONS)[number],
    z.ZodOptional<typeof filterValue>
  >)
  .superRefine((q, ctx) => {
    const set = ANALYTICS_DIMENSIONS.filter((d) => q[d] !== undefined);
    const second = set[1];
    if (second !== undefined)
      ctx.addIssue({
        code: 'custom',
        path: [second],
        message: `one filter at a time: ${set.join(', ')} given`,
      });
    if (q.from > q.to)
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'must not be before from' });
    const days = (Date.parse(q.to) - Date.parse(q.from)) / 86_400_000 + 1;
    if (days > ANALYTICS.maxRangeDays)
      ctx.addIssue({
        code: 'custom',
        path: ['from'],
        message: `the range may span at most ${ANALYTICS.maxRangeDays} days`,
      });
  });
export type AnalyticsQuery = z.infer<typeof analyticsQuery>;

/** One row of a dashboard table: its name and what it brought. */
export const analyticsRow = z.object({
  name: z.string(),
  visitors: z.number().int(),
  pageviews: z.number().int(),
  /** Enquiries (spam left out) whose visit this row describes; 0 where a lead cannot say (pages seen). */
  leads: z.number().int(),
  /** leads ÷ visitors, 0–1. */
  conversion_rate: z.number(),
  /** Visits begun here (entry pages, channels…) and the share of them that saw one page only. */
  visits: z.number().int(),
  bounce_rate: z.number(),
  /** Mean seconds a page was shown (pages), from the beacons sent as pages were left. */
  avg_time_s: z.number(),
});
export type AnalyticsRow = z.infer<typeof analyticsRow>;

export const analyticsTotals = z.object({
  /** The sum of each day's unique visitors (a visitor is a new hash each day, as Plausible counts). */
  visitors: z.number().int(),
  pageviews: z.number().int(),
  visits: z.number().int(),
  views_per_visit: z.number(),
  bounce_rate: z.number(),
  avg_time_s: z.number(),
  /** Hits not counted: bot user agents, automated browsers, visitors over the rate. */
  bots_dropped: z.number().int(),
  leads: z.number().int(),
  conversion_rate: z.number(),
});
export type AnalyticsTotals = z.infer<typeof analyticsTotals>;

/** The 12-hour promise over one week of leads (spam left out), weeks starting Monday UTC. */
export const responseWeek = z.object({
  week: z.string(),
  leads: z.number().int(),
  /** Leads a member of staff has answered (a status change or a note). */
  answered: z.number().int(),
  /** Answered within ANALYTICS.promiseHours of arriving. */
  within_promise: z.number().int(),
  /** within_promise ÷ leads (0 without leads). */
  within_promise_share: z.number(),
  /** Median seconds to the first response of the answered ones (null: none answered). */
  median_response_s: z.number().nullable(),
});

export const analyticsReport = z.object({
  from: z.string(),
  to: z.string(),
  filter: z.object({ dimension: z.enum(ANALYTICS_DIMENSIONS), value: z.string() }).nullable(),
  totals: analyticsTotals,
  /** The same figures over the as-long period just before. */
  previous: analyticsTotals,
  /** By hour for a one-day range, by day otherwise (`at`: ISO hour or day). */
  interval: z.enum(['hour', 'day']),
  series: z.array(
    z.object({ at: z.string(), visitors: z.number().int(), pageviews: z.number().int() }),
  ),
  pages: z.array(analyticsRow),
  entry_pages: z.array(analyticsRow),
  channels: z.array(analyticsRow),
  sources: z.array(analyticsRow),
  campaigns: z.array(analyticsRow),
  countries: z.array(analyticsRow),
  devices: z.array(analyticsRow),
  /** Visitors seen in the last ANALYTICS.nowMinutes minutes (unfiltered). */
  now: z.object({ visitors: z.number().int() }),
  /** The 12-hour promise, by week over the range. */
  responses: z.array(responseWeek),
  generated_at: z.string(),
});
export type AnalyticsReport = z.infer<typeof analyticsReport>;

export const analyticsOperations = defineOperations({
  collect: {
    module: 'analytics',
    method: 'POST',
    path: '/api/collect',
    auth: 'public',
    throttle: 'counting',
    summary:
      'Count one page view or its end (the beacon, cookieless); answered 202 with no body whether counted or not (bots, Do Not Track and Global Privacy Control are not).',
    request: { encodings: ['json', 'text'], body: collectBody },
    status: 202,
    kind: 'empty',
    errors: [400, 413, 415],
  },
  getAnalytics: {
    module: 'analytics',
    method: 'GET',
    path: '/api/user/analytics',
    auth: 'admin',
    access: 'staff',
    throttle: 'staff',
    summary:
      'Visitors, page views, visits, bounce rate, time on page, bots dropped and enquiries over a range of days, by page, entry page, channel, source, campaign, country and device, narrowed by at most one of them; with the 12-hour promise by week.',
    request: { encodings: [], query: analyticsQuery },
    status: 200,
    kind: 'json',
    response: z.object({ data: analyticsReport }),
    errors: [400, 401, 403],
  },
});
