import { deferred } from '../../lib/deferred';
import { usePageMeta } from '../../lib/use-page-meta';
import { HeroBanner } from '../../components/sections/hero-banner';
import { aboutMeta, aboutPage } from '../../content/about';

const AboutSections = deferred('about', () => import('./about-sections'));

/** About page (spec 001 §2.3): story, three principles, technologies, clientele. */
export default function AboutPage() {
  usePageMeta(aboutMeta);
  return (
    <>
      <HeroBanner
        title={aboutPage.title}
        subtitle={aboutPage.subtitle}
        breadcrumb={aboutMeta.breadcrumb}
        parallax={0.5}
      />
      <AboutSections />
    </>
  );
}
