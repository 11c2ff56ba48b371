import { describe, expect, it } from 'vitest';

describe('zod-config', () => {
  it('turns zod JIT (eval) off before any schema is built', async () => {
    await import('./zod-config');
    const { globalConfig } = await import('zod/v4/core');
    expect(globalConfig.jitless).toBe(true);
    const z = await import('zod');
    expect(z.object({ a: z.string() }).parse({ a: 'x' })).toEqual({ a: 'x' });
  });
});
