import { useEffect, useState } from 'react';
import { TIMINGS } from '@agency/shared';
import type { BlockOf } from '@agency/shared';
import { ArrowLeft, ArrowRight } from '../../components/icons';
import { PARALLAX, useParallax } from '../../lib/parallax';
import { prefersReducedMotion } from '../../lib/motion';
import { useHoverOrFocus } from '../../lib/use-hover-focus';
import { useOnScreen } from '../../lib/use-on-screen';
import { ActionLink } from '../../components/sections/action-link';

type HeroCarouselBlock = BlockOf<'heroCarousel'>;

/**
 * Home hero: its slides, slide 1 first, advancing every 7 s and looping, with previous/next and a
 * pause button; autoplay also pauses while the hero is hovered, holds focus or is off screen. The
 * first slide is static in the server HTML; text animates (2000 ms headlines, 1000 ms subheading and
 * button) only when a slide becomes active later, so the first paint is final.
 */
export function HeroCarousel({
  slides,
  action,
  intervalMs = TIMINGS.heroIntervalMs,
}: {
  slides: HeroCarouselBlock['slides'];
  action: HeroCarouselBlock['action'];
  intervalMs?: number;
}) {
  const [active, setActive] = useState(0);
  const [animate, setAnimate] = useState(false);
  const [stopped, setStopped] = useState(false);
  const [hoverOrFocus, pauseHandlers] = useHoverOrFocus();
  const ref = useParallax<HTMLElement>(PARALLAX.banner);
  const onScreen = useOnScreen(ref);
  const count = slides.length;

  const go = (index: number): void => {
    setAnimate(true);
    setActive(((index % count) + count) % count);
  };

  useEffect(() => {
    if (stopped || hoverOrFocus || !onScreen || prefersReducedMotion()) return;
    const timer = window.setTimeout(() => {
      setAnimate(true);
      setActive((a) => (a + 1) % count);
    }, intervalMs);
    return () => window.clearTimeout(timer);
  }, [active, stopped, hoverOrFocus, onScreen, intervalMs, count]);

  return (
    <section
      ref={ref}
      className="hero"
      aria-roledescription="carousel"
      aria-label="Highlights"
      {...pauseHandlers}
    >
      {slides.map((slide, i) => {
        const isActive = i === active;
        const Large = i === 0 ? 'h1' : 'h2';
        return (
          <div
            key={slide.large}
            className={`hero-slide hero-slide--bg${slide.background}${isActive ? ' is-active' : ''}${isActive && animate ? ' is-animated' : ''}`}
            role="group"
            aria-roledescription="slide"
            aria-label={`${i + 1} of ${count}`}
            aria-hidden={!isActive}
            inert={!isActive}
            data-testid="hero-slide"
          >
            <div className="container hero-slide__content">
              <p className="hero-slide__small">{slide.small}</p>
              <Large className="hero-slide__large">{slide.large}</Large>
              <p className="hero-slide__sub">{slide.sub}</p>
              <ActionLink action={action} className="btn btn--primary hero-slide__button" />
            </div>
          </div>
        );
      })}
      <div className="hero__controls container">
        <button
          type="button"
          className="hero__arrow"
          aria-label="Previous slide"
          onClick={() => go(active - 1)}
        >
          <ArrowLeft />
        </button>
        <button
          type="button"
          className="hero__pause"
          aria-label={stopped ? 'Play slideshow' : 'Pause slideshow'}
          aria-pressed={stopped}
          onClick={() => setStopped((s) => !s)}
        >
          <span aria-hidden="true">{stopped ? '▶' : '❚❚'}</span>
        </button>
        <button
          type="button"
          className="hero__arrow"
          aria-label="Next slide"
          onClick={() => go(active + 1)}
        >
          <ArrowRight />
        </button>
        <span
          className="visually-hidden"
          aria-live="polite"
        >{`Slide ${active + 1} of ${count}`}</span>
      </div>
    </section>
  );
}
