import type { ThrottleClass } from './operation';

/** Steady-state requests per second (the bucket's refill) and burst (its size) of some routes. */
export interface RouteLimit {
  rateLimit: number;
  burstLimit: number;
}

/** A stage's API limits: the stage default (`cap`) and each throttle class's. */
export interface ApiLimits {
  cap: RouteLimit;
  classes: Record<ThrottleClass, RouteLimit>;
}

/**
 * The API's limits per stage, written once (README, Operations, "Limits and alarms", explains
 * them; the local stack applies prod's, `lambdas/src/local/edge-server/throttle.ts`). API Gateway counts them per stage and route for all callers together, so a script at the
 * limit of one class starves that class only, never another; per-viewer limits are WAF's and the
 * functions' own. Prod's figures, from expected traffic (tens of thousands of page views a month
 * today, sized for 50 million: about 19 page views a second on average, peaks at three times that):
 * - public-read 50/s, burst 100: CloudFront answers most reads; a miss costs one call, and 50/s is
 *   a cold cache under a crawler plus a busy hour.
 * - counting 100/s, burst 200: about 1.8 beacon and view calls a page view, never cached; 100/s
 *   is 50 million views' peak with room, and a flood of it starves nothing else.
 * - enquiry 5/s, burst 10: a person sends one challenge and one enquiry (tens a day); 5/s is
 *   thousands an hour, far past any real demand, so only a script reaches it.
 * - sign-in 5/s, burst 10: a handful of staff, each sign-in a few steps.
 * - staff 25/s, burst 50: an admin page loads up to ten calls at once for each of a few editors.
 * - cap 100/s, burst 200 (the stage default, and what any route outside the table gets).
 * Dev: a fifth or so, enough for the team's tests.
 */
export const API_LIMITS: Record<'dev' | 'prod', ApiLimits> = {
  dev: {
    cap: { rateLimit: 20, burstLimit: 40 },
    classes: {
      'public-read': { rateLimit: 10, burstLimit: 20 },
      counting: { rateLimit: 20, burstLimit: 40 },
      enquiry: { rateLimit: 2, burstLimit: 5 },
      'sign-in': { rateLimit: 2, burstLimit: 5 },
      staff: { rateLimit: 10, burstLimit: 20 },
    },
  },
  prod: {
    cap: { rateLimit: 100, burstLimit: 200 },
    classes: {
      'public-read': { rateLimit: 50, burstLimit: 100 },
      counting: { rateLimit: 100, burstLimit: 200 },
      enquiry: { rateLimit: 5, burstLimit: 10 },
      'sign-in': { rateLimit: 5, burstLimit: 10 },
      staff: { rateLimit: 25, burstLimit: 50 },
    },
  },
};
