import type { KeenSliderPlugin } from 'keen-slider/react';

export interface AutoplayControl {
  /** Stops or restarts the automatic advance (the visitor's pause button). */
  setPaused(paused: boolean): void;
}

/**
 * keen-slider plugin: moves to the next slide every `intervalMs`, pausing while the pointer is over the
 * carousel, while it holds focus, while it is off screen, while dragging, and while
 * `control.setPaused(true)` is in force.
 * Does nothing with prefers-reduced-motion or while the slider is disabled (the other breakpoint's copy).
 */
export function autoplay(intervalMs: number): {
  plugin: KeenSliderPlugin;
  control: AutoplayControl;
} {
  let userPaused = false;
  let schedule: () => void = () => undefined;
  let stop: () => void = () => undefined;

  const plugin: KeenSliderPlugin = (slider) => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let hovered = false;
    let focused = false;
    let offScreen = false;
    let visibility: IntersectionObserver | undefined;
    const reduced =
      typeof window.matchMedia === 'function' &&
      window.matchMedia('(prefers-reduced-motion: reduce)').matches;

    stop = () => {
      if (timer !== undefined) clearTimeout(timer);
      timer = undefined;
    };
    schedule = () => {
      stop();
      if (reduced || userPaused || hovered || focused || offScreen || slider.options.disabled)
        return;
      timer = setTimeout(() => slider.next(), intervalMs);
    };

    slider.on('created', () => {
      const box = slider.container;
      box.addEventListener('mouseenter', () => {
        hovered = true;
        stop();
      });
      box.addEventListener('mouseleave', () => {
        hovered = false;
        schedule();
      });
      box.addEventListener('focusin', () => {
        focused = true;
        stop();
      });
      box.addEventListener('focusout', () => {
        focused = false;
        schedule();
      });
      if (typeof IntersectionObserver === 'function') {
        visibility = new IntersectionObserver((entries) => {
          const last = entries.at(-1);
          if (last) offScreen = !last.isIntersecting;
          schedule();
        });
        visibility.observe(box);
      }
      schedule();
    });
    slider.on('dragStarted', () => stop());
    slider.on('animationEnded', () => schedule());
    slider.on('updated', () => schedule());
    slider.on('optionsChanged', () => schedule());
    slider.on('destroyed', () => {
      stop();
      visibility?.disconnect();
    });
  };

  return {
    plugin,
    control: {
      setPaused(paused) {
        userPaused = paused;
        if (paused) stop();
        else schedule();
      },
    },
  };
}
