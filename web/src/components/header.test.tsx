import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { Header, solidThreshold } from './header';

function setScroll(y: number) {
  Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
  act(() => {
    window.dispatchEvent(new Event('scroll'));
  });
}

function renderHeader(path = '/', overHero = true) {
  // jsdom has no layout: give the header a height so the threshold is 100 - 20 = 80 px.
  Object.defineProperty(HTMLElement.prototype, 'offsetHeight', {
    configurable: true,
    get: () => 100,
  });
  const user = userEvent.setup();
  render(
    <MemoryRouter initialEntries={[path]}>
      <Header overHero={overHero} />
    </MemoryRouter>,
  );
  return user;
}

describe('Header', () => {
  afterEach(() => {
    setScroll(0);
    Reflect.deleteProperty(HTMLElement.prototype, 'offsetHeight');
  });

  it('is transparent at the top and turns solid after header height − 20 px, swapping logo and chat colour', () => {
    expect(solidThreshold(100)).toBe(80);
    renderHeader();
    const header = screen.getByRole('banner');
    const logo = () => within(header).getByRole('img', { name: 'Alchem Digital' });
    const chat = screen.getByRole('link', { name: /Chat with us on WhatsApp/ });
    expect(header).toHaveAttribute('data-solid', 'false');
    expect(logo()).toHaveAttribute('src', '/assets/img/logo-light.svg');
    expect(chat).not.toHaveClass('chat-link--dark');

    setScroll(80);
    expect(header).toHaveAttribute('data-solid', 'false');
    setScroll(81);
    expect(header).toHaveAttribute('data-solid', 'true');
    expect(logo()).toHaveAttribute('src', '/assets/img/logo-dark.svg');
    expect(chat).toHaveClass('chat-link--dark');
    expect(chat).toHaveAttribute('href', 'https://wa.me/910000000000');

    setScroll(0);
    expect(header).toHaveAttribute('data-solid', 'false');
  });

  it('is solid from the top over a light page (no dark hero), so its links read at once', () => {
    renderHeader('/blog', false);
    const header = screen.getByRole('banner');
    expect(header).toHaveAttribute('data-solid', 'true');
    expect(within(header).getByRole('img', { name: 'Alchem Digital' })).toHaveAttribute(
      'src',
      '/assets/img/logo-dark.svg',
    );
    setScroll(500);
    expect(header).toHaveAttribute('data-solid', 'true');
    setScroll(0);
    expect(header).toHaveAttribute('data-solid', 'true');
  });

  it('has the main links and a services mega-menu with the four groups and the spec links', async () => {
    const user = renderHeader();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    for (const [name, href] of [
      ['Home', '/'],
      ['About Us', '/about'],
      ['Portfolio', '/portfolio'],
      ['Blog', '/blog'],
      ['Contact', '/contact'],
    ]) {
      expect(within(nav).getByRole('link', { name })).toHaveAttribute('href', href);
    }
    const services = within(nav).getByRole('button', { name: /Services/ });
    expect(services).toHaveAttribute('aria-expanded', 'false');
    await user.click(services);
    expect(services).toHaveAttribute('aria-expanded', 'true');
    const menu = document.getElementById(services.getAttribute('aria-controls') ?? '');
    expect(menu).toHaveClass('is-open');
    const hrefs = within(menu ?? document.body)
      .getAllByRole('link')
      .map((a) => a.getAttribute('href'));
    for (const href of [
      '/responsive-website-design-development',
      '/wordpress-development-company-chennai',
      '/e-commerce-website-development-company-chennai',
      '/services#core-service-section',
      '/web-application-development-company-chennai',
      '/saas-development-company-in-chennai',
      '/services#Web-dev',
      '/digital-marketing-agency-chennai',
      '/ppc-services-in-chennai',
      '/seo-company-in-chennai',
      '/youtube-marketing',
      '/content-marketing',
      '/services#seo',
      '/branding-company-in-chennai',
      '/services#graphic-desg',
    ]) {
      expect(hrefs).toContain(href);
    }
    expect(within(menu ?? document.body).getByText('Website Development')).toBeInTheDocument();

    // Escape closes it and returns focus to the Services button.
    within(menu ?? document.body)
      .getAllByRole('link')[0]
      ?.focus();
    await user.keyboard('{Escape}');
    expect(services).toHaveAttribute('aria-expanded', 'false');
    expect(services).toHaveFocus();
  });

  it('toggles the mobile menu (45 px icon open, 20 px closed) and each group with its own plus/minus', async () => {
    const user = renderHeader();
    const toggle = screen.getByRole('button', { name: 'Open menu' });
    // Both icons are drawn; shell.css shows the one matching aria-expanded.
    expect(toggle.querySelector('.nav-toggle__open')).toHaveStyle({ height: '20px' });
    expect(toggle.querySelector('.nav-toggle__close')).toHaveStyle({ height: '45px' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(toggle).toHaveAccessibleName('Close menu');
    expect(screen.getByRole('navigation', { name: 'Main' })).toHaveClass('is-open');

    const marketing = screen.getByRole('button', { name: 'Expand Marketing' });
    const design = screen.getByRole('button', { name: 'Expand Design' });
    expect(marketing).toHaveTextContent('+');
    await user.click(marketing);
    expect(marketing).toHaveAttribute('aria-expanded', 'true');
    expect(marketing).toHaveAccessibleName('Collapse Marketing');
    expect(marketing).toHaveTextContent('−');
    expect(design).toHaveAttribute('aria-expanded', 'false');
    await user.click(marketing);
    expect(marketing).toHaveAttribute('aria-expanded', 'false');

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });

  it('closes the mobile menu when a link is followed', async () => {
    const user = renderHeader();
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    await user.click(screen.getByRole('link', { name: 'About Us' }));
    expect(screen.getByRole('button', { name: 'Open menu' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
  });

  it('stays solid on admin pages', () => {
    renderHeader('/admin', false);
    expect(screen.getByRole('banner')).toHaveAttribute('data-solid', 'true');
  });
});
