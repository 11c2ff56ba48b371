import * as z from 'zod';
import {
  action,
  boolean,
  ELEMENT_ID,
  elementId,
  fieldsSchema,
  group,
  icon,
  image,
  isoDate,
  linkHref,
  list,
  number,
  optional,
  richText,
  select,
  strings,
  text,
  type Field,
} from './block-fields';

/**
 * The blocks a marketing page is made of: one entry per section component of the site. Each type
 * declares its fields once (block-fields.ts); its zod schema (the API's check, the renderer's type)
 * and the admin's form are both derived from that declaration. README "Add a block type" says how
 * to add one.
 */

interface BlockTypeDef<F extends Readonly<Record<string, Field>>> {
  /** The name staff see in the "Add block" menu. */
  readonly label: string;
  /** One line under the name: what the section shows. */
  readonly description: string;
  readonly fields: F;
}

const blockType = <F extends Readonly<Record<string, Field>>>(def: BlockTypeDef<F>) => def;

const parallax = number({
  label: 'Parallax',
  help: 'How slowly the background moves while scrolling: 0 (fixed with the page) to 1; below 0 it moves against the scroll.',
  min: -1,
  max: 1,
  step: 0.05,
});
const heading = text({ label: 'Heading', max: 160 });
const intro = optional(text({ label: 'Introduction', max: 600, multiline: true }));
const card = {
  title: text({ label: 'Title', max: 120 }),
  text: text({ label: 'Text', max: 600, multiline: true }),
  icon: optional(icon({ label: 'Icon' })),
};

/** A project of the portfolio (the gallery and the carousel show the same cards). */
const portfolioItem = {
  id: text({ label: 'Id', max: 60 }),
  name: text({ label: 'Name', max: 120 }),
  category: text({ label: 'Category label', max: 80 }),
  group: text({ label: 'Group key', max: 40 }),
  tech: text({ label: 'Technology', max: 120 }),
  thumb: image({ label: 'Card image' }),
  large: image({ label: 'Lightbox image' }),
  alt: text({ label: 'Image description', max: 300 }),
};

/** The sections of a legal document: the contents link to each by its id, so no two share one. */
const legalSectionList = list({
  label: 'Sections',
  itemLabel: 'Section',
  min: 1,
  max: 40,
  fields: {
    id: elementId({ label: 'Id (for links to this section)' }),
    heading: text({ label: 'Heading', max: 160 }),
    body: richText({ label: 'Text' }),
    contact: optional(
      boolean({
        label: 'End with the ways to contact us',
        help: 'The e-mail address, the contact page and the offices’ phone numbers, from the site settings.',
      }),
    ),
  },
});
const legalSections = {
  ...legalSectionList,
  schema: legalSectionList.schema.superRefine((sections, ctx) => {
    const seen = new Set<string>();
    sections.forEach((s, i) => {
      if (seen.has(s.id))
        ctx.addIssue({ code: 'custom', path: [i, 'id'], message: 'is the id of another section' });
      seen.add(s.id);
    });
  }),
};

