import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import * as z from 'zod';
import { errorBody } from '@agency/shared';
import { defineHandler, issueCode, NOT_THROUGH_EDGE } from './http';
import { resetEnv } from './env';
import { invalid, stale, taken, tooLarge, tooManyRequests } from './errors';

const ORIGIN_SECRET = 'origin-secret-of-at-least-thirty-two-chars';
const PREVIOUS_SECRET = 'previous-secret-of-at-least-thirty-two-chars';

/** A request as CloudFront forwards it (with the origin secret), unless `direct`. */
const event = (
  headers: Record<string, string>,
  body?: string,
  direct = false,
): APIGatewayProxyEventV2 =>
  ({
    version: '2.0',
    routeKey: 'GET /api/health',
    rawPath: '/api/health',
    rawQueryString: '',
    headers: direct ? headers : { 'x-origin-verify': ORIGIN_SECRET, ...headers },
    body,
    isBase64Encoded: false,
    requestContext: {
      requestId: 'r1',
      http: { method: 'GET', path: '/api/health', sourceIp: '198.51.100.1' },
    },
  }) as unknown as APIGatewayProxyEventV2;

beforeEach(() => {
  process.env.ORIGIN_VERIFY = JSON.stringify({ current: ORIGIN_SECRET, previous: '' });
});

afterEach(() => {
  delete process.env.CLIENT_IP_HEADER;
  delete process.env.ORIGIN_VERIFY;
  resetEnv();
});

describe('one door in', () => {
  const health = () => defineHandler('getHealth', async () => ({ body: { ok: true as const } }));

  it('refuses a call without the origin secret or with a wrong one (403), forged viewer IP or not', async () => {
    process.env.CLIENT_IP_HEADER = 'true-client-ip';
    const attempts: Record<string, string>[] = [
      {},
      { 'true-client-ip': '203.0.113.9' },
      { 'x-origin-verify': 'guess' },
      { 'x-origin-verify': `${ORIGIN_SECRET}x` },
    ];
    for (const headers of attempts) {
      const res = await health()(event(headers, undefined, true));
      expect(res.statusCode).toBe(403);
      expect(JSON.parse(res.body ?? '{}')).toEqual({ error: NOT_THROUGH_EDGE, code: 'forbidden' });
    }
    expect((await health()(event({}))).statusCode).toBe(200);
  });

  it('lets in the previous secret during a rotation, never an empty one', async () => {
    const previous = (value: string) =>
      health()(event({ 'x-origin-verify': value }, undefined, true));
    expect((await previous('')).statusCode).toBe(403);
    process.env.ORIGIN_VERIFY = JSON.stringify({
      current: ORIGIN_SECRET,
      previous: PREVIOUS_SECRET,
    });
    resetEnv();
    expect((await previous(PREVIOUS_SECRET)).statusCode).toBe(200);
    expect((await previous(ORIGIN_SECRET)).statusCode).toBe(200);
    expect((await previous('')).statusCode).toBe(403);
  });

  it('fails closed when the secret is not configured', async () => {
    delete process.env.ORIGIN_VERIFY;
    resetEnv();
    expect((await health()(event({}))).statusCode).toBe(500);
  });
});

describe('defineHandler', () => {
  it('takes the client address from the trusted proxy header only when one is configured', async () => {
    const seen: string[] = [];
    const handler = defineHandler('getHealth', async (req) => {
      seen.push(req.sourceIp);
      return { body: { ok: true as const } };
    });
    await handler(event({ 'true-client-ip': '203.0.113.9' }));
    process.env.CLIENT_IP_HEADER = 'true-client-ip';
    resetEnv();
    await handler(event({ 'True-Client-IP': '203.0.113.9' }));
    await handler(event({}));
    expect(seen).toEqual(['198.51.100.1', '203.0.113.9', '198.51.100.1']);
  });

  it('turns an unexpected failure into a 500 without internals', async () => {
    const handler = defineHandler('getHealth', async () => {
      throw new Error('secret stack detail');
    });
    const res = await handler(event({}));
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain('secret');
    expect(JSON.parse(res.body ?? '{}')).toEqual({ error: expect.any(String), code: 'internal' });
  });
});

