import { describe, expect, it } from 'vitest';
import { officeTel } from '@agency/shared';
import { SEED_SITE_SETTINGS as site } from '../content/site-settings';

describe('site contact details (the seeded settings)', () => {
  it('dials the number each office shows', () => {
    for (const office of site.offices)
      expect(officeTel(office)).toBe(`tel:+${office.phone.replace(/\D/g, '')}`);
  });

  it('reads as finished: no placeholder wording or zeroed numbers on the page', () => {
    const shown = [site.email, ...site.offices.flatMap((o) => [...o.lines, o.phone])].join('\n');
    expect(shown).not.toMatch(/placeholder|example street|0000/i);
  });
});
