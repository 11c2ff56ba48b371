import { describe, expect, it } from 'vitest';
import { LEAD_ID_PATTERN, newLeadId } from './leads-id';

describe('newLeadId', () => {
  it('encodes the time first so ids sort by creation time', () => {
    const ids = [1_000, 1_700_000_000_000, 1_700_000_000_001, 4_000_000_000_000].map((t) =>
      newLeadId(t),
    );
    expect([...ids].sort()).toEqual(ids);
    for (const id of ids) expect(id).toMatch(LEAD_ID_PATTERN);
  });

  it('matches the ULID reference encoding', () => {
    // Time 1469918176385 is "01ARYZ6S41" in the ULID spec; all-zero randomness is sixteen zeros.
    expect(newLeadId(1469918176385, new Uint8Array(10))).toBe('01ARYZ6S410000000000000000');
    expect(newLeadId(0, new Uint8Array(10).fill(255))).toBe('0000000000ZZZZZZZZZZZZZZZZ');
  });

  it('differs between ids made in the same millisecond', () => {
    const ids = new Set(Array.from({ length: 1000 }, () => newLeadId(1_700_000_000_000)));
    expect(ids.size).toBe(1000);
  });
});
