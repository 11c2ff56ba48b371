import { clientLogos } from './shared-assets';
import type { SeedPage } from './types';

/** The Web Application Development service landing page. */
export const webApplicationDevelopmentCompanyChennaiPage: SeedPage = {
  path: '/web-application-development-company-chennai',
  title: 'Web Application Development in Chennai | Custom Web Apps',
  description:
    'Web application development in Chennai: secure, scalable custom web apps, CRM, ERP, CMS and e-commerce built with Laravel, PHP, React and Django.',
  keywords:
    'web application development company chennai, custom web application, crm development, erp development',
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
      name: 'Web Application Development',
      path: '/web-application-development-company-chennai',
    },
  ],
  blocks: [
    {
      type: 'hero',
      id: 'hero',
      title: 'Web Application Development Company in Chennai',
      subtitle: 'Custom software that runs in the browser and fits the way your business works.',
      icon: 'code',
      parallax: 0.6,
    },
    {
      type: 'text',
      id: 'text',
      heading: 'What is a Web Application?',
      paragraphs: [
        'A web application is software you use in a browser: booking systems, customer portals, dashboards, CRMs and online tools. There is nothing to install, it works on any device, and every user always has the latest version.',
      ],
      illustration: 'cloud',
    },
    {
      type: 'text',
      id: 'text-2',
      heading: 'Develop a powerful Web Application',
      paragraphs: [
        'We turn manual processes and spreadsheets into secure, fast applications. From the first workshop to launch and beyond, one team designs, builds, tests and supports your product.',
      ],
      actions: [
        {
          action: {
            label: 'Talk to us',
            href: '/contact',
          },
        },
      ],
      illustration: 'rocket',
      reverse: true,
    },
    {
      type: 'benefitTabs',
      id: 'benefitTabs',
      heading: 'What you get',
      tabs: [
        {
          title: 'Securely Built',
          icon: 'shield',
          paragraphs: [
            'Role-based access, encrypted data, input validation and regular security reviews protect your users and your business.',
          ],
        },
        {
          title: 'User Experience',
          icon: 'users',
          paragraphs: [
            'Clear screens designed around real tasks, so your team and customers get things done without training.',
          ],
        },
        {
          title: 'Dynamic & Scalable',
          icon: 'layers',
          paragraphs: [
            'An architecture that handles more users, data and features as you grow, without a rewrite.',
          ],
        },
        {
          title: 'Maintenance',
          icon: 'gear',
          paragraphs: [
            'Monitoring, updates, backups and improvements after launch, with response times agreed up front.',
          ],
        },
      ],
      orientation: 'vertical',
      getInTouch: true,
    },
    {
      type: 'stepper',
      id: 'stepper',
      heading: 'Our process',
      steps: [
        {
          title: 'Gather Prerequisites',
          description: 'Workshops to map your users, processes, data and goals into a clear scope.',
          icon: 'search',
        },
        {
          title: 'Design',
          description:
            'Wireframes, prototypes and a visual design you can click through before we code.',
          icon: 'brush',
        },
        {
          title: 'Develop',
          description: 'Built in short sprints with a demo at the end of each one.',
          icon: 'code',
        },
        {
          title: 'QC',
          description: 'Automated and manual tests for features, security and performance.',
          icon: 'check',
        },
        {
          title: 'Delivery',
          description: 'Deployment, data migration and training for your team.',
          icon: 'rocket',
        },
        {
          title: 'Maintenance',
          description: 'Ongoing support, monitoring and new features as your needs change.',
          icon: 'gear',
        },
      ],
    },
    {
      type: 'cta',
      id: 'cta',
      title: 'Looking for futuristic web app solutions?',
      action: {
        label: 'Ping us',
        href: '/contact',
      },
      parallax: -0.6,
    },
    {
      type: 'serviceGrid',
      id: 'serviceGrid',
      heading: 'Our web application services',
      items: [
        {
          title: 'E-Commerce Web Applications',
          text: 'Marketplaces, B2B portals and stores with custom workflows.',
          icon: 'cart',
        },
        {
          title: 'Custom Web Applications',
          text: 'Software built around your exact process, from bookings to dashboards.',
          icon: 'code',
        },
        {
          title: 'CRM',
          text: 'Track leads, customers and deals in a CRM shaped to your sales process.',
          icon: 'users',
        },
        {
          title: 'ERP',
          text: 'Inventory, purchasing, billing and HR connected in one system.',
          icon: 'layers',
        },
        {
          title: 'CMS',
          text: 'Content management systems that make publishing simple.',
          icon: 'pen',
        },
      ],
      finalCard: {
        title: 'Have an idea for a web app?',
        text: 'Tell us about it and get a free consultation.',
        action: {
          label: 'Contact us now',
          scrollTo: 'web-app-page-contact',
        },
      },
    },
    {
      type: 'techList',
      id: 'techList',
      heading: 'Technologies',
      items: ['Core PHP', 'Laravel', 'Wordpress', 'React Js', 'Python (Django)'],
    },
    {
      type: 'whyChooseUs',
      id: 'whyChooseUs',
      heading: 'Why choose us',
      points: [
        {
          title: '10+ years of development',
          text: 'Applications for startups and established businesses in India and the USA.',
        },
        {
          title: 'Transparent sprints',
          text: 'A working demo every sprint and a shared task board.',
        },
        {
          title: 'Security first',
          text: 'Secure coding practices and reviews on every release.',
        },
        {
          title: 'Long-term partner',
          text: 'Support and new features long after launch.',
        },
      ],
      action: {
        label: 'Contact Us',
        href: '/contact',
      },
    },
    {
      type: 'clients',
      id: 'clients',
      heading: 'Our clients',
      logos: clientLogos,
    },
    {
      type: 'enquiryForm',
      id: 'enquiryForm',
      anchor: 'web-app-page-contact',
    },
  ],
};
