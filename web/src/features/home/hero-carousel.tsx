import { useEffect, useRef } from 'react';
import { TIMINGS } from '@agency/shared';
import type { BlockOf } from '@agency/shared';
import { ArrowLeft, ArrowRight } from '../../components/icons';
import { ActionLink } from '../../components/sections/action-link';
import { driveHeroCarousel } from '../../page-script/hero-carousel';

type HeroCarouselBlock = BlockOf<'heroCarousel'>;

/**
 * Home hero: its slides, slide 1 first, advancing every 7 s and looping, with previous/next and a
 * pause button; autoplay also pauses while the hero is hovered, holds focus or is off screen. The
 * first slide is static in the server HTML; text animates (2000 ms headlines, 1000 ms subheading and
 * button) only when a slide becomes active later, so the first paint is final.
 *
 * This renders the HTML as it first shows; what it does is plain script (page-script/hero-carousel.ts),
 * which the public page's script runs on the server HTML (no React loads for it) and which this
 * component runs in the app (the admin's preview), again after each change of its slides.
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
  const ref = useRef<HTMLElement>(null);
  const count = slides.length;
  useEffect(() => {
    const section = ref.current;
    if (!section) return;
    const stop = new AbortController();
    driveHeroCarousel(section, intervalMs, stop.signal);
    return () => stop.abort();
  }, [slides, intervalMs]);

  return (
    <section ref={ref} className="hero" aria-roledescription="carousel" aria-label="Highlights">
      {slides.map((slide, i) => {
        const isActive = i === 0;
        const Large = i === 0 ? 'h1' : 'h2';
        return (
          <div
            key={slide.large}
            className={`hero-slide hero-slide--bg${slide.background}${isActive ? ' is-active' : ''}`}
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
        <button type="button" className="hero__arrow" aria-label="Previous slide">
          <ArrowLeft />
        </button>
        <button
          type="button"
          className="hero__pause"
          aria-label="Pause slideshow"
          aria-pressed={false}
        >
          <span aria-hidden="true">❚❚</span>
        </button>
        <button type="button" className="hero__arrow" aria-label="Next slide">
          <ArrowRight />
        </button>
        <span className="visually-hidden" aria-live="polite">{`Slide 1 of ${count}`}</span>
      </div>
    </section>
  );
}
