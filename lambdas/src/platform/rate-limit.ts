import { LEAD_RATE_LIMIT } from '@agency/shared';
import { tooManyRequests } from './errors';

/** Counts hits per key atomically; returns the count after this hit. */
export interface HitCounter {
  /** Add one to `key` and return the new total; the record may be dropped after `expiresAt` (epoch seconds). */
  hit(key: string, expiresAt: number): Promise<number>;
}

/** Reads a counter without counting (limits on failures: asked before, counted only on a failure). */
export interface HitReader {
  /** The total of `key` so far (0 when none). */
  hits(key: string): Promise<number>;
}

export interface RateLimit {
  max: number;
  windowMs: number;
}

/** The fixed window `now` falls in: the same number for every instant of one window. */
export const windowOf = (now: number, windowMs: number): number => Math.floor(now / windowMs);

/**
 * Counter key of a client IP in one window, e.g. `203.0.113.9#2890123` (the store adds its table's
 * key prefix).
 */
export const rateKey = (ip: string, window: number): string => `${ip}#${window}`;

export const RATE_LIMIT_MESSAGE =
  'Too many enquiries from your network; please try again in a few minutes.';

/**
 * Count one enquiry from `ip` and refuse (429) past the limit. Fixed windows: cheap (one atomic ADD,
 * no read-modify-write) at the price of allowing up to twice the limit across a window boundary.
 */
export async function checkRateLimit(
  counter: HitCounter,
  ip: string,
  now: number,
  limit: RateLimit = LEAD_RATE_LIMIT,
  message: string = RATE_LIMIT_MESSAGE,
): Promise<void> {
  const count = await countHit(counter, ip, now, limit);
  if (count > limit.max) throw tooManyRequests(message);
}

/** Count one hit of `key` in the window `now` falls in; the window's total after it. */
export function countHit(
  counter: HitCounter,
  key: string,
  now: number,
  limit: RateLimit,
): Promise<number> {
  const window = windowOf(now, limit.windowMs);
  // Keep the record one window past its end so a late clock on another instance still sees it.
  const expiresAt = Math.ceil(((window + 2) * limit.windowMs) / 1000);
  return counter.hit(rateKey(key, window), expiresAt);
}

/**
 * A limit on failures (wrong passwords, wrong codes): 429 once `key` has failed `limit.max` times
 * in the current window, before anything is tried; the caller counts each failure with countHit.
 */
export async function requireUnderLimit(
  reader: HitReader,
  key: string,
  now: number,
  limit: RateLimit,
  message: string,
): Promise<void> {
  const count = await reader.hits(rateKey(key, windowOf(now, limit.windowMs)));
  if (count >= limit.max) throw tooManyRequests(message);
}
