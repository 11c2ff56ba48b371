import dentpathPortal from '../assets/portfolio/dentpath-portal.svg?no-inline';
import greenleafHerbals from '../assets/portfolio/greenleaf-herbals.svg?no-inline';
import keystoneLocks from '../assets/portfolio/keystone-locks.svg?no-inline';
import type { PageMeta } from '../lib/page-meta';
import { pagePath } from '../config/pages';

export type PortfolioGroup = 'website' | 'webapp' | 'branding' | 'social';

export interface PortfolioItem {
  id: string;
  name: string;
  /** Label shown above the name. */
  category: string;
  group: PortfolioGroup;
  /** Technology / service line. */
  tech: string;
  thumb: { src: string; width: number; height: number };
  large: { src: string; width: number; height: number };
  alt: string;
}

/** The four filter links of the sentence, in reading order. */
export const portfolioFilters: { group: PortfolioGroup; label: string }[] = [
  { group: 'website', label: 'websites' },
  { group: 'webapp', label: 'web applications' },
  { group: 'branding', label: 'branding' },
  { group: 'social', label: 'social media advertising' },
];

/** One vector mock-up per project serves the card (600 × 420) and the lightbox (1200 × 840). */
const art = (src: string) => ({
  thumb: { src, width: 600, height: 420 },
  large: { src, width: 1200, height: 840 },
});

/** The three fixed portfolio items (spec 001 §2.5); the clients are fictional. */
export const portfolioItems: PortfolioItem[] = [
  {
    id: 'greenleaf',
    name: 'Greenleaf Herbals',
    category: 'Website & Social Media',
    group: 'website',
    tech: 'WordPress website · Social media campaigns',
    ...art(greenleafHerbals),
    alt: 'Greenleaf Herbals home page on a laptop, beside a sponsored social media post from its monsoon campaign on a phone',
  },
  {
    id: 'keystone',
    name: 'Keystone Locks Store',
    category: 'E-commerce Website',
    group: 'website',
    tech: 'WooCommerce store · Product SEO',
    ...art(keystoneLocks),
    alt: 'Smart locks listing of the Keystone Locks online store, with its product shown as a rich search result',
  },
  {
    id: 'dentpath',
    name: 'DentPath Admissions Portal',
    category: 'Web Application',
    group: 'webapp',
    tech: 'Laravel · React · MySQL',
    ...art(dentpathPortal),
    alt: 'DentPath admissions dashboard with application and seat charts, and its student app showing an allotted seat on a phone',
  },
];

export const portfolioPage = {
  heading: 'We let our work speak!',
  emptyText:
    'No projects in this group are on show yet. Ask us for case studies from our branding and social media work.',
};

export const portfolioMeta: PageMeta = {
  title: 'Portfolio – Websites, Web Apps & Branding Work | Alchem Digital',
  description:
    'Selected websites, e-commerce stores and web applications designed and built by Alchem Digital for clients in India and the USA.',
  path: pagePath('portfolio'),
  breadcrumb: [
    { name: 'Home', path: pagePath('home') },
    { name: 'Portfolio', path: pagePath('portfolio') },
  ],
};
