import { defineHandler } from '../../lib/http';
import { createCaptchaChallenge } from '../../domain/captcha';
import { captchaSettings } from '../../adapters/captcha-key';

/**
 * GET /api/captcha/challenge: a fresh signed ALTCHA challenge for the widget's `challenge` URL. Its
 * signed `data.issued_at` lets the enquiry measure how long the form took to fill.
 */
export const handler = defineHandler('getCaptchaChallenge', async () => {
  const challenge = await createCaptchaChallenge(await captchaSettings());
  return { body: { parameters: challenge.parameters, signature: challenge.signature } };
});
