import * as z from 'zod';
import { POST_LIMITS } from './constants';
import { image } from './media';
import { SLUG_PATTERN } from './text';
import { author, category, postStatus } from './entities';

/** A slug as a save sends it. */
export const slugInput = z
  .string()
  .trim()
  .min(1, 'is required')
  .max(POST_LIMITS.slugMax, 'is too long')
  .regex(SLUG_PATTERN, 'may hold only lower-case letters, digits and single hyphens');

/** One content field: its label in the editor, its stored and answered shape, the rule a save checks. */
const field = <S extends z.ZodType, I extends z.ZodType>(label: string, stored: S, input: I) => ({
  label,
  stored,
  input,
});

/**
 * What an author writes in a post, one line per field. Every field here is stored with the post,
 * answered in every post and revision, kept with each revision and brought back by a restore,
 * validated on save (a 400 names the field) and edited as a string in the editor under its label.
 * A field added here needs only an input in the editor and its place on the public post page
 * (README: "Add a field to posts"). `stored` reads posts saved before the field existed, so a new
 * field gets a default.
 */
const CONTENT = {
  title: field(
    'Title',
    z.string(),
    z.string().trim().min(1, 'is required').max(POST_LIMITS.titleMax, 'is too long'),
  ),
  slug: field('Slug title', z.string(), slugInput),
  content: field(
    'Content',
    z.string(),
    z.string().max(POST_LIMITS.contentMaxBytes, 'is too long').default(''),
  ),
  head_tag: field(
    'Header tag',
    z.string(),
    z.string().max(POST_LIMITS.headTagMax, 'is too long').default(''),
  ),
  /** Plain text for search results and link previews; blank falls back to the excerpt. */
  meta_description: field(
    'Meta description',
    z.string().default(''),
    z
      .string()
      .trim()
      .max(
        POST_LIMITS.metaDescriptionMax,
        `must be at most ${POST_LIMITS.metaDescriptionMax} characters`,
      )
      .default(''),
  ),
};
type Content = typeof CONTENT;
export type PostContentField = keyof Content;

/** One side of every content field (the table's rows are typed one by one, so the cast only restates them). */
const contentShape = <K extends 'stored' | 'input'>(side: K) =>
  Object.fromEntries(Object.entries(CONTENT).map(([name, f]) => [name, f[side]])) as {
    [F in PostContentField]: Content[F][K];
  };

/** The content fields as stored and answered. */
export const postContent = z.object(contentShape('stored'));
export type PostContent = z.infer<typeof postContent>;
/** The content fields as a save sends them, with the limits and the words of its 400s. */
export const postContentInput = z.object(contentShape('input'));
/** The content fields' names, in the order the API answers them. */
export const POST_CONTENT_FIELDS = postContent.keyof().options;
/** The label each content field has in the editor (and its errors are shown under). */
export const POST_CONTENT_LABELS = Object.fromEntries(
  Object.entries(CONTENT).map(([name, f]) => [name, f.label]),
) as Record<PostContentField, string>;
/** Every content field blank: a new post's form. */
export const BLANK_POST_CONTENT: PostContent = postContent.parse(
  Object.fromEntries(POST_CONTENT_FIELDS.map((name) => [name, ''])),
);

/** A post's banner as answered: the spec's path and, where known, the processed image. */
const bannerShape = {
  /** Site path under /media/, or null when the post has no banner. */
  banner_image: z.string().nullable(),
  /**
   * The banner as a processed image (variants, size, placeholder), or null: no banner, or one
   * stored before images had variants (then only `banner_image` is known).
   */
  banner: image.nullable(),
};

/** A blog post as every API response carries it. */
export const post = z.object({
  id: z.number().int(),
  ...postContent.shape,
  ...bannerShape,
  created_at: z.string(),
  updated_at: z.string(),
  category: category.nullable(),
  author: author.nullable(),
  views: z.number().int(),
  /** Optimistic-concurrency version: send it back on update to detect stale edits. */
  version: z.number().int(),
  status: postStatus,
  /** ISO 8601 UTC: when the post went (or goes) public; null for a draft without a planned time. */
  publish_at: z.string().nullable(),
  /** ISO 8601 UTC: when a trashed post will be purged for good; null (or absent) for any other. */
  purge_at: z.string().nullable().optional(),
});
export type Post = z.infer<typeof post>;

/** One kept earlier version of a post, as the revision list shows it. */
export const revisionSummary = z.object({
  /** The post version this revision was (versions count every update). */
  revision: z.number().int(),
  ...postContent.pick({ title: true, slug: true }).shape,
  /** When this version was saved, and by whom (null for versions saved before names were kept). */
  saved_at: z.string(),
  saved_by: z.string().nullable(),
  /**
   * Who saved it as people know them: their display name, else their e-mail (the revisions list
   * fills it; null when the account is unknown or for versions saved before names were kept).
   */
  saved_by_name: z.string().nullable().optional(),
});
export type RevisionSummary = z.infer<typeof revisionSummary>;

/** A kept version in full: everything a restore brings back. */
export const revision = revisionSummary.extend({
  ...postContent.omit({ title: true, slug: true }).shape,
  ...bannerShape,
  category: category.nullable(),
  author: author.nullable(),
  status: postStatus,
  publish_at: z.string().nullable(),
});
export type Revision = z.infer<typeof revision>;

export const postLink = postContent.pick({ slug: true, title: true });
export type PostLink = z.infer<typeof postLink>;

/** The post editor's values: every content field, and the category and author chosen ('' for none). */
export const postFormValues = postContent.extend({
  category_id: z.string(),
  author_id: z.string(),
});
export type PostFormValues = z.infer<typeof postFormValues>;
