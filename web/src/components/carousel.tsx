import { useEffect, useId, useRef, useState, type CSSProperties, type ReactNode } from 'react';
import { useKeenSlider } from 'keen-slider/react';
import 'keen-slider/keen-slider.min.css';
import { prefersReducedMotion } from '../lib/motion';
import { ArrowLeft, ArrowRight } from './icons';
import { useHoverOrFocus } from '../lib/use-hover-focus';
import { useOnScreen } from '../lib/use-on-screen';

/** Slides per view from a minimum viewport width up (mobile first). Widths must be 450, 600 or 1000 so CSS can reserve the same layout before JS. */
export interface CarouselBreakpoint {
  minWidth: 450 | 600 | 1000;
  perView: number;
}

export interface CarouselProps {
  /** Accessible name of the carousel region. */
  label: string;
  slides: ReactNode[];
  /** Slides per view below the first breakpoint. */
  perView?: number;
  breakpoints?: CarouselBreakpoint[];
  /** Gap between slides in px. */
  spacing?: number;
  loop?: boolean;
  speedMs?: number;
  /** Advance every this many ms; pauses while hovered or focused. */
  autoplayMs?: number;
  arrows?: boolean;
  className?: string;
}

/**
 * Accessible keen-slider carousel. The server HTML already lays slides out at their final width
 * (classes per breakpoint), so nothing shifts when the slider takes over after hydration.
 */
export function Carousel({
  label,
  slides,
  perView = 1,
  breakpoints = [],
  spacing = 0,
  loop = true,
  speedMs = 800,
  autoplayMs,
  arrows = true,
  className,
}: CarouselProps) {
  const id = useId();
  const [paused, pauseHandlers] = useHoverOrFocus();
  const box = useRef<HTMLElement>(null);
  const onScreen = useOnScreen(box);
  const [current, setCurrent] = useState(0);
  const [ready, setReady] = useState(false);
  const [sliderRef, instanceRef] = useKeenSlider<HTMLDivElement>({
    loop,
    slides: { perView, spacing },
    breakpoints: Object.fromEntries(
      breakpoints.map((b) => [
        `(min-width: ${b.minWidth}px)`,
        { slides: { perView: b.perView, spacing } },
      ]),
    ),
    defaultAnimation: { duration: speedMs },
    created: () => setReady(true),
    slideChanged: (s) => setCurrent(s.track.details.rel),
  });

  useEffect(() => {
    if (!autoplayMs || paused || !onScreen || prefersReducedMotion()) return;
    const timer = window.setInterval(() => instanceRef.current?.next(), autoplayMs);
    return () => window.clearInterval(timer);
  }, [autoplayMs, paused, onScreen, instanceRef]);

  const classes = [
    'carousel',
    `carousel--pv-${perView}`,
    ...breakpoints.map((b) => `carousel--${b.minWidth}-${b.perView}`),
    className,
  ]
    .filter(Boolean)
    .join(' ');
  const style = { '--carousel-gap': `${spacing}px` } as CSSProperties;

  return (
    <section
      ref={box}
      className={classes}
      aria-roledescription="carousel"
      aria-label={label}
      style={style}
      {...pauseHandlers}
    >
      <div
        ref={sliderRef}
        className="keen-slider carousel__track"
        data-ready={ready || undefined}
        id={id}
        aria-live={autoplayMs && !paused ? 'off' : 'polite'}
      >
        {slides.map((slide, i) => (
          <div
            key={i}
            className="keen-slider__slide carousel__slide"
            role="group"
            aria-roledescription="slide"
            aria-label={`${i + 1} of ${slides.length}`}
          >
            {slide}
          </div>
        ))}
      </div>
      {arrows && slides.length > 1 && (
        <div className="carousel__arrows">
          <button
            type="button"
            className="carousel__arrow"
            aria-controls={id}
            aria-label="Previous slide"
            onClick={() => instanceRef.current?.prev()}
          >
            <ArrowLeft />
          </button>
          <span className="visually-hidden" aria-live="polite">
            {`Slide ${current + 1} of ${slides.length}`}
          </span>
          <button
            type="button"
            className="carousel__arrow"
            aria-controls={id}
            aria-label="Next slide"
            onClick={() => instanceRef.current?.next()}
          >
            <ArrowRight />
          </button>
        </div>
      )}
    </section>
  );
}
