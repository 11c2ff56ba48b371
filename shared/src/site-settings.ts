import * as z from 'zod';
import { SOCIAL_LINK_KINDS } from './links';
import {
  fieldsSchema,
  linkHref,
  list,
  number,
  optional,
  select,
  strings,
  text,
} from './block-fields';

/**
 * The site-wide settings: what the header, the footer, the contact blocks and the organisation's
 * structured data say about the agency. One record; only admins change it, and publishing it
 * renders every page again. Fields declared once (block-fields.ts): the API's schema and the
 * admin's form come from here.
 */

/** A link of the header or the footer: a site path or an https: address. */
const link = {
  label: text({ label: 'Text', max: 80 }),
  href: linkHref({ label: 'Address' }),
};

export const SOCIAL_NETWORKS = ['Facebook', 'Instagram', 'LinkedIn', 'X', 'YouTube'] as const;

export const SITE_SETTINGS_FIELDS = {
  name: text({ label: 'Agency name', max: 80 }),
  legalName: text({ label: 'Legal name', max: 120 }),
  tagline: text({ label: 'Tagline', max: 200 }),
  description: text({ label: 'Description (footer, search engines)', max: 600, multiline: true }),
  email: text({ label: 'E-mail', max: 200 }),
  chatNumber: text({
    label: 'Chat number (WhatsApp)',
    help: 'Digits only, with the country code.',
    max: 20,
  }),
  offices: list({
    label: 'Offices',
    itemLabel: 'Office',
    min: 1,
    max: 6,
    fields: {
      city: text({ label: 'City', max: 80 }),
      country: text({ label: 'Country', max: 80 }),
      lines: strings({ label: 'Address lines', min: 1, max: 6, itemMax: 200 }),
      // For search engines (the office's LocalBusiness structured data): the lines stay what people read.
      region: optional(text({ label: 'State or region', max: 80 })),
      postalCode: optional(text({ label: 'Postal code', max: 20 })),
      phone: text({ label: 'Phone', max: 40 }),
      lat: number({ label: 'Map latitude', min: -90, max: 90, step: 0.0001 }),
      lng: number({ label: 'Map longitude', min: -180, max: 180, step: 0.0001 }),
    },
  }),
  social: list({
    label: 'Social links',
    itemLabel: 'Social link',
    max: 5,
    fields: {
      name: select({
        label: 'Network',
        values: SOCIAL_NETWORKS,
        options: Object.fromEntries(SOCIAL_NETWORKS.map((n) => [n, n])) as Record<
          (typeof SOCIAL_NETWORKS)[number],
          string
        >,
      }),
      href: linkHref({ label: 'Address', kinds: SOCIAL_LINK_KINDS }),
    },
  }),
  navBefore: list({
    label: 'Header links before Services',
    itemLabel: 'Link',
    max: 6,
    fields: link,
  }),
  navAfter: list({ label: 'Header links after Services', itemLabel: 'Link', max: 6, fields: link }),
  serviceGroups: list({
    label: 'Services menu groups',
    itemLabel: 'Group',
    min: 1,
    max: 6,
    fields: {
      title: text({ label: 'Group title', max: 80 }),
      links: list({ label: 'Links', itemLabel: 'Link', min: 1, max: 12, fields: link }),
    },
  }),
  quickLinks: list({ label: 'Footer quick links', itemLabel: 'Link', max: 12, fields: link }),
  footerNote: optional(text({ label: 'Footer note', max: 300 })),
} as const;

/** The settings as stored and answered. */
export const siteSettings = fieldsSchema(SITE_SETTINGS_FIELDS).superRefine((s, ctx) => {
  if (!/^\d{6,15}$/.test(s.chatNumber))
    ctx.addIssue({
      code: 'custom',
      path: ['chatNumber'],
      message: 'must be 6–15 digits with the country code',
    });
  if (!z.email().safeParse(s.email).success)
    ctx.addIssue({ code: 'custom', path: ['email'], message: 'must be an e-mail address' });
});
export type SiteSettings = z.output<typeof siteSettings>;
export type Office = SiteSettings['offices'][number];
