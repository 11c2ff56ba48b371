import { API_LIMITS, type ApiLimits, type RouteLimit } from '@agency/shared';

/**
 * API Gateway's throttling of the HTTP API's stage, as the local stack applies it: one token bucket
 * per route (`GET /api/user/post/get`), as big as its throttle class's burst and refilled at its
 * rate, shared by every caller. A request that finds the bucket empty gets API Gateway's own 429,
 * `{"message":"Too Many Requests"}`, and never reaches the function. The figures are prod's
 * (`API_LIMITS`), the limits visitors meet.
 */
export class RouteThrottle {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();

  constructor(
    readonly limits: ApiLimits = API_LIMITS.prod,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** Take a token for one request on `routeKey` under `limit`; false when the bucket is empty. */
  take(routeKey: string, limit: RouteLimit): boolean {
    const now = this.now();
    const bucket = this.buckets.get(routeKey) ?? { tokens: limit.burstLimit, at: now };
    const refilled = Math.min(
      limit.burstLimit,
      bucket.tokens + ((now - bucket.at) / 1000) * limit.rateLimit,
    );
    const allowed = refilled >= 1;
    this.buckets.set(routeKey, { tokens: allowed ? refilled - 1 : refilled, at: now });
    return allowed;
  }
}

/** API Gateway's answer to a throttled request (HTTP APIs cannot change it). */
export const TOO_MANY_REQUESTS = {
  status: 429,
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ message: 'Too Many Requests' }),
} as const;
