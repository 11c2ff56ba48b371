import { clientLogos } from './shared-assets';
import type { SeedPage } from './types';

/** The Responsive Website Development service landing page. */
export const responsiveWebsiteDesignDevelopmentPage: SeedPage = {
  path: '/responsive-website-design-development',
  title: 'Responsive Website Design & Development | Mobile-First',
  description:
    'Responsive website design and development: fast, mobile-friendly websites built with HTML, Bootstrap, JavaScript and WordPress that look right on every screen.',
  keywords:
    'responsive website design, mobile friendly website, website development company chennai',
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
      name: 'Responsive Website Development',
      path: '/responsive-website-design-development',
    },
  ],
  blocks: [
    {
      type: 'hero',
      id: 'hero',
      title: 'Responsive Website Design & Development',
      subtitle: 'One website that looks sharp and works fast on phones, tablets and desktops.',
      icon: 'device',
      parallax: 0.6,
    },
    {
      type: 'text',
      id: 'text',
      heading: 'What is a responsive website?',
      paragraphs: [
        'A responsive website rearranges itself to fit the screen it is viewed on. Menus fold away, images resize and text stays readable, whether your visitor holds a phone or sits at a wide monitor.',
      ],
      illustration: 'device',
    },
    {
      type: 'text',
      id: 'text-2',
      heading: 'Advantages of responsive design',
      paragraphs: [
        'Most visits now come from phones. A site that pinches and scrolls sideways sends those visitors straight to a competitor.',
      ],
      bullets: [
        'One site and one address to maintain',
        'Preferred by search engines for mobile results',
        'Faster pages on slow mobile connections',
        'Consistent brand on every device',
      ],
      illustration: 'rocket',
      reverse: true,
    },
    {
      type: 'text',
      id: 'text-3',
      heading: 'Benefits for your business',
      paragraphs: [
        'A responsive website turns more visitors into enquiries, because every visitor gets a site that is easy to use.',
      ],
      bullets: [
        'More enquiries from mobile visitors',
        'Lower bounce rates and longer visits',
        'Better rankings in mobile search',
        'Lower cost than separate mobile and desktop sites',
      ],
      actions: [
        {
          action: {
            label: 'Talk to us',
            href: '/contact',
          },
        },
      ],
      illustration: 'chart',
    },
    {
      type: 'serviceGrid',
      id: 'serviceGrid',
      heading: 'Key Features',
      items: [
        {
          title: 'Fluid layouts',
          text: 'Grids that adapt from the smallest phone to the largest screen.',
          icon: 'layers',
        },
        {
          title: 'Fast loading',
          text: 'Optimised images, code and caching for quick pages on any network.',
          icon: 'rocket',
        },
        {
          title: 'Touch-friendly',
          text: 'Buttons, menus and forms sized for fingers as well as mice.',
          icon: 'device',
        },
        {
          title: 'SEO-ready',
          text: 'Clean markup, metadata and structure search engines understand.',
          icon: 'search',
        },
        {
          title: 'Easy to update',
          text: 'A content management system your team can use without code.',
          icon: 'pen',
        },
        {
          title: 'Secure',
          text: 'HTTPS, updates and backups set up from day one.',
          icon: 'shield',
        },
      ],
    },
    {
      type: 'cta',
      id: 'cta',
      title: 'Want a website that works on every screen?',
      text: 'Share your idea and we will reply with a plan and a quote.',
      action: {
        label: 'Get a quote',
        scrollTo: 'responsive-web-page-contact',
      },
      parallax: 0.6,
    },
    {
      type: 'clients',
      id: 'clients',
      heading: 'Our clients',
      logos: clientLogos,
    },
    {
      type: 'text',
      id: 'text-4',
      heading: 'Why responsive design?',
      paragraphs: [
        'Your visitors switch devices all day: they find you on a phone, compare on a laptop and buy on a tablet. A responsive site gives them the same experience each time and keeps every enquiry on one website.',
      ],
      illustration: 'globe',
      reverse: true,
    },
    {
      type: 'whyChooseUs',
      id: 'whyChooseUs',
      heading: 'Why choose us',
      points: [
        {
          title: 'Design and code in one team',
          text: 'Designers and developers work together, so what you approve is what goes live.',
        },
        {
          title: 'Tested on real devices',
          text: 'Every page is checked on phones, tablets and desktops before launch.',
        },
        {
          title: 'Quick delivery',
          text: 'A 5 to 7 page business website usually takes 7 to 10 days.',
        },
        {
          title: 'Support after launch',
          text: 'Updates, backups and changes when you need them.',
        },
      ],
      action: {
        label: 'Our Works',
        href: '/portfolio',
      },
    },
    {
      type: 'techList',
      id: 'techList',
      heading: 'Technologies',
      items: ['HTML', 'Bootstrap', 'Javascript', 'jQuery', 'Wordpress'],
    },
    {
      type: 'enquiryForm',
      id: 'enquiryForm',
      anchor: 'responsive-web-page-contact',
    },
  ],
};
