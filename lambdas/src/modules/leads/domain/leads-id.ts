import { randomBytes } from 'node:crypto';

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/**
 * A ULID: 10 characters of millisecond time then 16 of randomness (Crockford base32), so ids sort by
 * creation time as strings and never collide in practice across Lambda instances.
 */
export function newLeadId(now: number = Date.now(), random: Uint8Array = randomBytes(10)): string {
  let time = '';
  let t = Math.floor(now);
  for (let i = 0; i < 10; i++) {
    time = CROCKFORD.charAt(t % 32) + time;
    t = Math.floor(t / 32);
  }
  let bits = 0n;
  for (const byte of random.slice(0, 10)) bits = (bits << 8n) | BigInt(byte);
  let rand = '';
  for (let i = 0; i < 16; i++) {
    rand = CROCKFORD.charAt(Number(bits & 31n)) + rand;
    bits >>= 5n;
  }
  return time + rand;
}

/** Shape of an id from `newLeadId`. */
export const LEAD_ID_PATTERN = /^[0-9A-HJKMNP-TV-Z]{26}$/;
