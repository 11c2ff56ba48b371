import { TIMINGS } from '@agency/shared';
import { prefersReducedMotion } from '../lib/motion';
import { PARALLAX, watchParallax } from './parallax';

/** The hero carousels of a page's server HTML (features/home/hero-carousel.tsx renders them). */
const HERO = 'section.hero[aria-roledescription="carousel"]';

const driven = new WeakSet<HTMLElement>();

const setIfNot = (el: Element, name: string, value: string): void => {
  if (el.getAttribute(name) !== value) el.setAttribute(name, value);
};

/**
 * Drive a hero carousel's server HTML (features/home/hero-carousel.tsx): slide 1 first, the next
 * every `intervalMs` (7 s), looping; previous/next and the pause button; autoplay also waits while
 * the pointer is over it, focus is inside it or it is off screen, and never starts under
 * prefers-reduced-motion. A slide made active later animates its text (`is-animated`); the others
 * are hidden from assistive technology and inert; a polite live region names the slide shown. The
 * background moves with the scroll (parallax 0.5). Plain script: the public page loads no React for
 * it, and the app (the admin's preview) runs the same from the component. Stops when `signal`
 * aborts; a section already driven is left alone.
 */
export function driveHeroCarousel(
  section: HTMLElement,
  intervalMs: number = TIMINGS.heroIntervalMs,
  signal?: AbortSignal,
): void {
  if (driven.has(section) || signal?.aborted) return;
  driven.add(section);
  const slides = [...section.querySelectorAll<HTMLElement>('.hero-slide')];
  const [previous, next] = section.querySelectorAll<HTMLButtonElement>('.hero__arrow');
  const pause = section.querySelector<HTMLButtonElement>('.hero__pause');
  const live = section.querySelector<HTMLElement>('.hero__controls [aria-live]');
  const count = slides.length;
  if (count === 0) return;

  let active = 0;
  let stopped = false;
  let hovering = false;
  let focused = false;
  let onScreen = true;
  let timer: number | undefined;

  const show = (index: number, animate: boolean): void => {
    active = ((index % count) + count) % count;
    for (const [i, slide] of slides.entries()) {
      const isActive = i === active;
      // Only what differs is written: at start the server HTML already shows slide 1, and the page
      // starts without restyling the hero.
      slide.classList.toggle('is-active', isActive);
      slide.classList.toggle('is-animated', isActive && animate);
      setIfNot(slide, 'aria-hidden', String(!isActive));
      slide.toggleAttribute('inert', !isActive);
    }
    const said = `Slide ${active + 1} of ${count}`;
    // Written only when it changes: a live region rewritten with the same words may be read again.
    if (live && live.textContent !== said) live.textContent = said;
    schedule();
  };

  // As each change of state restarts it: a slide stays its full interval after any move.
  function schedule(): void {
    window.clearTimeout(timer);
    timer = undefined;
    if (stopped || hovering || focused || !onScreen || prefersReducedMotion()) return;
    timer = window.setTimeout(() => show(active + 1, true), intervalMs);
  }

  const showStopped = (): void => {
    if (!pause) return;
    setIfNot(pause, 'aria-label', stopped ? 'Play slideshow' : 'Pause slideshow');
    setIfNot(pause, 'aria-pressed', String(stopped));
    const sign = pause.querySelector('span');
    const shown = stopped ? '▶' : '❚❚';
    if (sign && sign.textContent !== shown) sign.textContent = shown;
  };

  const on = { signal } as AddEventListenerOptions;
  previous?.addEventListener('click', () => show(active - 1, true), on);
  next?.addEventListener('click', () => show(active + 1, true), on);
  pause?.addEventListener(
    'click',
    () => {
      stopped = !stopped;
      showStopped();
      schedule();
    },
    on,
  );
  section.addEventListener('mouseenter', () => ((hovering = true), schedule()), on);
  section.addEventListener('mouseleave', () => ((hovering = false), schedule()), on);
  section.addEventListener('focusin', () => ((focused = true), schedule()), on);
  section.addEventListener(
    'focusout',
    (e) => {
      // Focus moving between the hero's own controls keeps it inside.
      if (e.relatedTarget instanceof Node && section.contains(e.relatedTarget)) return;
      focused = false;
      schedule();
    },
    on,
  );
  if (typeof IntersectionObserver === 'function') {
    const observer = new IntersectionObserver((entries) => {
      const last = entries.at(-1);
      if (!last) return;
      onScreen = last.isIntersecting;
      schedule();
    });
    observer.observe(section);
    signal?.addEventListener('abort', () => observer.disconnect(), { once: true });
  }
  signal?.addEventListener(
    'abort',
    () => {
      window.clearTimeout(timer);
      driven.delete(section);
    },
    { once: true },
  );
  watchParallax(section, PARALLAX.banner, signal);
  // As the server rendered it (the app's preview drives it again after an edit re-rendered it).
  showStopped();
  show(0, false);
}

/** Drive every hero carousel of the page's server HTML. */
export function startHeroCarousels(doc: Document): void {
  for (const section of doc.querySelectorAll<HTMLElement>(HERO)) driveHeroCarousel(section);
}
