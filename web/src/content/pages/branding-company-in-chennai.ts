import type { SeedPage } from './types';

/** The Branding service landing page. */
export const brandingCompanyInChennaiPage: SeedPage = {
  path: '/branding-company-in-chennai',
  title: 'Branding Company in Chennai | Strategy, Logo & Identity',
  description:
    'Branding company in Chennai: brand strategy, names, logos, visual identity and brand guidelines that make your business recognisable and trusted.',
  keywords: 'branding company in chennai, brand identity, logo design, brand strategy',
  breadcrumb: [
    {
      name: 'Home',
      path: '/',
    },
    {
      name: 'Services',
      path: '/services',
    },
    {
      name: 'Branding',
      path: '/branding-company-in-chennai',
    },
  ],
  blocks: [
    {
      type: 'hero',
      id: 'hero',
      title: 'Branding Company in Chennai',
      subtitle:
        'A clear story and a look people remember, from the first logo sketch to the brand book.',
      icon: 'brush',
      action: {
        label: 'Start your brand',
        scrollTo: 'branding-page-contact',
      },
      parallax: 0.3,
    },
    {
      type: 'text',
      id: 'text',
      heading: 'What is branding?',
      paragraphs: [
        'Your brand is what people think and feel when they hear your name. Branding is shaping that on purpose: what you stand for, how you speak, and how you look everywhere you appear.',
      ],
      illustration: 'star',
    },
    {
      type: 'benefitTabs',
      id: 'benefitTabs',
      heading: 'Benefits of strong branding',
      tabs: [
        {
          title: 'Recognition',
          icon: 'star',
          paragraphs: ['A consistent name, logo and style make you easy to spot and remember.'],
        },
        {
          title: 'Trust',
          icon: 'shield',
          paragraphs: [
            'A professional identity signals a reliable business that will be around tomorrow.',
          ],
        },
        {
          title: 'Customer loyalty',
          icon: 'users',
          paragraphs: [
            'People return to brands whose values they share and whose experience they enjoy.',
          ],
        },
        {
          title: 'Higher value',
          icon: 'money',
          paragraphs: ['A distinctive brand can charge for quality instead of competing on price.'],
        },
      ],
      getInTouch: true,
    },
    {
      type: 'stepper',
      id: 'stepper',
      heading: 'Our branding process',
      steps: [
        {
          title: 'Branding Strategy',
          description:
            'We research your market, audience and competitors to define your position and personality.',
          icon: 'bulb',
        },
        {
          title: 'Brand Identity',
          description:
            'Name, logo, colours, typefaces and tone of voice are designed to express that position.',
          icon: 'brush',
        },
        {
          title: 'Brand Assessment',
          description: 'We test the identity with real customers and refine it before launch.',
          icon: 'search',
        },
        {
          title: 'Brand Promotion',
          description:
            'Website, social pages, packaging and campaigns carry the new brand into the world.',
          icon: 'megaphone',
        },
        {
          title: 'Brand Management',
          description:
            'Guidelines and regular reviews keep every touchpoint consistent as you grow.',
          icon: 'shield',
        },
      ],
    },
    {
      type: 'serviceGrid',
      id: 'serviceGrid',
      heading: 'Our branding services',
      items: [
        {
          title: 'Brand strategy',
          text: 'Positioning, values and messaging that set you apart.',
          icon: 'bulb',
        },
        {
          title: 'Logo design',
          text: 'A distinctive mark that works from a favicon to a billboard.',
          icon: 'pen',
        },
        {
          title: 'Visual identity',
          text: 'Colours, typography, imagery and layouts that fit together.',
          icon: 'layers',
        },
        {
          title: 'Brand guidelines',
          text: 'A brand book that keeps your team and partners on-brand.',
          icon: 'shield',
        },
        {
          title: 'Packaging & print',
          text: 'Labels, boxes, stationery and brochures in your new identity.',
          icon: 'brush',
        },
      ],
      finalCard: {
        title: 'Have a different branding need?',
        text: 'Rebrand, naming or a single campaign: tell us about it.',
        action: {
          label: 'Get in touch',
          scrollTo: 'branding-page-contact',
        },
      },
    },
    {
      type: 'cta',
      id: 'cta',
      title: 'Let’s build a brand people remember',
      action: {
        label: 'Talk to us',
        scrollTo: 'branding-page-contact',
      },
      parallax: 0.3,
    },
    {
      type: 'enquiryForm',
      id: 'enquiryForm',
      anchor: 'branding-page-contact',
    },
  ],
};
