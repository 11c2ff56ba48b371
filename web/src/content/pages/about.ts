import { clientLogos } from './shared-assets';
import type { SeedPage } from './types';

/** The about page. */
export const aboutPage: SeedPage = {
  path: '/about',
  title: 'About Alchem Digital – Our Story, Approach and Team',
  description:
    'Meet Alchem Digital, a web and digital marketing agency in Chennai and Chicago for over 10 years: our story, how we work and the technologies we use.',
  breadcrumb: [
    {
      name: 'Home',
      path: '/',
    },
    {
      name: 'About Us',
      path: '/about',
    },
  ],
  blocks: [
    {
      type: 'hero',
      id: 'hero',
      title: 'About Us',
      subtitle:
        'A small, senior team of designers, developers and marketers in Chennai and Chicago.',
      parallax: 0.5,
    },
    {
      type: 'prose',
      id: 'story',
      reveal: true,
      heading: 'Our story',
      body: '<p>Alchem Digital started in 2011 as two developers building websites for neighbourhood businesses in Chennai. Word spread, the projects grew, and so did the team.</p><p>Today our Chennai studio and our Chicago office work as one team across time zones, so clients in India and the USA get progress while they sleep and a familiar voice when they call.</p><p>In more than 10 years we have branded start-ups, built e-commerce stores and SaaS products, and run marketing campaigns for herbal-product makers, clinics, retailers and education companies.</p>',
      variant: 'story',
    },
    {
      type: 'serviceGrid',
      id: 'principles',
      reveal: true,
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
      ],
    },
    {
      type: 'techList',
      id: 'technologies',
      reveal: true,
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
    {
      type: 'clients',
      id: 'clients',
      reveal: true,
      heading: 'Our clientele',
      intro:
        'From founders launching their first product to established brands entering new markets, in health, retail, education, manufacturing and professional services.',
      logos: clientLogos,
    },
    {
      type: 'cta',
      id: 'cta',
      title: 'Let’s build something together',
      text: 'We call back within 12 hours.',
      action: {
        label: 'Contact us',
        href: '/contact',
      },
      parallax: 0.5,
    },
  ],
};
