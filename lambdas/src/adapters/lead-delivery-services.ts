import type { LeadDeliveryDeps } from '../domain/lead-delivery';
import { mailSettings, siteUrl } from '../lib/env';
import { logger, type Logger } from '../lib/logger';
import { leadDeliveryStore } from './lead-delivery-store';
import { webhookChannel } from './lead-webhook';
import { SesMailer, sesClient } from './mail';

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