export const BLOCK_TYPES = {
  hero: blockType({
    label: 'Hero',
    description: 'The page title over a dark band, with the breadcrumb, a subtitle and a button.',
    fields: {
      title: text({ label: 'Title', max: 160 }),
      subtitle: optional(text({ label: 'Subtitle', max: 400, multiline: true })),
      icon: optional(icon({ label: 'Icon' })),
      action: optional(action({ label: 'Button' })),
      parallax,
    },
  }),
  heroCarousel: blockType({
    label: 'Hero carousel',
    description: 'Full-width slides that change by themselves, each with three lines of text.',
    fields: {
      slides: list({
        label: 'Slides',
        itemLabel: 'Slide',
        min: 1,
        max: 8,
        fields: {
          small: text({ label: 'Small line', max: 120 }),
          large: text({ label: 'Large line', max: 160 }),
          sub: text({ label: 'Last line', max: 200 }),
          background: select({
            label: 'Background',
            values: ['1', '2', '3', '4'],
            options: { '1': 'Violet', '2': 'Blue', '3': 'Teal', '4': 'Dusk' },
          }),
        },
      }),
      action: action({ label: 'Button' }),
    },
  }),
  text: blockType({
    label: 'Two-column text',
    description: 'A heading and paragraphs beside an illustration, with bullets and buttons.',
    fields: {
      heading,
      paragraphs: strings({ label: 'Paragraphs', min: 1, max: 20, itemMax: 3000, multiline: true }),
      bullets: optional(strings({ label: 'Bullets', max: 30, itemMax: 300 })),
      actions: optional(
        list({
          label: 'Buttons',
          itemLabel: 'Button',
          max: 4,
          fields: { action: action({ label: 'Button' }) },
        }),
      ),
      illustration: optional(icon({ label: 'Illustration' })),
      reverse: optional(boolean({ label: 'Illustration on the left' })),
    },
  }),
  prose: blockType({
    label: 'Text',
    description: 'A heading and free text: paragraphs, lists and links.',
    fields: {
      heading: optional(heading),
      body: richText({ label: 'Text' }),
      variant: optional(
        select({
          label: 'Style',
          values: ['story'],
          options: { story: 'Story: paragraphs under the heading' },
        }),
      ),
    },
  }),
  legal: blockType({
    label: 'Legal document',
    description:
      'A policy: when it last changed, an introduction, its contents and its sections, each with a heading.',
    fields: {
      lastUpdated: isoDate({ label: 'Last updated (YYYY-MM-DD)' }),
      intro: optional(text({ label: 'Introduction', max: 2000, multiline: true })),
      sections: legalSections,
    },
  }),
  serviceBlocks: blockType({
    label: 'Numbered services',
    description:
      'Numbered blocks, each a service with a quote, a text, links and an illustration (sides alternate).',
    fields: {
      items: list({
        label: 'Services',
        itemLabel: 'Service',
        min: 1,
        max: 12,
        fields: {
          anchor: text({ label: 'Id (for links to this block)', max: 80 }),
          title: text({ label: 'Title', max: 160 }),
          quote: text({ label: 'Quote', max: 300 }),
          text: text({ label: 'Text', max: 1000, multiline: true }),
          image: image({ label: 'Illustration (480 × 360)' }),
          alt: text({ label: 'Illustration description', max: 300 }),
          links: list({
            label: 'Links',
            itemLabel: 'Link',
            max: 6,
            fields: {
              label: text({ label: 'Text', max: 80 }),
              href: linkHref({ label: 'Address' }),
            },
          }),
        },
      }),
    },
  }),
  serviceGrid: blockType({
    label: 'Service grid',
    description: 'Cards with an icon, a title, a text and a link, with an optional last card.',
    fields: {
      heading,
      intro,
      items: list({
        label: 'Cards',
        itemLabel: 'Card',
        min: 1,
        max: 24,
        fields: { ...card, action: optional(action({ label: 'Link' })) },
      }),
      finalCard: optional(
        group({
          label: 'Last card',
          fields: {
            title: text({ label: 'Title', max: 120 }),
            text: optional(text({ label: 'Text', max: 600, multiline: true })),
            action: action({ label: 'Button' }),
          },
        }),
      ),
      action: optional(action({ label: 'Button under the grid' })),
    },
  }),
  benefitTabs: blockType({
    label: 'Benefit tabs',
    description: 'Tabs, each with paragraphs, bullets or cards.',
    fields: {
      heading,
      intro,
      tabs: list({
        label: 'Tabs',
        itemLabel: 'Tab',
        min: 1,
        max: 12,
        fields: {
          title: text({ label: 'Tab title', max: 120 }),
          icon: optional(icon({ label: 'Icon' })),
          paragraphs: optional(
            strings({ label: 'Paragraphs', max: 10, itemMax: 3000, multiline: true }),
          ),
          bullets: optional(strings({ label: 'Bullets', max: 30, itemMax: 300 })),
          cards: optional(list({ label: 'Cards', itemLabel: 'Card', max: 12, fields: card })),
        },
      }),
      orientation: optional(
        select({
          label: 'Layout',
          values: ['horizontal', 'vertical'],
          options: { horizontal: 'Tabs across the top', vertical: 'Tabs down the side' },
        }),
      ),
      getInTouch: optional(boolean({ label: 'End each tab with “Get in touch”' })),
    },
  }),
  stepper: blockType({
    label: 'Process stepper',
    description: 'Numbered steps that advance by themselves.',
    fields: {
      heading,
      intro,
      steps: list({
        label: 'Steps',
        itemLabel: 'Step',
        min: 1,
        max: 12,
        fields: {
          title: text({ label: 'Title', max: 120 }),
          description: text({ label: 'Description', max: 1000, multiline: true }),
          icon: optional(icon({ label: 'Icon' })),
          mobileTitle: optional(text({ label: 'Short title on phones', max: 60 })),
        },
      }),
    },
  }),
  faq: blockType({
    label: 'FAQ accordion',
    description: 'Questions that open to their answers (also given to search engines).',
    fields: {
      heading,
      items: list({
        label: 'Questions',
        itemLabel: 'Question',
        min: 1,
        max: 40,
        fields: {
          question: text({ label: 'Question', max: 300 }),
          answer: text({ label: 'Answer', max: 3000, multiline: true }),
        },
      }),
    },
  }),
  techList: blockType({
    label: 'Technology list',
    description: 'A heading and the names of tools, as tags.',
    fields: {
      heading,
      intro,
      items: strings({ label: 'Technologies', min: 1, max: 60, itemMax: 80 }),
    },
  }),
  testimonials: blockType({
    label: 'Testimonials',
    description: 'Client quotes in a carousel.',
    fields: {
      heading: optional(heading),
      intro,
      items: list({
        label: 'Testimonials',
        itemLabel: 'Testimonial',
        min: 1,
        max: 20,
        fields: {
          clientName: text({ label: 'Name', max: 120 }),
          clientDesc: text({ label: 'Role and company', max: 200 }),
          content: text({ label: 'Quote', max: 2000, multiline: true }),
        },
      }),
    },
  }),
  clients: blockType({
    label: 'Client logos',
    description: 'The logos of clients, scrolling.',
    fields: {
      heading: optional(heading),
      intro,
      logos: list({
        label: 'Logos',
        itemLabel: 'Logo',
        min: 1,
        max: 40,
        fields: {
          name: text({ label: 'Client', max: 120 }),
          src: image({ label: 'Logo image' }),
          width: number({ label: 'Width (px)', min: 1, max: 2000 }),
          height: number({ label: 'Height (px)', min: 1, max: 2000 }),
        },
      }),
    },
  }),
  achievements: blockType({
    label: 'Achievements',
    description: 'Large figures with a label.',
    fields: {
      heading,
      intro,
      items: list({
        label: 'Figures',
        itemLabel: 'Figure',
        min: 1,
        max: 12,
        fields: {
          value: text({ label: 'Figure', max: 20 }),
          label: text({ label: 'Label', max: 120 }),
          text: optional(text({ label: 'Text', max: 400, multiline: true })),
        },
      }),
    },
  }),
  whyChooseUs: blockType({
    label: 'Why choose us',
    description: 'Reasons, each a title and a text, with a button.',
    fields: {
      heading,
      intro,
      points: list({
        label: 'Reasons',
        itemLabel: 'Reason',
        min: 1,
        max: 12,
        fields: {
          title: text({ label: 'Title', max: 120 }),
          text: text({ label: 'Text', max: 600, multiline: true }),
        },
      }),
      action: optional(action({ label: 'Button' })),
    },
  }),
  portfolioGallery: blockType({
    label: 'Portfolio gallery',
    description: 'Projects with filter links and a lightbox.',
    fields: {
      filters: list({
        label: 'Filters',
        itemLabel: 'Filter',
        min: 1,
        max: 8,
        fields: {
          group: text({ label: 'Group key', max: 40 }),
          label: text({ label: 'Link text', max: 80 }),
        },
      }),
      items: list({
        label: 'Projects',
        itemLabel: 'Project',
        min: 1,
        max: 60,
        fields: portfolioItem,
      }),
      emptyText: optional(
        text({ label: 'Text when a filter shows no project', max: 300, multiline: true }),
      ),
    },
  }),
  portfolioCarousel: blockType({
    label: 'Portfolio carousel',
    description: 'Projects in a carousel, with a link to the portfolio.',
    fields: {
      heading,
      items: list({
        label: 'Projects',
        itemLabel: 'Project',
        min: 1,
        max: 24,
        fields: portfolioItem,
      }),
    },
  }),
  blogTeaser: blockType({
    label: 'Latest posts',
    description: 'The newest blog posts.',
    fields: { heading },
  }),
  cta: blockType({
    label: 'Call-to-action band',
    description: 'A short invitation with one button, over a background.',
    fields: {
      title: text({ label: 'Title', max: 160 }),
      text: optional(text({ label: 'Text', max: 600, multiline: true })),
      action: action({ label: 'Button' }),
      parallax,
    },
  }),
  enquiryForm: blockType({
    label: 'Enquiry form',
    description: 'The enquiry form in its band; buttons that scroll to its id land here.',
    fields: {
      anchor: text({ label: 'Id (for buttons that scroll here)', max: 80 }),
      heading: optional(heading),
    },
  }),
  contactDetails: blockType({
    label: 'Contact details and map',
    description: 'The enquiry form beside the offices, phone numbers and e-mail, then the map.',
    fields: {
      formHeading: text({ label: 'Form heading', max: 160 }),
      infoHeading: text({ label: 'Contact heading', max: 160 }),
      promise: text({ label: 'Promise', max: 200 }),
      promiseText: text({ label: 'Promise text', max: 600, multiline: true }),
      mapHeading: text({ label: 'Map heading', max: 160 }),
    },
  }),
} as const;

