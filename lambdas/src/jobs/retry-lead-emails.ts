import { leadMailDeps } from '../adapters/lead-services';
import {
  retryPendingLeadEmails as retryAll,
  type LeadMailDeps,
  type RetrySummary,
} from '../domain/leads-mail';
import { logger } from '../lib/logger';

/**
 * Send every lead e-mail still pending (SES was down, throttled, or the request path timed out).
 * Deps default to the configured table and SES; the local server calls this on an interval.
 */
export function retryPendingLeadEmails(deps: Partial<LeadMailDeps> = {}): Promise<RetrySummary> {
  return retryAll({
    ...leadMailDeps(deps.log ?? logger.child({ job: 'retry-lead-emails' })),
    ...deps,
  });
}

/** EventBridge scheduled rule target (every few minutes). */
export const handler = async (): Promise<RetrySummary> => {
  const summary = await retryPendingLeadEmails();
  logger.info('lead e-mail retry run', { job: 'retry-lead-emails', ...summary });
  return summary;
};
