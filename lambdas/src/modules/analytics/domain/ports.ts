import type { Channel, Device } from '@agency/shared';

/**
 * One hit as the collect operation stores it (the visitors table, `HIT#<minute>#<shard>`, gone
 * within ANALYTICS.rawTtlHours) and the roll-up job reads it back. `visitor` is the salted daily
 * hash: never an address or a user agent.
 */
export interface RawHit {
  /** `view`: a page view; `end`: a page left (duration_ms); `bot`: a hit dropped as a bot (counted only). */
  kind: 'view' | 'end' | 'bot';
  /** Epoch milliseconds the edge received it. */
  at: number;
  /** Hex SHA-256 of (day's salt, address, user agent, site); '' for `bot`. */
  visitor: string;
  path: string;
  /** Campaign and referrer facts of the view, read by the job on a visit's first view only. */
  channel: Channel;
  /** The lead inbox's own source label (utm_source, google-ads, referrer host, direct). */
  source: string;
  /** utm_campaign, lower case, or ''. */
  campaign: string;
  /** Two-letter country or `unknown`. */
  country: string;
  device: Device;
  /** `end` only. */
  duration_ms?: number;
}

/** Where collect puts hits and the roll-up job finds them, one minute (epoch minute) at a time. */
export interface HitLog {
  append(hit: RawHit): Promise<void>;
  /** Every hit of one minute, any order. */
  minute(minute: number): Promise<RawHit[]>;
}

/** The day's salt: made once per UTC day (first caller wins), gone within ANALYTICS.rawTtlHours. */
export interface SaltStore {
  /** The salt of `day` (YYYY-MM-DD), made now if it has none yet. */
  saltOf(day: string, now: Date): Promise<string>;
}
