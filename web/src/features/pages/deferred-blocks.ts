/**
 * The block sections below the fold, deferred (lib/deferred.tsx): each renders in full on the server,
 * and its code is fetched and hydrated when that section comes into view (or at the visitor's first
 * input). The block renderer uses these for every block but the heroes, the prose and the contact
 * details; a section type's chunk is shared by every page that shows it, and a page without that
 * type (most pages have no legal document or services blocks) never loads its code.
 */
import { deferred } from '../../lib/deferred';

export const Achievements = deferred('achievements', () =>
  import('../../components/sections/achievements').then((m) => ({ default: m.Achievements })),
);
export const BenefitTabs = deferred('benefit-tabs', () =>
  import('../../components/sections/benefit-tabs').then((m) => ({ default: m.BenefitTabs })),
);
export const ClientCarousel = deferred('client-carousel', () =>
  import('../../components/sections/client-carousel').then((m) => ({ default: m.ClientCarousel })),
);
export const CtaBand = deferred('cta-band', () =>
  import('../../components/sections/cta-band').then((m) => ({ default: m.CtaBand })),
);
export const FaqAccordion = deferred('faq-accordion', () =>
  import('../../components/sections/faq-accordion').then((m) => ({ default: m.FaqAccordion })),
);
export const ProcessStepper = deferred('process-stepper', () =>
  import('../../components/sections/process-stepper').then((m) => ({ default: m.ProcessStepper })),
);
export const ServiceGrid = deferred('service-grid', () =>
  import('../../components/sections/service-grid').then((m) => ({ default: m.ServiceGrid })),
);
export const TechList = deferred('tech-list', () =>
  import('../../components/sections/tech-list').then((m) => ({ default: m.TechList })),
);
export const Testimonials = deferred('testimonials', () =>
  import('../../components/sections/testimonials').then((m) => ({ default: m.Testimonials })),
);
export const TwoColumnText = deferred('two-column-text', () =>
  import('../../components/sections/two-column-text').then((m) => ({ default: m.TwoColumnText })),
);
export const WhyChooseUs = deferred('why-choose-us', () =>
  import('../../components/sections/why-choose-us').then((m) => ({ default: m.WhyChooseUs })),
);
export const EnquiryForm = deferred('enquiry-form', () => import('../enquiry/enquiry-form'));
export const BlogTeaser = deferred('blog-teaser', () =>
  import('../home/blog-teaser').then((m) => ({ default: m.BlogTeaser })),
);
export const PortfolioGallery = deferred('portfolio-gallery', () =>
  import('../portfolio/portfolio-gallery').then((m) => ({ default: m.PortfolioGallery })),
);
export const OfficeMap = deferred('office-map', () =>
  import('../contact/office-map').then((m) => ({ default: m.OfficeMap })),
);
export const PortfolioCarousel = deferred('portfolio-carousel', () =>
  import('../home/home-portfolio').then((m) => ({ default: m.HomePortfolioCarousel })),
);
export const FaqGroup = deferred('faq-group', () =>
  import('./faq-group').then((m) => ({ default: m.FaqGroup })),
);
export const LegalBlock = deferred('legal', () =>
  import('./legal-block').then((m) => ({ default: m.LegalBlock })),
);
export const ServiceBlocks = deferred('service-blocks', () =>
  import('./service-blocks').then((m) => ({ default: m.ServiceBlocks })),
);
