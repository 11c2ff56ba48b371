import { Secret, TOTP as Totp } from 'otpauth';
import { TOTP } from '@agency/shared';

/**
 * RFC 6238 codes as Cognito's software token MFA uses them (SHA-1, 6 digits, 30 s), through the
 * `otpauth` library, for the parity layer's "a code is good once" rule and for tests that answer
 * the challenge like an authenticator app would.
 */
const totpOf = (secret: string): Totp =>
  new Totp({
    secret: Secret.fromBase32(secret.replace(/\s/g, '')),
    algorithm: TOTP.algorithm,
    digits: TOTP.digits,
    period: TOTP.periodSeconds,
  });

/** The time step of an instant (epoch milliseconds). */
export const totpStep = (atMs: number): number => Math.floor(atMs / 1000 / TOTP.periodSeconds);

/** The code of one time step. */
export const totpCode = (secret: string, step: number): string =>
  totpOf(secret).generate({ timestamp: step * TOTP.periodSeconds * 1000 });

/**
 * The step a code belongs to, looking one step either side of now as Cognito (and cognito-local)
 * tolerate clock drift; null when it matches none or the secret is not base32.
 */
export function matchingStep(secret: string, code: string, nowMs: number): number | null {
  try {
    const delta = totpOf(secret).validate({ token: code, timestamp: nowMs, window: 1 });
    return delta === null ? null : totpStep(nowMs) + delta;
  } catch {
    return null;
  }
}
