import { deferred } from '../../lib/deferred';
import { usePageMeta } from '../../lib/use-page-meta';
import { homeMeta } from '../../content/home';
import { HeroCarousel } from '../home/hero-carousel';

const HomeSections = deferred('home', () => import('../home/home-sections'));

/** Home page (spec 001 §2.2): the hero, then the rest of the page, whose code loads when it is seen. */
export default function HomePage() {
  usePageMeta(homeMeta);
  return (
    <>
      <HeroCarousel />
      <HomeSections />
    </>
  );
}
