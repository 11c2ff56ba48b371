import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { mockClient } from 'aws-sdk-client-mock';
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { defineHandler } from './http';
import { resetEnv } from './env';
import { resetOriginSecretSource } from './origin-secret';
import { answerSecret, SECRET_ARN } from './origin-secret.fixtures';

/** The door as deployed: ORIGIN_SECRET_ARN set, the value from (mocked) Secrets Manager. */
const CURRENT = 'c'.repeat(48);
const PENDING = 'p'.repeat(48);
const sm = mockClient(SecretsManagerClient);

const event = (secret?: string): APIGatewayProxyEventV2 =>
  ({
    version: '2.0',
    routeKey: 'GET /api/health',
    rawPath: '/api/health',
    rawQueryString: '',
    headers: secret ? { 'x-origin-verify': secret } : {},
    isBase64Encoded: false,
    requestContext: {
      requestId: 'r1',
      http: { method: 'GET', path: '/api/health', sourceIp: '198.51.100.1' },
    },
  }) as unknown as APIGatewayProxyEventV2;

const health = () => defineHandler('getHealth', async () => ({ body: { ok: true as const } }));

beforeEach(() => {
  process.env.ORIGIN_SECRET_ARN = SECRET_ARN;
  resetOriginSecretSource();
});
afterEach(() => {
  delete process.env.ORIGIN_SECRET_ARN;
  sm.reset();
  resetOriginSecretSource();
  resetEnv();
});

describe('the origin secret read at run time', () => {
  it('lets in the current and the pending value, and refuses any other', async () => {
    answerSecret(sm, CURRENT, PENDING);
    const handler = health();
    expect((await handler(event(CURRENT))).statusCode).toBe(200);
    expect((await handler(event(PENDING))).statusCode).toBe(200);
    expect((await handler(event('x'.repeat(48)))).statusCode).toBe(403);
    expect((await handler(event())).statusCode).toBe(403);
    // Read once for all four calls (the cache), both stages.
    expect(sm.commandCalls(GetSecretValueCommand)).toHaveLength(2);
  });

  it('answers 500, never the operation, when the secret cannot be read', async () => {
    sm.on(GetSecretValueCommand).rejects(new Error('AccessDeniedException'));
    const res = await health()(event(CURRENT));
    expect(res.statusCode).toBe(500);
    expect(JSON.parse(res.body ?? '{}')).toMatchObject({ code: 'internal' });
  });

  it('needs no pending stage outside a rotation', async () => {
    answerSecret(sm, CURRENT);
    expect((await health()(event(CURRENT))).statusCode).toBe(200);
    expect((await health()(event(PENDING))).statusCode).toBe(403);
  });
});
