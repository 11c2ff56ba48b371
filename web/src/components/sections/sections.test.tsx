import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import * as scroll from '../../lib/scroll';
import { Achievements } from './achievements';
import { ActionLink } from './action-link';
import { Breadcrumb } from './breadcrumb';
import { CtaBand } from './cta-band';
import { HeroBanner } from './hero-banner';
import { balancedColumns } from './balanced-grid';
import { ServiceGrid } from './service-grid';
import { TechList } from './tech-list';
import { mockMatchMedia, WIDE } from './test-helpers';
import { TwoColumnText } from './two-column-text';
import { WhyChooseUs } from './why-choose-us';

describe('ActionLink', () => {
  it('scrolls to an in-page target, then focuses it, keeping a #id href for no-JS visitors', async () => {
    const spy = vi.spyOn(scroll, 'scrollToElement').mockResolvedValue(true);
    const user = userEvent.setup();
    render(
      <MemoryRouter>
        <ActionLink
          action={{ label: 'Drop in your deets', scrollTo: 'digi-market-page-contact' }}
        />
        <form id="digi-market-page-contact" aria-label="Enquiry" />
      </MemoryRouter>,
    );
    const link = screen.getByRole('link', { name: 'Drop in your deets' });
    expect(link).toHaveAttribute('href', '#digi-market-page-contact');
    await user.click(link);
    expect(spy).toHaveBeenCalledWith('digi-market-page-contact');
    await vi.waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('form', { name: 'Enquiry' })),
    );
    spy.mockRestore();
  });

  it('links to site paths as plain links, a page load (public pages are documents)', () => {
    // No router around it: a section on a public page is never inside one.
    render(<ActionLink action={{ label: 'Contact Us', href: '/contact' }} />);
    const link = screen.getByRole('link', { name: 'Contact Us' });
    expect(link).toHaveAttribute('href', '/contact');
    expect(link).not.toHaveAttribute('data-discover');
  });
});

describe('parallax bands', () => {
  it('moves the CTA background with scroll by the factor (negative factors move the other way)', () => {
    mockMatchMedia(WIDE);
    vi.stubGlobal('requestAnimationFrame', (cb: FrameRequestCallback) => {
      cb(0);
      return 1;
    });
    render(
      <MemoryRouter>
        <CtaBand
          title="Need a robust eCommerce website?"
          action={{ label: 'Contact us now', href: '/contact' }}
          parallax={-0.6}
        />
        <HeroBanner title="SEO Company in Chennai" parallax={0.3} />
      </MemoryRouter>,
    );
    const band = screen.getByRole('region', { name: 'Need a robust eCommerce website?' });
    const hero = screen.getByRole('region', { name: 'SEO Company in Chennai' });
    // Both sit at the top of the page, scrolled 200 px past.
    vi.spyOn(band, 'getBoundingClientRect').mockReturnValue(new DOMRect(0, -200, 800, 300));
    vi.spyOn(hero, 'getBoundingClientRect').mockReturnValue(new DOMRect(0, -200, 800, 300));
    Object.defineProperty(window, 'scrollY', { value: 200, configurable: true });
    act(() => {
      window.dispatchEvent(new Event('scroll'));
    });
    expect(band.style.getPropertyValue('--parallax-y')).toBe('-120px');
    expect(hero.style.getPropertyValue('--parallax-y')).toBe('60px');
    Object.defineProperty(window, 'scrollY', { value: 0, configurable: true });
  });

  it('stays still with prefers-reduced-motion', () => {
    mockMatchMedia((q) => q.includes('reduce'));
    render(
      <MemoryRouter>
        <CtaBand title="Reach us" action={{ label: 'Reach us', scrollTo: 'x' }} />
      </MemoryRouter>,
    );
    act(() => {
      window.dispatchEvent(new Event('scroll'));
    });
    expect(
      screen.getByRole('region', { name: 'Reach us' }).style.getPropertyValue('--parallax-y'),
    ).toBe('');
  });
});

describe('HeroBanner and Breadcrumb', () => {
  it('renders the one h1, subtitle and a breadcrumb whose last crumb is the current page', () => {
    render(
      <MemoryRouter>
        <HeroBanner
          title="YouTube Marketing"
          subtitle="Grow a channel people subscribe to."
          breadcrumb={[
            { name: 'Home', path: '/' },
            { name: 'YouTube Marketing', path: '/youtube-marketing' },
          ]}
        />
      </MemoryRouter>,
    );
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByText('Grow a channel people subscribe to.')).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(nav.querySelector('a')).toHaveAttribute('href', '/');
    expect(nav.querySelector('[aria-current="page"]')).toHaveTextContent('YouTube Marketing');
  });

  it('Breadcrumb links every crumb but the last', () => {
    render(
      <MemoryRouter>
        <Breadcrumb
          items={[
            { name: 'Home', path: '/' },
            { name: 'Services', path: '/services' },
            { name: 'SEO', path: '/seo' },
          ]}
        />
      </MemoryRouter>,
    );
    expect(screen.getAllByRole('link').map((a) => a.getAttribute('href'))).toEqual([
      '/',
      '/services',
    ]);
  });
});

