export * from './site-pages';
export * from './definition';
export * from './security-headers';
export * from './compression';
export * from './edge-function';
export * from './edge-router';
