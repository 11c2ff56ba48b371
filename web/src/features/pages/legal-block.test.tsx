import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BLOCK_SCHEMAS, type BlockOf } from '@agency/shared';
import { privacyPage } from '../../content/pages/privacy-policy';
import { SEED_SITE_SETTINGS } from '../../content/site-settings';
import { SiteSettingsProvider } from '../../lib/site-settings';
import { LegalBlock, legalDate } from './legal-block';

const legal = (sections: BlockOf<'legal'>['sections']): BlockOf<'legal'> =>
  BLOCK_SCHEMAS.legal.parse({
    type: 'legal',
    id: 'policy',
    lastUpdated: '2024-02-29',
    intro: 'What we do with "your" data.',
    sections,
  });

describe('the legal block', () => {
  it('writes the date in words, with its ISO date for machines', () => {
    expect(legalDate('2021-06-15')).toBe('June 15, 2021');
    render(<LegalBlock block={legal([{ id: 'data', heading: 'Data', body: '<p>Some.</p>' }])} />);
    const time = screen.getByText('February 29, 2024');
    expect(time.tagName).toBe('TIME');
    expect(time).toHaveAttribute('datetime', '2024-02-29');
    expect(screen.getByText('What we do with "your" data.').tagName).toBe('P');
  });

  it('lists the sections in its contents, each linking to its headed section', () => {
    render(
      <LegalBlock
        block={legal([
          { id: 'data', heading: 'Data we keep', body: '<p>Some.</p>' },
          { id: 'rights', heading: 'Your <rights>', body: '<p>Many.</p>' },
        ])}
      />,
    );
    const toc = screen.getByRole('navigation', { name: 'Policy sections' });
    expect(
      within(toc)
        .getAllByRole('link')
        .map((a) => [a.textContent, a.getAttribute('href')]),
    ).toEqual([
      ['Data we keep', '#data'],
      ['Your <rights>', '#rights'],
    ]);
    const rights = screen.getByRole('region', { name: 'Your <rights>' });
    expect(rights).toHaveAttribute('id', 'rights');
    expect(within(rights).getByText('Many.').tagName).toBe('P');
  });

  it('ends a section with the ways to contact us from the site settings it renders with', () => {
    const [office] = SEED_SITE_SETTINGS.offices;
    if (!office) throw new Error('the seed has no office');
    const settings = {
      ...SEED_SITE_SETTINGS,
      email: 'privacy@agency.example',
      offices: [{ ...office, city: 'Pune', phone: '+91 20 1234 5678' }],
    };
    render(
      <SiteSettingsProvider settings={settings}>
        <LegalBlock
          block={legal([
            { id: 'contact', heading: 'Contact Us', body: '<p>Ask us:</p>', contact: true },
          ])}
        />
      </SiteSettingsProvider>,
    );
    const section = screen.getByRole('region', { name: 'Contact Us' });
    expect(
      within(section)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'By e-mail: privacy@agency.example',
      'By visiting our contact page',
      'By phone (Pune): +91 20 1234 5678',
    ]);
    expect(within(section).getByRole('link', { name: 'privacy@agency.example' })).toHaveAttribute(
      'href',
      'mailto:privacy@agency.example',
    );
    expect(within(section).getByRole('link', { name: 'contact page' })).toHaveAttribute(
      'href',
      '/contact',
    );
    expect(within(section).getByRole('link', { name: '+91 20 1234 5678' })).toHaveAttribute(
      'href',
      'tel:+912012345678',
    );
  });

  it('is how the privacy policy is seeded, its contact section following the settings', () => {
    const blocks = privacyPage.blocks.filter((b) => b.type === 'legal');
    expect(blocks).toHaveLength(1);
    expect(BLOCK_SCHEMAS.legal.safeParse(blocks[0]).error?.issues ?? []).toEqual([]);
    expect(blocks[0]?.sections.filter((s) => s.contact).map((s) => s.id)).toEqual(['contact']);
    // No hand-written markup the API's sanitiser or the editor would drop.
    for (const s of blocks[0]?.sections ?? [])
      expect(s.body, s.id).not.toMatch(/<(?!\/?(?:p|ul|ol|li|a|strong|em|br)\b)|\sclass=|&quot;/);
  });

  it('refuses a section id that is not an element id, or is another section’s', () => {
    const parsed = BLOCK_SCHEMAS.legal.safeParse({
      type: 'legal',
      id: 'policy',
      lastUpdated: '2024-02-30',
      sections: [
        { id: 'data', heading: 'A', body: '<p>A</p>' },
        { id: 'data', heading: 'B', body: '<p>B</p>' },
        { id: '1 bad', heading: 'C', body: '<p>C</p>' },
      ],
    });
    expect(parsed.error?.issues.map((i) => i.path.join('.')).sort()).toEqual([
      'lastUpdated',
      'sections.1.id',
      'sections.2.id',
    ]);
  });
});
