import * as z from 'zod';
import { errorBody } from '../entities';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
/**
 * `public`: anyone; `admin`: a Cognito access token of the admins group (Bearer); `session`: no
 * bearer token, the caller proves itself with the HttpOnly session cookie and the `X-Requested-With`
 * header of ADMIN_SESSION, both checked by the handler wrapper.
 */
export type Auth = 'public' | 'admin' | 'session';
/** How a request body may arrive: `json`, urlencoded `form`, or `multipart` form data. */
export type Encoding = 'json' | 'form' | 'multipart';
/** What a successful response body is. */
export type ResponseKind = 'json' | 'csv' | 'svg';

export interface FileField {
  required: boolean;
}

export interface Operation {
  /** Groups operations into handler folders: `lambdas/src/handlers/<resource>/<verb-noun>.ts`. */
  resource: string;
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
  /** Error statuses this call can answer, all with `{ error }`. */
  errors: readonly number[];
}

/** Lets each resource file declare operations with their literal types kept. */
export const defineOperations = <T extends Record<string, Operation>>(ops: T): T => ops;

export { errorBody };

/** The `page` query of a paged list: 1 when absent. */
export const pageNumber = z.coerce
  .number({ error: 'must be a whole number' })
  .int('must be a whole number')
  .min(1, 'must be 1 or more')
  .max(100_000, 'is too large')
  .default(1);
