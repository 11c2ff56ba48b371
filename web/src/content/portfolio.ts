import type { PageMeta } from '../lib/page-meta';

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

const thumb = (n: number) => ({
  src: `/assets/img/portfolio/work-${n}-thumb.svg`,
  width: 600,
  height: 420,
});
const large = (n: number) => ({
  src: `/assets/img/portfolio/work-${n}-large.svg`,
  width: 1200,
  height: 840,
});

/** The three fixed portfolio items (spec 001 §2.5): placeholder client names. */
export const portfolioItems: PortfolioItem[] = [
  {
    id: 'greenleaf',
    name: 'Greenleaf Herbals',
    category: 'Website & Social Media',
    group: 'website',
    tech: 'WordPress website · Social media campaigns',
    thumb: thumb(1),
    large: large(1),
    alt: 'Home page of the Greenleaf Herbals website on a laptop and a phone',
  },
  {
    id: 'keystone',
    name: 'Keystone Locks Store',
    category: 'E-commerce Website',
    group: 'website',
    tech: 'WooCommerce store · Product SEO',
    thumb: thumb(2),
    large: large(2),
    alt: 'Product listing page of the Keystone Locks online store',
  },
  {
    id: 'dentpath',
    name: 'DentPath Admissions Portal',
    category: 'Web Application',
    group: 'webapp',
    tech: 'Laravel · React · MySQL',
    thumb: thumb(3),
    large: large(3),
    alt: 'Dashboard of the DentPath admissions counselling web application',
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
  path: '/portfolio',
  breadcrumb: [
    { name: 'Home', path: '/' },
    { name: 'Portfolio', path: '/portfolio' },
  ],
};
