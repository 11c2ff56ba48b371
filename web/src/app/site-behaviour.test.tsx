import { TIMINGS } from '@agency/shared';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ScrollReveal } from '../lib/reveal';
import { useChatWidget } from './chat-widget';
import { ScrollManager } from './scroll-manager';

function Chat({ url }: { url?: string }) {
  useChatWidget(url);
  return null;
}

describe('site-wide behaviour', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    document.querySelectorAll('script[data-chat-widget]').forEach((s) => s.remove());
  });

  it('adds the live-chat script once, async, only when configured', () => {
    const { rerender } = render(<Chat />);
    expect(document.querySelector('script[data-chat-widget]')).toBeNull();
    rerender(<Chat url="https://chat.example/widget.js" />);
    rerender(<Chat url="https://chat.example/widget.js" />);
    const scripts = document.querySelectorAll<HTMLScriptElement>('script[data-chat-widget]');
    expect(scripts).toHaveLength(1);
    expect(scripts[0]?.async).toBe(true);
    expect(scripts[0]?.src).toBe('https://chat.example/widget.js');
  });

  it('scrolls smoothly to the top when the route changes, not on first load', async () => {
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    const user = userEvent.setup();
    render(
      <MemoryRouter initialEntries={['/']}>
        <ScrollManager />
        <Link to="/about">About</Link>
      </MemoryRouter>,
    );
    expect(scrollTo).not.toHaveBeenCalled();
    await user.click(screen.getByRole('link', { name: 'About' }));
    expect(scrollTo).toHaveBeenCalledWith({ top: 0, left: 0, behavior: 'smooth' });
  });

  it('reveals below-the-fold elements once when they scroll into view, leaving visible ones alone', () => {
    // The first observer places each element (its first report); the one with a margin reveals.
    const observers: {
      margin: string | undefined;
      cb: IntersectionObserverCallback;
      observed: Element[];
    }[] = [];
    class FakeObserver implements IntersectionObserver {
      readonly root = null;
      readonly rootMargin = '0px';
      readonly thresholds = [0];
      readonly record: (typeof observers)[number];
      constructor(cb: IntersectionObserverCallback, options?: IntersectionObserverInit) {
        this.record = { margin: options?.rootMargin, cb, observed: [] };
        observers.push(this.record);
      }
      observe(el: Element) {
        this.record.observed.push(el);
      }
      unobserve(el: Element) {
        this.record.observed = this.record.observed.filter((o) => o !== el);
      }
      disconnect() {}
      takeRecords() {
        return [];
      }
    }
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    render(
      <main id="main">
        <div data-testid="top" data-reveal />
        <div data-testid="below" data-reveal />
        <ScrollReveal />
      </main>,
    );
    const top = screen.getByTestId('top');
    const below = screen.getByTestId('below');
    const place = observers.find((o) => o.margin === undefined);
    const reveal = observers.find((o) => o.margin !== undefined);
    expect(place?.observed).toEqual([top, below]);
    const entry = (
      target: Element,
      y: number,
      isIntersecting: boolean,
    ): IntersectionObserverEntry => {
      const rect = DOMRect.fromRect({ x: 0, y, width: 10, height: 10 });
      return {
        target,
        isIntersecting,
        boundingClientRect: rect,
        intersectionRect: rect,
        intersectionRatio: isIntersecting ? 1 : 0,
        rootBounds: DOMRect.fromRect({ x: 0, y: 0, width: 400, height: 800 }),
        time: 0,
      };
    };
    act(() =>
      place?.cb([entry(top, 10, true), entry(below, 2000, false)], new FakeObserver(() => {})),
    );
    expect(top).toHaveAttribute('data-reveal-state', 'shown');
    expect(below).toHaveAttribute('data-reveal-state', 'pending');
    // The spec's timings go on the element that animates, never on the root (whose inherited
    // properties would make the browser restyle the whole page as the script starts).
    expect(below.style.getPropertyValue('--reveal-duration')).toBe(`${TIMINGS.revealDurationMs}ms`);
    expect(below.style.getPropertyValue('--reveal-delay')).toBe(`${TIMINGS.revealDelayMs}ms`);
    expect(top.style.getPropertyValue('--reveal-duration')).toBe('');
    expect(document.documentElement.getAttribute('style') ?? '').not.toContain('--reveal');
    expect(reveal?.observed).toEqual([below]);
    act(() => reveal?.cb([entry(below, 500, true)], new FakeObserver(() => {})));
    expect(below).toHaveAttribute('data-reveal-state', 'shown');
    expect(reveal?.observed).toEqual([]);
    vi.unstubAllGlobals();
  });
});
