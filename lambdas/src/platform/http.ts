import type {
  APIGatewayProxyEventV2,
  APIGatewayProxyStructuredResultV2,
  Context,
} from 'aws-lambda';
import type { z } from 'zod';
import { createHash, timingSafeEqual } from 'node:crypto';
import {
  ADMIN_SESSION,
  ORIGIN_VERIFY_HEADER,
  auditOutcomeOf,
  type ErrorBody,
  type ErrorCode,
  auditedByWrapper,
  contract,
  type Contract,
  type OperationName,
  type Operation,
} from '@agency/shared';
import { parseBody, type UploadedFile } from './body';
import { DomainError, STATUS_OF, forbidden, invalid } from './errors';
import { logger as rootLogger, type Logger } from './logger';
import type { AdminIdentity, VerifiedToken } from './staff/auth';
import { auditDetails, auditTarget, type AuditNote } from './staff/audit-target';
import { runtimeSettings } from './env';
import { originSecretSource } from './origin-secret';
import { readSessionCookie } from './session-cookie';

/** The staff check and the audit trail, loaded on the first staff call only (staff-gate.ts). */
const staffGate = () => import('./staff/staff-gate');

type Op<N extends OperationName> = Contract[N];
type Req<N extends OperationName> = Op<N>['request'];
type Parsed<S> = S extends z.ZodType ? z.output<S> : Record<string, never>;

/** What a handler's domain call receives: every part already validated against the contract. */
export interface Request<N extends OperationName> {
  query: Parsed<Req<N> extends { query: infer Q } ? Q : undefined>;
  params: Parsed<Req<N> extends { params: infer P } ? P : undefined>;
  body: Parsed<Req<N> extends { body: infer B } ? B : undefined>;
  files: Partial<Record<string, UploadedFile>>;
  /**
   * Present on staff operations: the verified staff member, allowed this operation by their role
   * and account. On public operations with a staff view, the member when the call carried a token,
   * else undefined.
   */
  admin: Op<N>['auth'] extends 'admin'
    ? AdminIdentity
    : Op<N> extends { adminView: true }
      ? AdminIdentity | undefined
      : undefined;
  /** Session operations: the refresh token from the session cookie, when the browser sent one. */
  refreshToken: Op<N>['auth'] extends 'session' ? string | undefined : undefined;
  sourceIp: string;
  /** The request's headers, names lower-case (the last value of a repeated name). */
  headers: Readonly<Record<string, string>>;
  requestId: string;
  log: Logger;
}

type JsonBody<N extends OperationName> =
  Op<N> extends { response: infer R } ? (R extends z.ZodType ? z.input<R> : never) : undefined;

/** A handler's answer: JSON operations return their body; csv/svg ones return text. */
export type Reply<N extends OperationName> = {
  body: Op<N>['kind'] extends 'json' ? JsonBody<N> : string;
  headers?: Record<string, string>;
  /** Set-Cookie values, one per cookie (payload 2.0 `cookies`). */
  cookies?: string[];
  /** For an audited operation: what the call did and what its object is called (audit-target.ts). */
  audit?: AuditNote;
};

export type Handler = (
  event: APIGatewayProxyEventV2,
  context?: Partial<Context>,
) => Promise<APIGatewayProxyStructuredResultV2>;

/**
 * Headers of answers that show what the public must not see (drafts, scheduled posts, revisions):
 * never stored by a browser or the edge, never indexed.
 */
export const ADMIN_VIEW_HEADERS: Readonly<Record<string, string>> = {
  'cache-control': 'private, no-store',
  'x-robots-tag': 'noindex, nofollow',
};

const CONTENT_TYPES = {
  json: 'application/json; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
  svg: 'image/svg+xml',
} as const;

const json = (
  statusCode: number,
  body: unknown,
  headers: Record<string, string> = {},
): APIGatewayProxyStructuredResultV2 => ({
  statusCode,
  headers: {
    'content-type': CONTENT_TYPES.json,
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
    ...headers,
  },
  body: JSON.stringify(body),
});

/** The error body of a refusal: the sentence, and the field and code it concerns (contract `errorBody`). */
const errorReply = (status: number, body: ErrorBody) => json(status, body);

/** The error body of a typed domain error. */
export const errorBodyOf = (error: DomainError): ErrorBody => ({
  error: error.message,
  ...(error.field !== undefined && { field: error.field }),
  code: error.code,
});

function header(event: APIGatewayProxyEventV2, name: string): string | undefined {
  const wanted = name.toLowerCase();
  for (const [k, v] of Object.entries(event.headers ?? {}))
    if (k.toLowerCase() === wanted) return v;
  return undefined;
}

/** The event's headers with lower-case names, so handlers need not care how a client spelled them. */
function headersOf(event: APIGatewayProxyEventV2): Readonly<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(event.headers ?? {}))
    if (v !== undefined) out[k.toLowerCase()] = v;
  return out;
}

