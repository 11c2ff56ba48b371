// Solves the enquiry challenge as the widget does (altcha-lib, the widget's own solver) and encodes
// the `altcha` form field it would post, for replaying enquiries through the edge.
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';

export async function solveForForm(challenge: Challenge): Promise<string> {
  const solution = await solveChallenge({ challenge, deriveKey, timeout: 30_000 });
  if (!solution) throw new Error('captcha not solved in time');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}
