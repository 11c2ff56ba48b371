import { defineHandler } from '../../lib/http';
import { LEAD_THANKS, submitLead } from '../../domain/leads';
import { deliverLeadEmail } from '../../domain/leads-mail';
import { leadMailDeps, submitLeadDeps } from '../../adapters/lead-services';

/**
 * POST /api/lead: captcha, rate limit, store, then one bounded e-mail attempt before answering (a Lambda
 * is frozen once it returns, so the attempt cannot run after the answer). The answer is 201 whatever the
 * mail does: the lead is stored and a failed e-mail stays pending for the retry job.
 */
export const handler = defineHandler('createLead', async (req) => {
  const lead = await submitLead(await submitLeadDeps(), req.body, req.sourceIp);
  req.log.info('lead stored', { leadId: lead.id });
  await deliverLeadEmail(leadMailDeps(req.log), lead.id).catch((error: unknown) => {
    req.log.error('lead e-mail attempt failed; the retry job will send it', {
      leadId: lead.id,
      error,
    });
  });
  return { body: { data: { id: lead.id }, message: LEAD_THANKS } };
});
