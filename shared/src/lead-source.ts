import { LEAD_SOURCE_LIMITS } from './constants';

/** What the site remembered of the visit an enquiry came from (all optional). */
export interface VisitSource {
  utm_source?: string | null;
  utm_medium?: string | null;
  utm_campaign?: string | null;
  utm_term?: string | null;
  utm_content?: string | null;
  gclid?: string | null;
  landing_page?: string | null;
  referrer?: string | null;
}

/** Source label of a lead with no campaign, no ad click and no external referrer. */
export const DIRECT_SOURCE = 'direct';
/** Source label of a Google Ads click that carried no utm_source. */
export const GOOGLE_ADS_SOURCE = 'google-ads';

const hostOf = (url: string): string | null => {
  try {
    const u = new URL(url);
    if (u.protocol !== 'http:' && u.protocol !== 'https:') return null;
    return u.hostname.replace(/^www\./, '').toLowerCase() || null;
  } catch {
    return null;
  }
};

/**
 * The one label a lead's source is filtered and charted by: its `utm_source` (lower case), else
 * `google-ads` for a gclid, else the external referrer's host without `www.`, else `direct`.
 */
export function sourceOf(visit: VisitSource): string {
  const utm = visit.utm_source?.trim().toLowerCase();
  if (utm) return utm.slice(0, LEAD_SOURCE_LIMITS.sourceMax);
  if (visit.gclid?.trim()) return GOOGLE_ADS_SOURCE;
  const host = visit.referrer ? hostOf(visit.referrer) : null;
  if (host) return host.slice(0, LEAD_SOURCE_LIMITS.sourceMax);
  return DIRECT_SOURCE;
}

/**
 * The path a landing page is counted under: the path of a relative or absolute address, without
 * query or fragment (campaign parameters would make every link its own page), or null.
 */
export function landingPath(landing: string | null | undefined): string | null {
  if (!landing) return null;
  try {
    const u = new URL(landing, 'http://site.invalid');
    return u.pathname.slice(0, 300) || '/';
  } catch {
    return null;
  }
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** The UTC day of an instant, `YYYY-MM-DD`. */
export const dayKey = (at: Date | number | string): string =>
  new Date(at).toISOString().slice(0, 10);

/** The Monday (UTC) starting the week of an instant, `YYYY-MM-DD`. */
export function weekKey(at: Date | number | string): string {
  const d = new Date(dayKey(at));
  const sinceMonday = (d.getUTCDay() + 6) % 7;
  return dayKey(d.getTime() - sinceMonday * DAY_MS);
}

/** The `count` week keys ending with the week of `now`, oldest first. */
export function lastWeeks(now: Date, count: number): string[] {
  const current = new Date(weekKey(now)).getTime();
  return Array.from({ length: count }, (_, i) => dayKey(current - (count - 1 - i) * 7 * DAY_MS));
}

/** The `count` day keys ending with the day of `now`, oldest first. */
export function lastDays(now: Date, count: number): string[] {
  const today = new Date(dayKey(now)).getTime();
  return Array.from({ length: count }, (_, i) => dayKey(today - (count - 1 - i) * DAY_MS));
}
