export * from './site-pages';
export * from './definition';
export {
  RESERVED_SOURCES,
  RESERVED_MESSAGES,
  reservedSources,
  reservedReason,
  SIGN_IN_PATH,
  ADMIN_PATH,
  NOT_FOUND_PATH,
  type ReservedReason,
  type ReservedSource,
} from './reserved-sources';
export * from './security-headers';
export * from './compression';
export * from './edge-function';
export * from './edge-router';
export * from './speculation-rules';
