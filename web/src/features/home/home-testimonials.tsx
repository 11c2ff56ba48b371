import { Testimonials } from '../../components/sections/testimonials';
import { homeSections } from '../../content/home';
import { testimonials } from '../../content/testimonials';

/** The home page's five testimonials; their text comes with this chunk, not with the page's. */
export function HomeTestimonials() {
  return <Testimonials heading={homeSections.testimonialsHeading} items={testimonials} />;
}
