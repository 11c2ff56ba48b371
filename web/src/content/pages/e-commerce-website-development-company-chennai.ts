import { clientLogos } from './shared-assets';
import type { SeedPage } from './types';

/** The E-commerce Development service landing page. */
export const eCommerceWebsiteDevelopmentCompanyChennaiPage: SeedPage = {
  path: '/e-commerce-website-development-company-chennai',
  title: 'E-commerce Website Development in Chennai | Online Stores',
  description:
    'E-commerce website development company in Chennai: custom online stores, marketplaces, migrations and integrations on Magento, WooCommerce, Laravel and Django.',
  keywords:
    'ecommerce website development company chennai, online store development, magento, woocommerce',
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
      name: 'E-commerce Development',
      path: '/e-commerce-website-development-company-chennai',
    },
  ],
  blocks: [
    {
      type: 'hero',
      id: 'hero',
      title: 'E-commerce Website Development Company in Chennai',
      subtitle: 'Online stores that load fast, sell smoothly and grow with your catalogue.',
      icon: 'cart',
      parallax: 0.6,
    },
    {
      type: 'text',
      id: 'text',
      heading: 'Sell online with confidence',
      paragraphs: [
        'We design and build e-commerce websites with easy product management, secure payments, shipping rules and the reports you need to run the store day to day.',
      ],
      illustration: 'cart',
    },
    {
      type: 'benefitTabs',
      id: 'benefitTabs',
      heading: 'Benefits of an e-commerce website',
      tabs: [
        {
          title: 'Increased brand visibility',
          icon: 'star',
          paragraphs: [
            'Your products can be found on search engines and shared on social media around the clock.',
          ],
        },
        {
          title: 'Better marketing opportunities',
          icon: 'megaphone',
          paragraphs: [
            'Offers, e-mail, remarketing and product feeds turn visitors into repeat buyers.',
          ],
        },
        {
          title: 'Personalized experience',
          icon: 'users',
          paragraphs: [
            'Recommendations, saved carts and order history make every shopper feel known.',
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
          title: 'Gather requirements',
          description:
            'Catalogue, payments, shipping, taxes and integrations are listed and scoped.',
          icon: 'search',
        },
        {
          title: 'Design',
          description: 'Store layout, product pages and checkout designed for conversion.',
          icon: 'brush',
        },
        {
          title: 'Development',
          description: 'The store is built, products are imported and payments are connected.',
          icon: 'code',
        },
        {
          title: 'Testing',
          description: 'Orders, payments, e-mails and devices are tested end to end.',
          icon: 'check',
        },
        {
          title: 'Launch',
          description: 'The store goes live with analytics and search basics in place.',
          icon: 'rocket',
        },
        {
          title: 'Training',
          description: 'Your team learns to manage products, orders and offers.',
          icon: 'users',
        },
      ],
    },
    {
      type: 'cta',
      id: 'cta',
      title: 'Need a robust eCommerce website?',
      action: {
        label: 'Contact us now',
        href: '/contact',
      },
      parallax: -0.6,
    },
    {
      type: 'serviceGrid',
      id: 'serviceGrid',
      heading: 'Our e-commerce solutions',
      items: [
        {
          title: 'Custom E-commerce solutions',
          text: 'Stores built around your products, pricing and fulfilment.',
          icon: 'code',
        },
        {
          title: 'E-Commerce marketplace',
          text: 'Multi-vendor platforms with seller dashboards and commissions.',
          icon: 'users',
        },
        {
          title: 'E-Commerce optimization',
          text: 'Faster pages and smoother checkout for more completed orders.',
          icon: 'rocket',
        },
        {
          title: 'E-commerce migration',
          text: 'Move platforms while keeping products, customers and rankings.',
          icon: 'refresh',
        },
        {
          title: 'E-Commerce integration',
          text: 'Payments, shipping, ERP, CRM and accounting connected.',
          icon: 'link',
        },
        {
          title: 'E-Commerce maintenance',
          text: 'Updates, backups, security and fixes every month.',
          icon: 'gear',
        },
        {
          title: 'E-Commerce consulting',
          text: 'Advice on platform, growth and operations from experienced builders.',
          icon: 'bulb',
        },
      ],
      finalCard: {
        title: 'Planning an online store?',
        text: 'Share your catalogue and goals for a free estimate.',
        action: {
          label: 'Reach us now',
          scrollTo: 'ecommerce-page-contact',
        },
      },
    },
    {
      type: 'techList',
      id: 'techList',
      heading: 'Technologies',
      items: ['Magento', 'WordPress WooCommerce', 'Core PHP', 'Laravel', 'Python (Django)'],
    },
    {
      type: 'whyChooseUs',
      id: 'whyChooseUs',
      heading: 'Why choose us',
      points: [
        {
          title: 'Built to sell',
          text: 'Checkout and product pages designed around conversion.',
        },
        {
          title: 'Search-ready',
          text: 'Clean structure, speed and metadata for product search.',
        },
        {
          title: 'Secure payments',
          text: 'Trusted gateways and security best practice.',
        },
        {
          title: 'Support after launch',
          text: 'We stay on to maintain and grow your store.',
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
          question: 'Do you provide SEO services for e-commerce websites?',
          answer:
            'Yes. Every store ships with technical SEO basics, and we offer ongoing SEO for product and category pages.',
        },
        {
          question: 'How much does an e-commerce website cost?',
          answer:
            'It depends on the number of products, the platform and the integrations. We send a fixed quote after a short requirements call.',
        },
        {
          question: 'How long does it take to build an online store?',
          answer:
            'A typical e-commerce website is built in about one month; marketplaces and heavy customisation take longer.',
        },
        {
          question: 'Do you offer support after launch?',
          answer:
            'Yes. Our maintenance plans cover updates, backups, security monitoring and changes to your store.',
        },
      ],
    },
    {
      type: 'enquiryForm',
      id: 'enquiryForm',
      anchor: 'ecommerce-page-contact',
    },
  ],
};
