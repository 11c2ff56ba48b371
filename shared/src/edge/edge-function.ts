import { readFileSync } from 'node:fs';
import { runInNewContext } from 'node:vm';
import * as z from 'zod';
import { edgeFunctionConfig } from './definition';
import type { SitePages } from './site-pages';

/** CloudFront Functions' code size limit. */
export const MAX_FUNCTION_BYTES = 10_240;

const CONFIG_LINE = /^var CONFIG = [^;]*;$/m;

/**
 * The edge function's code for these site pages: `edge-function.cloudfront.js` with the edge definition's data
 * in its CONFIG line, without comment lines, blank lines, indentation and the line breaks JavaScript
 * does not read. The CDK stack inlines exactly this string; the local server evaluates exactly this string.
 */
export function edgeFunctionCode(pages: SitePages): string {
  const source = readFileSync(new URL('./edge-function.cloudfront.js', import.meta.url), 'utf8');
  if (!CONFIG_LINE.test(source))
    throw new Error('edge-function.cloudfront.js has no "var CONFIG = …;" line');
  // Comment lines, blank lines and indentation go: CloudFront counts every byte (the code has no
  // multi-line string for the trimming to change).
  const lines = source
    .replace(CONFIG_LINE, () => `var CONFIG = ${JSON.stringify(edgeFunctionConfig(pages))};`)
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('//'));
  const trailing = lines.find((line) => /\s\/\/\s/.test(line));
  if (trailing)
    throw new Error(`edge-function.cloudfront.js has a comment after code: ${trailing}`);
  // A line that ends a statement (`;`), a list item (`,`) or opens or closes a block (`{`, `}`) runs
  // on into the next: no line break there is read by JavaScript (a `}` before a line that could
  // continue an expression keeps its break). The import stays on a line of its own, as CloudFront
  // wants, and so does the CONFIG line, which readers of the deployed code parse.
  const code = lines
    .map((line, i) => {
      const next = lines[i + 1];
      const runsOn =
        next !== undefined &&
        !line.startsWith('import ') &&
        !CONFIG_LINE.test(line) &&
        (/[;{,]$/.test(line) || (line.endsWith('}') && !/^[-+([`/]/.test(next)));
      return runsOn ? line : `${line}\n`;
    })
    .join('')
    .trimEnd();
  const bytes = Buffer.byteLength(code);
  if (bytes > MAX_FUNCTION_BYTES)
    throw new Error(`The edge function is ${bytes} bytes, over CloudFront's ${MAX_FUNCTION_BYTES}`);
  return code;
}

/** A CloudFront Functions header, query string or cookie value. */
export interface CfValue {
  value: string;
  multiValue?: { value: string }[];
}
export interface CfRequest {
  method: string;
  uri: string;
  querystring: Record<string, CfValue>;
  headers: Record<string, CfValue>;
  cookies: Record<string, CfValue>;
}
export interface CfResponse {
  statusCode: number;
  statusDescription?: string;
  headers: Record<string, CfValue>;
}
export interface CfEvent {
  version: '1.0';
  context: { eventType: 'viewer-request' | 'viewer-response' };
  viewer: { ip: string };
  request: CfRequest;
  response?: CfResponse;
}

const cfValue = z.object({
  value: z.string(),
  multiValue: z.array(z.object({ value: z.string() })).optional(),
});
const cfResponse = z.object({
  statusCode: z.number().int(),
  statusDescription: z.string().optional(),
  headers: z.record(z.string(), cfValue),
});
const cfRequest = z.object({
  method: z.string(),
  uri: z.string(),
  querystring: z.record(z.string(), cfValue),
  headers: z.record(z.string(), cfValue),
  cookies: z.record(z.string(), cfValue).default({}),
});

/** What the viewer-request handler returned: the request to send on, or its own answer. */
export type ViewerRequestResult = { request: CfRequest } | { response: CfResponse };

/** A loaded edge function: its handler run as CloudFront runs it (a global `handler` in a fresh context). */
export interface EdgeFunction {
  viewerRequest(event: CfEvent): Promise<ViewerRequestResult>;
  viewerResponse(event: CfEvent): Promise<CfResponse>;
}

/**
 * The start of the line the edge function logs when a KeyValueStore read fails with anything but a
 * missing key (the request still goes on without a redirect); the us-east-1 metric filter counts it.
 */
export const KVS_FAILURE_MARKER = 'KVS_READ_FAILED';

/** A key's value in the KeyValueStore associated with the function; undefined when there is none. */
export type KeyValueReader = (key: string) => string | undefined;

/** The one import a CloudFront Function may have: CloudFront's own module, its KeyValueStore helper. */
const CLOUDFRONT_IMPORT = /^import cf from 'cloudfront';$/m;

/**
 * A stand-in of CloudFront Functions' `cloudfront` module over `store`: `cf.kvs()` with `get`
 * (formats string and json; a missing key rejects, as CloudFront's does), `exists` and `meta`.
 */
export function cloudfrontModule(store: KeyValueReader) {
  const read = (key: string): string => {
    const value = store(key);
    if (value === undefined) throw new Error(`KeyValueStore: key not found: ${key}`);
    return value;
  };
  const handle = {
    get: (key: string, options?: { format?: 'string' | 'json' | 'bytes' }) =>
      new Promise<unknown>((resolve) => {
        const value = read(key);
        resolve(options?.format === 'json' ? JSON.parse(value) : value);
      }),
    exists: (key: string) => Promise.resolve(store(key) !== undefined),
    meta: () => Promise.resolve({ creationDateTime: '', lastUpdatedDateTime: '', keyCount: 0 }),
  };
  return { kvs: () => handle };
}

/**
 * Evaluate CloudFront Function code (a script defining a global `handler`, async or not) in a
 * sandbox, its `import cf from 'cloudfront'` given the KeyValueStore `store` (none: every key misses;
 * a store that throws fails the read as CloudFront's would) and its console.log lines given to `log`.
 */
export function loadEdgeFunction(
  code: string,
  store: KeyValueReader = () => undefined,
  log: (line: string) => void = (line) => console.log(line),
): EdgeFunction {
  const sandbox: {
    handler?: unknown;
    cf: ReturnType<typeof cloudfrontModule>;
    console: { log: (...parts: unknown[]) => void };
  } = {
    cf: cloudfrontModule(store),
    // CloudFront sends the function's console.log lines to its log group; here they go to `log`.
    console: { log: (...parts) => log(parts.map(String).join(' ')) },
  };
  // A script cannot hold an import statement: the module is the sandbox's `cf` instead.
  runInNewContext(`${code.replace(CLOUDFRONT_IMPORT, '')}\nthis.handler = handler;`, sandbox);
  const { handler } = sandbox;
  if (typeof handler !== 'function') throw new Error('the edge function defines no handler');
  // Each call gets a copy: the function mutates its event, and the sandbox's objects stay in it.
  const run = async (event: CfEvent): Promise<unknown> => {
    const out: unknown = await handler(JSON.parse(JSON.stringify(event)));
    return JSON.parse(JSON.stringify(out));
  };
  return {
    async viewerRequest(event) {
      const out = await run(event);
      const asResponse = cfResponse.safeParse(out);
      if (asResponse.success) return { response: asResponse.data };
      return { request: cfRequest.parse(out) };
    },
    async viewerResponse(event) {
      return cfResponse.parse(await run(event));
    },
  };
}

/** A raw query string as CloudFront Functions present it: values as sent (not decoded), repeats in multiValue. */
export function cfQueryString(raw: string): Record<string, CfValue> {
  const out: Record<string, CfValue> = {};
  for (const part of raw.split('&')) {
    if (!part) continue;
    const at = part.indexOf('=');
    const key = at === -1 ? part : part.slice(0, at);
    const value = at === -1 ? '' : part.slice(at + 1);
    const seen = out[key];
    if (!seen) out[key] = { value };
    else seen.multiValue = [...(seen.multiValue ?? [{ value: seen.value }]), { value }];
  }
  return out;
}
