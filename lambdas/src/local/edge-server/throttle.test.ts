import { API_LIMITS, contract, type OperationName } from '@agency/shared';
import { describe, expect, it } from 'vitest';
import type { Handler } from '../../platform/http';
import { routeApi } from './api-router';
import { RouteThrottle } from './throttle';

/** A clock the test moves by hand. */
const clock = () => {
  let now = 0;
  return { now: () => now, advance: (ms: number) => (now += ms) };
};

/** A handler that answers 200 and counts its calls, for every operation. */
const counting = () => {
  const calls: OperationName[] = [];
  const load = (name: OperationName): Promise<Handler> =>
    Promise.resolve(() => {
      calls.push(name);
      return Promise.resolve({ statusCode: 200, body: '{}' });
    });
  return { calls, load };
};

const request = (method: string, rawPath: string) => ({
  method,
  rawPath,
  rawQueryString: '',
  headers: { 'content-type': 'application/json' },
  body: Buffer.from('{}'),
  sourceIp: '203.0.113.9',
});

describe('the local stage throttles each route as API Gateway does', () => {
  it("lets a route's burst through, then answers 429 without running the function, and refills at its rate", async () => {
    const time = clock();
    const throttle = new RouteThrottle(API_LIMITS.prod, time.now);
    const { calls, load } = counting();
    const enquiry = API_LIMITS.prod.classes[contract.createLead.throttle];
    const statuses: number[] = [];
    for (let i = 0; i < enquiry.burstLimit + 2; i++)
      statuses.push((await routeApi(request('POST', '/api/lead'), load, throttle)).status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(enquiry.burstLimit);
    expect(statuses.slice(-2)).toEqual([429, 429]);
    expect(calls).toHaveLength(enquiry.burstLimit);
    const refused = await routeApi(request('POST', '/api/lead'), load, throttle);
    expect(JSON.parse(refused.body.toString())).toEqual({ message: 'Too Many Requests' });

    // Another route (another class) is not starved by the flood.
    expect(
      (await routeApi(request('GET', '/api/captcha/challenge'), load, throttle)).status,
    ).not.toBe(429);
    // One token comes back every 1/rate seconds.
    time.advance(1000 / enquiry.rateLimit);
    expect((await routeApi(request('POST', '/api/lead'), load, throttle)).status).toBe(200);
    expect((await routeApi(request('POST', '/api/lead'), load, throttle)).status).toBe(429);
  });

  it('never throttles with none (the benchmarks of the functions themselves)', async () => {
    const { calls, load } = counting();
    for (let i = 0; i < 50; i++) await routeApi(request('POST', '/api/lead'), load, null);
    expect(calls).toHaveLength(50);
  });

  it('keeps a bucket no fuller than its burst after a long quiet spell', () => {
    const time = clock();
    const throttle = new RouteThrottle(API_LIMITS.prod, time.now);
    const limit = { rateLimit: 2, burstLimit: 3 };
    time.advance(60_000);
    const taken = Array.from({ length: 5 }, () => throttle.take('POST /x', limit));
    expect(taken).toEqual([true, true, true, false, false]);
  });
});
