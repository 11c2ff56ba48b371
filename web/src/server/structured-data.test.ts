import { describe, expect, it } from 'vitest';
import { headFor } from './page-html';
import { SEED_SITE_SETTINGS } from '../content/site-settings';

describe("the agency's structured data", () => {
  const ldOf = (html: string): Record<string, unknown>[] =>
    [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map(
      (m) => JSON.parse(m[1] ?? 'null') as Record<string, unknown>,
    );

  it('gives every office as a LocalBusiness with its full address, phone and map point, on home and contact', () => {
    for (const path of ['/', '/contact']) {
      const ld = ldOf(
        headFor(
          { title: 't', description: 'd', path },
          'https://agency.example',
          SEED_SITE_SETTINGS,
        ),
      );
      const offices = ld.filter((o) => o['@type'] === 'ProfessionalService');
      expect(offices, path).toHaveLength(SEED_SITE_SETTINGS.offices.length);
      expect(offices[0]).toMatchObject({
        name: 'Alchem Digital Chennai',
        telephone: '+91 44 4861 0123',
        address: {
          '@type': 'PostalAddress',
          streetAddress: '2nd Floor, 14 Venkatnarayana Road',
          addressLocality: 'Chennai',
          addressRegion: 'Tamil Nadu',
          postalCode: '600017',
          addressCountry: 'India',
        },
        geo: { '@type': 'GeoCoordinates', latitude: 13.0418, longitude: 80.2341 },
        parentOrganization: { '@id': 'https://agency.example/#organization' },
      });
      expect(offices[1]).toMatchObject({
        address: { addressRegion: 'IL', postalCode: '60607', addressLocality: 'Chicago' },
      });
      expect(ld.find((o) => o['@type'] === 'Organization')).toMatchObject({
        '@id': 'https://agency.example/#organization',
      });
    }
    const about = ldOf(
      headFor(
        { title: 't', description: 'd', path: '/about' },
        'https://agency.example',
        SEED_SITE_SETTINGS,
      ),
    );
    expect(about.some((o) => o['@type'] === 'ProfessionalService')).toBe(false);
  });
});
