import { createHmac } from 'node:crypto';
import { TOTP } from '@agency/shared';

/**
 * RFC 6238 codes as Cognito's software token MFA uses them (SHA-1, 6 digits, 30 s), for the
 * parity layer's "a code is good once" rule and for tests that answer the challenge like an
 * authenticator app would.
 */
const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

function base32Decode(secret: string): Buffer {
  const clean = secret.toUpperCase().replace(/=+$/, '').replace(/\s/g, '');
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const char of clean) {
    const index = BASE32.indexOf(char);
    if (index < 0) throw new Error('not a base32 secret');
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

/** The time step of an instant (epoch milliseconds). */
export const totpStep = (atMs: number): number => Math.floor(atMs / 1000 / TOTP.periodSeconds);

/** The code of one time step. */
export function totpCode(secret: string, step: number): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(step));
  const hmac = createHmac('sha1', base32Decode(secret)).update(counter).digest();
  const offset = (hmac[hmac.length - 1] ?? 0) & 0x0f;
  const binary = hmac.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 10 ** TOTP.digits).padStart(TOTP.digits, '0');
}

/**
 * The step a code belongs to, looking one step either side of now as Cognito (and cognito-local)
 * tolerate clock drift; null when it matches none.
 */
export function matchingStep(secret: string, code: string, nowMs: number): number | null {
  const now = totpStep(nowMs);
  for (const step of [now - 1, now, now + 1]) {
    try {
      if (totpCode(secret, step) === code) return step;
    } catch {
      return null;
    }
  }
  return null;
}
