import { mailSettings, tableName } from '../lib/env';
import { logger, type Logger } from '../lib/logger';
import type { SubmitLeadDeps } from '../domain/leads';
import type { LeadMailDeps } from '../domain/leads-mail';
import { captchaSettings } from './captcha-key';
import { DynamoReplayGuard } from './captcha-replay';
import { dynamoClient } from './clients';
import { DynamoHitCounter } from './lead-rate-counter';
import { leadRepository } from './lead-repository';
import { SesMailer, sesClient } from './mail';

/** Everything `submitLead` needs, on the configured AWS resources (or their local stand-ins). */
export async function submitLeadDeps(): Promise<SubmitLeadDeps> {
  return {
    leads: leadRepository(),
    captcha: await captchaSettings(),
    replayGuard: new DynamoReplayGuard(dynamoClient(), tableName('content')),
    rateCounter: new DynamoHitCounter(dynamoClient(), tableName('content')),
  };
}

/** Everything the lead e-mail path needs: repository, SES mailer, addresses from configuration. */
export function leadMailDeps(log: Logger = logger): LeadMailDeps {
  return {
    leads: leadRepository(),
    mailer: new SesMailer(sesClient()),
    mail: mailSettings(),
    log,
  };
}
