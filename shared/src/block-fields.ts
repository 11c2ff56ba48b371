import * as z from 'zod';
import {
  BUTTON_LINK_KINDS,
  isHttpsAddress,
  isLinkOf,
  isSitePath,
  linkMessage,
  NAV_LINK_KINDS,
  type LinkKind,
} from './links';

/**
 * The fields a block (or site settings) is made of, declared once: each field knows its zod schema
 * (what the API accepts and the renderer reads) and how the admin edits it (its widget and label).
 * A block type is an object of these fields (`blockType` in page-blocks.ts); its zod schema, its
 * form and its blank value are derived from that one declaration.
 */

/** The icons of the section components (web/src/components/sections/icons.tsx draws each). */
export const ICON_NAMES = [
  'search',
  'chart',
  'target',
  'megaphone',
  'code',
  'cart',
  'cloud',
  'brush',
  'play',
  'shield',
  'rocket',
  'users',
  'gear',
  'layers',
  'globe',
  'device',
  'refresh',
  'clock',
  'star',
  'pen',
  'mail',
  'link',
  'pin',
  'money',
  'bulb',
  'check',
  'handshake',
] as const;
export type IconName = (typeof ICON_NAMES)[number];

/** How the admin edits a field. */
export type FieldWidget =
  | { kind: 'text'; max: number; multiline: boolean; placeholder?: string }
  | { kind: 'richText'; max: number }
  | { kind: 'number'; min: number; max: number; step: number }
  | { kind: 'boolean' }
  | { kind: 'select'; options: readonly { value: string; label: string }[] }
  | { kind: 'icon' }
  | { kind: 'image' }
  | { kind: 'strings'; item: FieldWidget & { kind: 'text' }; min: number; max: number }
  | {
      kind: 'list';
      fields: Readonly<Record<string, Field>>;
      min: number;
      max: number;
      itemLabel: string;
    }
  | { kind: 'group'; fields: Readonly<Record<string, Field>> }
  | { kind: 'action' };

/** One field: its label and help for the form, whether it may be left empty, its widget and schema. */
export interface Field<S extends z.ZodType = z.ZodType> {
  readonly label: string;
  readonly help?: string;
  readonly optional: boolean;
  readonly widget: FieldWidget;
  readonly schema: S;
}

type Opts = { label: string; help?: string };

const required = (max: number) =>
  z
    .string({ error: 'is required' })
    .trim()
    .min(1, 'is required')
    .max(max, `must be at most ${max} characters`);

const field = <S extends z.ZodType>(o: Opts, widget: FieldWidget, schema: S): Field<S> => ({
  label: o.label,
  ...(o.help ? { help: o.help } : {}),
  optional: false,
  widget,
  schema,
});

/** The same field, which may be left out (an empty text counts as left out). */
export function optional<S extends z.ZodType>(
  f: Field<S>,
): Field<z.ZodOptional<z.ZodType<z.output<S>>>> {
  const emptyToUndefined = z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    f.schema.optional(),
  ) as unknown as z.ZodOptional<z.ZodType<z.output<S>>>;
  return { ...f, optional: true, schema: emptyToUndefined };
}

/** A line of text (`multiline`: a paragraph without markup). */
export const text = (o: Opts & { max?: number; multiline?: boolean; placeholder?: string }) => {
  const max = o.max ?? (o.multiline ? 2000 : 200);
  return field(
    o,
    {
      kind: 'text',
      max,
      multiline: o.multiline ?? false,
      ...(o.placeholder ? { placeholder: o.placeholder } : {}),
    },
    required(max),
  );
};

/** The pattern of an element id (`id="…"`, the target of `#…` links). */
export const ELEMENT_ID = /^[A-Za-z][\w-]{0,79}$/;

/**
 * An element id, for links to a part of a page (`/privacy-policy#cookies`). Its placeholder is a
 * valid example (as every patterned text's is: what the forms' tests type).
 */
