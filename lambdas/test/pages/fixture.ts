import { DynamoPageStore } from '../../src/modules/pages/adapters/page-store';
import { seedPages } from '../../src/modules/pages/domain/seed';
import {
  BLOCK_TYPES,
  BLOCK_TYPE_NAMES,
  ICON_NAMES,
  type BlockTypeName,
  type Field,
  type SiteSettings,
} from '@agency/shared';
import { pageSeed, type PageSeed } from '../../src/modules/pages/domain/seed';

/** A valid value of a field: the least it takes (optional fields left out). */
function validValue(f: Field): unknown {
  switch (f.widget.kind) {
    case 'text':
      // A patterned text's placeholder is a valid example (an element id, a date).
      return f.widget.placeholder ?? 'Some words';
    case 'richText':
      return '<p>Some <strong>words</strong></p>';
    case 'number':
      return f.widget.min;
    case 'boolean':
      return false;
    case 'select':
      return f.widget.options[0]?.value;
    case 'icon':
      return ICON_NAMES[0];
    case 'image':
      return '/assets/example.png';
    case 'strings':
      return Array.from({ length: Math.max(1, f.widget.min) }, () => 'An item');
    case 'list':
      return Array.from({ length: Math.max(1, f.widget.min) }, () =>
        validFields(f.widget.kind === 'list' ? f.widget.fields : {}),
      );
    case 'group':
      return validFields(f.widget.fields);
    case 'action':
      return { label: 'Get in touch', href: '/contact-us' };
  }
}

function validFields(fields: Readonly<Record<string, Field>>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(fields).flatMap(([name, f]) => (f.optional ? [] : [[name, validValue(f)]])),
  );
}

/** A valid block of a type. */
export const validBlock = (type: BlockTypeName, id = `${type}-1`): Record<string, unknown> => ({
  type,
  id,
  ...validFields(BLOCK_TYPES[type].fields as Readonly<Record<string, Field>>),
});

/** The first field of a type that may not be left out: the one a test spoils. */
export const requiredField = (type: BlockTypeName): string => {
  const entry = Object.entries(BLOCK_TYPES[type].fields as Readonly<Record<string, Field>>).find(
    ([, f]) => !f.optional,
  );
  if (!entry) throw new Error(`${type} has no required field`);
  return entry[0];
};

export const SETTINGS: SiteSettings = {
  name: 'Agency',
  legalName: 'Agency Pvt Ltd',
  tagline: 'We make the web work',
  description: 'A digital agency.',
  email: 'hello@example.com',
  chatNumber: '911234567890',
  offices: [
    {
      city: 'Chennai',
      country: 'India',
      lines: ['1 Main Road'],
      phone: '+91 44 1234 5678',
      lat: 13.08,
      lng: 80.27,
    },
  ],
  social: [{ name: 'LinkedIn', href: 'https://www.linkedin.com/company/agency' }],
  navBefore: [{ label: 'About', href: '/about' }],
  navAfter: [{ label: 'Contact', href: '/contact-us' }],
  serviceGroups: [{ title: 'Marketing', links: [{ label: 'SEO', href: '/seo' }] }],
  quickLinks: [{ label: 'Blog', href: '/blog' }],
  footerNote: undefined,
};

/**
 * The seed the web build writes (`@agency/web/seed-pages.json`), in small: the home page, an about
 * page and a contact page, each checked by the shared schemas.
 */
export const SEED: PageSeed = pageSeed.parse({
  pages: [
    {
      path: '/',
      title: 'Home',
      description: 'The home page.',
      breadcrumb: [],
      blocks: [validBlock('hero'), validBlock('prose')],
    },
    {
      path: '/about',
      title: 'About us',
      description: 'Who we are.',
      breadcrumb: [{ name: 'Home', path: '/' }],
      blocks: [validBlock('hero'), validBlock('faq')],
    },
    {
      path: '/contact-us',
      title: 'Contact us',
      description: 'Write to us.',
      breadcrumb: [{ name: 'Home', path: '/' }],
      blocks: [validBlock('contactDetails')],
    },
  ],
  settings: SETTINGS,
});

/** Every block type, one valid block each. */
export const EVERY_BLOCK = BLOCK_TYPE_NAMES.map((t) => validBlock(t));

/** The site page paths the page tests' stacks are told (SITE_PAGE_PATHS): no redirect may hide them. */
export const PAGE_PATHS: readonly string[] = [
  '/',
  '/about',
  '/contact-us',
  '/blog',
  '/blog/*',
  '/sitemap.xml',
];

/** Store SEED's pages and settings in the test stack's content table, as the deploy's seed job does. */
export async function seedTestPages(): Promise<void> {
  const store = new DynamoPageStore();
  await seedPages({ pages: store, settings: store }, SEED);
}
