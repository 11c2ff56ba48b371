import type * as z from 'zod';
import {
  ADMIN_SESSION,
  buildPath,
  contract,
  errorBody,
  type Contract,
  type ErrorCode,
  type Encoding,
  type Operation,
  type OperationName,
} from '@agency/shared';
import { env } from './env';

/**
 * The server's sentence as a person reads it: without the request field's name it starts with
 * ("current_password: is not your current password." → "Is not your current password."), the
 * field being known from the body's `field`, never guessed from the words. A subject longer than
 * the field ("file photo.jpg: …") goes too: the page already shows which file it is about.
 */
export function personSentence(sentence: string, field?: string): string {
  let text = sentence;
  if (field !== undefined) {
    if (text.startsWith(`${field}: `)) text = text.slice(field.length + 2);
    else if (text.startsWith(`${field} `) && text.includes(': '))
      text = text.slice(text.indexOf(': ') + 2);
  }
  return endSentence(capitalised(text));
}

const isLowerLetter = (c: string): boolean => c !== c.toUpperCase() && c === c.toLowerCase();

/** A sentence starting with a word of lower-case letters ("is", "must"), capitalised; a name or an address ("ada@example.com") as it is. */
function capitalised(text: string): string {
  const word = text.split(' ', 1)[0] ?? '';
  return word !== '' && [...word].every(isLowerLetter)
    ? text.charAt(0).toUpperCase() + text.slice(1)
    : text;
}

const endSentence = (text: string): string =>
  text === '' || ['.', '!', '?'].includes(text.slice(-1)) ? text : `${text}.`;

/**
 * A failed API call: the HTTP status (0 when the server could not be reached), the request field
 * it concerns and the server's machine-readable `code` (contract `errorBody`). `message` is what a
 * person reads, without the field's name (a form shows it at that field, labelled as the form
 * labels it); `sentence` is the server's `error` as sent.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly sentence: string;
  constructor(
    readonly status: number,
    sentence: string,
    readonly field?: string,
    readonly code?: ErrorCode,
  ) {
    super(personSentence(sentence, field));
    this.sentence = sentence;
  }
}

/** The parsed success body of an operation: its response schema's output, or the raw text for CSV/SVG operations. */
export type ResponseOf<N extends OperationName> = Contract[N] extends {
  response: infer S extends z.ZodType;
}
  ? z.output<S>
  : string;

/** A value a JSON body carries as it is: a page's blocks, its breadcrumb, the site settings. */
export type JsonValue =
  | string
  | number
  | boolean
  | null
  | readonly JsonValue[]
  | { readonly [key: string]: JsonValue | undefined };

/**
 * A body field; booleans stay booleans in JSON bodies (`enabled: false`) and read "true"/"false"
 * elsewhere. Lists and objects only travel in JSON bodies (form and multipart bodies refuse them).
 */
export type BodyValue =
  | string
  | Blob
  | number
  | boolean
  | undefined
  | readonly JsonValue[]
  | { readonly [key: string]: JsonValue | undefined };

const isStructured = (
  value: BodyValue,
): value is readonly JsonValue[] | { readonly [key: string]: JsonValue | undefined } =>
  value !== null && typeof value === 'object' && !(value instanceof Blob);

