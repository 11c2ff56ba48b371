import { leadDeliveryDeps } from '../deps';
import { leadDeliveryStore } from '../adapters/delivery-store';
import {
  retryPendingDeliveries,
  type LeadDeliveryDeps,
  type RetrySummary,
} from '../domain/delivery';
import { logger } from '../../../platform/logger';
import { METRICS, putMetric } from '../../../platform/metrics';

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

/** A lead whose delivery is still pending this long after it arrived raises the stage's alarm. */
export const OVERDUE_AFTER_MS = 30 * 60_000;

/**
 * How many leads still have a delivery pending `OVERDUE_AFTER_MS` after they arrived, published
 * as the LeadDeliveriesPendingOver30Min metric (counted after the run, so what it just sent is not).
 */
export async function publishOverdueDeliveries(now = Date.now()): Promise<number> {
  const before = new Date(now - OVERDUE_AFTER_MS).toISOString();
  const overdue = await leadDeliveryStore().countPendingBefore(before);
  putMetric(METRICS.leadDeliveriesPendingOver30Min, overdue, { job: JOB });
  return overdue;
}

/** EventBridge scheduled rule target (every few minutes). */
export const handler = async (): Promise<RetrySummary & { overdue: number }> => {
  const summary = await retryPendingLeadEmails();
  const overdue = await publishOverdueDeliveries();
  logger.info('lead delivery retry run', { job: JOB, ...summary, overdue });
  return { ...summary, overdue };
};
