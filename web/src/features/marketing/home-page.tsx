import { usePageMeta } from '../../lib/use-page-meta';
import { homeCta, homeHead, homeSections, homeServices } from '../../content/home';
import { HeroCarousel } from '../home/hero-carousel';
import {
  BlogTeaser,
  ClientCarousel,
  CtaBand,
  EnquiryForm,
  HomeFaq,
  HomePortfolioCarousel,
  HomeTestimonials,
  ServiceGrid,
} from './deferred-sections';
import { FormBand } from '../../components/sections/section-shell';
import { pagePath } from '../../config/pages';

/** Where the home page's call-to-action scrolls to. */
export const HOME_ENQUIRY_ID = 'home-enquiry';

const serviceItems = homeServices.items.map((s) => ({
  title: s.title,
  text: s.text,
  icon: s.icon,
  action: { label: 'Learn more', href: s.href, context: `about ${s.title}` },
}));
const allServices = { label: 'All services', href: pagePath('services') };
const ctaAction = { label: homeCta.action.label, scrollTo: HOME_ENQUIRY_ID };

/**
 * Home page (spec 001 §2.2): the hero, then the sections below the fold, each of whose code loads
 * when it comes into view.
 */
export default function HomePage() {
  usePageMeta(homeHead);
  return (
    <>
      <HeroCarousel />
      <div data-reveal>
        <ServiceGrid
          heading={homeServices.heading}
          intro={homeServices.intro}
          items={serviceItems}
          action={allServices}
        />
      </div>
      <HomePortfolioCarousel />
      <div data-reveal>
        <ClientCarousel heading={homeSections.clientsHeading} />
      </div>
      <HomeFaq />
      <CtaBand title={homeCta.title} text={homeCta.text} action={ctaAction} parallax={0.5} />
      <div data-reveal>
        <HomeTestimonials />
      </div>
      <BlogTeaser heading={homeSections.blogHeading} />
      <FormBand>
        <EnquiryForm id={HOME_ENQUIRY_ID} heading={homeSections.enquiryHeading} />
      </FormBand>
    </>
  );
}
