import * as z from 'zod';
import { isHttpsAddress, isSitePath } from './links';
import { pageBlocks } from './page-blocks';
import { liveBlocks, pageDraftBlocks } from './page-draft';
import { siteSettings } from './site-settings';

/**
 * A marketing page as data: its address, head and ordered blocks. Staff edit a draft; publishing
 * makes the draft what visitors get (a static page written to the site). The record keeps both:
 * `blocks` and the head fields are the draft, `published` the live copy.
 */

/** The most revisions kept per page, newest first. */
export const PAGE_REVISIONS_KEPT = 25;

/** The paths staff may not give a page: the site's own areas. */
const RESERVED =
  /^\/(admin|api|media|assets|blog|preview|add-blog|edit-blog|creative-login|404)(\/|$)/;

/** A page's address: lower-case words joined by hyphens, in one or more segments; `/` is the home page. */
export const pagePathSchema = z
  .string({ error: 'is required' })
  .trim()
  .min(1, 'is required')
  .max(200, 'must be at most 200 characters')
  .transform((p) => (p.length > 1 ? p.replace(/\/+$/, '') : p))
  .refine(
    (p) => p === '/' || /^(\/[a-z0-9]+(?:-[a-z0-9]+)*)+$/.test(p),
    'must be a path like /campaign-name: lower-case letters, digits and hyphens',
  );

/** A new page's address: not the home page, not one of the site's own areas. */
export const newPagePathSchema = pagePathSchema.refine(
  (p) => p !== '/' && !RESERVED.test(p),
  'is taken by the site itself (home, admin, API, blog, media or assets)',
);

const crumb = z.object({
  name: z.string().trim().min(1, 'is required').max(80, 'must be at most 80 characters'),
  path: pagePathSchema,
});

/** An empty or blank text is no value (the key is left out). */
const emptyToUndefined = (v: unknown): unknown =>
  v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v;

/** What staff edit on a page besides its blocks: the head and the breadcrumb. */
export const pageHeadFields = {
  title: z
    .string({ error: 'is required' })
    .trim()
    .min(1, 'is required')
    .max(160, 'must be at most 160 characters'),
  description: z
    .string({ error: 'is required' })
    .trim()
    .min(1, 'is required')
    .max(320, 'must be at most 320 characters'),
  keywords: z.preprocess(
    emptyToUndefined,
    z.string().trim().max(400, 'must be at most 400 characters').optional(),
  ),
  /** The Open Graph image (from the media library); the site's share card when left empty. */
  image: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .trim()
      .max(1000, 'must be at most 1000 characters')
      .refine(
        (v) => isSitePath(v) || isHttpsAddress(v),
        'must be a site path or an https:// address',
      )
      .optional(),
  ),
  /** The title link previews show (og:title, twitter:title); the page's title when left empty. */
  shareTitle: z.preprocess(
    emptyToUndefined,
    z.string().trim().max(160, 'must be at most 160 characters').optional(),
  ),
  /** The text link previews show under it; the page's description when left empty. */
  shareDescription: z.preprocess(
    emptyToUndefined,
    z.string().trim().max(320, 'must be at most 320 characters').optional(),
  ),
  /** The page's preferred address for search engines (another page's copy); its own when left empty. */
  canonical: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .trim()
      .max(1000, 'must be at most 1000 characters')
      .refine(
        (v) => isSitePath(v) || isHttpsAddress(v),
        'must be a site path or an https:// address',
      )
      .optional(),
  ),
  /** Kept out of search results (robots noindex) and out of the sitemap; left out when false. */
  noindex: z.preprocess(
    (v) => (v === false ? undefined : v),
    z.literal(true, { error: 'must be true or false' }).optional(),
  ),
  /** The trail before the page itself (Home › Services › this page): empty for none. */
  breadcrumb: z.array(crumb).max(4, 'must have at most 4 entries'),
};

export const pageContent = z.object({ ...pageHeadFields, blocks: pageBlocks });
/** A page's content (`keywords` and `image` left out when empty). */
export type PageContent = z.output<typeof pageContent>;

/**
 * A page's draft as saved: the head as strict as the live copy, each block checked for safety
 * (links, sizes, ids) but kept when a field is only left empty (page-draft.ts); publishing
 * completes it (`liveContent`).
 */
export const pageDraftContent = z.object({ ...pageHeadFields, blocks: pageDraftBlocks });

/**
 * What publishing a draft puts live: the head and the visible blocks, each complete; hidden blocks
 * are left out here, the one place a live copy is made, so nothing a visitor fetches carries them.
 * The problems name `blocks.<index>.<field>` by the block's place in the draft.
 */
export function liveContent(
  draft: PageContent,
): { success: true; data: PageContent } | { success: false; issues: z.core.$ZodIssue[] } {
  const blocks = liveBlocks(draft.blocks);
  if (!blocks.success) return blocks;
  const head = pageContent.safeParse({ ...draft, blocks: blocks.data });
  return head.success ? head : { success: false, issues: head.error.issues };
}

