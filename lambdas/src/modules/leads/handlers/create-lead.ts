import { defineHandler } from '../../../platform/http';
import { METRICS, putMetric } from '../../../platform/metrics';
import { deliverLead } from '../../lead-delivery/domain/delivery';
import { LEAD_THANKS, submitLead } from '../domain/leads';
import { leadDeliveryDeps } from '../../lead-delivery/deps';
import { submitLeadDeps } from '../deps';

/**
 * POST /api/lead: captcha, rate limit, spam checks, store, then one bounded attempt per channel
 * before answering (a Lambda is frozen once it returns, so the attempt cannot run after the answer).
 * The answer is 201 whatever the sending does, and the same for spam, which is stored and held.
 */
export const handler = defineHandler('createLead', async (req) => {
  const lead = await submitLead(await submitLeadDeps(req.log), req.body, req.sourceIp, {
    country: req.headers['cloudfront-viewer-country'],
    userAgent: req.headers['user-agent'],
  });
  req.log.info('lead stored', { leadId: lead.id, status: lead.status, spam: lead.spam_reason });
  putMetric(METRICS.leadsReceived, 1, { leadId: lead.id });
  if (lead.status === 'spam') putMetric(METRICS.spamHeld, 1, { leadId: lead.id });
  if (lead.status !== 'spam')
    await leadDeliveryDeps(req.log)
      .then((deps) => deliverLead(deps, lead.id))
      .catch((error: unknown) => {
        req.log.error('lead delivery attempt failed; the retry job will send it', {
          leadId: lead.id,
          error,
        });
      });
  return { body: { data: { id: lead.id }, message: LEAD_THANKS } };
});
