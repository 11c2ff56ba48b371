import { Fragment, use } from 'react';
import { Navigate, useLocation } from 'react-router';
import { HeroBanner } from '../../components/sections/hero-banner';
import {
  isServiceLanding,
  loadedServiceLanding,
  loadServiceLanding,
} from '../../content/services/load';
import type { ServiceLandingContent, ServiceSection } from '../../content/services/types';
import {
  Achievements,
  BenefitTabs,
  ClientCarousel,
  CtaBand,
  EnquiryForm,
  FaqAccordion,
  ProcessStepper,
  ServiceGrid,
  TechList,
  TwoColumnText,
  WhyChooseUs,
} from './deferred-sections';
import { FormBand } from '../../components/sections/section-shell';
import { NOT_FOUND_PATH } from '../../config/pages';

/** One section of a landing page: the hero renders with the page, each later kind's code loads when it comes into view. */
function renderSection(section: ServiceSection, content: ServiceLandingContent) {
  switch (section.kind) {
    case 'hero':
      return (
        <HeroBanner
          title={section.title}
          subtitle={section.subtitle}
          icon={section.icon}
          action={section.action}
          parallax={section.parallax}
          breadcrumb={content.meta.breadcrumb}
        />
      );
    case 'text':
      return (
        <TwoColumnText
          heading={section.heading}
          paragraphs={section.paragraphs}
          bullets={section.bullets}
          actions={section.actions}
          illustration={section.illustration}
          reverse={section.reverse}
        />
      );
    case 'benefitTabs':
      return (
        <BenefitTabs
          heading={section.heading}
          intro={section.intro}
          items={section.tabs}
          orientation={section.orientation}
          contactAnchor={section.getInTouch ? content.contactAnchor : undefined}
        />
      );
    case 'serviceTabs':
      return <BenefitTabs heading={section.heading} intro={section.intro} items={section.tabs} />;
    case 'stepper':
      return (
        <ProcessStepper
          heading={section.heading}
          intro={section.intro}
          steps={section.steps}
          mobileTitles={section.mobileTitles}
        />
      );
    case 'serviceGrid':
      return (
        <ServiceGrid
          heading={section.heading}
          intro={section.intro}
          items={section.items}
          finalCard={section.finalCard}
          action={section.action}
        />
      );
    case 'cta':
      return (
        <CtaBand
          title={section.title}
          text={section.text}
          action={section.action}
          parallax={section.parallax}
        />
      );
    case 'techList':
      return <TechList heading={section.heading} intro={section.intro} items={section.items} />;
    case 'faq':
      return <FaqAccordion heading={section.heading} items={section.items} />;
    case 'clients':
      return <ClientCarousel heading={section.heading} intro={section.intro} />;
    case 'achievements':
      return <Achievements heading={section.heading} intro={section.intro} items={section.items} />;
    case 'whyChooseUs':
      return (
        <WhyChooseUs
          heading={section.heading}
          intro={section.intro}
          points={section.points}
          action={section.action}
        />
      );
  }
}

/** A service landing page from its content: the hero, every section in order, then the enquiry form. */
export function ServiceLanding({ content }: { content: ServiceLandingContent }) {
  return (
    <div className="service-landing">
      {content.sections.map((section, index) => (
        // Sections are fixed data and never reorder, so the position is a stable key.
        <Fragment key={`${section.kind}-${index}`}>{renderSection(section, content)}</Fragment>
      ))}
      <FormBand>
        <EnquiryForm id={content.contactAnchor} page={content.meta.path} />
      </FormBand>
    </div>
  );
}

/**
 * The content of the landing page at a path, or undefined for any other path. Each page's content is
 * its own chunk: preloaded before hydration, or suspending until it arrives on a client navigation.
 */
export function useServiceLanding(pathname: string): ServiceLandingContent | undefined {
  if (!isServiceLanding(pathname)) return undefined;
  return loadedServiceLanding(pathname) ?? use(loadServiceLanding(pathname));
}

/** The landing page of the current path. */
export default function ServiceLandingPage() {
  const { pathname } = useLocation();
  const content = useServiceLanding(pathname);
  if (!content) return <Navigate to={NOT_FOUND_PATH} replace />;
  return <ServiceLanding content={content} />;
}
