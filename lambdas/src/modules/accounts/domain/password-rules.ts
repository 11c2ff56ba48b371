import { passwordProblems, passwordRuleMessage } from '@agency/shared/password';
import { invalid } from '../../../platform/errors';

/** Said when the pool refuses a password our rules accept (its policy and PASSWORD_POLICY differ). */
const POOL_REFUSED = 'The password does not meet the password rules.';

/**
 * 400 naming `field` and every PASSWORD_POLICY rule the password breaks, before the pool is asked.
 * `refusedByPool`: the pool said no (InvalidPasswordException), so it is a 400 even when our own
 * rules pass; the message then names what we know.
 */
export function requirePasswordRules(field: string, password: string, refusedByPool = false): void {
  const problems = passwordProblems(password);
  if (problems.length > 0) throw invalid(field, passwordRuleMessage(problems));
  if (refusedByPool) throw invalid(field, POOL_REFUSED);
}
