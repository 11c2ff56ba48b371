import { describe, expect, it } from 'vitest';
import { adminTimeZone, formatAdminDate, formatAdminDateTime } from './format-admin-date';

describe('admin dates', () => {
  it('keeps the spec’s day - month - year for the posts list, with the real month', () => {
    expect(formatAdminDate('2026-11-25T12:00:00.000Z')).toBe('25 - 11 - 2026');
    expect(formatAdminDate('2026-01-05T12:00:00.000Z')).toBe('5 - 1 - 2026');
    expect(formatAdminDate('not a date')).toBe('');
  });

  it('writes every other date and time one way, in the admin’s time zone, on a 24-hour clock', () => {
    const at = '2026-11-25T12:28:00.000Z';
    expect(formatAdminDateTime(at, 'Asia/Kolkata')).toBe('25 Nov 2026, 17:58');
    expect(formatAdminDateTime(at, 'America/Chicago')).toBe('25 Nov 2026, 06:28');
    expect(formatAdminDateTime(Date.parse(at), 'UTC')).toBe('25 Nov 2026, 12:28');
    // Just after midnight in Chennai is still the day before in Chicago.
    expect(formatAdminDateTime('2026-11-25T18:45:00.000Z', 'Asia/Kolkata')).toBe(
      '26 Nov 2026, 00:15',
    );
    expect(formatAdminDateTime('garbage')).toBe('garbage');
  });

  it('names the zone with its offset on that day', () => {
    expect(adminTimeZone(new Date('2026-11-25T12:00:00Z'), 'Asia/Kolkata')).toBe(
      'Asia/Kolkata (UTC+05:30)',
    );
    expect(adminTimeZone(new Date('2026-11-25T12:00:00Z'), 'America/Chicago')).toBe(
      'America/Chicago (UTC-06:00)',
    );
    expect(adminTimeZone(new Date('2026-07-01T12:00:00Z'), 'America/Chicago')).toBe(
      'America/Chicago (UTC-05:00)',
    );
  });
});
