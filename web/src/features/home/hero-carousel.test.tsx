import { act, fireEvent, render, screen } from '@testing-library/react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BlockOf } from '@agency/shared';
import { homePage } from '../../content/pages/home';
import { installObserver } from '../../test/observer';
import { startHeroCarousels } from '../../page-script/hero-carousel';
import { HeroCarousel } from './hero-carousel';

function seededHero(): BlockOf<'heroCarousel'> {
  const hero = homePage.blocks.find((b): b is BlockOf<'heroCarousel'> => b.type === 'heroCarousel');
  if (!hero) throw new Error('the seeded home page opens with the hero carousel');
  return hero;
}
const hero = seededHero();

const active = () =>
  screen.getAllByTestId('hero-slide').findIndex((s) => s.classList.contains('is-active'));

function renderHero() {
  render(
    <MemoryRouter>
      <HeroCarousel slides={hero.slides} action={hero.action} />
    </MemoryRouter>,
  );
}

describe('HeroCarousel', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('waits while it is off screen, and goes on once it is back', () => {
    const observer = installObserver();
    renderHero();
    act(() => observer.hide());
    act(() => vi.advanceTimersByTime(3 * 7000));
    expect(active()).toBe(0);
    act(() => observer.show());
    act(() => vi.advanceTimersByTime(7000));
    expect(active()).toBe(1);
  });

  it('shows the four spec slides, slide 1 first, with Learn More to /services', () => {
    renderHero();
    const slides = screen.getAllByTestId('hero-slide');
    expect(slides).toHaveLength(4);
    expect(active()).toBe(0);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(
      'Bespoke Branding, Wacky Websites and Eccentric Designs',
    );
    expect(slides[1]).toHaveTextContent('Social media marketing');
    expect(slides[1]).toHaveTextContent('SEO | SMM | SEM | PPC');
    expect(slides[2]).toHaveTextContent('Best digital marketing agency in Chennai and Chicago.');
    expect(slides[3]).toHaveTextContent('We Create Effective Design for Global Brands.');
    expect(slides[0]).not.toHaveAttribute('inert');
    expect(slides[1]).toHaveAttribute('inert');
    for (const link of screen.getAllByRole('link', {
      name: /^Learn More\s*about our services$/,
      hidden: true,
    }))
      expect(link).toHaveAttribute('href', '/services');
  });

  it('advances every 7 s and loops back to slide 1', () => {
    renderHero();
    act(() => vi.advanceTimersByTime(6999));
    expect(active()).toBe(0);
    act(() => vi.advanceTimersByTime(1));
    expect(active()).toBe(1);
    expect(screen.getAllByTestId('hero-slide')[1]).toHaveClass('is-animated');
    for (const expected of [2, 3, 0]) {
      act(() => vi.advanceTimersByTime(7000));
      expect(active()).toBe(expected);
    }
  });

  it('moves with previous/next and pauses while hovered or stopped', () => {
    renderHero();
    fireEvent.click(screen.getByRole('button', { name: 'Previous slide' }));
    expect(active()).toBe(3);
    fireEvent.click(screen.getByRole('button', { name: 'Next slide' }));
    expect(active()).toBe(0);

    const hero = screen.getByRole('region', { name: 'Highlights' });
    fireEvent.mouseEnter(hero);
    act(() => vi.advanceTimersByTime(20000));
    expect(active()).toBe(0);
    fireEvent.mouseLeave(hero);
    act(() => vi.advanceTimersByTime(7000));
    expect(active()).toBe(1);

    fireEvent.click(screen.getByRole('button', { name: 'Pause slideshow' }));
    act(() => vi.advanceTimersByTime(20000));
    expect(active()).toBe(1);
    expect(screen.getByRole('button', { name: 'Play slideshow' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });

  it('drives its server HTML with no React, as a public page runs it (the page script)', () => {
    const observer = installObserver();
    document.body.innerHTML = renderToStaticMarkup(
      <MemoryRouter>
        <HeroCarousel slides={hero.slides} action={hero.action} />
      </MemoryRouter>,
    );
    const changes = new MutationObserver(() => undefined);
    changes.observe(document.body, { subtree: true, attributes: true, childList: true });
    startHeroCarousels(document);
    // The server HTML already shows slide 1: starting writes nothing (no restyle as the page starts).
    expect(changes.takeRecords()).toEqual([]);
    changes.disconnect();
    const slides = () => screen.getAllByTestId('hero-slide');
    expect(active()).toBe(0);
    expect(slides()[0]).not.toHaveClass('is-animated');
    act(() => vi.advanceTimersByTime(7000));
    expect(active()).toBe(1);
    expect(slides()[1]).toHaveClass('is-animated');
    expect(slides()[1]).toHaveAttribute('aria-hidden', 'false');
    expect(slides()[1]).not.toHaveAttribute('inert');
    expect(slides()[0]).toHaveAttribute('inert');
    expect(document.querySelector('[aria-live]')).toHaveTextContent('Slide 2 of 4');
    fireEvent.click(screen.getByRole('button', { name: 'Previous slide' }));
    fireEvent.click(screen.getByRole('button', { name: 'Previous slide' }));
    expect(active()).toBe(3);
    // Off screen it waits; back on screen it goes on.
    act(() => observer.hide());
    act(() => vi.advanceTimersByTime(3 * 7000));
    expect(active()).toBe(3);
    act(() => observer.show());
    // Focus inside holds it too, until it leaves the hero.
    const next = screen.getByRole('button', { name: 'Next slide' });
    fireEvent.focusIn(next);
    act(() => vi.advanceTimersByTime(20000));
    expect(active()).toBe(3);
    fireEvent.focusOut(next, { relatedTarget: document.body });
    act(() => vi.advanceTimersByTime(7000));
    expect(active()).toBe(0);
    fireEvent.click(screen.getByRole('button', { name: 'Pause slideshow' }));
    const play = screen.getByRole('button', { name: 'Play slideshow' });
    expect(play).toHaveAttribute('aria-pressed', 'true');
    expect(play).toHaveTextContent('▶');
    act(() => vi.advanceTimersByTime(20000));
    expect(active()).toBe(0);
    // Started twice (the page script runs once per document): still one step per interval.
    startHeroCarousels(document);
    fireEvent.click(play);
    act(() => vi.advanceTimersByTime(7000));
    expect(active()).toBe(1);
  });
});
