import type { SNSEvent } from 'aws-lambda';
import { leadDeliveryStore } from '../adapters/delivery-store';
import { handleMailEvent, parseSesEvent, type MailEventOutcome } from '../domain/mail-events';
import { logger } from '../../../platform/logger';
import { METRICS, putMetric } from '../../../platform/metrics';

const log = logger.child({ worker: 'mail-events' });

/**
 * The SES configuration set's bounce and complaint topic (`mail-events`): a bounced lead e-mail is
 * marked on its lead, so the inbox shows it. SNS invokes this asynchronously; a failure is retried
 * by Lambda and then lands in the function's failure queue, which raises an alarm.
 */
export const handler = async (event: SNSEvent): Promise<MailEventOutcome[]> => {
  const deps = { store: leadDeliveryStore(), log };
  const outcomes: MailEventOutcome[] = [];
  for (const record of event.Records) {
    const outcome = await handleMailEvent(deps, parseSesEvent(record.Sns.Message));
    if (outcome.kind === 'bounced')
      putMetric(METRICS.leadEmailsBounced, 1, { leadId: outcome.leadId });
    outcomes.push(outcome);
  }
  return outcomes;
};