export type BlockTypeName = keyof typeof BLOCK_TYPES;
export const BLOCK_TYPE_NAMES = Object.keys(BLOCK_TYPES) as BlockTypeName[];

/** What every block has besides its fields: a stable id (keys, reordering) and whether it is hidden. */
const blockBase = {
  id: z
    .string({ error: 'is required' })
    .regex(/^[A-Za-z0-9_-]{1,40}$/, 'must be 1–40 letters, digits, - or _'),
  hidden: z.boolean({ error: 'must be true or false' }).optional(),
  /**
   * The element id of the block's section, for links to it (`/services#core-service-section`); the
   * enquiry form has its own required `anchor`.
   */
  sectionId: z
    .string()
    .regex(ELEMENT_ID, 'must be an element id: a letter, then letters, digits, - or _')
    .optional(),
  /** The block fades up when it scrolls into view (the site's scroll reveal). */
  reveal: z.boolean({ error: 'must be true or false' }).optional(),
};

type BlockSchemaOf<T extends BlockTypeName> = z.ZodObject<
  { type: z.ZodLiteral<T> } & typeof blockBase & {
      [
        K in keyof (typeof BLOCK_TYPES)[T]['fields']
      ]: (typeof BLOCK_TYPES)[T]['fields'][K] extends Field<infer S> ? S : never;
    }
