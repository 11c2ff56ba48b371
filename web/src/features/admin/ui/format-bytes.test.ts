import { describe, expect, it } from 'vitest';
import { formatBytes } from './format-bytes';

describe('formatBytes', () => {
  it('reads as a file manager shows sizes', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(150 * 1024)).toBe('150 KB');
    expect(formatBytes(5_000_000)).toBe('4.8 MB');
    expect(formatBytes(20 * 1024 * 1024)).toBe('20 MB');
  });
});
