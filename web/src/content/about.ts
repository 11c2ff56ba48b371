import type { PageMeta } from '../lib/page-meta';
import type { IconName } from '../components/sections/icons';
import { site } from '../config/site';
import { pagePath } from '../config/pages';

export const aboutPage = {
  title: 'About Us',
  subtitle: 'A small, senior team of designers, developers and marketers in Chennai and Chicago.',
  story: {
    heading: 'Our story',
    paragraphs: [
      `${site.name} started in ${site.foundedYear} as two developers building websites for neighbourhood businesses in Chennai. Word spread, the projects grew, and so did the team.`,
      'Today our Chennai studio and our Chicago office work as one team across time zones, so clients in India and the USA get progress while they sleep and a familiar voice when they call.',
      'In more than 10 years we have branded start-ups, built e-commerce stores and SaaS products, and run marketing campaigns for herbal-product makers, clinics, retailers and education companies.',
    ],
  },
  principles: {
    heading: 'How we work',
    items: [
      {
        title: 'Listen first',
        text: 'Every project starts with your goals, customers and numbers, not with a template.',
        icon: 'users',
      },
      {
        title: 'Build it right',
        text: 'Clean code, fast pages and accessible design, tested on real devices before launch.',
        icon: 'shield',
      },
      {
        title: 'Measure and improve',
        text: 'We track what matters after launch and keep improving what works.',
        icon: 'chart',
      },
    ] satisfies { title: string; text: string; icon: IconName }[],
  },
  technologies: {
    heading: 'Technologies we use',
    intro: 'Proven tools we know inside out.',
    items: [
      'WordPress',
      'WooCommerce',
      'Magento',
      'Core PHP',
      'Laravel',
      'Python (Django)',
      'React Js',
      'MySQL',
      'Google Ads',
      'Google Analytics',
    ],
  },
  clientele: {
    heading: 'Our clientele',
    text: 'From founders launching their first product to established brands entering new markets, in health, retail, education, manufacturing and professional services.',
  },
};

export const aboutMeta: PageMeta = {
  title: `About ${site.name} – Our Story, Approach and Team`,
  description: `Meet ${site.name}: a web development and digital marketing agency in Chennai and Chicago with more than 10 years of experience. Our story, how we work and the technologies we use.`,
  path: pagePath('about'),
  breadcrumb: [
    { name: 'Home', path: pagePath('home') },
    { name: 'About Us', path: pagePath('about') },
  ],
};
