import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SEED_SITE_SETTINGS } from '../content/site-settings';
import { OfficeAddress } from './office-address';

const [chennai] = SEED_SITE_SETTINGS.offices;
if (!chennai) throw new Error('the seed has an office');

describe('OfficeAddress', () => {
  it('puts the contact page’s office heading before its address, never inside (no heading may sit in an <address>)', () => {
    const { container } = render(
      <OfficeAddress office={chennai} className="office" heading="h3" />,
    );
    expect(container.querySelector('address h1, address h2, address h3, address h4')).toBeNull();
    const heading = container.querySelector('.office > h3');
    expect(heading?.textContent).toContain('Chennai, India');
    const address = container.querySelector('.office > address');
    expect(address?.textContent).toContain('2nd Floor, 14 Venkatnarayana Road');
    expect(address?.querySelector('a[href^="tel:"]')?.textContent).toContain(chennai.phone);
  });

  it('keeps the footer’s office name (a <strong>, not a heading) inside its address', () => {
    const { container } = render(
      <OfficeAddress office={chennai} className="office" heading="strong" />,
    );
    expect(container.querySelector('address.office > strong')?.textContent).toContain('Chennai');
  });
});
