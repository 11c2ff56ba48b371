import { PASSWORD_POLICY } from './constants';

/** Cognito's special characters (a space counts when it is neither first nor last). */
const SYMBOLS = '^$*.[]{}()?-"!@#%&/\\,><\':;|_~`+=';

/**
 * The rules of PASSWORD_POLICY a password breaks, each named as a person reads it ("at least 12
 * characters", "an uppercase letter"…); empty when it passes. The user pool enforces the same
 * policy (infra: the pool's passwordPolicy; locally the stand-in's parity layer), the API answers
 * 400 naming the rules before asking the pool, and the admin's password fields show them as typed.
 */
export function passwordProblems(password: string): string[] {
  const problems: string[] = [];
  if (password.length < PASSWORD_POLICY.minLength)
    problems.push(`at least ${PASSWORD_POLICY.minLength} characters`);
  if (password.length > PASSWORD_POLICY.maxLength)
    problems.push(`at most ${PASSWORD_POLICY.maxLength} characters`);
  if (PASSWORD_POLICY.requireLowercase && !/[a-z]/.test(password))
    problems.push('a lowercase letter');
  if (PASSWORD_POLICY.requireUppercase && !/[A-Z]/.test(password))
    problems.push('an uppercase letter');
  if (PASSWORD_POLICY.requireDigits && !/[0-9]/.test(password)) problems.push('a digit');
  const inner = password.slice(1, -1);
  if (
    PASSWORD_POLICY.requireSymbols &&
    ![...password].some((c) => SYMBOLS.includes(c)) &&
    !inner.includes(' ')
  )
    problems.push(`a symbol such as ! @ # $ % & *`);
  if (/^\s|\s$/.test(password)) problems.push('no space at the start or end');
  return problems;
}

/** One sentence naming every broken rule: "The password needs a digit and a symbol such as …". */
export function passwordRuleMessage(problems: readonly string[]): string {
  if (problems.length === 0) return '';
  const list =
    problems.length === 1
      ? problems[0]
      : `${problems.slice(0, -1).join(', ')} and ${problems[problems.length - 1]}`;
  return `The password needs ${list}.`;
}
