import type { ErrorCode } from '@agency/shared';

/**
 * Typed domain errors. Domain code throws these; only the HTTP wrapper turns them into statuses
 * and error bodies (`{ error, field, code }`).
 */
export type DomainErrorKind =
  | 'invalid'
  | 'unauthenticated'
  | 'forbidden'
  | 'not-found'
  | 'conflict'
  | 'too-large'
  | 'unsupported-type'
  | 'too-many-requests'
  /** Another service the call depends on failed after what the call saved was kept (502). */
  | 'bad-gateway';

/** The code of each kind when the thrower names no finer one. */
const CODE_OF_KIND: Record<DomainErrorKind, ErrorCode> = {
  invalid: 'invalid',
  unauthenticated: 'unauthenticated',
  forbidden: 'forbidden',
  'not-found': 'not-found',
  conflict: 'conflict',
  'too-large': 'too-large',
  'unsupported-type': 'unsupported-type',
  'too-many-requests': 'rate-limited',
  'bad-gateway': 'internal',
};

export interface DomainErrorOptions {
  /** A finer code than the kind's own (`wrong-password` rather than `invalid`). */
  code?: ErrorCode;
  /**
   * What the sentence names before its colon when it is more than the field's name (`file
   * photo.jpg`, so a batch of uploads says which one failed); the field's name by default.
   */
  subject?: string;
}

export class DomainError extends Error {
  /** The machine-readable code of the error body. */
  readonly code: ErrorCode;

  constructor(
    readonly kind: DomainErrorKind,
    message: string,
    /** The request field the error concerns, when there is one. */
    readonly field?: string,
    options: DomainErrorOptions = {},
  ) {
    const subject = options.subject ?? field;
    super(subject ? `${subject}: ${message}` : message);
    this.name = 'DomainError';
    this.code = options.code ?? CODE_OF_KIND[kind];
  }
}

export const invalid = (field: string, reason: string, code?: ErrorCode) =>
  new DomainError('invalid', reason, field, { code });
export const unauthenticated = (
  message = 'Sign in again: the session token is missing, invalid or expired.',
  code?: ErrorCode,
) => new DomainError('unauthenticated', message, undefined, { code });
export const forbidden = (message = 'This account is not an administrator.') =>
  new DomainError('forbidden', message);
export const notFound = (what: string) => new DomainError('not-found', `${what} was not found.`);
export const conflict = (message: string, field?: string, code?: ErrorCode) =>
  new DomainError('conflict', message, field, { code });
/** A name or address another record already has (a slug, a member's e-mail). */
export const taken = (message: string, field: string) => conflict(message, field, 'taken');
/** The record changed since the caller read it: reload, then try again. */
export const stale = (message: string) => conflict(message, undefined, 'stale');
export const tooLarge = (message: string, field?: string, subject?: string) =>
  new DomainError('too-large', message, field, { subject });
export const unsupportedType = (message: string, field?: string, subject?: string) =>
  new DomainError('unsupported-type', message, field, { subject });
/** Saved, but a service it then needed failed (rendering, the site bucket): 502 saying so. */
export const badGateway = (message: string) => new DomainError('bad-gateway', message);
export const tooManyRequests = (message: string) => new DomainError('too-many-requests', message);

export const STATUS_OF: Record<DomainErrorKind, number> = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  'not-found': 404,
  conflict: 409,
  'too-large': 413,
  'unsupported-type': 415,
  'too-many-requests': 429,
  'bad-gateway': 502,
};