export interface CallOptions {
  params?: Record<string, string>;
  query?: Record<string, string | number>;
  body?: Record<string, BodyValue> | FormData;
  /** Admin token, sent as a Bearer header. */
  token?: string;
  /** Fraction 0..1 of the request body sent; switches the transport to XMLHttpRequest. */
  onUploadProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

const NETWORK_MESSAGE = 'Could not reach the server. Check your connection and try again.';

/**
 * What to say when API Gateway answers itself (`{"message":"Unauthorized"|"Forbidden"|"Too Many
 * Requests"}`): its JWT authorizer refuses a staff call without a valid token, or without the scope
 * of a role allowed to make it, before any function runs; its throttle refuses a burst.
 */
const GATEWAY_REFUSALS: Partial<Record<number, { message: string; code: ErrorCode }>> = {
  401: { message: 'Your session has ended. Sign in again.', code: 'unauthenticated' },
  403: { message: 'Your role does not allow this. Ask an admin of the team.', code: 'forbidden' },
  429: {
    message: 'The site is very busy right now. Please try again in a moment.',
    code: 'rate-limited',
  },
};

/**
 * Waits before sending again a call API Gateway's throttle refused (a 429 without our error body):
 * the function never ran, so any call may be sent again, and the route's bucket refills within a
 * second (README, Limits and alarms), so a visitor's enquiry at a busy moment goes through instead
 * of failing. A function's own 429 (a person over their limit, with its sentence) is never retried.
 */
export const GATEWAY_RETRY_DELAYS_MS = [400, 1_200] as const;

/** A delay with up to half of it again at random, so refused callers do not come back together. */
const jittered = (ms: number): Promise<void> =>
  new Promise((resolve) => setTimeout(resolve, ms * (1 + Math.random() / 2)));

function entriesOf(body: Record<string, BodyValue> | FormData): [string, string | Blob][] {
  const out: [string, string | Blob][] = [];
  if (body instanceof FormData) {
    body.forEach((value, key) => out.push([key, value]));
    return out;
  }
  for (const [key, value] of Object.entries(body)) {
    if (value === undefined) continue;
    if (isStructured(value))
      throw new TypeError(`Field "${key}" holds a list or an object, which only JSON bodies carry`);
    out.push([
      key,
      typeof value === 'number' || typeof value === 'boolean' ? String(value) : value,
    ]);
  }
  return out;
}

function textEntries(
  body: Record<string, BodyValue> | FormData,
  encoding: Encoding,
): [string, string][] {
  return entriesOf(body).map(([key, value]) => {
    if (typeof value !== 'string')
      throw new TypeError(`Field "${key}" holds a file, which ${encoding} bodies cannot carry`);
    return [key, value];
  });
}

interface Encoded {
  body?: BodyInit;
  contentType?: string;
}

/** Encode a body the way the operation's first accepted encoding says. */
export function encodeBody(op: Operation, body: CallOptions['body']): Encoded {
  const encoding = op.request.encodings[0];
  if (!encoding || body === undefined) return {};
  switch (encoding) {
    case 'json': {
      const plain =
        body instanceof FormData
          ? body
          : Object.fromEntries(Object.entries(body).filter(([, v]) => !isStructured(v)));
      const fields = Object.fromEntries<unknown>(textEntries(plain, encoding));
      // A boolean field is sent as one (the contract's z.boolean() refuses "false"); lists and
      // objects as they are.
      if (!(body instanceof FormData))
        for (const [key, value] of Object.entries(body))
          if (typeof value === 'boolean' || isStructured(value)) fields[key] = value;
      return {
        body: JSON.stringify(fields),
        contentType: 'application/json',
      };
    }
    case 'form':
      return {
        body: new URLSearchParams(textEntries(body, encoding)),
        contentType: 'application/x-www-form-urlencoded;charset=UTF-8',
      };
    case 'multipart': {
      if (body instanceof FormData) return { body };
      const form = new FormData();
      for (const [key, value] of entriesOf(body)) form.append(key, value);
      // The browser sets the multipart boundary itself.
      return { body: form };
    }
    case 'text':
      // JSON sent as text/plain, as navigator.sendBeacon sends a string (the beacon's own way).
      return { body: JSON.stringify(body), contentType: 'text/plain;charset=UTF-8' };
  }
}

interface RawResponse {
  status: number;
  text: string;
}

async function sendWithFetch(
  method: string,
  url: string,
  headers: Record<string, string>,
  body: BodyInit | undefined,
  signal?: AbortSignal,
): Promise<RawResponse> {
  let res: Response;
  try {
    res = await fetch(url, { method, headers, body, signal });
  } catch (err) {
    if (signal?.aborted) throw err;
    throw new ApiError(0, NETWORK_MESSAGE);
  }
  return { status: res.status, text: await res.text() };
}

function sendWithXhr(
  method: string,
  url: string,
  headers: Record<string, string>,
  body: BodyInit | undefined,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, url);
    for (const [k, v] of Object.entries(headers)) xhr.setRequestHeader(k, v);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress(e.loaded / e.total);
    };
    xhr.onload = () => {
      onProgress(1);
      resolve({ status: xhr.status, text: xhr.responseText });
    };
    xhr.onerror = () => reject(new ApiError(0, NETWORK_MESSAGE));
    xhr.onabort = () => reject(new DOMException('Aborted', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    // XMLHttpRequest takes the same body types fetch does, except streams, which callApi never builds.
    xhr.send(body instanceof ReadableStream ? null : (body ?? null));
  });
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * Call one operation of the shared contract.
 * Resolves with the success body validated by the contract's response schema; rejects with ApiError otherwise.
 */
export async function callApi<N extends OperationName>(
  name: N,
  options: CallOptions = {},
): Promise<ResponseOf<N>> {
  const op: Operation = contract[name];
  const url = `${env.VITE_API_BASE}${buildPath(name, options.params, options.query)}`;
  const encoded = encodeBody(op, options.body);
  const headers: Record<string, string> = {
    Accept: op.kind === 'json' ? 'application/json' : '*/*',
  };
  if (encoded.contentType) headers['Content-Type'] = encoded.contentType;
  if (options.token) headers.Authorization = `Bearer ${options.token}`;
  // Session calls ride on the HttpOnly cookie; the header proves the call comes from our own script.
  if (op.auth === 'session') headers[ADMIN_SESSION.csrfHeader] = ADMIN_SESSION.csrfValue;

  const send = () =>
    options.onUploadProgress
      ? sendWithXhr(op.method, url, headers, encoded.body, options.onUploadProgress, options.signal)
      : sendWithFetch(op.method, url, headers, encoded.body, options.signal);
  let raw = await send();
  for (const delay of GATEWAY_RETRY_DELAYS_MS) {
    if (raw.status !== 429 || errorBody.safeParse(parseJson(raw.text)).success) break;
    await jittered(delay);
    options.signal?.throwIfAborted();
    raw = await send();
  }

  if (raw.status < 200 || raw.status > 299) {
    const parsed = errorBody.safeParse(parseJson(raw.text));
    if (parsed.success)
      throw new ApiError(raw.status, parsed.data.error, parsed.data.field, parsed.data.code);
    const gateway = GATEWAY_REFUSALS[raw.status];
    throw new ApiError(
      raw.status,
      gateway?.message ?? `The server answered ${raw.status}. Please try again.`,
      undefined,
      gateway?.code,
    );
  }
  if (op.kind !== 'json' || !op.response) return asResponse<N>(raw.text);
  const checked = op.response.safeParse(parseJson(raw.text));
  if (!checked.success)
    throw new ApiError(raw.status, 'The server sent an unexpected answer. Please try again.');
  return asResponse<N>(checked.data);
}

/** The one place the validated body meets its static type: TypeScript cannot link a runtime schema lookup to the generic N. */
function asResponse<N extends OperationName>(value: unknown): ResponseOf<N> {
  return value as ResponseOf<N>;
}
