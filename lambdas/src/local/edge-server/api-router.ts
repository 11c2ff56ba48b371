import {
  contract,
  matchOperation,
  type ErrorBody,
  type ErrorCode,
  type OperationName,
} from '@agency/shared';
import type { Handler } from '../../platform/http';
import { logger } from '../../platform/logger';
import {
  apiGatewayEvent,
  decodeResult,
  type DecodedResult,
  type HttpRequestInput,
} from './apigw-event';
import { MissingHandlerError, loadHandler } from '../functions/handler-modules';
import { authorizeRoute } from './jwt-authorizer';
import { RouteThrottle, TOO_MANY_REQUESTS } from './throttle';

export type ApiRequest = Omit<HttpRequestInput, 'pathParameters' | 'routeKey'>;
export type LoadHandler = (name: OperationName) => Promise<Handler>;

const JSON_HEADERS = {
  'content-type': 'application/json; charset=utf-8',
  'cache-control': 'no-store',
  'x-content-type-options': 'nosniff',
};

function errorResult(status: number, error: string, code: ErrorCode): DecodedResult {
  return {
    status,
    headers: JSON_HEADERS,
    cookies: [],
    body: Buffer.from(JSON.stringify({ error, code } satisfies ErrorBody)),
  };
}

/** A request header by name, whatever its case; several values joined as API Gateway joins them. */
function headerOf(headers: ApiRequest['headers'], name: string): string | undefined {
  for (const [key, value] of Object.entries(headers ?? {}))
    if (key.toLowerCase() === name) return Array.isArray(value) ? value.join(',') : value;
  return undefined;
}

/**
 * API Gateway's own answer when no route matches (a path or method the contract does not have, an
 * OPTIONS preflight): HTTP APIs cannot change it, so the local stack sends it exactly.
 */
const NO_ROUTE: DecodedResult = {
  status: 404,
  headers: { 'content-type': 'application/json' },
  cookies: [],
  body: Buffer.from(JSON.stringify({ message: 'Not Found' })),
};

/** The stage's throttling: one for the process, as the stage is one for all callers. */
export const stageThrottle = new RouteThrottle();

/**
 * What API Gateway does for `/api/*`: match method and path against the routes of the contract
 * (anything else gets its `{"message":"Not Found"}` 404, a known path with another method too),
 * throttle each route by its class's limits (429 `{"message":"Too Many Requests"}`, throttle.ts),
 * check a staff route's token as its JWT authorizer does (jwt-authorizer.ts), turn the request
 * into a payload 2.0 event and run the operation's handler. The HTTP API has no
 * CORS configuration and no OPTIONS routes: the edge answers the preflights it allows (see
 * `corsRules` in `@agency/shared/edge`).
 */
export async function routeApi(
  request: ApiRequest,
  load: LoadHandler = loadHandler,
  /** The stage's throttling; null: none (a benchmark of the functions' own capacity). */
  throttle: RouteThrottle | null = stageThrottle,
): Promise<DecodedResult> {
  const method = request.method.toUpperCase();
  const match = matchOperation(method, request.rawPath);
  if (match.name === null) return { ...NO_ROUTE, headers: { ...NO_ROUTE.headers } };
  const op = contract[match.name];
  // API Gateway throttles before the authorizer runs, so a flood without a token is limited too.
  if (throttle && !throttle.take(`${op.method} ${op.path}`, throttle.limits.classes[op.throttle]))
    return {
      status: TOO_MANY_REQUESTS.status,
      headers: { ...TOO_MANY_REQUESTS.headers },
      cookies: [],
      body: Buffer.from(TOO_MANY_REQUESTS.body),
    };
  const refused = await authorizeRoute(match.name, headerOf(request.headers, 'authorization'));
  if (refused) return refused;
  let handler: Handler;
  try {
    handler = await load(match.name);
  } catch (error) {
    if (error instanceof MissingHandlerError)
      return errorResult(501, `${match.name} is not implemented yet.`, 'not-implemented');
    logger.error('handler import failed', { operation: match.name, error });
    return errorResult(500, 'Something went wrong on our side. Please try again.', 'internal');
  }
  const event = apiGatewayEvent({
    ...request,
    method,
    pathParameters: match.params,
    routeKey: `${op.method} ${op.path}`,
  });
  try {
    return decodeResult(
      await handler(event, {
        awsRequestId: event.requestContext.requestId,
        functionName: match.name,
      }),
    );
  } catch (error) {
    // defineHandler catches everything; this is a handler that escaped it.
    logger.error('handler threw', { operation: match.name, error });
    return errorResult(500, 'Something went wrong on our side. Please try again.', 'internal');
  }
}
