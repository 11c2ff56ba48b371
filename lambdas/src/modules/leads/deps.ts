import { leadMinFillMs, tableName } from '../../platform/env';
import type { Logger } from '../../platform/logger';
import { releaseHeldLead } from '../lead-delivery/domain/delivery';
import type { LeadPipelineDeps } from './domain/pipeline';
import type { SubmitLeadDeps } from './domain/leads';
import { captchaSettings } from '../captcha/adapters/captcha-key';
import { DynamoReplayGuard } from '../captcha/adapters/captcha-replay';
import { dynamoClient } from '../../platform/aws/clients';
import { leadDeliveryDeps } from '../lead-delivery/deps';
import { DynamoHitCounter } from '../../platform/aws/hit-counter';
import { leadRepository } from './adapters/lead-repository';
import { webhookConfigured } from '../lead-delivery/adapters/webhook-sender';
import { DynamoStatsStore } from '../dashboard/adapters/stats-store';

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
