/**
 * The site's own analytics: what a page view carries, how a visit's channel and a visitor's device
 * are named, and the limits of counting. Cookieless: a visitor is a salted daily hash of (address,
 * user agent, site) made on the server and never stored beyond two days; see README "Analytics".
 */
import { LEAD_SOURCE_LIMITS } from './constants';
import { sourceOf, type VisitSource } from './lead-source';

export const ANALYTICS = {
  /** A visit ends after this long without a page view (as Plausible and GA count sessions). */
  visitGapMinutes: 30,
  /** Visitor hashes, salts and raw hits expire after this long (TTL; reads ignore expired items). */
  rawTtlHours: 48,
  /** Roll-ups are kept this many months. */
  retentionMonths: 25,
  /** A visitor sending more page views than this in one minute is a script: its hits count as bots. */
  maxViewsPerMinute: 30,
  /** "On the site now": visitors seen within this many minutes. */
  nowMinutes: 5,
  /** Raw hits of one minute are spread over this many partitions (a hot key at 1,000 views a second). */
  hitShards: 16,
  /** Longest path, referrer and campaign value kept (longer ones are cut). */
  pathMax: 300,
  referrerMax: LEAD_SOURCE_LIMITS.urlMax,
  paramMax: LEAD_SOURCE_LIMITS.paramMax,
  /** Time on a page beyond this is cut to it (a tab left open all night is not reading). */
  maxPageSeconds: 30 * 60,
  /** Longest range the dashboard reads, in days (the retention). */
  maxRangeDays: 25 * 31,
  /** Rows a dashboard table shows (the rest are left out, the totals keep them). */
  topRows: 50,
  /** The agency's promise: a call back within this many hours. */
  promiseHours: 12,
  /** A lead nobody has answered this long after it arrived is named to the team, once. */
  reminderHours: 10,
} as const;

/** Channels, as HubSpot and GA group them, from referrer and campaign parameters. */
export const CHANNELS = [
  'direct',
  'organic-search',
  'paid-search',
  'social',
  'email',
  'referral',
] as const;
export type Channel = (typeof CHANNELS)[number];

export const CHANNEL_LABELS: Record<Channel, string> = {
  direct: 'Direct',
  'organic-search': 'Organic search',
  'paid-search': 'Paid search',
  social: 'Social',
  email: 'E-mail',
  referral: 'Referral',
};

/** Device classes, from the user agent. */
export const DEVICES = ['desktop', 'mobile', 'tablet'] as const;
export type Device = (typeof DEVICES)[number];

/**
 * The dimensions a page view is rolled up by, each the name of a dashboard table and of the filter
 * its rows set (`GET /api/user/analytics?channel=email`). One filter at a time.
 */
export const ANALYTICS_DIMENSIONS = [
  'page',
  'entry_page',
  'channel',
  'source',
  'campaign',
  'country',
  'device',
] as const;
export type AnalyticsDimension = (typeof ANALYTICS_DIMENSIONS)[number];

const isChannel = (v: string): v is Channel => (CHANNELS as readonly string[]).includes(v);
/** Country names in English ("India" for IN), as the runtime knows them; made on first use. */
let regionNames: Intl.DisplayNames | undefined;

/**
 * How a value of a dimension reads to staff, in the dashboard and on a lead: channels by their
 * label, countries by their name ("Unknown" when the edge sent none), devices capitalised, the rest
 * (paths, sources, campaigns) as they are.
 */
export function dimensionValueLabel(dimension: AnalyticsDimension, value: string): string {
  if (dimension === 'channel' && isChannel(value)) return CHANNEL_LABELS[value];
  if (dimension === 'country' && /^[A-Z]{2}$/.test(value)) {
    regionNames ??= new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' });
    return regionNames.of(value) ?? value;
  }
  if (dimension === 'country' || dimension === 'device')
    return value.charAt(0).toUpperCase() + value.slice(1);
  return value;
}

/** Ad click ids a landing address may carry: a paid click even without utm parameters. */
export const CLICK_IDS = ['gclid', 'gbraid', 'wbraid', 'msclkid', 'dclid'] as const;