/**
 * The most a page's content (head and blocks) may weigh as stored: 150 KB. The record holds the
 * draft and the live copy in one DynamoDB item (at most 400 KB), a kept version holds one copy, and
 * a render call of 10 pages stays well under Lambda's 6 MB payload.
 */
export const PAGE_CONTENT_MAX_BYTES = 150 * 1024;

/**
 * What a page's content weighs as stored, near enough to DynamoDB's count (the UTF-8 bytes of its
 * names and values): the UTF-8 length of its JSON. The server refuses past the limit, the editor
 * shows what is left, both with this function.
 */
export const pageContentBytes = (content: unknown): number =>
  new TextEncoder().encode(JSON.stringify(content)).length;

/** Bytes as whole kilobytes (1,024 bytes), rounded up: a page 1 byte over the limit reads over it. */
export const pageKilobytes = (bytes: number): string => `${Math.ceil(bytes / 1024)} KB`;

/** Why a page's content is too large to store (the message of a 400 at `blocks`), or null. */
export function pageContentTooLarge(content: unknown): string | null {
  const bytes = pageContentBytes(content);
  return bytes > PAGE_CONTENT_MAX_BYTES
    ? `is too large: ${pageKilobytes(bytes)} of at most ${pageKilobytes(PAGE_CONTENT_MAX_BYTES)}; shorten or remove some blocks`
    : null;
}

/** `draft`: never published; `published`: the live page is the draft; `changed`: published, with changes not yet published. */
export const PAGE_STATUSES = ['draft', 'published', 'changed'] as const;
export type PageStatus = (typeof PAGE_STATUSES)[number];

/** A page as the admin gets it: the draft, where it stands and the live copy. */
export const sitePage = pageDraftContent.extend({
  path: z.string(),
  status: z.enum(PAGE_STATUSES),
  /** Counts every save; a save or restore sending an older one is refused (409). */
  version: z.number().int(),
  updated_at: z.string(),
  updated_by: z.string().nullable(),
  /** Who `updated_by` is, as people know them (display name, else e-mail); the API fills it in. */
  updated_by_name: z.string().nullable().optional(),
  published_at: z.string().nullable(),
  /** When the draft is published by itself (null: not scheduled). */
  publish_at: z.string().nullable().optional(),
  /** What visitors get now (null before the first publish). */
  published: pageContent.nullable(),
});
export type SitePage = z.output<typeof sitePage>;

export const sitePageSummary = sitePage
  .pick({
    path: true,
    title: true,
    status: true,
    version: true,
    updated_at: true,
    updated_by: true,
    updated_by_name: true,
    published_at: true,
    publish_at: true,
  })
  .extend({
    /** When the page was retired (the Retired filter lists only these), and where its address leads. */
    retired_at: z.string().nullable().optional(),
    redirect_to: z.string().nullable().optional(),
  });
/** What the pages list filters by: a page's status, or retired pages (left out otherwise). */
export const PAGE_LIST_FILTERS = [...PAGE_STATUSES, 'scheduled', 'retired'] as const;
export type PageListFilter = (typeof PAGE_LIST_FILTERS)[number];
export type SitePageSummary = z.output<typeof sitePageSummary>;

/** A published page as the sitemap lists it. */
export const livePageLink = z.object({
  path: z.string(),
  title: z.string(),
  published_at: z.string(),
});
export type LivePageLink = z.output<typeof livePageLink>;

export const pageRevisionSummary = z.object({
  revision: z.number().int(),
  title: z.string(),
  saved_at: z.string(),
  saved_by: z.string().nullable(),
  /** Who `saved_by` is, as people know them; the API fills it in. */
  saved_by_name: z.string().nullable().optional(),
  /** `save`, `publish` or `restore`: what made this version. */
  reason: z.enum(['save', 'publish', 'restore']),
});
export type PageRevisionSummary = z.output<typeof pageRevisionSummary>;

export const pageRevision = pageRevisionSummary.extend(pageDraftContent.shape);
export type PageRevision = z.output<typeof pageRevision>;

/**
 * A direct invocation of the render function (not through API Gateway): the API's publish calls
 * ask it for the HTML documents of block pages (a page's published copy; every live page when the
 * settings change) and, with `withFixedPages`, of the site's fixed prerendered pages (not-found,
 * thank-you), whose header and footer show the settings too. Both sides read this one schema.
 */
export const renderPagesEvent = z.object({
  action: z.literal('renderPages'),
  pages: z
    .array(pageContent.extend({ path: pagePathSchema }))
    .max(500, 'must be at most 500 pages'),
  settings: siteSettings,
  withFixedPages: z.boolean().optional(),
});
export type RenderPagesEvent = z.input<typeof renderPagesEvent>;

/** The render function's answer: complete HTML documents by path, or why it refused the event. */
export const renderPagesAnswer = z.union([
  z.object({
    documents: z.array(
      z.object({
        path: z.string(),
        html: z.string().min(1),
        // The card drawn from the title that the document's head names, to be drawn before it is put.
        card: z.object({ title: z.string().min(1), site: z.string().min(1) }).optional(),
      }),
    ),
  }),
  z.object({ error: z.string() }),
]);
export type RenderPagesAnswer = z.output<typeof renderPagesAnswer>;
