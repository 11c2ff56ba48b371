import type { LeadDeliveryDeps } from './domain/delivery';
import { mailSettings, siteUrl } from '../../platform/env';
import { logger, type Logger } from '../../platform/logger';
import { leadDeliveryStore } from './adapters/delivery-store';
import { webhookChannel } from './adapters/webhook-sender';
import { SesMailer, sesClient } from './adapters/ses-mailer';

/**
 * Everything the delivery of leads needs, on the configured resources: the delivery store, SES,
 * the addresses and the site from configuration, and the webhook when one is configured.
 */
export async function leadDeliveryDeps(log: Logger = logger): Promise<LeadDeliveryDeps> {
  return {
    store: leadDeliveryStore(),
    mailer: new SesMailer(sesClient()),
    mail: { ...mailSettings(), siteUrl: siteUrl() },
    webhook: await webhookChannel(log),
    log,
  };
}
