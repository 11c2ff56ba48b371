/** Everything the site says about the agency itself, in one place. Placeholder values: replace before launch. */

export interface Office {
  city: string;
  country: string;
  /** Address lines as printed. */
  lines: readonly string[];
  phone: string;
  /** tel: form of the phone number. */
  phoneHref: string;
  /** Map centre of the office (placeholder coordinates in the city). */
  lat: number;
  lng: number;
}

export interface SocialLink {
  name: 'Facebook' | 'Instagram' | 'LinkedIn' | 'X' | 'YouTube';
  href: string;
}

export const site = {
  name: 'Alchem Digital',
  legalName: 'Alchem Digital (placeholder company name)',
  tagline: 'Branding, websites and digital marketing from Chennai and Chicago',
  description:
    'Alchem Digital is a web development and digital marketing agency with studios in Chennai and Chicago. We design brands, build websites, web apps and SaaS products, and grow them with SEO, PPC and content.',
  email: 'hello@example.com',
  offices: [
    {
      city: 'Chennai',
      country: 'India',
      lines: ['No. 00, Example Street (placeholder)', 'Chennai, Tamil Nadu 600000', 'India'],
      phone: '+91 00000 00000',
      phoneHref: 'tel:+910000000000',
      lat: 13.0418,
      lng: 80.2341,
    },
    {
      city: 'Chicago',
      country: 'USA',
      lines: ['000 Example Avenue, Suite 000 (placeholder)', 'Chicago, IL 60600', 'USA'],
      phone: '+1 (000) 000-0000',
      phoneHref: 'tel:+10000000000',
      lat: 41.8781,
      lng: -87.6298,
    },
  ],
  social: [
    { name: 'Facebook', href: 'https://www.facebook.com/example' },
    { name: 'Instagram', href: 'https://www.instagram.com/example' },
    { name: 'LinkedIn', href: 'https://www.linkedin.com/company/example' },
    { name: 'X', href: 'https://x.com/example' },
    { name: 'YouTube', href: 'https://www.youtube.com/@example' },
  ],
  /** WhatsApp business number, digits only with country code (VITE_WHATSAPP_NUMBER overrides it). */
  chatNumber: '910000000000',
  foundedYear: 2011,
  logo: {
    light: '/assets/img/logo-light.svg',
    dark: '/assets/img/logo-dark.svg',
    width: 168,
    height: 40,
  },
  defaultShareImage: '/assets/img/share-card.svg',
} as const satisfies {
  name: string;
  legalName: string;
  tagline: string;
  description: string;
  email: string;
  offices: readonly Office[];
  social: readonly SocialLink[];
  chatNumber: string;
  foundedYear: number;
  logo: { light: string; dark: string; width: number; height: number };
  defaultShareImage: string;
};

/** The link of the header's chat button. */
export function chatHref(override?: string): string {
  return `https://wa.me/${override ?? site.chatNumber}`;
}
