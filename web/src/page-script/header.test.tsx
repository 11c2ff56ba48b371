import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import userEvent from '@testing-library/user-event';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Header } from '../components/header';
import { startHeader } from './header';

let stop: AbortController;

/** The header's server HTML in the page, run by the page script (no React in the browser). */
function serverHeader(overHero = true) {
  document.body.innerHTML = renderToString(
    <MemoryRouter initialEntries={['/']}>
      <Header overHero={overHero} />
    </MemoryRouter>,
  );
  startHeader(document, stop.signal);
  return userEvent.setup();
}

function setScroll(y: number) {
  Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
  window.dispatchEvent(new Event('scroll'));
}

describe('page script: header', () => {
  beforeEach(() => {
    stop = new AbortController();
    // jsdom has no layout: a 100 px header turns solid past 80 px.
    Object.defineProperty(HTMLElement.prototype, 'offsetHeight', {
      configurable: true,
      get: () => 100,
    });
  });
  afterEach(() => {
    stop.abort();
    setScroll(0);
    Reflect.deleteProperty(HTMLElement.prototype, 'offsetHeight');
    document.body.innerHTML = '';
  });

  it('turns solid past header height − 20 px, swapping logo and chat colour, and back', () => {
    serverHeader();
    const header = screen.getByRole('banner');
    const logo = within(header).getByRole('img', { name: 'Alchem Digital' });
    const chat = screen.getByRole('link', { name: /Chat with us on WhatsApp/ });
    expect(header).toHaveAttribute('data-solid', 'false');
    setScroll(80);
    expect(header).not.toHaveClass('site-header--solid');
    setScroll(81);
    expect(header).toHaveClass('site-header--solid');
    expect(header).toHaveAttribute('data-solid', 'true');
    expect(logo).toHaveAttribute('src', '/assets/img/logo-dark.svg');
    expect(logo).toHaveAttribute('data-logo', 'dark');
    expect(chat).toHaveClass('chat-link--dark');
    setScroll(0);
    expect(header).toHaveAttribute('data-solid', 'false');
    expect(logo).toHaveAttribute('src', '/assets/img/logo-light.svg');
    expect(chat).not.toHaveClass('chat-link--dark');
  });

  it('stays solid from the top of a page without a dark hero', () => {
    serverHeader(false);
    const header = screen.getByRole('banner');
    expect(header).toHaveAttribute('data-solid', 'true');
    setScroll(500);
    setScroll(0);
    expect(header).toHaveAttribute('data-solid', 'true');
  });

  it('opens the mobile menu (solid meanwhile) and each service group with its own +/−', async () => {
    const user = serverHeader();
    const header = screen.getByRole('banner');
    const toggle = screen.getByRole('button', { name: 'Open menu' });
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(toggle).toHaveAccessibleName('Close menu');
    expect(screen.getByRole('navigation', { name: 'Main' })).toHaveClass('is-open');
    expect(header).toHaveAttribute('data-solid', 'true');

    const marketing = screen.getByRole('button', { name: 'Expand Marketing' });
    const design = screen.getByRole('button', { name: 'Expand Design' });
    await user.click(marketing);
    expect(marketing).toHaveAttribute('aria-expanded', 'true');
    expect(marketing).toHaveAccessibleName('Collapse Marketing');
    expect(marketing).toHaveTextContent('−');
    expect(marketing.closest('.mega-group')).toHaveClass('is-expanded');
    expect(design).toHaveAttribute('aria-expanded', 'false');
    await user.click(marketing);
    expect(marketing).toHaveAccessibleName('Expand Marketing');
    expect(marketing).toHaveTextContent('+');

    // The pointer over the groups opened Services too: Escape closes that first, then the menu.
    await user.keyboard('{Escape}');
    await user.keyboard('{Escape}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(header).toHaveAttribute('data-solid', 'false');
  });

  it('opens Services on hover (a click right after keeps it open), toggles on click, closes on Escape with focus back', async () => {
    const user = serverHeader();
    const services = screen.getByRole('button', { name: /Services/ });
    const menu = document.getElementById(services.getAttribute('aria-controls') ?? '');
    await user.hover(services);
    expect(services).toHaveAttribute('aria-expanded', 'true');
    expect(menu).toHaveClass('is-open');
    await user.click(services);
    expect(services).toHaveAttribute('aria-expanded', 'true');
    await user.click(services);
    expect(services).toHaveAttribute('aria-expanded', 'false');
    await user.click(services);
    expect(menu).toHaveClass('is-open');
    within(menu ?? document.body)
      .getAllByRole('link')[0]
      ?.focus();
    await user.keyboard('{Escape}');
    expect(services).toHaveAttribute('aria-expanded', 'false');
    expect(services).toHaveFocus();
    await user.unhover(services);
  });

  it('closes Services when focus leaves it', async () => {
    const user = serverHeader();
    const services = screen.getByRole('button', { name: /Services/ });
    services.focus();
    await user.keyboard('{Enter}');
    expect(services).toHaveAttribute('aria-expanded', 'true');
    screen.getByRole('link', { name: 'Blog' }).focus();
    expect(services).toHaveAttribute('aria-expanded', 'false');
  });
});
