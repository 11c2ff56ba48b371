import { Fragment, type ReactNode } from 'react';
import type { BlockOf, PageBlock, PageContent } from '@agency/shared';
import { HeroBanner } from '../../components/sections/hero-banner';
import { FormBand } from '../../components/sections/section-shell';
import { HeroCarousel } from '../home/hero-carousel';
import { ContactDetails } from './contact-details';
import {
  Achievements,
  BenefitTabs,
  BlogTeaser,
  ClientCarousel,
  CtaBand,
  EnquiryForm,
  FaqAccordion,
  FaqGroup,
  LegalBlock,
  PortfolioCarousel,
  PortfolioGallery,
  ProcessStepper,
  ServiceBlocks,
  ServiceGrid,
  TechList,
  Testimonials,
  TwoColumnText,
  WhyChooseUs,
} from './deferred-blocks';
import { ProseBlock } from './prose-block';

/** What a block needs from its page besides its own fields. */
interface PageParts {
  breadcrumb: PageContent['breadcrumb'];
  /** The id of the page's enquiry form, where "Get in touch" links lead. */
  enquiryAnchor: string | undefined;
}

/**
 * One block with its section component. The heroes and the static text render with the page;
 * every other section's code loads when it comes into view (deferred-blocks.ts).
 */
function renderBlock(block: Exclude<PageBlock, BlockOf<'faq'>>, page: PageParts): ReactNode {
  switch (block.type) {
    case 'hero':
      return (
        <HeroBanner
          title={block.title}
          subtitle={block.subtitle}
          icon={block.icon}
          action={block.action}
          parallax={block.parallax}
          breadcrumb={page.breadcrumb.length > 0 ? page.breadcrumb : undefined}
        />
      );
    case 'heroCarousel':
      return <HeroCarousel slides={block.slides} action={block.action} />;
    case 'text':
      return (
        <TwoColumnText
          heading={block.heading}
          paragraphs={block.paragraphs}
          bullets={block.bullets}
          actions={block.actions?.map((a) => a.action)}
          illustration={block.illustration}
          reverse={block.reverse}
          id={block.sectionId}
        />
      );
    case 'prose':
      return <ProseBlock block={block} />;
    case 'legal':
      return <LegalBlock block={block} />;
    case 'serviceBlocks':
      return <ServiceBlocks block={block} />;
    case 'serviceGrid':
      return (
        <ServiceGrid
          heading={block.heading}
          intro={block.intro}
          items={block.items}
          finalCard={block.finalCard}
          action={block.action}
          id={block.sectionId}
        />
      );
    case 'benefitTabs':
      return (
        <BenefitTabs
          heading={block.heading}
          intro={block.intro}
          items={block.tabs}
          orientation={block.orientation}
          contactAnchor={block.getInTouch ? page.enquiryAnchor : undefined}
          id={block.sectionId}
        />
      );
    case 'stepper': {
      const mobileTitles = Object.fromEntries(
        block.steps.flatMap((s, i) => (s.mobileTitle ? [[i + 1, s.mobileTitle]] : [])),
      );
      return (
        <ProcessStepper
          heading={block.heading}
          intro={block.intro}
          steps={block.steps}
          mobileTitles={Object.keys(mobileTitles).length > 0 ? mobileTitles : undefined}
          id={block.sectionId}
        />
      );
    }
    case 'techList':
      return (
        <TechList
          heading={block.heading}
          intro={block.intro}
          items={block.items}
          id={block.sectionId}
        />
      );
    case 'testimonials':
      return (
        <Testimonials
          heading={block.heading}
          intro={block.intro}
          items={block.items}
          id={block.sectionId}
        />
      );
    case 'clients':
      return (
        <ClientCarousel
          heading={block.heading}
          intro={block.intro}
          logos={block.logos}
          id={block.sectionId}
        />
      );
    case 'achievements':
      return (
        <Achievements
          heading={block.heading}
          intro={block.intro}
          items={block.items}
          id={block.sectionId}
        />
      );
    case 'whyChooseUs':
      return (
        <WhyChooseUs
          heading={block.heading}
          intro={block.intro}
          points={block.points}
          action={block.action}
          id={block.sectionId}
        />
      );
    case 'portfolioGallery':
      return (
        <PortfolioGallery filters={block.filters} items={block.items} emptyText={block.emptyText} />
      );
    case 'portfolioCarousel':
      return <PortfolioCarousel heading={block.heading} items={block.items} />;
    case 'blogTeaser':
      return <BlogTeaser heading={block.heading} />;
    case 'cta':
      return (
        <CtaBand
          title={block.title}
          text={block.text}
          action={block.action}
          parallax={block.parallax}
        />
      );
    case 'enquiryForm':
      return (
        <FormBand>
          <EnquiryForm id={block.anchor} heading={block.heading} />
        </FormBand>
      );
    case 'contactDetails':
      return <ContactDetails block={block} />;
    default: {
      // A block type declared in shared/src/page-blocks.ts without its case here fails the type check.
      const unknown: never = block;
      return unknown;
    }
  }
}

/** Visible blocks in order, FAQ blocks that follow each other gathered into one group. */
function groupBlocks(blocks: readonly PageBlock[]): (PageBlock | BlockOf<'faq'>[])[] {
  const out: (PageBlock | BlockOf<'faq'>[])[] = [];
  for (const block of blocks) {
    if (block.hidden) continue;
    const last = out.at(-1);
    if (block.type !== 'faq') out.push(block);
    else if (Array.isArray(last)) last.push(block);
    else if (last && !Array.isArray(last) && last.type === 'faq')
      out[out.length - 1] = [last, block];
    else out.push(block);
  }
  return out;
}

/** A page's visible blocks, in order, each with its section component. */
export function Blocks({ page }: { page: PageContent }) {
  const parts: PageParts = {
    breadcrumb: page.breadcrumb,
    enquiryAnchor: page.blocks.find(
      (b): b is BlockOf<'enquiryForm'> => b.type === 'enquiryForm' && !b.hidden,
    )?.anchor,
  };
  return groupBlocks(page.blocks).map((entry) => {
    if (Array.isArray(entry)) return <FaqGroup key={entry[0]?.id} blocks={entry} />;
    const section =
      entry.type === 'faq' ? (
        <FaqAccordion heading={entry.heading} items={entry.items} id={entry.sectionId} />
      ) : (
        renderBlock(entry, parts)
      );
    return (
      <Fragment key={entry.id}>
        {entry.reveal ? <div data-reveal>{section}</div> : section}
      </Fragment>
    );
  });
}
