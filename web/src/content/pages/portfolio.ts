import { portfolioProjects } from './shared-assets';
import type { SeedPage } from './types';

/** The portfolio. */
export const portfolioPage: SeedPage = {
  path: '/portfolio',
  title: 'Portfolio – Websites, Web Apps & Branding | Alchem Digital',
  description:
    'Selected websites, e-commerce stores and web applications designed and built by Alchem Digital for clients in India and the USA.',
  breadcrumb: [
    {
      name: 'Home',
      path: '/',
    },
    {
      name: 'Portfolio',
      path: '/portfolio',
    },
  ],
  blocks: [
    {
      type: 'hero',
      id: 'hero',
      title: 'We let our work speak!',
      parallax: 0.5,
    },
    {
      type: 'portfolioGallery',
      id: 'gallery',
      filters: [
        {
          group: 'website',
          label: 'websites',
        },
        {
          group: 'webapp',
          label: 'web applications',
        },
        {
          group: 'branding',
          label: 'branding',
        },
        {
          group: 'social',
          label: 'social media advertising',
        },
      ],
      items: portfolioProjects,
      emptyText:
        'No projects in this group are on show yet. Ask us for case studies from our branding and social media work.',
    },
    {
      type: 'cta',
      id: 'cta',
      title: 'Want results like these?',
      text: 'Tell us about your project. We call back within 12 hours.',
      action: {
        label: 'Start a project',
        href: '/contact',
      },
      parallax: 0.5,
    },
  ],
};
