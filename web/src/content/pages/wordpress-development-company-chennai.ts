import { clientLogos } from './shared-assets';
import type { SeedPage } from './types';

/** The WordPress Development service landing page. */
export const wordpressDevelopmentCompanyChennaiPage: SeedPage = {
  path: '/wordpress-development-company-chennai',
  title: 'WordPress Development in Chennai | Custom Themes & Plugins',
  description:
    'WordPress development company in Chennai: custom themes, plugins, WooCommerce stores, migrations and maintenance for fast, secure, easy-to-edit websites.',
  keywords: 'wordpress development company chennai, wordpress developers, custom wordpress theme',
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
      name: 'WordPress Development',
      path: '/wordpress-development-company-chennai',
    },
  ],
  blocks: [
    {
      type: 'hero',
      id: 'hero',
      title: 'WordPress Development Company in Chennai',
      subtitle:
        'Custom WordPress websites that are quick to load, safe to run and simple to update.',
      icon: 'code',
      parallax: 0.6,
    },
    {
      type: 'text',
      id: 'text',
      heading: 'Why WordPress?',
      paragraphs: [
        'WordPress powers around 37% of all websites, from personal blogs to the sites of global brands. It is flexible, well supported and lets your team publish without a developer.',
        'We build on it properly: lean custom themes, only the plugins you need and a set-up that stays fast and secure.',
      ],
      illustration: 'globe',
    },
    {
      type: 'benefitTabs',
      id: 'benefitTabs',
      heading: 'Benefits of WordPress',
      tabs: [
        {
          title: 'Easy to manage',
          icon: 'pen',
          paragraphs: ['Edit pages, posts and media from a friendly dashboard.'],
        },
        {
          title: 'SEO friendly',
          icon: 'search',
          paragraphs: ['Clean URLs, metadata and sitemaps help search engines find every page.'],
        },
        {
          title: 'Flexible',
          icon: 'layers',
          paragraphs: ['Blogs, business sites, stores and membership sites all run on WordPress.'],
        },
        {
          title: 'Secure',
          icon: 'shield',
          paragraphs: ['Regular updates, hardening and backups keep your site safe.'],
        },
        {
          title: 'Cost-effective',
          icon: 'money',
          paragraphs: [
            'Open-source software and a huge ecosystem keep build and running costs low.',
          ],
        },
        {
          title: 'Scalable',
          icon: 'rocket',
          paragraphs: ['Start small and add features, pages and traffic as you grow.'],
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
          title: 'Gather requisites',
          description:
            'We list your pages, features, content and integrations, and agree a timeline.',
          icon: 'search',
        },
        {
          title: 'Design',
          description:
            'Wireframes and visual designs are shared and refined until you approve them.',
          icon: 'brush',
        },
        {
          title: 'Develop',
          description: 'We build a custom theme and configure the plugins your site needs.',
          icon: 'code',
        },
        {
          title: 'QA',
          description:
            'Every page is tested for speed, security and layout on phones, tablets and desktops.',
          icon: 'check',
        },
        {
          title: 'Delivery',
          description: 'The site goes live and your team is shown how to manage it.',
          icon: 'rocket',
        },
        {
          title: 'Maintenance',
          description: 'Updates, backups and monitoring keep it running smoothly.',
          icon: 'gear',
        },
      ],
    },
    {
      type: 'serviceGrid',
      id: 'serviceGrid',
      heading: 'Our WordPress solutions',
      items: [
        {
          title: 'Custom theme development',
          text: 'A theme designed for your brand, not bent from a template.',
          icon: 'brush',
        },
        {
          title: 'Plugin development',
          text: 'Custom features and integrations built as clean plugins.',
          icon: 'code',
        },
        {
          title: 'WooCommerce stores',
          text: 'Online shops with payments, shipping and inventory.',
          icon: 'cart',
        },
        {
          title: 'Migration to WordPress',
          text: 'Move from another platform without losing content or rankings.',
          icon: 'refresh',
        },
        {
          title: 'Maintenance & support',
          text: 'Updates, security checks, backups and small changes every month.',
          icon: 'shield',
        },
      ],
      finalCard: {
        title: 'Need something else on WordPress?',
        text: 'Speed fixes, redesigns or a rescue job: we can help.',
        action: {
          label: 'Get in touch',
          scrollTo: 'digi-market-page-contact',
        },
      },
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
          question: 'How popular is WordPress?',
          answer:
            'WordPress powers around 37% of all websites, which means a large pool of themes, plugins and developers to support it.',
        },
        {
          question: 'How long does a WordPress website take?',
          answer:
            'A 5 to 7 page business website usually takes 7 to 10 days once content is ready; larger or custom sites take longer.',
        },
        {
          question: 'Can I update the website myself?',
          answer:
            'Yes. We hand over an easy dashboard and show your team how to edit pages, posts and images.',
        },
        {
          question: 'Do you offer maintenance?',
          answer:
            'Yes. Our monthly plans cover updates, backups, security monitoring and small content changes.',
        },
      ],
    },
    {
      type: 'enquiryForm',
      id: 'enquiryForm',
      anchor: 'digi-market-page-contact',
    },
  ],
};
