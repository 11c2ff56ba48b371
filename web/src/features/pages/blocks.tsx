import { Fragment, type ReactNode } from 'react';
import type { BlockOf, PageBlock, PageContent } from '@agency/shared';
import { HeroBanner } from '../../components/sections/hero-banner';
import { FormBand } from '../../components/sections/section-shell';
import { ContactDetails } from './contact-details';
import { HeroCarousel } from '../home/hero-carousel';
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

/** The block types `Blocks` renders one by one; consecutive FAQ blocks it gathers into a group. */
type RenderedType = Exclude<PageBlock['type'], 'faq'>;

/** How a block of one type renders: its section component, given the block and its page. */
type Renderers = { [T in RenderedType]: (block: BlockOf<T>, page: PageParts) => ReactNode };

/**
 * Each block type with its section component. The heroes and the static text render with the page;
 * every other section's code loads when it comes into view (deferred-blocks.ts). A block type
 * declared in shared/src/page-blocks.ts without its entry here fails the type check.
 */
const renderers: Renderers = {
  hero: (block, page) => (
    <HeroBanner
      title={block.title}
      subtitle={block.subtitle}
      icon={block.icon}
      action={block.action}
      parallax={block.parallax}
      breadcrumb={page.breadcrumb.length > 0 ? page.breadcrumb : undefined}
    />
  ),
  heroCarousel: (block) => <HeroCarousel slides={block.slides} action={block.action} />,
  text: (block) => (
    <TwoColumnText
      heading={block.heading}
      paragraphs={block.paragraphs}
      bullets={block.bullets}
      actions={block.actions?.map((a) => a.action)}
      illustration={block.illustration}
      reverse={block.reverse}
      id={block.sectionId}
    />
  ),
  prose: (block) => <ProseBlock block={block} />,
  legal: (block) => <LegalBlock block={block} />,
  serviceBlocks: (block) => <ServiceBlocks block={block} />,
  serviceGrid: (block) => (
    <ServiceGrid
      heading={block.heading}
      intro={block.intro}
      items={block.items}
      finalCard={block.finalCard}
      action={block.action}
      id={block.sectionId}
    />
  ),
  benefitTabs: (block, page) => (
    <BenefitTabs
      heading={block.heading}
      intro={block.intro}
      items={block.tabs}
      orientation={block.orientation}
      contactAnchor={block.getInTouch ? page.enquiryAnchor : undefined}
      id={block.sectionId}
    />
  ),
  stepper: (block) => {
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
  },
  techList: (block) => (
    <TechList
      heading={block.heading}
      intro={block.intro}
      items={block.items}
      id={block.sectionId}
    />
  ),
  testimonials: (block) => (
    <Testimonials
      heading={block.heading}
      intro={block.intro}
      items={block.items}
      id={block.sectionId}
    />
  ),
  clients: (block) => (
    <ClientCarousel
      heading={block.heading}
      intro={block.intro}
      logos={block.logos}
      id={block.sectionId}
    />
  ),
  achievements: (block) => (
    <Achievements
      heading={block.heading}
      intro={block.intro}
      items={block.items}
      id={block.sectionId}
    />
  ),
  whyChooseUs: (block) => (
    <WhyChooseUs
      heading={block.heading}
      intro={block.intro}
      points={block.points}
      action={block.action}
      id={block.sectionId}
    />
  ),
  portfolioGallery: (block) => (
    <PortfolioGallery filters={block.filters} items={block.items} emptyText={block.emptyText} />
  ),
  portfolioCarousel: (block) => <PortfolioCarousel heading={block.heading} items={block.items} />,
  blogTeaser: (block) => <BlogTeaser heading={block.heading} />,
  cta: (block) => (
    <CtaBand
      title={block.title}
      text={block.text}
      action={block.action}
      parallax={block.parallax}
    />
  ),
  enquiryForm: (block) => (
    <FormBand>
      <EnquiryForm id={block.anchor} heading={block.heading} />
    </FormBand>
  ),
  contactDetails: (block) => <ContactDetails block={block} />,
};

/** One block with its section component: the type picks the entry, which takes that type's block. */
function renderBlock<T extends RenderedType>(
  type: T,
  block: BlockOf<T>,
  page: PageParts,
): ReactNode {
  return renderers[type](block, page);
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
        renderBlock(entry.type, entry, parts)
      );
    return (
      <Fragment key={entry.id}>
        {entry.reveal ? <div data-reveal>{section}</div> : section}
      </Fragment>
    );
  });
}
