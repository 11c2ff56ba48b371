import * as z from 'zod';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
/**
 * `public`: anyone; `admin`: a Cognito access token of the admins group (Bearer); `session`: no
 * bearer token, the caller proves itself with the HttpOnly session cookie and the `X-Requested-With`
 * header of ADMIN_SESSION, both checked by the handler wrapper.
 */
export type Auth = 'public' | 'admin' | 'session';
/**
 * How a request body may arrive: `json`, urlencoded `form`, `multipart` form data, or `text`: JSON
 * sent as `text/plain` (what `navigator.sendBeacon` sends for a string, no preflight).
 */
export type Encoding = 'json' | 'form' | 'multipart' | 'text';
/** What a successful response body is (`empty`: none, as a 202 or 204 has). */
export type ResponseKind = 'json' | 'csv' | 'svg' | 'empty';

export interface FileField {
  required: boolean;
}

/**
 * Who may call a staff operation (or see a public one's staff view): `staff`, the admins and the
 * editors; `admins`, the admins alone. shared `access.ts` turns it into Cognito groups for the
 * handler wrapper, the API's JWT authorizer and the admin's navigation.
 */
export type Access = 'staff' | 'admins';

/** The request (or reply) field whose value names what an audited call acted on. */
export type AuditKey = 'id' | 'email' | 'from' | 'path';

/**
 * What the audit trail keeps of a call. The handler wrapper records every call of an operation that
 * has it (`by: 'handler'`: the sign-in steps record themselves, the actor known only from what was
 * tried); the audit page shows `label`.
 */
export interface AuditFacts {
  /** The action as the audit page names it ("Post created"). */
  label: string;
  /**
   * What it acted on (`post 12`): a noun and the field naming it; none, the caller's own account or
   * a whole list (the 404 log cleared).
   */
  target?: { noun: string; key: AuditKey };
  by?: 'handler';
}

/**
 * The limit a call counts against in production: `public-read` (pages' data, anyone), `enquiry` (the
 * lead form and its challenge), `counting` (view counts), `sign-in` (sign-in steps, password resets,
 * the session cookie), `staff` (everything behind a staff token).
 */
export type ThrottleClass = 'public-read' | 'enquiry' | 'counting' | 'sign-in' | 'staff';

/**
 * The API's modules (`lambdas/src/modules/<name>/`), each the home of one subject's handlers,
 * rules, stores, jobs and workers. A new subject is a new name here and a new folder there.
 */
export const API_MODULES = [
  'accounts',
  'alarms',
  'analytics',
  'audit',
  'captcha',
  'dashboard',
  'lead-delivery',
  'leads',
  'media',
  'not-found',
  'pages',
  'posts',
  'presence',
  'redirects',
  'system',
  'taxonomy',
] as const;
export type ApiModule = (typeof API_MODULES)[number];

export interface Operation {
  /** The module its handler lives in: `lambdas/src/modules/<module>/handlers/<verb-noun>.ts`. */
  module: ApiModule;
  method: Method;
  /** API Gateway style: `{name}` marks a path parameter. */
  path: string;
  auth: Auth;
  /**
   * A public call that shows an admin more (drafts and scheduled posts): without an Authorization
   * header it answers the public; with one, the token must be an admin's (else 401/403).
   */
  adminView?: true;
  summary: string;
  /** Who may call it: required of a staff operation and of a public one with a staff view. */
  access?: Access;
  /** How the audit trail records it: required of a staff write (`false`: not recorded, and why). */
  audit?: AuditFacts | false;
  throttle: ThrottleClass;
  request: {
    /** Accepted body encodings; empty for calls without a body. */
    encodings: readonly Encoding[];
    query?: z.ZodObject;
    params?: z.ZodObject;
    body?: z.ZodObject;
    files?: Readonly<Record<string, FileField>>;
  };
  /** The success status. */
  status: number;
  kind: ResponseKind;
  /** Schema of the success body (JSON kinds only). */
  response?: z.ZodType;
  /** Error statuses this call can answer, all with the error body (`errorBody`). */
  errors: readonly number[];
}

/** What an operation's entry lacks of the staff facts: never when it lacks nothing. */
type MissingFacts<O> = O extends { auth: 'admin' } | { adminView: true }
  ? O extends { access: Access }
    ? O extends { auth: 'admin'; method: Exclude<Method, 'GET'> }
      ? O extends { audit: AuditFacts | false }
        ? never
        : 'a staff write needs `audit`: its facts, or false'
      : never
    : 'a staff operation needs `access`'
  : never;

/**
 * Lets each resource file declare operations with their literal types kept. A staff operation
 * without `access`, or a staff write without `audit`, is a type error naming what is missing.
 */
export const defineOperations = <T extends Record<string, Operation>>(
  ops: T & { [K in keyof T]: [MissingFacts<T[K]>] extends [never] ? unknown : MissingFacts<T[K]> },
): T => ops;

/**
 * What went wrong, machine-readable, beside the error sentence: a small stable vocabulary, one per
 * kind of refusal rather than per message, so a client decides by it and never by the text.
 */
export const ERROR_CODES = [
  /** A value the call does not accept (its format, its type, a rule of the field). */
  'invalid',
  /** A field the call needs is missing or empty. */
  'required',
  'too-long',
  'too-short',
  /** A number or date outside its range. */
  'out-of-range',
  /** A file or body over its size limit (413). */
  'too-large',
  /** A file of a type the call does not take (415). */
  'unsupported-type',
  /** A name or address another record already has (a slug, a member's e-mail, a category). */
  'taken',
  /** The record is in use elsewhere and cannot go. */
  'in-use',
  /** Someone else changed the record since it was read. */
  'stale',
  /** Refused by a rule of the record's state (the last admin, two-factor required by the site). */
  'conflict',
  'not-found',
  'wrong-password',
  'wrong-code',
  /** A step, a challenge or a code that is no longer valid. */
  'expired',
  'unauthenticated',
  'forbidden',
  'rate-limited',
  /** Anything unexpected on the server's side (500). */
  'internal',
  'not-implemented',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/**
 * The error body every failing API call answers with: the spec's `error` sentence (`"field:
 * message"` when it concerns a field, byte for byte as before), plus the `field` it concerns (the
 * request field's name, as in `error`) and its `code`. Clients built on `error` alone keep working.
 */
export const errorBody = z.object({
  error: z.string(),
  field: z.string().optional(),
  // A code this client does not know yet (a newer server) reads as none rather than failing the body.
  code: z.enum(ERROR_CODES).optional().catch(undefined),
});
export type ErrorBody = z.infer<typeof errorBody>;

/** The `page` query of a paged list: 1 when absent. */
export const pageNumber = z.coerce
  .number({ error: 'must be a whole number' })
  .int('must be a whole number')
  .min(1, 'must be 1 or more')
  .max(100_000, 'is too large')
  .default(1);
