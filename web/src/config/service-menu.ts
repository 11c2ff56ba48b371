/** The services mega-menu (spec 000 §2 Header): its links are the service landing pages' paths. */

export interface NavLink {
  label: string;
  href: string;
}

export interface ServiceGroup {
  /** "01" … "04" */
  number: string;
  title: string;
  links: readonly NavLink[];
}

export const serviceGroups: readonly ServiceGroup[] = [
  {
    number: '01',
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
    number: '02',
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
    number: '03',
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
    number: '04',
    title: 'Design',
    links: [
      { label: 'Branding', href: '/branding-company-in-chennai' },
      { label: 'Graphic Designing', href: '/services#graphic-desg' },
      { label: 'UI/UX Designing', href: '/services#graphic-desg' },
    ],
  },
];

/** The eleven service landing pages, in menu order. */
export const serviceLandingPaths: readonly string[] = serviceGroups.flatMap((g) =>
  g.links.map((l) => l.href).filter((h) => !h.includes('#')),
);
