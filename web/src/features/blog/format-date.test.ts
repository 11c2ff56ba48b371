import { describe, expect, it } from 'vitest';
import { formatPostDate } from './format-date';

describe('the public site’s date', () => {
  it('is one format, "25 November 2026", the same on the server and in any browser zone', () => {
    expect(formatPostDate('2026-11-25T17:58:00.000Z')).toBe('25 November 2026');
    // Late on the 25th UTC is the 26th in Chennai: the site still says the day it was published (UTC).
    expect(formatPostDate('2026-11-25T23:30:00.000Z')).toBe('25 November 2026');
    expect(formatPostDate('not a date')).toBe('');
  });
});
