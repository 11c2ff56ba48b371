import { describe, expect, it } from 'vitest';
import { cachedRead, ORIGIN_SECRET_CACHE_MS } from './origin-secret';

describe('cachedRead (the origin secret cache of the API and render functions)', () => {
  it('reads again only once ORIGIN_SECRET_CACHE_MS has passed', async () => {
    let clock = 1_000;
    let reads = 0;
    const value = cachedRead(() => Promise.resolve(++reads), { now: () => clock });
    expect(await value()).toBe(1);
    clock += ORIGIN_SECRET_CACHE_MS - 1;
    expect(await value()).toBe(1);
    clock += 1;
    expect(await value()).toBe(2);
  });

  it('keeps no failure: the next call reads again', async () => {
    let reads = 0;
    const value = cachedRead(() =>
      ++reads === 1 ? Promise.reject(new Error('throttled')) : Promise.resolve('ok'),
    );
    await expect(value()).rejects.toThrow('throttled');
    expect(await value()).toBe('ok');
  });

  it('lets concurrent calls share one read', async () => {
    let reads = 0;
    const value = cachedRead(async () => {
      reads += 1;
      await new Promise((resolve) => setTimeout(resolve, 5));
      return 'v';
    });
    expect(await Promise.all([value(), value(), value()])).toEqual(['v', 'v', 'v']);
    expect(reads).toBe(1);
  });
});
