import { useKeenSlider, type KeenSliderOptions } from 'keen-slider/react';
import { useState } from 'react';
import 'keen-slider/keen-slider.min.css';
import { autoplay } from './carousel-autoplay';
import { SectionShell } from './section-shell';
import { SMALL_SCREEN_QUERY } from './use-media-query';
import './client-carousel.css';

/** Slide speed of the logo carousels (spec 001 §9). */
export const CLIENT_CAROUSEL_SPEED_MS = 1000;
/** Time each group of logos stays still before the next slides in. */
export const CLIENT_CAROUSEL_INTERVAL_MS = 3000;

export function chunk<T>(items: readonly T[], size: number): T[][] {
  const groups: T[][] = [];
  for (let i = 0; i < items.length; i += size) groups.push(items.slice(i, i + size));
  return groups;
}

/** A client's logo: its name (the image's alt text), file and pixel size. */
export interface ClientLogo {
  name: string;
  src: string;
  width: number;
  height: number;
}

interface LogoCarouselProps {
  logos: readonly ClientLogo[];
  /** 'desktop': groups of 6 in rows of 3; 'mobile': groups of 4 in rows of 2. */
  layout: 'desktop' | 'mobile';
}

function LogoCarousel({ logos, layout }: LogoCarouselProps) {
  const perSlide = layout === 'desktop' ? 6 : 4;
  const groups = chunk(logos, perSlide);
  // Each copy runs only at its own breakpoint; CSS hides the other one.
  const [options] = useState<KeenSliderOptions>(() =>
    layout === 'desktop'
      ? {
          loop: true,
          drag: true,
          defaultAnimation: { duration: CLIENT_CAROUSEL_SPEED_MS },
          breakpoints: { [SMALL_SCREEN_QUERY]: { disabled: true } },
        }
      : {
          loop: true,
          drag: true,
          disabled: true,
          defaultAnimation: { duration: CLIENT_CAROUSEL_SPEED_MS },
          breakpoints: { [SMALL_SCREEN_QUERY]: { disabled: false } },
        },
  );
  const [{ plugin, control }] = useState(() => autoplay(CLIENT_CAROUSEL_INTERVAL_MS));
  const [sliderRef] = useKeenSlider<HTMLDivElement>(options, [plugin]);
  const [paused, setPaused] = useState(false);

  return (
    <div className={`clients__carousel clients__carousel--${layout}`}>
      <div
        ref={sliderRef}
        className="keen-slider clients__track"
        aria-roledescription="carousel"
        aria-label="Client logos"
        role="region"
      >
        {groups.map((group, index) => (
          <div
            key={group.map((logo) => logo.name).join()}
            className="keen-slider__slide clients__slide"
            role="group"
            aria-roledescription="slide"
            aria-label={`${index + 1} of ${groups.length}`}
          >
            <ul className="clients__grid">
              {group.map((logo) => (
                <li key={logo.name}>
                  <img
                    src={logo.src}
                    alt={logo.name}
                    width={logo.width}
                    height={logo.height}
                    loading="lazy"
                    decoding="async"
                    draggable={false}
                  />
                </li>
              ))}
            </ul>
          </div>
        ))}
      </div>
      <button
        type="button"
        className="clients__pause"
        onClick={() => {
          control.setPaused(!paused);
          setPaused(!paused);
        }}
      >
        {paused ? 'Play logos' : 'Pause logos'}
      </button>
    </div>
  );
}

/**
 * "Our clients": the clients' logos sliding by in groups (looping, autoplay, 1000 ms, draggable, no
 * arrows or dots, paused on hover or focus). A desktop copy (rows of three) and a mobile copy (rows of
 * two) are both in the HTML with their height reserved; CSS shows one.
 */
export function ClientCarousel({
  heading = 'Our Clients',
  intro,
  id,
  logos,
}: {
  heading?: string;
  intro?: string;
  id?: string;
  logos: readonly ClientLogo[];
}) {
  return (
    <SectionShell heading={heading} intro={intro} id={id} className="clients">
      <LogoCarousel logos={logos} layout="desktop" />
      <LogoCarousel logos={logos} layout="mobile" />
    </SectionShell>
  );
}
