import { describe, expect, it } from 'vitest';
import { parseEnv } from './env-schema';

describe('parseEnv', () => {
  it('applies defaults and treats empty strings as unset', () => {
    const env = parseEnv({ VITE_CHAT_WIDGET_URL: '', VITE_API_BASE: 'https://api.example.test/' });
    expect(env.VITE_API_BASE).toBe('https://api.example.test');
    expect(env.VITE_CHAT_WIDGET_URL).toBeUndefined();
  });
  it('names the bad variable', () => {
    expect(() => parseEnv({ VITE_CONVERSION_PIXEL_URL: 'not a url' })).toThrow(
      /VITE_CONVERSION_PIXEL_URL/,
    );
  });
});
