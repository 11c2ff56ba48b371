import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BlockOf } from '@agency/shared';
import { homePage } from '../../content/pages/home';
import { installObserver } from '../../test/observer';
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
});
