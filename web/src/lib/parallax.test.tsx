import { act, render } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { parallaxOffset, useParallax } from './parallax';

function Banner({ factor }: { factor: number }) {
  const ref = useParallax<HTMLDivElement>(factor);
  return <div data-testid="banner" ref={ref} />;
}

describe('parallax', () => {
  it('computes the offset from scroll and element top', () => {
    expect(parallaxOffset(200, 0, 0.5)).toBe(100);
    expect(parallaxOffset(300, 100, -0.6)).toBe(-120);
  });

  it('moves the background as the page scrolls', () => {
    vi.spyOn(window, 'requestAnimationFrame').mockImplementation((cb) => {
      cb(0);
      return 1;
    });
    const { getByTestId } = render(<Banner factor={0.5} />);
    const el = getByTestId('banner');
    vi.spyOn(el, 'getBoundingClientRect').mockReturnValue({
      top: -400,
      bottom: 200,
      left: 0,
      right: 0,
      width: 0,
      height: 600,
      x: 0,
      y: -400,
      toJSON: () => ({}),
    });
    act(() => {
      Object.defineProperty(window, 'scrollY', { value: 400, configurable: true });
      window.dispatchEvent(new Event('scroll'));
    });
    expect(el.style.getPropertyValue('--parallax-y')).toBe('200px');
    Object.defineProperty(window, 'scrollY', { value: 0, configurable: true });
    vi.restoreAllMocks();
  });
});