>;

const blockSchemaOf = <T extends BlockTypeName>(type: T): BlockSchemaOf<T> =>
  fieldsSchema(BLOCK_TYPES[type].fields as Readonly<Record<string, Field>>).extend({
    type: z.literal(type),
    ...blockBase,
  }) as unknown as BlockSchemaOf<T>;

/** One zod schema per block type. */
export const BLOCK_SCHEMAS = Object.fromEntries(
  BLOCK_TYPE_NAMES.map((type) => [type, blockSchemaOf(type)]),
) as { [T in BlockTypeName]: BlockSchemaOf<T> };

/** Any block: checked by its `type`, the errors naming the field. */
export const pageBlock = z.discriminatedUnion(
  'type',
  BLOCK_TYPE_NAMES.map((t) => BLOCK_SCHEMAS[t]) as unknown as [
    BlockSchemaOf<'hero'>,
    ...BlockSchemaOf<BlockTypeName>[],
  ],
  { error: `type must be one of ${BLOCK_TYPE_NAMES.join(', ')}` },
);

export type PageBlock = { [T in BlockTypeName]: z.output<BlockSchemaOf<T>> }[BlockTypeName];
export type BlockOf<T extends BlockTypeName> = Extract<PageBlock, { type: T }>;

/** The most blocks a page may have. */
export const MAX_BLOCKS = 40;

// Typed as PageBlock: the union above is checked per type, but its static type is merged across types.
export const pageBlocks = z
  .array(pageBlock as unknown as z.ZodType<PageBlock, z.input<typeof pageBlock>>, {
    error: 'must be a list of blocks',
  })
  .max(MAX_BLOCKS, `must have at most ${MAX_BLOCKS} blocks`);