const form = (fields: Record<string, string>): APIGatewayProxyEventV2 =>
  event(
    { 'content-type': 'application/x-www-form-urlencoded' },
    new URLSearchParams(fields).toString(),
  );

/** The error body of a handler's answer, checked against the contract's schema. */
async function refusal(handler: ReturnType<typeof defineHandler>, e: APIGatewayProxyEventV2) {
  const res = await handler(e);
  const body: unknown = JSON.parse(res.body ?? '{}');
  expect(errorBody.strict().parse(body)).toEqual(body);
  return { status: res.statusCode, body };
}

describe('error bodies', () => {
  const lead = {
    name: 'Ada Lovelace',
    phone: '+44 20 7946 0000',
    email: 'ada@example.com',
    subject: 'SEO',
    message: 'Hello',
    altcha: 'x',
  };
  const accepted = defineHandler('createLead', async () => ({
    body: { data: { id: '1' }, message: 'ok' },
  }));

  it('keeps the "field: message" sentence and adds the field and the code of a contract refusal', async () => {
    const { name: _omitted, ...noName } = lead;
    expect(await refusal(accepted, form(noName))).toEqual({
      status: 400,
      body: { error: 'name: is required', field: 'name', code: 'required' },
    });
    expect(await refusal(accepted, form({ ...lead, email: 'not an address' }))).toEqual({
      status: 400,
      body: { error: 'email: is not a valid e-mail address', field: 'email', code: 'invalid' },
    });
    expect((await refusal(accepted, form({ ...lead, message: 'x'.repeat(10_001) }))).body).toEqual(
      expect.objectContaining({ field: 'message', code: 'too-long' }),
    );
  });

  it('answers a typed domain error with its field and code, the sentence byte for byte', async () => {
    const cases = [
      {
        error: invalid('current_password', 'is not your current password.', 'wrong-password'),
        status: 400,
        body: {
          error: 'current_password: is not your current password.',
          field: 'current_password',
          code: 'wrong-password',
        },
      },
      {
        error: taken('is already taken', 'slug'),
        status: 409,
        body: { error: 'slug: is already taken', field: 'slug', code: 'taken' },
      },
      {
        error: stale('Someone else saved this post meanwhile.'),
        status: 409,
        body: { error: 'Someone else saved this post meanwhile.', code: 'stale' },
      },
      {
        error: tooLarge('must be at most 20 MB', 'file', 'file photo.jpg'),
        status: 413,
        body: { error: 'file photo.jpg: must be at most 20 MB', field: 'file', code: 'too-large' },
      },
      {
        error: tooManyRequests('Too many attempts.'),
        status: 429,
        body: { error: 'Too many attempts.', code: 'rate-limited' },
      },
    ];
    for (const c of cases) {
      const handler = defineHandler('createLead', async () => {
        throw c.error;
      });
      expect(await refusal(handler, form(lead))).toEqual({ status: c.status, body: c.body });
    }
  });
});

describe('issueCode', () => {
  const first = (schema: z.ZodType, value: unknown) => schema.safeParse(value).error?.issues[0];
  const text = z.string().trim().min(1, 'is required').min(3, 'is short').max(5, 'is long');

  it('names the rule a value broke, from the zod issue and never from its message', () => {
    expect(issueCode(first(text, ' '), false)).toBe('required');
    expect(issueCode(first(text, 'ab'), false)).toBe('too-short');
    expect(issueCode(first(text, 'abcdef'), false)).toBe('too-long');
    expect(issueCode(first(z.array(z.string()).max(1), ['a', 'b']), false)).toBe('too-long');
    expect(issueCode(first(z.number().max(3), 4), false)).toBe('out-of-range');
    expect(issueCode(first(z.number().min(3), 2), false)).toBe('out-of-range');
    expect(issueCode(first(z.email(), 'nope'), false)).toBe('invalid');
    expect(issueCode(first(z.enum(['a', 'b']), 'c'), false)).toBe('invalid');
    expect(issueCode(first(z.string(), undefined), true)).toBe('required');
  });
});
