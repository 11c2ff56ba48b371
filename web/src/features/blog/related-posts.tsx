import { useKeenSlider, type KeenSliderOptions } from 'keen-slider/react';
import { Link } from 'react-router';
import { excerpt, TIMINGS, type Post } from '@agency/shared';
import 'keen-slider/keen-slider.min.css';
import { RELATED_SIZES } from './image-sizes';
import { postPath } from './paths';
import { PostBanner } from './post-banner';

/** Spec 000 §9: 2 per view (1 under 450 px), 30 px apart, loop, no autoplay, no dots, arrows, 800 ms. */
export const RELATED_SLIDER_OPTIONS: KeenSliderOptions = {
  loop: true,
  slides: { perView: 2, spacing: 30 },
  breakpoints: { '(max-width: 449.98px)': { slides: { perView: 1, spacing: 30 } } },
  defaultAnimation: { duration: TIMINGS.carouselSpeedMs },
};

/** "You may also like this" carousel of other posts. */
export function RelatedPosts({ posts }: { posts: readonly Post[] }) {
  const [sliderRef, slider] = useKeenSlider<HTMLDivElement>(RELATED_SLIDER_OPTIONS);
  if (posts.length === 0) return null;
  return (
    <section className="related" aria-labelledby="related-title">
      <div className="related__head">
        <h2 id="related-title">You may also like this</h2>
        <div className="related__arrows">
          <button
            type="button"
            className="related__arrow related__arrow--prev"
            aria-label="Previous articles"
            onClick={() => slider.current?.prev()}
          >
            ‹
          </button>
          <button
            type="button"
            className="related__arrow related__arrow--next"
            aria-label="Next articles"
            onClick={() => slider.current?.next()}
          >
            ›
          </button>
        </div>
      </div>
      <div
        ref={sliderRef}
        className="keen-slider related__track"
        role="region"
        aria-roledescription="carousel"
        aria-label="Related articles"
      >
        {posts.map((p, i) => (
          // A slide is a group (the carousel pattern); <article> may not take that role.
          <div
            key={p.id}
            className="keen-slider__slide related__card"
            role="group"
            aria-roledescription="slide"
            aria-label={`${i + 1} of ${posts.length}`}
          >
            <PostBanner post={p} sizes={RELATED_SIZES} legacy={{ width: 400, height: 225 }} />
            <h3>
              <Link to={postPath(p.slug)}>{p.title}</Link>
            </h3>
            <p>{excerpt(p.content, 110)}</p>
          </div>
        ))}
      </div>
    </section>
  );
}
