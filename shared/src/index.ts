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
export {
  ICON_NAMES,
  sectionAction,
  navLink,
  blankFields,
  blankValue,
  richTextPaths,
  isLinkTarget,
  type IconName,
  type Field,
  type FieldWidget,
  type SectionAction,
  type NavLink,
} from './block-fields';
export * from './links';
export * from './page-blocks';
export * from './page-draft';
export * from './spec-pages';
export * from './page-schema';
export * from './site-settings';
export * from './office-tel';
export { storedSiteSettings } from './contract/pages';
export { quillLists } from './quill-lists';
export * from './edge/reserved-sources';
// Plain data too: the page script's hover prefetch skips the links the rules skip.
export { isPrerenderedPath, NOT_PRERENDERED_LINKS } from './edge/speculation-rules';
export * from './merge';
export * from './contract/presence';
export * from './title-card';
export * from './analytics';
export {
  analyticsQuery,
  analyticsReport,
  analyticsRow,
  analyticsTotals,
  collectBody,
  responseWeek,
  type AnalyticsQuery,
  type AnalyticsReport,
  type AnalyticsRow,
  type AnalyticsTotals,
  type CollectBody,
} from './contract/analytics';
export * from './origin-secret';
