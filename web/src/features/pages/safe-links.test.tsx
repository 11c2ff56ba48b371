import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { BlockOf, SiteSettings } from '@agency/shared';
import { Footer } from '../../components/footer';
import { Header } from '../../components/header';
import { ActionLink } from '../../components/sections/action-link';
import { SEED_SITE_SETTINGS } from '../../content/site-settings';
import { ServiceBlocks } from './service-blocks';
import { SiteSettingsProvider } from '../../lib/site-settings';

/** Links stored before the API's rules (or written past it): none may be written out. */
const DANGEROUS = [
  '//evil.example/x',
  '/\\evil.example/x',
  'data:text/html,<script>alert(1)</script>',
  'vbscript:msgbox(1)',
  'javascript:alert(1)',
  'https://www.facebook.com@evil.example/',
];

/** Every href the rendered markup holds. */
const hrefs = (container: HTMLElement) =>
  [...container.querySelectorAll('[href]')].map((a) => a.getAttribute('href') ?? '');

const isDangerous = (href: string) =>
  DANGEROUS.includes(href) || /evil\.example|^(data|vbscript|javascript):/i.test(href);

describe('the renderer writes out no dangerous link, whatever the stored data holds', () => {
  it.each(DANGEROUS)('a section button to %j is shown as text', (href) => {
    const { container, getByText } = render(
      <MemoryRouter>
        <ActionLink action={{ label: 'Go', href }} />
        <ActionLink action={{ label: 'Fine', href: '/contact' }} />
      </MemoryRouter>,
    );
    expect(getByText('Go').closest('a')).toBeNull();
    expect(hrefs(container)).toEqual(['/contact']);
  });

  it('header, footer and social links: the bad ones left out, the good ones kept', () => {
    const bad = DANGEROUS.map((href, i) => ({ label: `Bad ${i}`, href }));
    const settings: SiteSettings = {
      ...SEED_SITE_SETTINGS,
      social: [
        { name: 'Facebook', href: 'data:text/html,<script>alert(1)</script>' },
        { name: 'X', href: 'vbscript:msgbox(1)' },
        { name: 'LinkedIn', href: 'https://www.linkedin.com/company/agency' },
      ],
      navBefore: [...bad, { label: 'About', href: '/about' }],
      navAfter: bad,
      quickLinks: [...bad, { label: 'Blog', href: '/blog' }],
      serviceGroups: [{ title: 'Group', links: [...bad, { label: 'SEO', href: '/seo' }] }],
    };
    const { container } = render(
      <MemoryRouter>
        <SiteSettingsProvider settings={settings}>
          <Header overHero={false} />
          <Footer />
        </SiteSettingsProvider>
      </MemoryRouter>,
    );
    const all = hrefs(container);
    expect(all.filter(isDangerous)).toEqual([]);
    expect(all).toEqual(
      expect.arrayContaining([
        '/about',
        '/blog',
        '/seo',
        'https://www.linkedin.com/company/agency',
      ]),
    );
  });

  it('a services block link', () => {
    const block: BlockOf<'serviceBlocks'> = {
      type: 'serviceBlocks',
      id: 's1',
      items: [
        {
          anchor: 'seo',
          title: 'SEO',
          quote: 'Be found',
          text: 'Words',
          image: '/assets/seo.svg',
          alt: 'SEO',
          links: [
            ...DANGEROUS.map((href) => ({ label: href, href })),
            { label: 'More', href: '/seo' },
          ],
        },
      ],
    };
    const { container } = render(
      <MemoryRouter>
        <ServiceBlocks block={block} />
      </MemoryRouter>,
    );
    expect(hrefs(container)).toEqual(['/seo']);
  });
});
