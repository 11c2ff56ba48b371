import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { chunk, ClientCarousel } from './client-carousel';
import { clientLogos as CLIENT_LOGOS } from '../../content/pages/shared-assets';
import { mockMatchMedia, WIDE } from './test-helpers';
import { Testimonials } from './testimonials';

describe('ClientCarousel', () => {
  beforeEach(() => {
    mockMatchMedia(WIDE);
  });

  it('renders the twelve logos in a desktop copy (groups of 6, rows of 3) and a mobile copy (groups of 4, rows of 2)', () => {
    const { container } = render(<ClientCarousel logos={CLIENT_LOGOS} />);
    expect(screen.getByRole('heading', { level: 2, name: 'Our Clients' })).toBeInTheDocument();
    const desktop = container.querySelector<HTMLElement>('.clients__carousel--desktop');
    const mobile = container.querySelector<HTMLElement>('.clients__carousel--mobile');
    if (!desktop || !mobile) throw new Error('both carousels must render');
    expect(desktop.querySelectorAll('.clients__slide')).toHaveLength(2);
    expect(mobile.querySelectorAll('.clients__slide')).toHaveLength(3);
    for (const copy of [desktop, mobile]) {
      const images = within(copy).getAllByRole('img');
      expect(images.map((img) => img.getAttribute('alt'))).toEqual(
        CLIENT_LOGOS.map((logo) => logo.name),
      );
      for (const img of images) {
        expect(img).toHaveAttribute('width', '180');
        expect(img).toHaveAttribute('height', '80');
        expect(img.getAttribute('src')).toMatch(/\.svg/);
      }
    }
    // No arrows or dots: the only control is the pause button of each copy.
    expect(screen.getAllByRole('button').map((b) => b.textContent)).toEqual([
      'Pause logos',
      'Pause logos',
    ]);
  });

  it('keeps all logo names unique and the files distinct', () => {
    expect(new Set(CLIENT_LOGOS.map((l) => l.name)).size).toBe(12);
    expect(new Set(CLIENT_LOGOS.map((l) => l.src)).size).toBe(12);
  });

  it('toggles its pause button', () => {
    render(<ClientCarousel logos={CLIENT_LOGOS} />);
    const [first] = screen.getAllByRole('button', { name: 'Pause logos' });
    if (!first) throw new Error('pause button missing');
    fireEvent.click(first);
    expect(first).toHaveTextContent('Play logos');
  });
});

describe('chunk', () => {
  it('splits into groups of the given size, the last one shorter', () => {
    expect(chunk([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]]);
    expect(chunk([], 3)).toEqual([]);
  });
});

describe('Testimonials', () => {
  const items = [
    {
      clientName: 'Asha R.',
      clientDesc: 'CEO, herbal products brand',
      content: 'They rebuilt our store in weeks.',
    },
    {
      clientName: 'Vikram S.',
      clientDesc: 'Founder, health clinic',
      content: 'Our bookings doubled.',
    },
  ];
  afterEach(() => {
    vi.useRealTimers();
  });

  it('renders every testimonial as a slide with the client and role, and previous/next arrows', () => {
    mockMatchMedia(WIDE);
    render(<Testimonials items={items} />);
    expect(screen.getByRole('region', { name: 'Testimonial slides' })).toHaveAttribute(
      'aria-roledescription',
      'carousel',
    );
    const slides = screen.getAllByRole('group', { hidden: true });
    expect(slides).toHaveLength(2);
    expect(slides[0]).toHaveTextContent('They rebuilt our store in weeks.');
    expect(slides[0]).toHaveTextContent('Asha R.');
    expect(slides[0]).toHaveTextContent('CEO, herbal products brand');
    expect(slides[0]).toHaveAttribute('aria-label', '1 of 2');
    expect(slides[1]).toHaveAttribute('aria-hidden', 'true');
    expect(screen.getByRole('button', { name: 'Previous testimonial' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next testimonial' })).toBeInTheDocument();
  });

  it('does not autoplay', () => {
    vi.useFakeTimers();
    mockMatchMedia(WIDE);
    render(<Testimonials items={items} />);
    act(() => vi.advanceTimersByTime(30_000));
    expect(screen.getAllByRole('group', { hidden: true })[0]).not.toHaveAttribute(
      'aria-hidden',
      'true',
    );
  });
});
