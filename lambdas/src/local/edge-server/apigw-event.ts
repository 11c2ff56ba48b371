import { randomUUID } from 'node:crypto';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';

/** What an HTTP request looks like before API Gateway turns it into a payload 2.0 event. */
export interface HttpRequestInput {
  method: string;
  /** Path without the query string, as received (percent-encoding kept). */
  rawPath: string;
  /** Query string without the leading `?`. */
  rawQueryString?: string;
  headers?: Record<string, string | string[] | undefined>;
  body?: Buffer;
  sourceIp?: string;
  /** Route parameters, e.g. `{ extension: 'pdf' }`. */
  pathParameters?: Record<string, string>;
  /** `POST /api/lead`: the route template that matched. */
  routeKey?: string;
}

/** Media types API Gateway hands to a function as text; every other body arrives base64-encoded. */
const TEXT_TYPES =
  /^(text\/|application\/(json|x-www-form-urlencoded|xml|javascript)\b|[^;]*\+(json|xml)\b)/i;

const isText = (contentType: string | undefined) => TEXT_TYPES.test(contentType?.trim() ?? '');

/**
 * Build an API Gateway HTTP API (payload format 2.0) event the way AWS does: lower-case headers with
 * repeated values joined by commas, cookies split out, query parameters decoded (repeats joined by
 * commas), and the body base64-encoded unless it is text.
 */
export function apiGatewayEvent(input: HttpRequestInput): APIGatewayProxyEventV2 {
  const method = input.method.toUpperCase();
  const headers: Record<string, string> = {};
  let cookies: string[] | undefined;
  for (const [name, value] of Object.entries(input.headers ?? {})) {
    if (value === undefined) continue;
    const key = name.toLowerCase();
    const values = Array.isArray(value) ? value : [value];
    if (key === 'cookie') {
      cookies = [
        ...(cookies ?? []),
        ...values
          .flatMap((v) => v.split(';'))
          .map((c) => c.trim())
          .filter(Boolean),
      ];
      continue;
    }
    headers[key] = headers[key] ? `${headers[key]},${values.join(',')}` : values.join(',');
  }
  const rawQueryString = input.rawQueryString ?? '';
  let queryStringParameters: Record<string, string> | undefined;
  for (const [k, v] of new URLSearchParams(rawQueryString)) {
    queryStringParameters ??= {};
    queryStringParameters[k] = k in queryStringParameters ? `${queryStringParameters[k]},${v}` : v;
  }
  const body = input.body && input.body.length > 0 ? input.body : undefined;
  const text = body !== undefined && isText(headers['content-type']);
  const now = new Date();
  const sourceIp = input.sourceIp ?? '127.0.0.1';
  const requestId = randomUUID();
  return {
    version: '2.0',
    routeKey: input.routeKey ?? '$default',
    rawPath: input.rawPath,
    rawQueryString,
    ...(cookies ? { cookies } : {}),
    headers,
    ...(queryStringParameters ? { queryStringParameters } : {}),
    ...(input.pathParameters && Object.keys(input.pathParameters).length > 0
      ? { pathParameters: input.pathParameters }
      : {}),
    requestContext: {
      accountId: '000000000000',
      apiId: 'local',
      domainName: headers.host ?? 'localhost',
      domainPrefix: (headers.host ?? 'localhost').split('.')[0] ?? 'localhost',
      http: {
        method,
        path: input.rawPath,
        protocol: 'HTTP/1.1',
        sourceIp,
        userAgent: headers['user-agent'] ?? '',
      },
      requestId,
      routeKey: input.routeKey ?? '$default',
      stage: '$default',
      time: now.toUTCString(),
      timeEpoch: now.getTime(),
    },
    ...(body !== undefined ? { body: text ? body.toString('utf8') : body.toString('base64') } : {}),
    isBase64Encoded: body !== undefined && !text,
  };
}

/** A handler's structured result, decoded to bytes and plain headers. */
export interface DecodedResult {
  status: number;
  headers: Record<string, string>;
  /** Set-Cookie values, one per cookie. */
  cookies: string[];
  body: Buffer;
}

/** Decode a payload 2.0 result the way API Gateway does before answering the client. */
export function decodeResult(result: APIGatewayProxyStructuredResultV2 | string): DecodedResult {
  if (typeof result === 'string') {
    // API Gateway's shorthand: a bare string is a 200 JSON body.
    return {
      status: 200,
      headers: { 'content-type': 'application/json' },
      cookies: [],
      body: Buffer.from(result, 'utf8'),
    };
  }
  const headers: Record<string, string> = {};
  for (const [k, v] of Object.entries(result.headers ?? {})) headers[k.toLowerCase()] = String(v);
  const raw = result.body ?? '';
  return {
    status: result.statusCode ?? 200,
    headers,
    cookies: result.cookies ?? [],
    body: Buffer.from(raw, result.isBase64Encoded ? 'base64' : 'utf8'),
  };
}
