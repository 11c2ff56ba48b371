import { describe, expect, it } from 'vitest';
import { apiGatewayEvent, decodeResult } from './apigw-event';

describe('apiGatewayEvent', () => {
  it('builds a payload 2.0 event with lower-case joined headers, split cookies and decoded query', () => {
    const event = apiGatewayEvent({
      method: 'get',
      rawPath: '/api/user/post/list',
      rawQueryString: 'page=2&tag=a&tag=b%20c',
      headers: {
        Host: 'localhost:3000',
        'X-Forwarded-For': ['1.1.1.1', '2.2.2.2'],
        Cookie: 'a=1; b=2',
      },
      sourceIp: '10.0.0.9',
    });
    expect(event.version).toBe('2.0');
    expect(event.requestContext.http).toMatchObject({
      method: 'GET',
      path: '/api/user/post/list',
      sourceIp: '10.0.0.9',
    });
    expect(event.headers).toEqual({ host: 'localhost:3000', 'x-forwarded-for': '1.1.1.1,2.2.2.2' });
    expect(event.cookies).toEqual(['a=1', 'b=2']);
    expect(event.queryStringParameters).toEqual({ page: '2', tag: 'a,b c' });
    expect(event.body).toBeUndefined();
    expect(event.isBase64Encoded).toBe(false);
  });

  it('passes JSON and urlencoded bodies as text and everything else base64-encoded', () => {
    const json = apiGatewayEvent({
      method: 'POST',
      rawPath: '/x',
      headers: { 'content-type': 'application/json' },
      body: Buffer.from('{"a":"é"}'),
    });
    expect(json).toMatchObject({ body: '{"a":"é"}', isBase64Encoded: false });
    const bytes = Buffer.from([0xff, 0x00, 0x10]);
    const multipart = apiGatewayEvent({
      method: 'POST',
      rawPath: '/x',
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
      body: bytes,
    });
    expect(multipart.isBase64Encoded).toBe(true);
    expect(Buffer.from(multipart.body ?? '', 'base64')).toEqual(bytes);
  });
});

describe('decodeResult', () => {
  it('decodes base64 bodies and lower-cases headers', () => {
    const r = decodeResult({
      statusCode: 201,
      headers: { 'Content-Type': 'image/png', 'X-N': 3 },
      body: Buffer.from([1, 2]).toString('base64'),
      isBase64Encoded: true,
    });
    expect(r).toEqual({
      status: 201,
      headers: { 'content-type': 'image/png', 'x-n': '3' },
      cookies: [],
      body: Buffer.from([1, 2]),
    });
  });
});
