import { leadDeliveryDeps } from '../adapters/lead-delivery-services';
import {
  retryPendingDeliveries,
  type LeadDeliveryDeps,
  type RetrySummary,
} from '../domain/lead-delivery';
import { logger } from '../lib/logger';

const JOB = 'retry-lead-emails';

/**
 * Deliver every lead notification still pending, e-mail and webhook (SES or the receiver was down,
 * throttled, or the request path timed out), once each channel's backoff has passed. The file and
 * job keep their first name: the deployed function and its schedule are named after it. Deps
 * default to the configured table, SES and webhook; the local server calls this on an interval.
 */
export async function retryPendingLeadEmails(
  deps: Partial<LeadDeliveryDeps> = {},
): Promise<RetrySummary> {
  return retryPendingDeliveries({
    ...(await leadDeliveryDeps(deps.log ?? logger.child({ job: JOB }))),
    ...deps,
  });
}

/** EventBridge scheduled rule target (every few minutes). */
export const handler = async (): Promise<RetrySummary> => {
  const summary = await retryPendingLeadEmails();
  logger.info('lead delivery retry run', { job: JOB, ...summary });
  return summary;
};
