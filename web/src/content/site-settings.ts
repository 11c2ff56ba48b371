import type { SiteSettings } from '@agency/shared';

/**
 * The site settings as seeded: everything the site says about the agency (header, footer, contact
 * blocks, the organisation's structured data). Admins edit the stored copy; this is its first value
 * and what a page shows when it was rendered without settings (the admin's app shell).
 *
 * PLACEHOLDERS, replace before launch: the legal name, street addresses, phone numbers, e-mail,
 * social links and chat number are examples in the right format, not real ones. The US number is
 * in the 555-0100–0199 range reserved for fiction, the e-mail uses the reserved `.example` domain,
 * and the Chennai address and number are made up for the format (an Indian number cannot be
 * reserved, so check it reaches no one before any real use).
 */
export const SEED_SITE_SETTINGS: SiteSettings = {
  name: 'Alchem Digital',
  legalName: 'Alchem Digital',
  tagline: 'Branding, websites and digital marketing from Chennai and Chicago',
  description:
    'Alchem Digital is a web development and digital marketing agency with studios in Chennai and Chicago. We design brands, build websites, web apps and SaaS products, and grow them with SEO, PPC and content.',
  email: 'hello@alchemdigital.example',
  // WhatsApp business number, digits only with the country code (VITE_WHATSAPP_NUMBER overrides it).
  chatNumber: '910000000000',
  offices: [
    {
      city: 'Chennai',
      country: 'India',
      lines: ['2nd Floor, 14 Venkatnarayana Road', 'T. Nagar, Chennai 600017', 'Tamil Nadu, India'],
      region: 'Tamil Nadu',
      postalCode: '600017',
      phone: '+91 44 4861 0123',
      lat: 13.0418,
      lng: 80.2341,
    },
    {
      city: 'Chicago',
      country: 'USA',
      lines: ['Suite 410, 1520 W Fulton Market', 'Chicago, IL 60607', 'USA'],
      region: 'IL',
      postalCode: '60607',
      phone: '+1 (312) 555-0142',
      lat: 41.8866,
      lng: -87.6646,
    },
  ],
  social: [
    { name: 'Facebook', href: 'https://www.facebook.com/example' },
    { name: 'Instagram', href: 'https://www.instagram.com/example' },
    { name: 'LinkedIn', href: 'https://www.linkedin.com/company/example' },
    { name: 'X', href: 'https://x.com/example' },
    { name: 'YouTube', href: 'https://www.youtube.com/@example' },
  ],
  navBefore: [
    { label: 'Home', href: '/' },
    { label: 'About Us', href: '/about' },
  ],
  navAfter: [
    { label: 'Portfolio', href: '/portfolio' },
    { label: 'Blog', href: '/blog' },
    { label: 'Contact', href: '/contact' },
  ],
  serviceGroups: [
    {
      title: 'Website Development',
      links: [
        { label: 'Responsive Website Development', href: '/responsive-website-design-development' },
        { label: 'WordPress Development', href: '/wordpress-development-company-chennai' },
        {
          label: 'E-commerce Website Development',
          href: '/e-commerce-website-development-company-chennai',
        },
        { label: 'Magento Development', href: '/services#core-service-section' },
        { label: 'WooCommerce Development', href: '/services#core-service-section' },
        { label: 'CMS Website Development', href: '/services#core-service-section' },
      ],
    },
    {
      title: 'Web App Development',
      links: [
        {
          label: 'Web Application Development',
          href: '/web-application-development-company-chennai',
        },
        { label: 'SaaS Development', href: '/saas-development-company-in-chennai' },
        { label: 'PHP Development', href: '/services#Web-dev' },
        { label: 'Laravel Development', href: '/services#Web-dev' },
        { label: 'Django Development', href: '/services#Web-dev' },
      ],
    },
    {
      title: 'Marketing',
      links: [
        { label: 'Digital Marketing', href: '/digital-marketing-agency-chennai' },
        { label: 'PPC Services', href: '/ppc-services-in-chennai' },
        { label: 'SEO Services', href: '/seo-company-in-chennai' },
        { label: 'YouTube Marketing', href: '/youtube-marketing' },
        { label: 'Content Marketing', href: '/content-marketing' },
        { label: 'Social Media Management', href: '/services#seo' },
      ],
    },
    {
      title: 'Design',
      links: [
        { label: 'Branding', href: '/branding-company-in-chennai' },
        { label: 'Graphic Designing', href: '/services#graphic-desg' },
        { label: 'UI/UX Designing', href: '/services#graphic-desg' },
      ],
    },
  ],
  quickLinks: [
    { label: 'About Us', href: '/about' },
    { label: 'Services', href: '/services' },
    { label: 'Portfolio', href: '/portfolio' },
    { label: 'Blog', href: '/blog' },
    { label: 'Contact', href: '/contact' },
    { label: 'Privacy Policy', href: '/privacy-policy' },
  ],
};
