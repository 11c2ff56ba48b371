export * from './contract/index';
export * from './entities';
export * from './post-schema';
export * from './constants';
export * from './paths';
export * from './text';
export {
  leadFields,
  leadSourceFields,
  leadListQuery,
  type LeadInput,
  type LeadListQuery,
} from './contract/leads';
export * from './config-names';
export * from './media';
export * from './lead-source';
export * from './access';
export * from './redirects';
export {
  redirect,
  redirectFields,
  notFoundEntry,
  REDIRECT_ORIGINS,
  type Redirect,
  type RedirectInput,
  type NotFoundEntry,
} from './contract/redirects';
