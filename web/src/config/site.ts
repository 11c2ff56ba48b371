/**
 * Everything the site says about the agency itself, in one place.
 *
 * PLACEHOLDERS, replace before launch: the legal name, street addresses, phone numbers, e-mail,
 * social links and chat number are examples in the right format, not real ones. The US number is
 * in the 555-0100–0199 range reserved for fiction, the e-mail uses the reserved `.example` domain,
 * and the Chennai address and number are made up for the format (an Indian number cannot be
 * reserved, so check it reaches no one before any real use).
 */

export interface Office {
  city: string;
  country: string;
  /** Address lines as printed. */
  lines: readonly string[];
  phone: string;
  /** tel: form of the phone number. */
  phoneHref: string;
  /** Map centre of the office (example coordinates in the city). */
  lat: number;
  lng: number;
}

export interface SocialLink {
  name: 'Facebook' | 'Instagram' | 'LinkedIn' | 'X' | 'YouTube';
  href: string;
}

export const site = {
  name: 'Alchem Digital',
  legalName: 'Alchem Digital',
  tagline: 'Branding, websites and digital marketing from Chennai and Chicago',
  description:
    'Alchem Digital is a web development and digital marketing agency with studios in Chennai and Chicago. We design brands, build websites, web apps and SaaS products, and grow them with SEO, PPC and content.',
  email: 'hello@alchemdigital.example',
  offices: [
    {
      city: 'Chennai',
      country: 'India',
      lines: ['2nd Floor, 14 Venkatnarayana Road', 'T. Nagar, Chennai 600017', 'Tamil Nadu, India'],
      phone: '+91 44 4861 0123',
      phoneHref: 'tel:+914448610123',
      lat: 13.0418,
      lng: 80.2341,
    },
    {
      city: 'Chicago',
      country: 'USA',
      lines: ['Suite 410, 1520 W Fulton Market', 'Chicago, IL 60607', 'USA'],
      phone: '+1 (312) 555-0142',
      phoneHref: 'tel:+13125550142',
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
