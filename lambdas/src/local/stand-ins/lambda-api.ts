import { randomUUID } from 'node:crypto';
import http from 'node:http';
import {
  builtBundleDir,
  FUNCTIONS,
  RENDER,
  type LambdaFunction,
} from '../../../bundling/functions';
import { logger } from '../../platform/logger';
import {
  functionModule,
  handlerMode,
  keptOnFirstUse,
  loadHandlerExport,
} from '../functions/handler-modules';

/**
 * The Lambda API's Invoke, as the functions that invoke others call it (the AWS SDK's
 * InvokeCommand, at AWS_ENDPOINT_URL_LAMBDA): `POST /2015-03-31/functions/{name}/invocations`
 * runs the worker in this process, from its source or its bundle as LOCAL_HANDLERS says, and
 * answers as Lambda does: the result as the payload; on a throw, status 200 with the
 * `X-Amz-Function-Error: Unhandled` header and `{errorType, errorMessage, trace}`; an unknown
 * function 404 ResourceNotFoundException. `Event` invocations are answered 202 and run afterwards.
 * The render function (which the page writers invoke directly) runs as the local stack loads it
 * (functions/render.ts: built from the web source, or its bundle), through the loader it is given.
 */
const log = logger.child({ service: 'local-lambda' });

/** Lambda's limit on a synchronous request's payload. */
const MAX_PAYLOAD_BYTES = 6 * 1024 * 1024;

const INVOKE_PATH = /^\/2015-03-31\/functions\/([^/]+)\/invocations$/;

export type Invocable = (event: unknown, context: unknown) => Promise<unknown>;

/** How the stand-in gets the render function: loaded once by the local stack; null while it does not build. */
export type RenderFunctionLoader = () => Promise<Invocable | null>;

/** The functions other functions invoke; the rest are reached through the API or a schedule. */
const invocable = (name: string): LambdaFunction | undefined =>
  FUNCTIONS.find((fn) => (fn.kind === 'worker' || fn.kind === 'render') && fn.name === name);

/**
 * The function a FunctionName means: its name, or its ARN (`arn:aws:lambda:…:function:name` with an
 * optional `:qualifier`), as the SDK passes either.
 */
export function functionNameOf(raw: string): string {
  const name = decodeURIComponent(raw);
  const arn = /^arn:aws[\w-]*:lambda:[^:]*:[^:]*:function:([^:]+)(?::[^:]+)?$/.exec(name);
  return arn?.[1] ?? name.split(':')[0] ?? name;
}

async function importHandler(fn: LambdaFunction): Promise<Invocable> {
  const mode = handlerMode();
  // A bundle not built is a setup mistake: say which and how to build it.
  if (mode === 'bundles') builtBundleDir(fn.name);
  const file = functionModule(fn, mode);
  const handler = await loadHandlerExport(file);
  return async (event, context) => (await handler(event, context)) as unknown;
}

/** Functions imported on first use and kept, like warm Lambda containers (one per function). */
const loadFunction = keptOnFirstUse(importHandler);

function readBody(req: http.IncomingMessage): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_PAYLOAD_BYTES) chunks.push(chunk);
    });
    req.on('end', () => resolve(size > MAX_PAYLOAD_BYTES ? null : Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

/** An error of the Lambda service itself (not of the function), as the SDK parses it. */
function serviceError(res: http.ServerResponse, status: number, type: string, message: string) {
  res.writeHead(status, {
    'content-type': 'application/json',
    'x-amzn-errortype': type,
    'x-amzn-requestid': randomUUID(),
  });
  res.end(JSON.stringify({ Type: 'User', message }));
}

/** What Lambda answers for a function that threw. */
function errorPayload(error: unknown): string {
  const e = error instanceof Error ? error : new Error(String(error));
  return JSON.stringify({
    errorType: e.name,
    errorMessage: e.message,
    trace: (e.stack ?? '').split('\n'),
  });
}

async function invoke(
  fn: LambdaFunction,
  payload: unknown,
  requestId: string,
  render: { load?: RenderFunctionLoader },
): Promise<{ body: string; error: boolean }> {
  const context = {
    functionName: fn.name,
    awsRequestId: requestId,
    invokedFunctionArn: `arn:aws:lambda:local:000000000000:function:${fn.name}`,
  };
  try {
    const handler = fn.kind === 'render' ? await renderFunction(render) : await loadFunction(fn);
    const result = await handler(payload, context);
    return { body: JSON.stringify(result ?? null), error: false };
  } catch (error) {
    log.error('function failed', { function: fn.name, requestId, error });
    return { body: errorPayload(error), error: true };
  }
}

async function renderFunction(render: { load?: RenderFunctionLoader }): Promise<Invocable> {
  const handler = await render.load?.();
  if (!handler)
    throw new Error(`the ${RENDER} function is not available (its web source does not build)`);
  return handler;
}

async function answer(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  render: { load?: RenderFunctionLoader },
): Promise<void> {
  const match = INVOKE_PATH.exec(new URL(req.url ?? '/', 'http://lambda').pathname);
  if (req.method !== 'POST' || !match?.[1])
    return serviceError(res, 404, 'UnknownOperationException', 'Unknown operation');
  const name = functionNameOf(match[1]);
  const fn = invocable(name);
  if (!fn)
    return serviceError(
      res,
      404,
      'ResourceNotFoundException',
      `Function not found: arn:aws:lambda:local:000000000000:function:${name}`,
    );
  const body = await readBody(req);
  if (body === null)
    return serviceError(
      res,
      413,
      'RequestTooLargeException',
      `Request must be smaller than ${MAX_PAYLOAD_BYTES} bytes for the InvokeFunction operation`,
    );
  let payload: unknown = {};
  if (body.length > 0) {
    try {
      payload = JSON.parse(body.toString('utf8'));
    } catch {
      return serviceError(
        res,
        400,
        'InvalidRequestContentException',
        'Could not parse request body into json',
      );
    }
  }
  const requestId = randomUUID();
  const type = req.headers['x-amz-invocation-type'] ?? 'RequestResponse';
  if (type === 'DryRun') {
    res.writeHead(204, { 'x-amzn-requestid': requestId }).end();
    return;
  }
  if (type === 'Event') {
    res.writeHead(202, { 'x-amzn-requestid': requestId }).end();
    await invoke(fn, payload, requestId, render);
    return;
  }
  if (type !== 'RequestResponse')
    return serviceError(
      res,
      400,
      'InvalidParameterValueException',
      `Unsupported invocation type ${String(type)}`,
    );
  const result = await invoke(fn, payload, requestId, render);
  res.writeHead(200, {
    'content-type': 'application/json',
    'x-amzn-requestid': requestId,
    'x-amz-executed-version': '$LATEST',
    ...(result.error ? { 'x-amz-function-error': 'Unhandled' } : {}),
  });
  res.end(result.body);
}

/**
 * The Lambda API stand-in's HTTP server (not yet listening); `render.load` (set when the local
 * stack knows how it loads the render function) runs the render function.
 */
export function createLambdaApi(render: { load?: RenderFunctionLoader } = {}): http.Server {
  return http.createServer((req, res) => {
    answer(req, res, render).catch((error: unknown) => {
      log.error('lambda stand-in failed', { error });
      if (!res.headersSent) serviceError(res, 500, 'ServiceException', 'stand-in failure');
      else res.end();
    });
  });
}