/** The raw value at a path of the input (zod 4 issues carry no input unless asked, and coercion hides it). */
function valueAt(value: unknown, path: readonly PropertyKey[]): unknown {
  let current: unknown = value;
  for (const key of path) {
    if (current === null || typeof current !== 'object') return undefined;
    const next: unknown = Reflect.get(current, key);
    current = next;
  }
  return current;
}

/**
 * Session calls act on a cookie the browser attaches by itself, so they also need a header that a
 * cross-site form or link cannot send (setting it from script elsewhere needs a CORS preflight we never allow).
 */
function requireFetchHeader(event: APIGatewayProxyEventV2): void {
  if (header(event, ADMIN_SESSION.csrfHeader)?.trim().toLowerCase() !== ADMIN_SESSION.csrfValue)
    throw forbidden(
      `This call needs the header ${ADMIN_SESSION.csrfHeader}: ${ADMIN_SESSION.csrfValue}.`,
    );
}

const digest = (value: string) => createHash('sha256').update(value).digest();

/** The refusal of a call that did not come through CloudFront. */
export const NOT_THROUGH_EDGE = "This API answers only at the site's own address.";

/**
 * One door in: a call must carry the origin secret CloudFront adds (ORIGIN_VERIFY_HEADER), so
 * nobody reaches a function at the execute-api address, where they could also send a
 * viewer-IP header of their choice. Compared in constant time, over digests of equal length. The
 * values come from Secrets Manager (cached ≤ 5 min); a failed read rejects, which the wrapper
 * answers 500 with a log line: never a call let in unchecked.
 */
async function requireEdge(event: APIGatewayProxyEventV2): Promise<void> {
  const sent = digest(header(event, ORIGIN_VERIFY_HEADER) ?? '');
  const secrets = await originSecretSource().values();
  const known = secrets.some((secret) => timingSafeEqual(sent, digest(secret)));
  if (!known) throw forbidden(NOT_THROUGH_EDGE);
}

/**
 * The visitor's address: the trusted proxy's header when one is configured (read only once
 * requireEdge let the call in), else API Gateway's source IP.
 */
function clientIp(event: APIGatewayProxyEventV2): string {
  const configured = runtimeSettings().clientIpHeader;
  const forwarded = configured ? header(event, configured)?.trim() : undefined;
  return forwarded || (event.requestContext?.http?.sourceIp ?? 'unknown');
}

/** The code of the first issue a contract schema found: what kind of rule the value broke. */
export function issueCode(issue: z.core.$ZodIssue | undefined, missing: boolean): ErrorCode {
  if (missing) return 'required';
  switch (issue?.code) {
    case 'too_big':
      return issue.origin === 'string' || issue.origin === 'array' ? 'too-long' : 'out-of-range';
    case 'too_small':
      // A text that must not be empty ("is required" once trimmed) is missing, not short.
      if (issue.origin === 'string' || issue.origin === 'array')
        return Number(issue.minimum) <= 1 ? 'required' : 'too-short';
      return 'out-of-range';
    default:
      return 'invalid';
  }
}

function validate<S extends z.ZodType | undefined>(
  schema: S,
  value: unknown,
  part: string,
): Parsed<S> {
  if (!schema) return {} as Parsed<S>;
  const result = schema.safeParse(value);
  if (result.success) return result.data as Parsed<S>;
  const issue = result.error.issues[0];
  const field = issue && issue.path.length > 0 ? issue.path.join('.') : part;
  // A missing field is "required" whatever its schema (an enum reports a missing value as invalid_value).
  const missing =
    issue !== undefined &&
    issue.path.length > 0 &&
    (issue.code === 'invalid_type' || issue.code === 'invalid_value') &&
    valueAt(value, issue.path) === undefined;
  const reason = missing ? 'is required' : (issue?.message ?? 'is invalid');
  throw invalid(field, reason, issueCode(issue, missing));
}

/** The body's fields and files by the operation's encodings (file parts are not fields). */
async function bodyFields(op: Operation, event: APIGatewayProxyEventV2) {
  const raw = event.body
    ? Buffer.from(event.body, event.isBase64Encoded ? 'base64' : 'utf8')
    : Buffer.alloc(0);
  const parsed = await parseBody(op, header(event, 'content-type'), raw);
  for (const f of Object.keys(op.request.files ?? {})) delete parsed.fields[f];
  return parsed;
}

/** Plain fields of a request part as sent, for the audit target of a call refused before validation. */
const fieldsOf = (value: unknown): Record<string, unknown> =>
  value !== null && typeof value === 'object' ? { ...value } : {};

/**
 * Append the audit record of an answered staff call. Refused by the access check, the call's
 * identity was not built: the e-mail is looked up, and the body (not read yet) is read for the
 * target alone.
 */
