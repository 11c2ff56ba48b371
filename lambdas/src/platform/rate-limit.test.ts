import { describe, expect, it } from 'vitest';
import { DomainError } from './errors';
import {
  checkRateLimit,
  rateKey,
  RATE_LIMIT_MESSAGE,
  windowOf,
  type HitCounter,
} from './rate-limit';

class MemoryCounter implements HitCounter {
  readonly counts = new Map<string, number>();
  readonly expiries = new Map<string, number>();
  async hit(key: string, expiresAt: number): Promise<number> {
    const n = (this.counts.get(key) ?? 0) + 1;
    this.counts.set(key, n);
    this.expiries.set(key, expiresAt);
    return n;
  }
}

const limit = { max: 5, windowMs: 10 * 60 * 1000 };
const t0 = Date.UTC(2025, 0, 1, 12, 0, 0); // on a window boundary

describe('windowOf', () => {
  it('gives one number for every instant of a window and the next number after it', () => {
    expect(windowOf(t0, limit.windowMs)).toBe(windowOf(t0 + limit.windowMs - 1, limit.windowMs));
    expect(windowOf(t0 + limit.windowMs, limit.windowMs)).toBe(windowOf(t0, limit.windowMs) + 1);
    expect(windowOf(t0 - 1, limit.windowMs)).toBe(windowOf(t0, limit.windowMs) - 1);
  });

  it('keys the counter by ip and window', () => {
    expect(rateKey('203.0.113.9', 42)).toBe('203.0.113.9#42');
  });
});

describe('checkRateLimit', () => {
  it('allows five enquiries per ip and window and refuses the sixth with 429', async () => {
    const counter = new MemoryCounter();
    for (let i = 0; i < 5; i++) await checkRateLimit(counter, '1.1.1.1', t0 + i * 1000, limit);
    const sixth = checkRateLimit(counter, '1.1.1.1', t0 + 9000, limit);
    await expect(sixth).rejects.toBeInstanceOf(DomainError);
    await expect(checkRateLimit(counter, '1.1.1.1', t0 + 9000, limit)).rejects.toMatchObject({
      kind: 'too-many-requests',
      message: RATE_LIMIT_MESSAGE,
    });
  });

  it('counts each ip on its own', async () => {
    const counter = new MemoryCounter();
    for (let i = 0; i < 5; i++) await checkRateLimit(counter, '1.1.1.1', t0, limit);
    await expect(checkRateLimit(counter, '2.2.2.2', t0, limit)).resolves.toBeUndefined();
  });

  it('starts afresh in the next window', async () => {
    const counter = new MemoryCounter();
    for (let i = 0; i < 5; i++) await checkRateLimit(counter, '1.1.1.1', t0, limit);
    await expect(
      checkRateLimit(counter, '1.1.1.1', t0 + limit.windowMs - 1, limit),
    ).rejects.toMatchObject({ kind: 'too-many-requests' });
    await expect(
      checkRateLimit(counter, '1.1.1.1', t0 + limit.windowMs, limit),
    ).resolves.toBeUndefined();
  });

  it('lets the record expire one window after its window ends', async () => {
    const counter = new MemoryCounter();
    await checkRateLimit(counter, '1.1.1.1', t0 + 5, limit);
    expect(counter.expiries.get(rateKey('1.1.1.1', windowOf(t0, limit.windowMs)))).toBe(
      (t0 + 2 * limit.windowMs) / 1000,
    );
  });
});
