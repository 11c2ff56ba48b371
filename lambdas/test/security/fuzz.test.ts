import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import * as z from 'zod';
import { contract, operationNames, type OperationName } from '@agency/shared';
import { startTestStack, type TestStack } from '../harness';
import { dataSnapshot } from './data-snapshot';

const RUNS = Number(process.env.FUZZ_RUNS ?? 5000);

let stack: TestStack;
let token: string;

beforeAll(async () => {
  stack = await startTestStack();
  token = await stack.adminToken();
  const created = await stack.invoke('createPost', {
    token,
    multipart: { title: 'Fuzz target', slug: 'fuzz-target', content: '<p>kept</p>' },
  });
  expect(created.status).toBe(201);
});
afterAll(async () => {
  await stack?.stop();
});

/**
 * The fields an operation reads, from its contract entry (its body's, else its query's): the fuzzer
 * fills them with wrong values and always breaks one it requires. An operation reading neither gets
 * made-up ones.
 */
function fieldsOf(name: OperationName): { required: string[]; optional: string[] } {
  const { request } = contract[name];
  const schema: unknown =
    'body' in request ? request.body : 'query' in request ? request.query : undefined;
  if (!(schema instanceof z.ZodObject)) return { required: [], optional: ['page', 'extra'] };
  const fields = Object.entries(schema.shape as Record<string, z.ZodType>);
  const optional = ([, field]: [string, z.ZodType]) => field.safeParse(undefined).success;
  return {
    required: fields.filter((f) => !optional(f)).map(([key]) => key),
    optional: fields.filter(optional).map(([key]) => key),
  };
}

const oddString = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    '\u202e\u202d',
    '𝕏𝕊𝕊',
    '\ud800',
    '%00',
    '../../etc/passwd',
    '${7*7}',
    '{{7*7}}',
    "' OR 1=1 --",
    '{"$ne":null}',
    'null',
    'undefined',
    'NaN',
    '-1',
    '1.5',
    '1e309',
    '0x10',
    '[]',
    '{}',
  ),
  fc.string({ maxLength: 3 }).map((s) => s.repeat(20_000)),
);
/** Values that are never a positive whole number (so no fuzzed id can hit a real post). */
const notAnId = oddString.filter(
  (s) =>
    !/^\s*\+?0*[1-9]\d*(\.0*)?(e\+?\d+)?\s*$/i.test(s) &&
    !(Number(s) > 0 && Number.isInteger(Number(s))),
);
const wrongTyped = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string(), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), { maxKeys: 3 }),
);

