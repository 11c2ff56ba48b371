/**
 * Every function's AWS permissions, gathered from the modules' `grants.ts` for the CDK app
 * (`@agency/lambdas/grants`; infra/lib/grants.ts turns them into IAM statements and environment
 * variables). An operation missing from OPERATION_GRANTS gets no permission at all.
 */
import type { ScheduledJobName } from '../../bundling/functions';
import type { OperationName } from '@agency/shared';
import type { FunctionGrants } from '../platform/grants';
import { OPERATION_GRANTS as accounts } from './accounts/grants';
import { OPERATION_GRANTS as analytics } from './analytics/grants';
import { OPERATION_GRANTS as audit } from './audit/grants';
import { OPERATION_GRANTS as captcha } from './captcha/grants';
import { OPERATION_GRANTS as dashboard } from './dashboard/grants';
import { OPERATION_GRANTS as leads } from './leads/grants';
import { OPERATION_GRANTS as media } from './media/grants';
import { OPERATION_GRANTS as notFound } from './not-found/grants';
import { OPERATION_GRANTS as pages } from './pages/grants';
import { OPERATION_GRANTS as posts } from './posts/grants';
import { OPERATION_GRANTS as presence } from './presence/grants';
import { OPERATION_GRANTS as redirects } from './redirects/grants';
import { OPERATION_GRANTS as taxonomy } from './taxonomy/grants';
import { REMIND_JOB_GRANTS, RETRY_JOB_GRANTS } from './lead-delivery/grants';
import { PUBLISH_JOB_GRANTS } from './posts/grants';
import { ROLL_UP_JOB_GRANTS } from './analytics/grants';
import { PURGE_TRASH_JOB_GRANTS } from './posts/grants';
import { REBUILD_REDIRECTS_GRANTS } from './redirects/grants';

export * from '../platform/grants';
export { MAIL_EVENTS_GRANTS, RETRY_JOB_GRANTS } from './lead-delivery/grants';
export { ALARM_WEBHOOK_GRANTS } from './alarms/grants';
export { ROLL_UP_JOB_GRANTS } from './analytics/grants';
export { BACKFILL_LEAD_STATS_GRANTS } from './dashboard/grants';
export { IMAGE_FUNCTION_GRANTS } from './media/grants';
export { NOT_FOUND_LOG_GRANTS } from './not-found/grants';
export { SEED_PAGES_GRANTS } from './pages/grants';
export { PUBLISH_JOB_GRANTS, PURGE_TRASH_JOB_GRANTS } from './posts/grants';
export { REBUILD_REDIRECTS_GRANTS } from './redirects/grants';

/** Per-operation permissions, keyed by contract operation name, from each module's own table. */
export const OPERATION_GRANTS: Partial<Record<OperationName, FunctionGrants>> = {
  ...accounts,
  ...analytics,
  ...audit,
  ...captcha,
  ...dashboard,
  ...leads,
  ...media,
  ...notFound,
  ...pages,
  ...posts,
  ...presence,
  ...redirects,
  ...taxonomy,
};

/**
 * What each scheduled job may do, by its name in the lambdas' job list (SCHEDULED_JOBS of
 * `bundling/functions.ts`): a new job does not deploy until it is given its grants here.
 */
export const SCHEDULED_JOB_GRANTS: Record<ScheduledJobName, FunctionGrants> = {
  'retry-lead-emails': RETRY_JOB_GRANTS,
  'remind-unanswered-leads': REMIND_JOB_GRANTS,
  'publish-scheduled-posts': PUBLISH_JOB_GRANTS,
  'purge-trash': PURGE_TRASH_JOB_GRANTS,
  'roll-up-analytics': ROLL_UP_JOB_GRANTS,
  'rebuild-redirects': REBUILD_REDIRECTS_GRANTS,
};
