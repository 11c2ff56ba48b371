import type { LeadDeliveryDeps } from '../domain/lead-delivery';
import { mailSettings, siteUrl } from '../lib/env';
import { logger, type Logger } from '../lib/logger';
import { leadDeliveryStore } from './lead-delivery-store';
import { FetchWebhookSender, webhookSettings } from './lead-webhook';
import { SesMailer, sesClient } from './mail';

/**
 * Everything the delivery of leads needs, on the configured resources: the delivery store, SES,
 * the addresses and the site from configuration, and the webhook when one is configured. Throws
 * when the webhook's SSM parameters cannot be read: the lead stays pending for the retry job.
 */
export async function leadDeliveryDeps(log: Logger = logger): Promise<LeadDeliveryDeps> {
  const webhook = await webhookSettings();
  return {
    store: leadDeliveryStore(),
    mailer: new SesMailer(sesClient()),
    mail: { ...mailSettings(), siteUrl: siteUrl() },
    webhook: webhook
      ? {
          sender: new FetchWebhookSender(webhook.url),
          ...(webhook.secret ? { secret: webhook.secret } : {}),
        }
      : null,
    log,
  };
}
