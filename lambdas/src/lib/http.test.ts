import { afterEach, describe, expect, it } from 'vitest';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { defineHandler } from './http';
import { resetEnv } from './env';

const event = (headers: Record<string, string>, body?: string): APIGatewayProxyEventV2 =>
  ({
    version: '2.0',
    routeKey: 'GET /api/health',
    rawPath: '/api/health',
    rawQueryString: '',
    headers,
    body,
    isBase64Encoded: false,
    requestContext: {
      requestId: 'r1',
      http: { method: 'GET', path: '/api/health', sourceIp: '198.51.100.1' },
    },
  }) as unknown as APIGatewayProxyEventV2;

afterEach(() => {
  delete process.env.CLIENT_IP_HEADER;
  resetEnv();
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
    expect(JSON.parse(res.body ?? '{}')).toEqual({ error: expect.any(String) });
  });
});
