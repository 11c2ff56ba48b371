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
    let callback: IntersectionObserverCallback = () => {};
    const observed: Element[] = [];
    class FakeObserver implements IntersectionObserver {
      readonly root = null;
      readonly rootMargin = '0px';
      readonly thresholds = [0];
      constructor(cb: IntersectionObserverCallback) {
        callback = cb;
      }
      observe(el: Element) {
        observed.push(el);
      }
      unobserve() {}
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
    // jsdom lays everything out at 0: move the second element below the fold and rescan.
    vi.spyOn(below, 'getBoundingClientRect').mockReturnValue(
      DOMRect.fromRect({ x: 0, y: 2000, width: 10, height: 10 }),
    );
    below.removeAttribute('data-reveal-state');
    top.removeAttribute('data-reveal-state');
    act(() => {
      document.getElementById('main')?.appendChild(document.createElement('span'));
    });
    return Promise.resolve().then(() => {
      expect(top).toHaveAttribute('data-reveal-state', 'shown');
      expect(below).toHaveAttribute('data-reveal-state', 'pending');
      expect(observed).toContain(below);
      const rect = below.getBoundingClientRect();
      const entry: IntersectionObserverEntry = {
        target: below,
        isIntersecting: true,
        boundingClientRect: rect,
        intersectionRect: rect,
        intersectionRatio: 1,
        rootBounds: null,
        time: 0,
      };
      act(() => callback([entry], new FakeObserver(() => {})));
      expect(below).toHaveAttribute('data-reveal-state', 'shown');
      vi.unstubAllGlobals();
    });
  });
});
