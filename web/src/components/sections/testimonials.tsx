import { useKeenSlider, type KeenSliderInstance, type KeenSliderOptions } from 'keen-slider/react';
import { useState } from 'react';
import 'keen-slider/keen-slider.min.css';
import { SectionShell } from './section-shell';
import './testimonials.css';

export interface Testimonial {
  clientName: string;
  /** Role and company. */
  clientDesc: string;
  content: string;
}

export interface TestimonialsProps {
  items: Testimonial[];
  heading?: string;
  intro?: string;
  id?: string;
}

/** A previous / next button: a chevron drawn by `path`. */
function Arrow({ label, path, onClick }: { label: string; path: string; onClick: () => void }) {
  return (
    <button type="button" className="testimonials__arrow" aria-label={label} onClick={onClick}>
      <svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path d={path} fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      </svg>
    </button>
  );
}

/** Auto height: the track takes the height of the quote on show. */
function fitHeight(slider: KeenSliderInstance): void {
  const slide = slider.slides[slider.track.details.rel];
  if (slide) slider.container.style.height = `${slide.scrollHeight}px`;
}

/** Testimonial carousel (spec 001 §9): one at a time, looping, no autoplay, arrows, 1000 ms slides, height following the shown quote. */
export function Testimonials({
  items,
  heading = 'What our clients say',
  intro,
  id,
}: TestimonialsProps) {
  const [current, setCurrent] = useState(0);
  // Created once: useKeenSlider re-applies options whenever their identity changes.
  const [options] = useState<KeenSliderOptions>(() => ({
    loop: true,
    defaultAnimation: { duration: 1000 },
    created: fitHeight,
    slideChanged(s) {
      setCurrent(s.track.details.rel);
      fitHeight(s);
    },
  }));
  const [sliderRef, slider] = useKeenSlider<HTMLDivElement>(options);

  return (
    <SectionShell heading={heading} intro={intro} id={id} className="testimonials">
      <div
        className="testimonials__frame"
        role="region"
        aria-roledescription="carousel"
        aria-label="Testimonial slides"
      >
        <div ref={sliderRef} className="keen-slider testimonials__track">
          {items.map((item, index) => (
            <div
              key={item.clientName}
              className="keen-slider__slide testimonials__slide"
              role="group"
              aria-roledescription="slide"
              aria-label={`${index + 1} of ${items.length}`}
              aria-hidden={index !== current}
            >
              {/* The slide is the group (a figure may not take that role); the quote is the figure. */}
              <figure className="testimonials__figure">
                <blockquote className="testimonials__quote">
                  <p>{item.content}</p>
                </blockquote>
                <figcaption>
                  <strong className="testimonials__name">{item.clientName}</strong>
                  <span className="testimonials__desc">{item.clientDesc}</span>
                </figcaption>
              </figure>
            </div>
          ))}
        </div>
        {items.length > 1 && (
          <div className="testimonials__arrows">
            <Arrow
              label="Previous testimonial"
              path="M15 5l-7 7 7 7"
              onClick={() => slider.current?.prev()}
            />
            <Arrow
              label="Next testimonial"
              path="M9 5l7 7-7 7"
              onClick={() => slider.current?.next()}
            />
          </div>
        )}
      </div>
    </SectionShell>
  );
}