describe('ServiceGrid', () => {
  it('renders a card per item, then the final call-to-action card and the button under the grid', () => {
    render(
      <MemoryRouter>
        <ServiceGrid
          heading="Our Services"
          items={[
            { title: 'Blog writing', text: 'Articles that rank.' },
            {
              title: 'Case studies',
              text: 'Proof that sells.',
              action: { label: 'See examples', href: '/portfolio' },
            },
          ]}
          finalCard={{
            title: 'What services are you looking for?',
            action: { label: 'Tell us', scrollTo: 'form' },
          }}
          action={{ label: 'Contact Us', href: '/contact' }}
        />
      </MemoryRouter>,
    );
    const titles = screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent);
    expect(titles).toEqual(['Blog writing', 'Case studies', 'What services are you looking for?']);
    expect(screen.getByRole('link', { name: 'See examples' })).toHaveAttribute(
      'href',
      '/portfolio',
    );
    expect(screen.getByRole('link', { name: 'Tell us' })).toHaveAttribute('href', '#form');
    expect(screen.getByRole('link', { name: 'Contact Us' })).toHaveAttribute('href', '/contact');
    expect(screen.getByRole('list')).toHaveStyle({ '--grid-columns': '3' });
  });

  it('never leaves a lone tile on a row: columns balance the count', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map((n) => balancedColumns(n))).toEqual([
      1, 2, 3, 4, 3, 3, 4, 4, 3, 4,
    ]);
    for (let n = 5; n <= 20; n++) {
      const columns = balancedColumns(n);
      expect(n % columns === 0 || n % columns >= columns - 2, `${n} cards`).toBe(true);
    }
  });
});

describe('TechList', () => {
  it('lists every technology by name beside its own decorative mark', () => {
    const { container } = render(<TechList items={['Core PHP', 'Laravel', 'Python (Django)']} />);
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Core PHP',
      'Laravel',
      'Python (Django)',
    ]);
    const marks = [...container.querySelectorAll('.tech-list__item img')];
    expect(marks.map((img) => img.getAttribute('alt'))).toEqual(['', '', '']);
    expect(marks.map((img) => img.getAttribute('src'))).toEqual([
      expect.stringMatching(/core-php\.svg/),
      expect.stringMatching(/laravel\.svg/),
      expect.stringMatching(/python-django\.svg/),
    ]);
    for (const img of marks) {
      expect(img).toHaveAttribute('width', '44');
      expect(img).toHaveAttribute('height', '44');
    }
    expect(screen.getByRole('heading', { level: 2, name: 'Technologies' })).toBeInTheDocument();
  });

  it('shows a tool without a mark by its name alone', () => {
    const { container } = render(<TechList items={['Some New Tool']} />);
    expect(screen.getByRole('listitem')).toHaveTextContent('Some New Tool');
    expect(container.querySelector('.tech-list__item img')).toBeNull();
  });
});

describe('small sections', () => {
  it('WhyChooseUs, Achievements and TwoColumnText render their headings, items and actions', () => {
    render(
      <MemoryRouter>
        <WhyChooseUs
          heading="Why choose us"
          points={[{ title: '10+ years', text: 'Since 2013.' }]}
          action={{ label: 'Our Works', href: '/portfolio' }}
        />
        <Achievements
          heading="Achievements"
          items={[
            { value: '3M+', label: 'Views' },
            { value: '40+', label: 'Channels' },
            { value: '12', label: 'Awards' },
          ]}
        />
        <TwoColumnText
          heading="What is SEO?"
          paragraphs={['Search engine optimisation is…']}
          bullets={['More traffic']}
          actions={[{ label: 'Talk to us', href: '/contact' }]}
          illustration="search"
        />
      </MemoryRouter>,
    );
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'Why choose us',
      'Achievements',
      'What is SEO?',
    ]);
    expect(screen.getByText('3M+')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Our Works' })).toHaveAttribute('href', '/portfolio');
    expect(screen.getByRole('link', { name: 'Talk to us' })).toHaveAttribute('href', '/contact');
    expect(screen.getByText('More traffic')).toBeInTheDocument();
  });
});

describe('ActionLink with modifier keys', () => {
  it('lets ctrl-click through to the browser', () => {
    const spy = vi.spyOn(scroll, 'scrollToElement').mockResolvedValue(true);
    render(
      <MemoryRouter>
        <ActionLink action={{ label: 'Go', scrollTo: 'target' }} />
        <div id="target" />
      </MemoryRouter>,
    );
    fireEvent.click(screen.getByRole('link', { name: 'Go' }), { ctrlKey: true });
    expect(spy).not.toHaveBeenCalled();
    spy.mockRestore();
  });
});
