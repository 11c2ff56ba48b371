import type { SNSEvent } from 'aws-lambda';
import { FetchWebhookSender, webhookSettings } from '../../lead-delivery/adapters/webhook-sender';
import { composeNoticeWebhook } from '../domain/alarm-notice';
import { logger } from '../../../platform/logger';

const log = logger.child({ worker: 'alarm-webhook' });

/**
 * The stage's alarm topic, copied to the lead webhook's Slack-compatible channel (`-c
 * alarmsToWebhook=true`). SNS invokes this asynchronously: a failed post (the receiver down, the
 * SSM parameter unreadable) throws, Lambda retries it twice, then it lands in the function's
 * failure queue, whose alarm e-mails the same people, so a silent channel is noticed.
 */
export const handler = async (event: SNSEvent): Promise<{ posted: number }> => {
  const settings = await webhookSettings();
  if (!settings) throw new Error('alarm-webhook runs without a lead webhook URL configured');
  const sender = new FetchWebhookSender(settings.url);
  for (const record of event.Records) {
    const { body, headers } = composeNoticeWebhook(
      { subject: record.Sns.Subject, message: record.Sns.Message },
      settings.secret,
    );
    await sender.post(body, headers);
    log.info('alarm notice posted', { subject: record.Sns.Subject ?? null });
  }
  return { posted: event.Records.length };
};
