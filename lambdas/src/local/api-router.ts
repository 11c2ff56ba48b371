import { contract, matchOperation, type OperationName } from '@agency/shared';
import type { Handler } from '../lib/http';
import { logger } from '../lib/logger';
import {
  apiGatewayEvent,
  decodeResult,
  type DecodedResult,
  type HttpRequestInput,
} from './apigw-event';
import { MissingHandlerError, loadHandler } from './handler-modules';

export type ApiRequest = Omit<HttpRequestInput, 'pathParameters' | 'routeKey'>;
export type LoadHandler = (name: OperationName) => Promise<Handler>;

const JSON_HEADERS = {
  'content-type': 'application/json; charset=utf-8',
  'cache-control': 'no-store',
  'x-content-type-options': 'nosniff',
};

function errorResult(
  status: number,
  error: string,
  headers: Record<string, string> = {},
): DecodedResult {
  return {
    status,
    headers: { ...JSON_HEADERS, ...headers },
    cookies: [],
    body: Buffer.from(JSON.stringify({ error })),
  };
}

/**
 * What API Gateway does for `/api/*`: match the path against the contract (404 for unknown paths,
 * 405 with `Allow` for a known path with another method), turn the request into a payload 2.0 event
 * and run the operation's handler. The HTTP API has no CORS configuration and no OPTIONS routes, so
 * an OPTIONS request that reaches it is a 404 (the edge answers the preflights it allows; see
 * `corsRules` in `@agency/shared/edge`).
 */
export async function routeApi(
  request: ApiRequest,
  load: LoadHandler = loadHandler,
): Promise<DecodedResult> {
  const method = request.method.toUpperCase();
  const match = matchOperation(method, request.rawPath);
  if (match.name === null) {
    if (match.allowed.length === 0)
      return errorResult(404, `There is no API call at ${request.rawPath}.`);
    if (method === 'OPTIONS')
      return errorResult(404, `There is no API call at ${request.rawPath}.`);
    const allow = [...new Set(match.allowed)].join(', ');
    return errorResult(405, `${method} is not allowed on ${request.rawPath}; use ${allow}.`, {
      allow,
    });
  }
  const op = contract[match.name];
  let handler: Handler;
  try {
    handler = await load(match.name);
  } catch (error) {
    if (error instanceof MissingHandlerError)
      return errorResult(501, `${match.name} is not implemented yet.`);
    logger.error('handler import failed', { operation: match.name, error });
    return errorResult(500, 'Something went wrong on our side. Please try again.');
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
    return errorResult(500, 'Something went wrong on our side. Please try again.');
  }
}
