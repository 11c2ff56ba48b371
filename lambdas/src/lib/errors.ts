/**
 * Typed domain errors. Domain code throws these; only the HTTP wrapper turns them into statuses.
 */
export type DomainErrorKind =
  | 'invalid'
  | 'unauthenticated'
  | 'forbidden'
  | 'not-found'
  | 'conflict'
  | 'too-large'
  | 'unsupported-type'
  | 'too-many-requests';

export class DomainError extends Error {
  constructor(
    readonly kind: DomainErrorKind,
    message: string,
    /** The request field the error concerns, when there is one. */
    readonly field?: string,
  ) {
    super(field ? `${field}: ${message}` : message);
    this.name = 'DomainError';
  }
}

export const invalid = (field: string, reason: string) => new DomainError('invalid', reason, field);
export const unauthenticated = (
  message = 'Sign in again: the session token is missing, invalid or expired.',
) => new DomainError('unauthenticated', message);
export const forbidden = (message = 'This account is not an administrator.') =>
  new DomainError('forbidden', message);
export const notFound = (what: string) => new DomainError('not-found', `${what} was not found.`);
export const conflict = (message: string, field?: string) =>
  new DomainError('conflict', message, field);
export const tooLarge = (message: string, field?: string) =>
  new DomainError('too-large', message, field);
export const unsupportedType = (message: string, field?: string) =>
  new DomainError('unsupported-type', message, field);
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
};
