import type { Achievement } from '../../components/sections/achievements';
import type { SectionAction } from '../../components/sections/action-link';
import type { FaqItem } from '../../components/sections/faq-accordion';
import type { IconName } from '../../components/sections/icons';
import type { ProcessStep } from '../../components/sections/process-stepper';
import type { FinalCard, ServiceCard } from '../../components/sections/service-grid';
import type { TabCard, TabItem } from '../../components/sections/benefit-tabs';
import type { WhyPoint } from '../../components/sections/why-choose-us';
import type { PageMeta } from '../../lib/page-meta';
import { pagePath } from '../../config/pages';

/** The sections a service landing page is made of, in page order; `kind` picks the component. */
export type ServiceSection =
  | {
      kind: 'hero';
      title: string;
      subtitle?: string;
      icon?: IconName;
      action?: SectionAction;
      parallax: number;
    }
  | {
      kind: 'text';
      heading: string;
      paragraphs: string[];
      bullets?: string[];
      actions?: SectionAction[];
      illustration?: IconName;
      reverse?: boolean;
    }
  | {
      kind: 'benefitTabs';
      heading: string;
      intro?: string;
      tabs: TabItem[];
      orientation?: 'horizontal' | 'vertical';
      /** Each panel ends with a "Get in touch" link to the page's contact anchor. */
      getInTouch?: boolean;
    }
  /** Tabs whose panels are grids of cards (YouTube: organic promotion / paid media formats). */
  | {
      kind: 'serviceTabs';
      heading: string;
      intro?: string;
      tabs: (TabItem & { cards: TabCard[] })[];
    }
  | {
      kind: 'stepper';
      heading: string;
      intro?: string;
      steps: ProcessStep[];
      mobileTitles?: Partial<Record<number, string>>;
    }
  | {
      kind: 'serviceGrid';
      heading: string;
      intro?: string;
      items: ServiceCard[];
      finalCard?: FinalCard;
      action?: SectionAction;
    }
  | { kind: 'cta'; title: string; text?: string; action: SectionAction; parallax: number }
  | { kind: 'techList'; heading: string; intro?: string; items: string[] }
  | { kind: 'faq'; heading: string; items: FaqItem[] }
  | { kind: 'clients'; heading: string; intro?: string }
  | { kind: 'achievements'; heading: string; intro?: string; items: Achievement[] }
  | {
      kind: 'whyChooseUs';
      heading: string;
      intro?: string;
      points: WhyPoint[];
      action?: SectionAction;
    };

export type SectionKind = ServiceSection['kind'];

/** One service landing page: its head metadata, the id of its enquiry form and its sections. */
export interface ServiceLandingContent {
  meta: PageMeta & { breadcrumb: { name: string; path: string }[] };
  /** Id of the enquiry form at the end of the page; every "Get in touch" / scroll button targets it. */
  contactAnchor: string;
  sections: ServiceSection[];
}

/** The head of a landing page: kept apart from its sections so a route table can import it alone. */
export interface LandingHead {
  path: string;
  /** Short page name for the breadcrumb. */
  name: string;
  title: string;
  description: string;
  keywords?: string;
}

/** A page's metadata without the FAQ: what the browser needs to update the document head. */
export function headMeta({
  path,
  name,
  title,
  description,
  keywords,
}: LandingHead): ServiceLandingContent['meta'] {
  return {
    title,
    description,
    path,
    type: 'website',
    ...(keywords ? { keywords } : {}),
    breadcrumb: [
      { name: 'Home', path: pagePath('home') },
      { name: 'Services', path: pagePath('services') },
      { name, path },
    ],
  };
}

/**
 * Builds a landing page's content, deriving the parts of its metadata that repeat the page: the
 * FAQPage JSON-LD from its FAQ section and the breadcrumb Home › Services › page.
 */
export function defineLanding(
  head: LandingHead,
  { contactAnchor, sections }: { contactAnchor: string; sections: ServiceSection[] },
): ServiceLandingContent {
  const faq = sections.flatMap((section) => (section.kind === 'faq' ? section.items : []));
  return {
    meta: { ...headMeta(head), ...(faq.length > 0 ? { faq } : {}) },
    contactAnchor,
    sections,
  };
}