async function auditCall(
  name: OperationName,
  event: APIGatewayProxyEventV2,
  log: Logger,
  call: {
    token: VerifiedToken;
    admin: AdminIdentity | undefined;
    input: Record<string, unknown>;
    sourceIp: string;
    status: number;
    reply: unknown;
    note: AuditNote | undefined;
  },
): Promise<void> {
  const { token, admin, status } = call;
  const reply = status < 300 ? call.reply : undefined;
  let input = call.input;
  let email = admin?.email ?? '';
  if (!admin) {
    email = await (await staffGate()).emailOfToken(token).catch((error: unknown) => {
      log.warn('actor e-mail unavailable for the audit record', { error });
      return '';
    });
    const fields = await bodyFields(contract[name], event).then(
      (parsed) => parsed.fields,
      () => ({}),
    );
    input = { ...input, ...fields };
  }
  await (
    await staffGate()
  ).recordAudit(
    {
      actorId: token.sub,
      actorEmail: email,
      action: name,
      target: auditTarget(name, input, reply),
      ...auditDetails(name, input, reply, status < 300 ? call.note : {}),
      ip: call.sourceIp,
      outcome: auditOutcomeOf(status),
      status,
    },
    log,
  );
}

/**
 * Wrap a domain call as a Lambda handler for one contract operation: parse the body by its encoding,
 * check the staff token against the operation's groups and the account, validate against the
 * contract (400 naming the field), map typed domain errors to statuses, record staff writes in the
 * audit trail, log one structured line per request, and turn anything unexpected into a logged 500.
 */
export function defineHandler<N extends OperationName>(
  name: N,
  impl: (req: Request<N>) => Promise<Reply<N>>,
): Handler {
  const op: Operation = contract[name];
  const audited = auditedByWrapper(name);
  return async (event, context) => {
    const requestId = context?.awsRequestId ?? event.requestContext?.requestId ?? 'local';
    const log = rootLogger.child({ requestId, route: `${op.method} ${op.path}`, operation: name });
    const started = Date.now();
    let result: APIGatewayProxyStructuredResultV2;
    // What the audit record needs, known as the call goes: who (once the token verified), from
    // where, on what, and the reply.
    let token: VerifiedToken | undefined;
    let admin: AdminIdentity | undefined;
    let sourceIp = event.requestContext?.http?.sourceIp ?? 'unknown';
    let input: Record<string, unknown> = {
      ...fieldsOf(event.queryStringParameters),
      ...fieldsOf(event.pathParameters),
    };
    let replyBody: unknown;
    let auditNote: AuditNote | undefined;
    try {
      await requireEdge(event);
      sourceIp = clientIp(event);
      const authorization = header(event, 'authorization');
      // A public call with a staff view checks a token only when one is sent: a bad one is refused, never ignored.
      if (op.auth === 'admin' || (op.adminView && authorization?.trim())) {
        const gate = await staffGate();
        token = await gate.verifyToken(authorization);
        admin = await gate.checkStaff(token, name);
      }
      if (op.auth === 'session') requireFetchHeader(event);
      const parsed = await bodyFields(op, event);
      input = { ...input, ...parsed.fields };
      const req = {
        query: validate(op.request.query, event.queryStringParameters ?? {}, 'query'),
        params: validate(op.request.params, event.pathParameters ?? {}, 'path'),
        body: validate(op.request.body, parsed.fields, 'body'),
        files: parsed.files,
        admin,
        refreshToken: op.auth === 'session' ? readSessionCookie(event.cookies) : undefined,
        sourceIp,
        headers: headersOf(event),
        requestId,
        log,
      } as Request<N>;
      input = { ...fieldsOf(req.query), ...fieldsOf(req.params), ...fieldsOf(req.body) };
      const reply = await impl(req);
      replyBody = reply.body;
      auditNote = reply.audit;
      if (op.kind === 'json') {
        const checked = op.response
          ? op.response.safeParse(reply.body)
          : { success: true as const, data: reply.body };
        if (!checked.success)
          throw new Error(
            `Response of ${name} does not match the contract: ${checked.error.message}`,
          );
        result =
          op.status === 204
            ? { statusCode: 204, headers: { 'cache-control': 'no-store', ...reply.headers } }
            : json(op.status, checked.data, reply.headers);
      } else if (op.kind === 'empty') {
        result = {
          statusCode: op.status,
          headers: { 'cache-control': 'no-store', ...reply.headers },
        };
      } else {
        result = {
          statusCode: op.status,
          headers: {
            'content-type': CONTENT_TYPES[op.kind],
            'cache-control': 'no-store',
            'x-content-type-options': 'nosniff',
            ...reply.headers,
          },
          body: String(reply.body),
        };
      }
      if (reply.cookies?.length) result.cookies = reply.cookies;
    } catch (error) {
      if (error instanceof DomainError) {
        const status = STATUS_OF[error.kind];
        result = errorReply(status, errorBodyOf(error));
        log.info('request refused', { status, reason: error.message, code: error.code });
      } else {
        result = errorReply(500, {
          error: 'Something went wrong on our side. Please try again.',
          code: 'internal',
        });
        log.error('request failed', { error });
      }
    }
    // A refused token (401 before it verified) names nobody: nothing to record.
    if (audited && token)
      await auditCall(name, event, log, {
        token,
        admin,
        input,
        sourceIp,
        status: result.statusCode ?? 500,
        reply: replyBody,
        note: auditNote,
      });
    log.info('request', { status: result.statusCode, ms: Date.now() - started });
    return result;
  };
}