export const elementId = (o: Opts) =>
  field(
    o,
    { kind: 'text', max: 80, multiline: false, placeholder: 'cookies' },
    required(80).regex(ELEMENT_ID, 'must be an element id: a letter, then letters, digits, - or _'),
  );

/** Whether `v` is a real calendar date written YYYY-MM-DD. */
const isIsoDate = (v: string): boolean => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(v)) return false;
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(v);
};

/** A calendar date typed as YYYY-MM-DD (a `<time datetime>`; the page writes it out in words). */
export const isoDate = (o: Opts) =>
  field(
    o,
    { kind: 'text', max: 10, multiline: false, placeholder: '2021-06-15' },
    required(10).refine(isIsoDate, 'must be a date written YYYY-MM-DD'),
  );

/** Prose with markup (paragraphs, lists, links, emphasis), sanitised on save as post HTML is. */
export const richText = (o: Opts & { max?: number }) => {
  const max = o.max ?? 50_000;
  return field(o, { kind: 'richText', max }, required(max));
};

export const number = (o: Opts & { min: number; max: number; step?: number }) =>
  field(
    o,
    { kind: 'number', min: o.min, max: o.max, step: o.step ?? 1 },
    z.coerce
      .number({ error: 'must be a number' })
      .min(o.min, `must be at least ${o.min}`)
      .max(o.max, `must be at most ${o.max}`),
  );

export const boolean = (o: Opts) =>
  field(o, { kind: 'boolean' }, z.boolean({ error: 'must be true or false' }));

export const select = <const V extends readonly [string, ...string[]]>(
  o: Opts & { options: { readonly [K in V[number]]: string }; values: V },
) =>
  field(
    o,
    {
      kind: 'select',
      options: o.values.map((value) => ({ value, label: o.options[value as V[number]] })),
    },
    z.enum(o.values, { error: `must be one of ${o.values.join(', ')}` }),
  );

export const icon = (o: Opts) =>
  field(o, { kind: 'icon' }, z.enum(ICON_NAMES, { error: 'must be one of the icons' }));

/** An image: a site path (`/assets/…`, `/media/…`) or an https:// address, from the media library. */
export const image = (o: Opts) =>
  field(
    o,
    { kind: 'image' },
    required(1000).refine(
      (v) => isSitePath(v) || isHttpsAddress(v),
      'must be a site path starting with / or an https:// address',
    ),
  );

/** A list of short texts (bullets, technologies). */
export const strings = (
  o: Opts & { max?: number; min?: number; itemMax?: number; multiline?: boolean },
) => {
  const item = text({ label: o.label, max: o.itemMax, multiline: o.multiline });
  const min = o.min ?? 0;
  const max = o.max ?? 50;
  return field(
    o,
    { kind: 'strings', item: item.widget as FieldWidget & { kind: 'text' }, min, max },
    z
      .array(item.schema, { error: 'must be a list' })
      .min(min, `needs at least ${min}`)
      .max(max, `must have at most ${max}`),
  );
};

/** The schema of an object of fields. */
export function fieldsSchema<F extends Readonly<Record<string, Field>>>(
  fields: F,
): z.ZodObject<{ [K in keyof F]: F[K]['schema'] }> {
  const shape = Object.fromEntries(Object.entries(fields).map(([name, f]) => [name, f.schema]));
  return z.object(shape) as z.ZodObject<{ [K in keyof F]: F[K]['schema'] }>;
}

/** A list of items, each an object of fields (FAQ entries, slides, cards). */
export const list = <F extends Readonly<Record<string, Field>>>(
  o: Opts & { fields: F; itemLabel: string; min?: number; max?: number },
) => {
  const min = o.min ?? 0;
  const max = o.max ?? 50;
  return field(
    o,
    { kind: 'list', fields: o.fields, min, max, itemLabel: o.itemLabel },
    z
      .array(fieldsSchema(o.fields), { error: 'must be a list' })
      .min(min, `needs at least ${min}`)
      .max(max, `must have at most ${max}`),
  );
};

/** A group of fields edited together (a final card). */
export const group = <F extends Readonly<Record<string, Field>>>(o: Opts & { fields: F }) =>
  field(o, { kind: 'group', fields: o.fields }, fieldsSchema(o.fields));