const SEARCH_HOSTS =
  /(^|\.)(google\.[a-z.]+|bing\.com|duckduckgo\.com|search\.yahoo\.com|yahoo\.[a-z.]+|baidu\.com|yandex\.[a-z.]+|ecosia\.org|search\.brave\.com|startpage\.com|naver\.com|qwant\.com)$/;
const SOCIAL_HOSTS =
  /(^|\.)(facebook\.com|fb\.com|instagram\.com|linkedin\.com|lnkd\.in|t\.co|twitter\.com|x\.com|youtube\.com|reddit\.com|pinterest\.[a-z.]+|tiktok\.com|threads\.net|bsky\.app|mastodon\.social|whatsapp\.com|quora\.com)$/;
const MAIL_HOSTS =
  /(^|\.)(mail\.google\.com|outlook\.live\.com|outlook\.office\.com|mail\.yahoo\.com)$/;
const SOCIAL_SOURCES =
  /^(facebook|fb|instagram|ig|linkedin|twitter|x|youtube|reddit|pinterest|tiktok|threads|bluesky|whatsapp)$/;
const PAID_MEDIUMS = /^(cpc|ppc|paid|paidsearch|paid[-_ ]search|sem|display|cpm|banner)$/;
const SOCIAL_MEDIUMS =
  /^(social|social[-_ ]network|social[-_ ]media|sm|paid[-_ ]social|paidsocial)$/;
const MAIL_MEDIUMS = /^(e-?mail|newsletter)$/;

const hostOf = (url: string | null | undefined): string | null => {
  if (!url) return null;
  try {
    const u = new URL(url);
    return u.hostname.replace(/^www\./, '').toLowerCase() || null;
  } catch {
    return null;
  }
};

/** What a visit's channel is read from: its campaign parameters, a click id, the external referrer. */
export interface ChannelInput extends VisitSource {
  /** The name of an ad click id the landing address carried (`gclid`…), if any. */
  click_id?: string | null;
}

/**
 * The channel of a visit, as HubSpot and GA group them: campaign parameters first (medium, then a
 * known source), then an ad click id, then the referrer's kind; nothing at all is `direct`.
 */
export function channelOf(visit: ChannelInput): Channel {
  const medium = visit.utm_medium?.trim().toLowerCase() ?? '';
  const source = visit.utm_source?.trim().toLowerCase() ?? '';
  const host = hostOf(visit.referrer);
  if (medium || source) {
    if (MAIL_MEDIUMS.test(medium) || MAIL_MEDIUMS.test(source)) return 'email';
    if (SOCIAL_MEDIUMS.test(medium) || SOCIAL_SOURCES.test(source)) return 'social';
    if (PAID_MEDIUMS.test(medium)) return 'paid-search';
    if (medium === 'organic') return 'organic-search';
  }
  if (visit.gclid || visit.click_id) return 'paid-search';
  if (host) {
    if (MAIL_HOSTS.test(host)) return 'email';
    if (SEARCH_HOSTS.test(host)) return 'organic-search';
    if (SOCIAL_HOSTS.test(host)) return 'social';
    return 'referral';
  }
  return medium || source ? 'referral' : 'direct';
}

/** The source label of a visit (the lead inbox's own: utm_source, an ad click, referrer host, direct). */
export const visitSourceOf = (visit: ChannelInput): string =>
  sourceOf({ ...visit, gclid: visit.gclid ?? visit.click_id ?? null });

/** A device class from a user agent: tablets and phones by their usual tokens, else desktop. */
export function deviceOf(userAgent: string | undefined): Device {
  const ua = userAgent ?? '';
  if (/iPad|Tablet|PlayBook|Silk|Kindle|Android(?!.*Mobile)/i.test(ua)) return 'tablet';
  if (/Mobi|iPhone|iPod|Android|Windows Phone|Opera Mini|IEMobile/i.test(ua)) return 'mobile';
  return 'desktop';
}

/** A country code as CloudFront's viewer-country header gives it (two letters), else `unknown`. */
export const countryOf = (header: string | undefined): string =>
  header && /^[A-Za-z]{2}$/.test(header.trim()) ? header.trim().toUpperCase() : 'unknown';
