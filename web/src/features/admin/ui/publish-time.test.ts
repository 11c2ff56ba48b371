import { describe, expect, it } from 'vitest';
import { fromLocalInput, toLocalInput, zoneLabel } from './publish-time';

describe('publish time in the admin zone', () => {
  it('round-trips an ISO time through the datetime-local value', () => {
    const iso = '2030-05-01T09:30:00.000Z';
    expect(fromLocalInput(toLocalInput(iso))).toBe(iso);
  });

  it('reads an empty or malformed value as nothing', () => {
    expect(fromLocalInput('')).toBeNull();
    expect(fromLocalInput('tomorrow')).toBeNull();
    expect(toLocalInput(null)).toBe('');
  });

  it('names the zone with its offset', () => {
    expect(zoneLabel()).toMatch(/\(UTC[+-]\d{2}:\d{2}\)$/);
  });
});
