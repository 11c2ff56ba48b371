/**
 * The block sections below the fold. Each renders in full on the server. The interactive ones are
 * islands (islands/registry.ts): on a public page each hydrates alone when it is needed. The others
 * are deferred parts whose code only the app loads (the admin's preview): on a public page they stay
 * the server's HTML. A section type's chunk is shared by every page that shows it, and a page
 * without that type never loads its code.
 */
import type { ComponentProps } from 'react';
import { deferred, island } from '../../lib/deferred';
import type { BenefitTabs as BenefitTabsC } from '../../components/sections/benefit-tabs';
import type { ClientCarousel as ClientCarouselC } from '../../components/sections/client-carousel';
import type { ProcessStepper as ProcessStepperC } from '../../components/sections/process-stepper';
import type { Testimonials as TestimonialsC } from '../../components/sections/testimonials';
import type EnquiryFormC from '../enquiry/enquiry-form';
import type { BlogTeaser as BlogTeaserC } from '../home/blog-teaser';
import type { PortfolioGallery as PortfolioGalleryC } from '../portfolio/portfolio-gallery';
import type { OfficeMap as OfficeMapC } from '../contact/office-map';
import type { HomePortfolioCarousel as PortfolioCarouselC } from '../home/home-portfolio';

export const Achievements = deferred('achievements', () =>
  import('../../components/sections/achievements').then((m) => ({ default: m.Achievements })),
);
export const BenefitTabs = island<ComponentProps<typeof BenefitTabsC>>('benefit-tabs');
export const ClientCarousel = island<ComponentProps<typeof ClientCarouselC>>('client-carousel');
export const CtaBand = deferred('cta-band', () =>
  import('../../components/sections/cta-band').then((m) => ({ default: m.CtaBand })),
);
// The FAQ opens and closes with the browser's own <details>: no island.
export const FaqAccordion = deferred('faq-accordion', () =>
  import('../../components/sections/faq-accordion').then((m) => ({ default: m.FaqAccordion })),
);
export const ProcessStepper = island<ComponentProps<typeof ProcessStepperC>>('process-stepper');
export const ServiceGrid = deferred('service-grid', () =>
  import('../../components/sections/service-grid').then((m) => ({ default: m.ServiceGrid })),
);
export const TechList = deferred('tech-list', () =>
  import('../../components/sections/tech-list').then((m) => ({ default: m.TechList })),
);
export const Testimonials = island<ComponentProps<typeof TestimonialsC>>('testimonials');
export const TwoColumnText = deferred('two-column-text', () =>
  import('../../components/sections/two-column-text').then((m) => ({ default: m.TwoColumnText })),
);
export const WhyChooseUs = deferred('why-choose-us', () =>
  import('../../components/sections/why-choose-us').then((m) => ({ default: m.WhyChooseUs })),
);
export const EnquiryForm = island<ComponentProps<typeof EnquiryFormC>>('enquiry-form');
export const BlogTeaser = island<ComponentProps<typeof BlogTeaserC>>('blog-teaser');
export const PortfolioGallery =
  island<ComponentProps<typeof PortfolioGalleryC>>('portfolio-gallery');
export const OfficeMap = island<ComponentProps<typeof OfficeMapC>>('office-map');
export const PortfolioCarousel =
  island<ComponentProps<typeof PortfolioCarouselC>>('portfolio-carousel');
export const FaqGroup = deferred('faq-group', () =>
  import('./faq-group').then((m) => ({ default: m.FaqGroup })),
);
export const LegalBlock = deferred('legal', () =>
  import('./legal-block').then((m) => ({ default: m.LegalBlock })),
);
export const ServiceBlocks = deferred('service-blocks', () =>
  import('./service-blocks').then((m) => ({ default: m.ServiceBlocks })),
);
