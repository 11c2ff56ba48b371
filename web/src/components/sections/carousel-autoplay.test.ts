import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { KeenSliderInstance } from 'keen-slider/react';
import { installObserver } from '../../test/observer';
import { autoplay } from './carousel-autoplay';

/** A slider as the plugin sees it: its container, its options, `next()` and its events. */
function fakeSlider() {
  const handlers = new Map<string, (() => void)[]>();
  const slider = {
    container: document.createElement('div'),
    options: { disabled: false },
    next: vi.fn(),
    on: (event: string, handler: () => void) =>
      handlers.set(event, [...(handlers.get(event) ?? []), handler]),
  };
  const emit = (event: string) => handlers.get(event)?.forEach((h) => h());
  return { slider, emit };
}

describe('carousel autoplay', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('moves on every interval while on screen, waits while off it, and goes on once back', () => {
    const observer = installObserver();
    const { slider, emit } = fakeSlider();
    autoplay(1000).plugin(slider as unknown as KeenSliderInstance);
    emit('created');
    expect(observer.observed()).toEqual([slider.container]);
    vi.advanceTimersByTime(1000);
    expect(slider.next).toHaveBeenCalledTimes(1);
    emit('animationEnded');
    observer.hide();
    vi.advanceTimersByTime(5000);
    expect(slider.next).toHaveBeenCalledTimes(1);
    observer.show();
    vi.advanceTimersByTime(1000);
    expect(slider.next).toHaveBeenCalledTimes(2);
    emit('destroyed');
    expect(observer.observed()).toEqual([]);
  });
});
