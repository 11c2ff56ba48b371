import { clientLogos } from './shared-assets';
import type { SeedPage } from './types';

/** The services overview. */
export const servicesPage: SeedPage = {
  path: '/services',
  title: 'Services – Web, SaaS, Branding & Marketing | Alchem Digital',
  description:
    'SaaS and web application development, website design, branding, graphic design, digital marketing and SEO from one agency in Chennai and Chicago.',
  breadcrumb: [
    {
      name: 'Home',
      path: '/',
    },
    {
      name: 'Services',
      path: '/services',
    },
  ],
  blocks: [
    {
      type: 'hero',
      id: 'hero',
      title: 'The buck stops here!',
      subtitle:
        'Design, development and marketing under one roof, so one team owns the result from first sketch to first sale.',
      parallax: 0.5,
    },
    {
      type: 'serviceBlocks',
      id: 'serviceBlocks',
      items: [
        {
          anchor: 'saas-service',
          title: 'SaaS and Web Application Development',
          quote: '“Software should fit your business, not the other way round.”',
          text: 'Custom web applications, portals and SaaS products built on Laravel, Python (Django) and React: secure, scalable and easy to maintain.',
          image: '/assets/img/services/saas.svg',
          alt: 'Illustration of a web application dashboard',
          links: [
            {
              label: 'Web application development',
              href: '/web-application-development-company-chennai',
            },
            {
              label: 'SaaS development',
              href: '/saas-development-company-in-chennai',
            },
          ],
        },
        {
          anchor: 'Web-dev',
          title: 'Website Design and Development',
          quote: '“Your website is your hardest-working salesperson.”',
          text: 'Responsive websites, WordPress builds and e-commerce stores that load fast, rank well and convert visitors into customers. PHP, Laravel and Django under the hood.',
          image: '/assets/img/services/web.svg',
          alt: 'Illustration of a responsive website on several screens',
          links: [
            {
              label: 'Responsive websites',
              href: '/responsive-website-design-development',
            },
            {
              label: 'WordPress development',
              href: '/wordpress-development-company-chennai',
            },
            {
              label: 'E-commerce development',
              href: '/e-commerce-website-development-company-chennai',
            },
          ],
        },
        {
          anchor: 'brand-ident',
          title: 'Brand Identity and Branding',
          quote: '“A brand is the promise people remember.”',
          text: 'Brand strategy, naming, logos and identity systems that make your business recognisable everywhere it appears.',
          image: '/assets/img/services/brand.svg',
          alt: 'Illustration of a logo and brand colour palette',
          links: [
            {
              label: 'Branding services',
              href: '/branding-company-in-chennai',
            },
          ],
        },
        {
          anchor: 'graphic-desg',
          title: 'Graphic Design and Creative Visualization',
          quote: '“Good design is seen; great design is felt.”',
          text: 'Social media creatives, brochures, packaging and UI/UX design that tell your story at a glance.',
          image: '/assets/img/services/design.svg',
          alt: 'Illustration of design tools and artwork',
          links: [
            {
              label: 'Talk to our designers',
              href: '/contact',
            },
          ],
        },
        {
          anchor: 'seo',
          title: 'Digital Marketing and SEO',
          quote: '“Be found by the people who are already looking for you.”',
          text: 'SEO, pay-per-click, social media management, content and YouTube marketing, measured against leads and sales.',
          image: '/assets/img/services/marketing.svg',
          alt: 'Illustration of growth charts and a search bar',
          links: [
            {
              label: 'Digital marketing',
              href: '/digital-marketing-agency-chennai',
            },
            {
              label: 'SEO services',
              href: '/seo-company-in-chennai',
            },
            {
              label: 'PPC services',
              href: '/ppc-services-in-chennai',
            },
          ],
        },
      ],
    },
    {
      type: 'stepper',
      id: 'process',
      heading: 'Our Process',
      steps: [
        {
          title: 'Discover and Understand',
          description:
            'We learn your business, customers and goals, and agree what success looks like.',
          icon: 'search',
        },
        {
          title: 'Design and Prototyping',
          description:
            'Wireframes and visual designs you can click through before a line of code is written.',
          icon: 'pen',
        },
        {
          title: 'Coding and Development',
          description:
            'Clean, tested code in short milestones, with a preview you can follow as it grows.',
          icon: 'code',
        },
        {
          title: 'Testing and Delivery',
          description:
            'Cross-device testing, speed and security checks, then launch and hand-over.',
          icon: 'rocket',
        },
      ],
    },
    {
      type: 'serviceGrid',
      id: 'core',
      sectionId: 'core-service-section',
      reveal: true,
      heading: 'Our Core Services',
      items: [
        {
          title: 'Web Application Development',
          text: 'Portals, dashboards and business tools built for your workflow.',
          icon: 'layers',
        },
        {
          title: 'CMS Website Development',
          text: 'WordPress and custom CMS sites your team can update without a developer.',
          icon: 'pen',
        },
        {
          title: 'E-commerce Web Development',
          text: 'Stores with secure checkout, payment gateways and inventory sync.',
          icon: 'cart',
        },
        {
          title: 'Magento Development',
          text: 'Scalable Magento stores for large catalogues and high traffic.',
          icon: 'globe',
        },
        {
          title: 'PHP Web Development',
          text: 'Robust Core PHP applications and integrations.',
          icon: 'code',
        },
        {
          title: 'Laravel Development',
          text: 'Modern Laravel applications and APIs, tested and documented.',
          icon: 'gear',
        },
      ],
    },
    {
      type: 'clients',
      id: 'clients',
      logos: clientLogos,
    },
    {
      type: 'cta',
      id: 'cta',
      title: 'Not sure which service you need?',
      text: 'Tell us what you want to achieve and we will suggest the shortest way there.',
      action: {
        label: 'Talk to us',
        scrollTo: 'services-enquiry',
      },
      parallax: 0.5,
    },
    {
      type: 'enquiryForm',
      id: 'enquiryForm',
      anchor: 'services-enquiry',
      heading: 'Tell us about your project',
    },
  ],
};
