import * as z from 'zod';
import { image } from './media';

/** The error body every failing API call answers with. */
export const errorBody = z.object({ error: z.string() });
export type ErrorBody = z.infer<typeof errorBody>;

export const category = z.object({ id: z.number().int(), category: z.string() });
export type Category = z.infer<typeof category>;

export const author = z.object({ id: z.number().int(), name: z.string() });
export type Author = z.infer<typeof author>;

/**
 * Where a post is in its life: `draft` (never public), `scheduled` (public from `publish_at`, moved
 * there by the per-minute job) or `published` (public since `publish_at`).
 */
export const POST_STATUSES = ['draft', 'scheduled', 'published'] as const;
export const postStatus = z.enum(POST_STATUSES);
export type PostStatus = z.infer<typeof postStatus>;

/** A blog post as every API response carries it. */
export const post = z.object({
  id: z.number().int(),
  title: z.string(),
  slug: z.string(),
  content: z.string(),
  head_tag: z.string(),
  /** Site path under /media/, or null when the post has no banner. */
  banner_image: z.string().nullable(),
  /**
   * The banner as a processed image (variants, size, placeholder), or null: no banner, or one
   * stored before images had variants (then only `banner_image` is known).
   */
  banner: image.nullable(),
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
});
export type Post = z.infer<typeof post>;

/** One kept earlier version of a post, as the revision list shows it. */
export const revisionSummary = z.object({
  /** The post version this revision was (versions count every update). */
  revision: z.number().int(),
  title: z.string(),
  slug: z.string(),
  /** When this version was saved, and by whom (null for versions saved before names were kept). */
  saved_at: z.string(),
  saved_by: z.string().nullable(),
});
export type RevisionSummary = z.infer<typeof revisionSummary>;

/** A kept version in full: everything a restore brings back. */
export const revision = revisionSummary.extend({
  content: z.string(),
  head_tag: z.string(),
  banner_image: z.string().nullable(),
  banner: image.nullable(),
  category: category.nullable(),
  author: author.nullable(),
  status: postStatus,
  publish_at: z.string().nullable(),
});
export type Revision = z.infer<typeof revision>;

export const postLink = z.object({ slug: z.string(), title: z.string() });
export type PostLink = z.infer<typeof postLink>;

export const loginResult = z.object({ username: z.string(), email: z.string(), token: z.string() });
export type LoginResult = z.infer<typeof loginResult>;

export const emailStatus = z.enum(['pending', 'sent']);
export type EmailStatus = z.infer<typeof emailStatus>;

/** An enquiry as the admin inbox sees it. */
export const lead = z.object({
  id: z.string(),
  created_at: z.string(),
  name: z.string(),
  phone: z.string(),
  email: z.string(),
  subject: z.string(),
  message: z.string(),
  page: z.string().nullable(),
  email_status: emailStatus,
  email_attempts: z.number().int(),
});
export type Lead = z.infer<typeof lead>;

/** One page of a list: `next`/`previous` are API addresses ending in `page=N`, or null. */
export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({
    results: z.array(item),
    next: z.string().nullable(),
    previous: z.string().nullable(),
  });
