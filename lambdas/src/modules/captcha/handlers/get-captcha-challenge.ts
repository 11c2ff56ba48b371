import { defineHandler } from '../../../platform/http';
import { createCaptchaChallenge } from '../domain/captcha';
import { captchaSettings } from '../adapters/captcha-key';

/**
 * GET /api/captcha/challenge?start=…: a fresh signed ALTCHA challenge for the widget's `challenge`
 * URL. It signs when the visitor started on the form (the page view's earlier `start` token when it
 * verifies, else now), which the enquiry's fill time is measured from.
 */
export const handler = defineHandler('getCaptchaChallenge', async (req) => {
  const challenge = await createCaptchaChallenge(
    await captchaSettings(),
    new Date(),
    req.query.start,
  );
  return { body: { parameters: challenge.parameters, signature: challenge.signature } };
});
