import { leadMinFillMs, tableName } from '../lib/env';
import type { Logger } from '../lib/logger';
import { releaseHeldLead } from '../domain/lead-delivery';
import type { LeadPipelineDeps } from '../domain/lead-pipeline';
import type { SubmitLeadDeps } from '../domain/leads';
import { captchaSettings } from './captcha-key';
import { DynamoReplayGuard } from './captcha-replay';
import { dynamoClient } from './clients';
import { leadDeliveryDeps } from './lead-delivery-services';
import { DynamoHitCounter } from './lead-rate-counter';
import { leadRepository } from './lead-repository';
import { webhookConfigured } from './lead-webhook';
import { DynamoStatsStore } from './stats-store';

/** Everything `submitLead` needs, on the configured AWS resources (or their local stand-ins). */
export async function submitLeadDeps(log: Logger): Promise<SubmitLeadDeps> {
  const [captcha, webhook] = await Promise.all([captchaSettings(), webhookConfigured()]);
  return {
    leads: leadRepository(),
    stats: new DynamoStatsStore(),
    captcha,
    replayGuard: new DynamoReplayGuard(dynamoClient(), tableName('content')),
    rateCounter: new DynamoHitCounter(dynamoClient(), tableName('content')),
    webhookConfigured: webhook,
    minFillMs: leadMinFillMs(),
    log,
  };
}

/** Everything the pipeline operations need; "Not spam" sends through the delivery channels. */
export async function leadPipelineDeps(log: Logger): Promise<LeadPipelineDeps> {
  return {
    leads: leadRepository(),
    stats: new DynamoStatsStore(),
    webhookConfigured: await webhookConfigured(),
    notifyReleased: async (id) => {
      await releaseHeldLead(await leadDeliveryDeps(log), id);
    },
    log,
  };
}