const deepJson = fc
  .integer({ min: 30, max: 5000 })
  .map((depth) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`);

/**
 * Every operation but signing out everywhere: its request has no field to break, so with the
 * admin's token it is a valid call that signs that token out (the role matrix covers it).
 */
const opArb = fc.constantFrom(...operationNames.filter((n) => n !== 'signOutEverywhere'));

/** One body over API Gateway's 10 MB limit, built once. */
const HUGE_BODY = Buffer.from(JSON.stringify({ title: 'x'.repeat(11 * 1024 * 1024) }));

/** encodeURIComponent, but lone surrogates become raw invalid UTF-8 escapes instead of throwing. */
function enc(s: string): string {
  try {
    return encodeURIComponent(s);
  } catch {
    return s
      .replace(/[\ud800-\udfff]/g, '%ED%A0%80')
      .replace(/[^%\w.~-]/g, (c) => encodeURIComponent(c));
  }
}

const pathTrick = (path: string) =>
  fc.oneof(
    fc.constant(path),
    fc.constant(path),
    fc.constant(`${path}/`),
    fc.constant(path.replace('/api/', '/api//')),
    fc.constant(path.replace('/api/', '/api/./')),
    fc.constant(path.replace('/api/', '/api/x/../')),
    fc.constant(path.replace(/\/([^/]+)$/, '/%2e%2e/$1')),
    fc.constant(path.toUpperCase()),
    fc.constant(`${path}%00`),
    fc.constant(`${path};.json`),
    fc.string({ maxLength: 30 }).map((s) => `${path}/${enc(s)}`),
    fc.string({ maxLength: 30 }).map((s) => `/api/${enc(s)}`),
  );

function fillPath(template: string, value: string): string {
  return template.replace(/\{\w+\}/g, enc(value));
}

interface Fuzzed {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string | Buffer;
}

const requestArb: fc.Arbitrary<Fuzzed> = opArb.chain((name) => {
  const op = contract[name];
  const fields = fieldsOf(name);
  const all = [...fields.required, ...fields.optional, 'unexpected_extra'];
  const values = fc.record(
    Object.fromEntries(
      all.map((f) => [f, fc.oneof(f === 'id' ? notAnId : oddString, wrongTyped)]),
    ) as Record<string, fc.Arbitrary<unknown>>,
  );
  const broken = fields.required.length ? fc.constantFrom(...fields.required) : fc.constant(null);
  const encoding = fc.constantFrom(
    'json',
    'form',
    'multipart',
    'bad-multipart',
    'text',
    'xml',
    'none',
    'deep-json',
    'huge',
    'bytes',
  );
  return fc
    .record({
      method: fc.oneof(
        fc.constant(op.method),
        fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'HEAD', 'OPTIONS'),
      ),
      path: pathTrick(fillPath(op.path, 'pdf')).chain((p) =>
        op.path.includes('{')
          ? fc.oneof(
              fc.constant(p),
              oddString.map((s) => fillPath(op.path, s)),
            )
          : fc.constant(p),
      ),
      values,
      broken,
      encoding,
      authed: fc.boolean(),
      query: fc.option(
        fc.oneof(
          notAnId.map((s) => `page=${enc(s)}`),
          fc.constant('page=0'),
          fc.constant('page=-5'),
          fc.constant('page=1&page=2'),
          fc.constant('page[]=1'),
          fc.constant('%zz'),
        ),
        { nil: undefined },
      ),
      bytes: fc.uint8Array({ maxLength: 2048 }),
      deep: deepJson,
    })
    .map(({ method, path, values, broken, encoding, authed, query, bytes, deep }) => {
      // Always break one required field: missing, or replaced by a wrong type.
      const body: Record<string, unknown> = { ...values };
      if (broken) {
        if (typeof body[broken] === 'string' && name !== 'createLead') delete body[broken];
        else if (name === 'createLead') body.altcha = 'not-a-solution';
        else delete body[broken];
      }
      const headers: Record<string, string> = {};
      if (authed) headers.authorization = `Bearer ${token}`;
      const target = query ? `${path}?${query}` : path;
      const asText = Object.fromEntries(
        Object.entries(body).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]),
      );
      switch (encoding) {
        case 'json':
          headers['content-type'] = 'application/json';
          return { method, path: target, headers, body: JSON.stringify(body) };
        case 'form':
          headers['content-type'] = 'application/x-www-form-urlencoded';
          return { method, path: target, headers, body: new URLSearchParams(asText).toString() };
        case 'multipart': {
          const boundary = 'fuzzBoundary7MA4YWxkTrZu0gW';
          headers['content-type'] = `multipart/form-data; boundary=${boundary}`;
          const parts = Object.entries(asText).map(
            ([k, v]) =>
              `--${boundary}\r\ncontent-disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`,
          );
          parts.push(
            `--${boundary}\r\ncontent-disposition: form-data; name="banner_image"; filename="x.png"\r\ncontent-type: image/png\r\n\r\n${Buffer.from(bytes).toString('latin1')}\r\n`,
          );
          return {
            method,
            path: target,
            headers,
            body: Buffer.from(`${parts.join('')}--${boundary}--\r\n`, 'latin1'),
          };
        }
        case 'bad-multipart':
          headers['content-type'] = 'multipart/form-data; boundary=';
          return { method, path: target, headers, body: Buffer.from(bytes) };
        case 'text':
          headers['content-type'] = 'text/plain';
          return { method, path: target, headers, body: JSON.stringify(body) };
        case 'xml':
          headers['content-type'] = 'application/xml';
          return {
            method,
            path: target,
            headers,
            body: '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><x>&e;</x>',
          };
        case 'deep-json':
          headers['content-type'] = 'application/json';
          return { method, path: target, headers, body: deep };
        case 'huge':
          headers['content-type'] = 'application/json';
          return { method, path: target, headers, body: HUGE_BODY };
        case 'bytes':
          headers['content-type'] = 'application/octet-stream';
          return { method, path: target, headers, body: Buffer.from(bytes) };
        default:
          return { method, path: target, headers };
      }
    });
});

describe(`fuzz: ${RUNS} malformed requests across every operation`, () => {
  it('never answers 5xx, keeps answering, and changes no data', async () => {
    const before = await dataSnapshot(stack);
    const statuses = new Map<number, number>();
    let sent = 0;
    await fc.assert(
      fc.asyncProperty(requestArb, async (req) => {
        const res = await stack.request(req.method, req.path, {
          headers: req.headers,
          body: req.body,
        });
        sent++;
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        if (res.status >= 500)
          throw new Error(
            `${req.method} ${req.path.slice(0, 120)} → ${res.status} ${res.body.slice(0, 300)}`,
          );
        if (res.status !== 204 && res.headers['content-type']?.includes('json'))
          expect(typeof res.json).toBe('object');
      }),
      { numRuns: RUNS, seed: Number(process.env.FUZZ_SEED ?? 20261122), endOnFailure: true },
    );
    expect(sent).toBe(RUNS);
    // Mostly refusals: the fuzzer never sends a valid write.
    const refused = [...statuses].filter(([s]) => s >= 400).reduce((n, [, c]) => n + c, 0);
    expect(refused).toBeGreaterThan(RUNS * 0.8);
    const health = await stack.invoke('getHealth');
    expect(health.status).toBe(200);
    const post = await stack.invoke('getPost', { form: { slug: 'fuzz-target' } });
    expect(post.status).toBe(200);
    expect(await dataSnapshot(stack)).toBe(before);
  }, 600_000);
});