/** Where a button may link: a site path, an https: address, mailto:, tel: or #id (links.ts). */
export const isLinkTarget = (v: string): boolean => isLinkOf(v, BUTTON_LINK_KINDS);

/** A link's address, one of `kinds` (links.ts), refused with a 400 at the field otherwise. */
const linkAddress = (kinds: readonly LinkKind[]) =>
  required(1000).refine((v) => isLinkOf(v, kinds), linkMessage(kinds));

/** A link's address typed in a form: a site path or an https: address unless `kinds` says. */
export const linkHref = (o: Opts & { kinds?: readonly LinkKind[] }) => {
  const kinds = o.kinds ?? NAV_LINK_KINDS;
  return field(
    o,
    {
      kind: 'text',
      max: 1000,
      multiline: false,
      placeholder: kinds.includes('site') ? '/contact' : 'https://www.example.com/agency',
    },
    linkAddress(kinds),
  );
};

/**
 * A button of a section: go to an address, or scroll to an element of this page (`scrollTo`, the
 * enquiry form's id); `context` is what a screen reader hears after a short label.
 */
export const sectionAction = z.union([
  z.object({
    label: required(80),
    href: linkAddress(BUTTON_LINK_KINDS),
    context: z.string().trim().max(200).optional(),
  }),
  z.object({
    label: required(80),
    scrollTo: required(80).regex(/^[A-Za-z][\w-]*$/, 'must be an element id'),
    context: z.string().trim().max(200).optional(),
  }),
]);
export type SectionAction = z.infer<typeof sectionAction>;

export const action = (o: Opts) => field(o, { kind: 'action' }, sectionAction);

/** A link of the navigation or the footer. */
export const navLink = z.object({
  label: required(80),
  href: linkAddress(NAV_LINK_KINDS),
});
export type NavLink = z.infer<typeof navLink>;

/** The blank value of a field, as a new block's form starts. */
export function blankValue(f: Field): unknown {
  if (f.optional) return undefined;
  switch (f.widget.kind) {
    case 'text':
    case 'richText':
    case 'image':
      return '';
    case 'number':
      return f.widget.min;
    case 'boolean':
      return false;
    case 'select':
      return f.widget.options[0]?.value;
    case 'icon':
      return ICON_NAMES[0];
    case 'strings':
      return Array.from({ length: f.widget.min }, () => '');
    case 'list':
      return Array.from({ length: f.widget.min }, () =>
        blankFields(f.widget.kind === 'list' ? f.widget.fields : {}),
      );
    case 'group':
      return blankFields(f.widget.fields);
    case 'action':
      return { label: '', href: '' };
  }
}

/** The blank values of an object of fields. */
export function blankFields(fields: Readonly<Record<string, Field>>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, f] of Object.entries(fields)) {
    const v = blankValue(f);
    if (v !== undefined) out[name] = v;
  }
  return out;
}

/**
 * The rich-text fields of a value of these fields, as paths (`['items', 2, 'answer']`): what the API
 * sanitises before it stores a block.
 */
export function richTextPaths(
  fields: Readonly<Record<string, Field>>,
  value: Record<string, unknown>,
  prefix: (string | number)[] = [],
): (string | number)[][] {
  const out: (string | number)[][] = [];
  for (const [name, f] of Object.entries(fields)) {
    const v = value[name];
    if (v === undefined) continue;
    if (f.widget.kind === 'richText') out.push([...prefix, name]);
    else if (f.widget.kind === 'list' && Array.isArray(v)) {
      const inner = f.widget.fields;
      v.forEach((item, i) => {
        if (item && typeof item === 'object')
          out.push(...richTextPaths(inner, item as Record<string, unknown>, [...prefix, name, i]));
      });
    } else if (f.widget.kind === 'group' && v && typeof v === 'object')
      out.push(...richTextPaths(f.widget.fields, v as Record<string, unknown>, [...prefix, name]));
  }
  return out;
}
