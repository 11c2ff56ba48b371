import { leadDeliveryDeps } from '../deps';
import { reminderStore } from '../adapters/reminder-store';
import { remindUnansweredLeads, type ReminderDeps, type ReminderSummary } from '../domain/reminder';
import { logger } from '../../../platform/logger';

const JOB = 'remind-unanswered-leads';

/**
 * Name to the team (e-mail and webhook) each lead nobody answered 10 hours after it arrived, once.
 * Deps default to the configured table, SES and webhook; the local server calls this on an interval.
 */
export async function remindUnanswered(deps: Partial<ReminderDeps> = {}): Promise<ReminderSummary> {
  const log = deps.log ?? logger.child({ job: JOB });
  const summary = await remindUnansweredLeads({
    ...(await leadDeliveryDeps(log)),
    reminders: reminderStore(),
    log,
    ...deps,
  });
  log.info('unanswered lead reminder run', { job: JOB, ...summary });
  return summary;
}

/** EventBridge scheduled rule target (every 5 minutes). */
export const handler = (): Promise<ReminderSummary> => remindUnanswered();
