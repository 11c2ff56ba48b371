import { render, screen } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { act } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { serviceLandings } from '../../content/services';
import ServiceLandingPage, { ServiceLanding } from './service-landing-page';

// The real form (W1) talks to the API and the captcha; here only its anchor and props matter.
vi.mock('../enquiry/enquiry-form', () => ({
  default: ({ id, page }: { id?: string; page?: string }) => (
    <form id={id} data-page={page} aria-label="Enquiry form">
      <button type="submit">Send</button>
    </form>
  ),
}));

const paths = Object.keys(serviceLandings);

function app(path: string) {
  return (
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        {paths.map((p) => (
          <Route key={p} path={p} element={<ServiceLandingPage />} />
        ))}
        <Route path="/404" element={<p>not found</p>} />
        <Route path="*" element={<ServiceLandingPage />} />
      </Routes>
    </MemoryRouter>
  );
}

describe('ServiceLandingPage', () => {
  it.each(paths)(
    '%s renders one h1, every section and the enquiry form at its contact anchor',
    (path) => {
      const content = serviceLandings[path];
      if (!content) throw new Error(path);
      const { container } = render(app(path));
      const h1s = screen.getAllByRole('heading', { level: 1 });
      expect(h1s).toHaveLength(1);
      const hero = content.sections.find((s) => s.kind === 'hero');
      expect(h1s[0]).toHaveTextContent(hero?.kind === 'hero' ? hero.title : '');

      const form = screen.getByRole('form', { name: 'Enquiry form' });
      expect(form).toHaveAttribute('id', content.contactAnchor);
      expect(form).toHaveAttribute('data-page', path);
      // The form closes the page.
      expect(container.querySelector('form')?.parentElement?.lastElementChild).toBe(form);

      // Every in-page link has a target on the page.
      const anchors = Array.from(container.querySelectorAll<HTMLAnchorElement>('a[href^="#"]'));
      for (const a of anchors)
        expect(document.getElementById(a.getAttribute('href')?.slice(1) ?? '')).not.toBeNull();

      // Each section of the content is on the page, in order, under its h2.
      const h2s = Array.from(container.querySelectorAll('h2'), (h) => h.textContent);
      const expected = content.sections.flatMap((s) =>
        'heading' in s ? [s.heading] : s.kind === 'cta' ? [s.title] : [],
      );
      expect(h2s.slice(0, expected.length)).toEqual(expected);
      expect(screen.getByRole('navigation', { name: 'Breadcrumb' })).toHaveTextContent(
        content.meta.breadcrumb.map((c) => c.name).join(''),
      );
    },
  );

  it('shows the spec counts on the rendered SEO page: 5 steps, mobile title, 6 FAQ with the first open', () => {
    const { container } = render(app('/seo-company-in-chennai'));
    expect(container.querySelectorAll('.stepper__track > li')).toHaveLength(5);
    expect(container.querySelector('.stepper__list')).toHaveTextContent('Continuous Optimization');
    const faqButtons = container.querySelectorAll('.faq__question button');
    expect(faqButtons).toHaveLength(6);
    expect(faqButtons[0]).toHaveAttribute('aria-expanded', 'true');
    expect(
      screen.getAllByRole('listitem').filter((li) => li.classList.contains('tech-list__item')),
    ).toHaveLength(10);
  });

  it('renders tabs with Get in touch links and the vertical variant on the web application page', () => {
    render(app('/web-application-development-company-chennai'));
    expect(screen.getByRole('tablist')).toHaveAttribute('aria-orientation', 'vertical');
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual([
      'Securely Built',
      'User Experience',
      'Dynamic & Scalable',
      'Maintenance',
    ]);
    expect(screen.getAllByRole('link', { name: 'Get in touch', hidden: true })[0]).toHaveAttribute(
      'href',
      '#web-app-page-contact',
    );
    expect(screen.getByRole('link', { name: 'Ping us' })).toHaveAttribute('href', '/contact');
  });

  it('sends unknown paths to /404', () => {
    render(app('/not-a-service'));
    expect(screen.getByText('not found')).toBeInTheDocument();
  });

  // One page per distinct section mix: stepper + mobile titles, vertical tabs + bands, card tabs + achievements.
  it('hydrates the server HTML without mismatches', { timeout: 30_000 }, async () => {
    vi.stubGlobal('IS_REACT_ACT_ENVIRONMENT', true);
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    for (const path of [
      '/seo-company-in-chennai',
      '/web-application-development-company-chennai',
      '/youtube-marketing',
    ]) {
      const host = document.createElement('div');
      host.innerHTML = renderToString(app(path));
      document.body.appendChild(host);
      let root: ReturnType<typeof hydrateRoot> | undefined;
      await act(async () => {
        root = hydrateRoot(host, app(path), {
          onRecoverableError: (error) => console.error(error),
        });
      });
      try {
        act(() => root?.unmount());
      } finally {
        host.remove();
      }
    }
    expect(errors.mock.calls.map((c) => String(c[0]).slice(0, 400))).toEqual([]);
    errors.mockRestore();
    vi.unstubAllGlobals();
  });

  it('exports ServiceLanding for rendering given content directly', () => {
    const content = serviceLandings['/branding-company-in-chennai'];
    if (!content) throw new Error('branding page missing');
    render(
      <MemoryRouter>
        <ServiceLanding content={content} />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(
      'Branding Company in Chennai',
    );
    expect(document.getElementById('branding-page-contact')).not.toBeNull();
  });
});
