import { clientLogos } from './shared-assets';
import type { SeedPage } from './types';

/** The SaaS Development service landing page. */
export const saasDevelopmentCompanyInChennaiPage: SeedPage = {
  path: '/saas-development-company-in-chennai',
  title: 'SaaS Development Company in Chennai | SaaS Products & MVPs',
  description:
    'SaaS development company in Chennai: multi-tenant SaaS products and MVPs built with Laravel, PHP, Django, MySQL and React, from idea to launch and growth.',
  keywords: 'saas development company in chennai, saas product development, saas mvp',
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
      name: 'SaaS Development',
      path: '/saas-development-company-in-chennai',
    },
  ],
  blocks: [
    {
      type: 'hero',
      id: 'hero',
      title: 'SaaS Development Company in Chennai',
      subtitle: 'From a first MVP to a product thousands of customers subscribe to.',
      icon: 'cloud',
      parallax: 0.6,
    },
    {
      type: 'text',
      id: 'text',
      heading: 'What is SaaS?',
      paragraphs: [
        'Software as a Service (SaaS) is software your customers use online and pay for by subscription. You run one product in the cloud; every customer gets updates at once and nothing to install.',
      ],
      illustration: 'cloud',
    },
    {
      type: 'benefitTabs',
      id: 'benefitTabs',
      heading: 'What we build in',
      tabs: [
        {
          title: 'Securely Built',
          icon: 'shield',
          paragraphs: [
            'Tenant isolation, encrypted data and secure authentication from the first release.',
          ],
        },
        {
          title: 'User Experience',
          icon: 'users',
          paragraphs: [
            'Onboarding, dashboards and billing flows that help users succeed and stay subscribed.',
          ],
        },
        {
          title: 'Dynamic & Scalable',
          icon: 'layers',
          paragraphs: ['Cloud architecture that grows from the first customer to thousands.'],
        },
        {
          title: 'Maintenance',
          icon: 'gear',
          paragraphs: ['Monitoring, updates and a release process that ships improvements safely.'],
        },
        {
          title: 'Technology consulting',
          icon: 'bulb',
          paragraphs: [
            'Advice on stack, pricing model, architecture and roadmap from people who have shipped SaaS.',
          ],
        },
      ],
      getInTouch: true,
    },
    {
      type: 'stepper',
      id: 'stepper',
      heading: 'Our process',
      steps: [
        {
          title: 'Gather Prerequisites',
          description: 'We define your users, plans, core features and what the MVP must prove.',
          icon: 'search',
        },
        {
          title: 'Design',
          description:
            'Prototypes of onboarding, the core workflow and billing, tested with real users.',
          icon: 'brush',
        },
        {
          title: 'Develop',
          description: 'Multi-tenant back end, subscriptions and front end built in sprints.',
          icon: 'code',
        },
        {
          title: 'QC',
          description: 'Automated tests, security checks and load tests before every release.',
          icon: 'check',
        },
        {
          title: 'Deliver',
          description: 'Cloud deployment, monitoring and a smooth launch.',
          icon: 'rocket',
        },
        {
          title: 'Maintenance',
          description: 'Support, fixes and new features driven by user feedback.',
          icon: 'gear',
        },
      ],
    },
    {
      type: 'cta',
      id: 'cta',
      title: 'Looking for a SaaS development service?',
      action: {
        label: 'Contact us',
        href: '/contact',
      },
      parallax: -0.6,
    },
    {
      type: 'serviceGrid',
      id: 'serviceGrid',
      heading: 'Our SaaS services',
      items: [
        {
          title: 'Kick-Off',
          text: 'Turn your idea into a scoped MVP and launch it quickly to test the market.',
          icon: 'rocket',
        },
        {
          title: 'Expand your Market',
          text: 'Move an existing product to SaaS to reach customers anywhere.',
          icon: 'globe',
        },
        {
          title: 'Simplified',
          text: 'Clean, focused products that are easy to adopt and support.',
          icon: 'check',
        },
        {
          title: 'Customizable',
          text: 'Plans, roles, branding and integrations your customers can configure.',
          icon: 'gear',
        },
      ],
      finalCard: {
        title: 'Have a SaaS idea?',
        text: 'We will help you shape it into a product.',
        action: {
          label: "Let's talk now",
          scrollTo: 'saas-page-contact',
        },
      },
    },
    {
      type: 'techList',
      id: 'techList',
      heading: 'Technologies',
      items: ['Laravel', 'Core PHP', 'Python (Django)', 'MySQL', 'React Js'],
    },
    {
      type: 'whyChooseUs',
      id: 'whyChooseUs',
      heading: 'Why choose us',
      points: [
        {
          title: 'Product mindset',
          text: 'We care about activation, retention and revenue, not only features.',
        },
        {
          title: 'Fast MVPs',
          text: 'A first version in at least 45 days, ready for real users.',
        },
        {
          title: 'Built to scale',
          text: 'Architecture that grows without a rewrite.',
        },
        {
          title: 'One team',
          text: 'Design, development, QA and DevOps in one place.',
        },
      ],
    },
    {
      type: 'clients',
      id: 'clients',
      heading: 'Our clients',
      logos: clientLogos,
    },
    {
      type: 'faq',
      id: 'faq',
      heading: 'Frequently asked questions',
      items: [
        {
          question: 'How long does it take to build a SaaS product?',
          answer:
            'Most SaaS products take two to eight months depending on scope; a focused MVP takes at least 45 days.',
        },
        {
          question: 'How much does SaaS development cost?',
          answer:
            'Cost follows scope. We start with a paid discovery or a fixed-price MVP, then plan further releases by priority.',
        },
        {
          question: 'Do you build multi-tenant applications?',
          answer:
            'Yes. We design tenant isolation, plans, roles and billing into the architecture from the start.',
        },
        {
          question: 'Who owns the source code?',
          answer: 'You do. The code, data and cloud accounts belong to you.',
        },
        {
          question: 'Can you take over an existing SaaS product?',
          answer:
            'Yes. We review the code and infrastructure, fix the urgent issues and then continue development.',
        },
      ],
    },
    {
      type: 'enquiryForm',
      id: 'enquiryForm',
      anchor: 'saas-page-contact',
    },
  ],
};
