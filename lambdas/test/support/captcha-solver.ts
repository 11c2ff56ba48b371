import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { challengeSchema } from '../../src/modules/captcha/domain/captcha';

/**
 * For tests: solve a challenge (a `createCaptchaChallenge` result or the JSON body of
 * `getCaptchaChallenge`) as the widget does, and encode the `altcha` form field it would post.
 */
export async function solveForForm(challengeJson: unknown): Promise<string> {
  const challenge = challengeSchema.parse(challengeJson);
  const solution = await solveChallenge({ challenge, deriveKey, timeout: 30_000 });
  if (!solution) throw new Error('captcha not solved in time');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}
