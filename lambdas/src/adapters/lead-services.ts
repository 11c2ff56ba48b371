import { tableName } from '../lib/env';
import type { SubmitLeadDeps } from '../domain/leads';
import { captchaSettings } from './captcha-key';
import { DynamoReplayGuard } from './captcha-replay';
import { dynamoClient } from './clients';
import { DynamoHitCounter } from './lead-rate-counter';
import { leadRepository } from './lead-repository';

/** Everything `submitLead` needs, on the configured AWS resources (or their local stand-ins). */
export async function submitLeadDeps(): Promise<SubmitLeadDeps> {
  return {
    leads: leadRepository(),
    captcha: await captchaSettings(),
    replayGuard: new DynamoReplayGuard(dynamoClient(), tableName('content')),
    rateCounter: new DynamoHitCounter(dynamoClient(), tableName('content')),
  };
}
