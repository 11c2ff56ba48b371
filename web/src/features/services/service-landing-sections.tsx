import { Fragment } from 'react';
import { Achievements } from '../../components/sections/achievements';
import { BenefitTabs } from '../../components/sections/benefit-tabs';
import { ClientCarousel } from '../../components/sections/client-carousel';
import { CtaBand } from '../../components/sections/cta-band';
import { FaqAccordion } from '../../components/sections/faq-accordion';
import { ProcessStepper } from '../../components/sections/process-stepper';
import { ServiceGrid } from '../../components/sections/service-grid';
import { TechList } from '../../components/sections/tech-list';
import { TwoColumnText } from '../../components/sections/two-column-text';
import { WhyChooseUs } from '../../components/sections/why-choose-us';
import type { ServiceLandingContent, ServiceSection } from '../../content/services/types';
import EnquiryForm from '../enquiry/enquiry-form';

/** A section after the hero (the hero renders with the page, ahead of the deferred rest). */
function renderSection(section: ServiceSection, content: ServiceLandingContent) {
  switch (section.kind) {
    case 'hero':
      return null;
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

/** Every section of a landing page after its hero, in order, then the shared enquiry form. */
export default function ServiceLandingSections({ content }: { content: ServiceLandingContent }) {
  return (
    <>
      {content.sections.map((section, index) => (
        // Sections are fixed data and never reorder, so the position is a stable key.
        <Fragment key={`${section.kind}-${index}`}>{renderSection(section, content)}</Fragment>
      ))}
      <EnquiryForm id={content.contactAnchor} page={content.meta.path} />
    </>
  );
}
