import * as z from 'zod';

/** The error body every failing API call answers with. */
export const errorBody = z.object({ error: z.string() });
export type ErrorBody = z.infer<typeof errorBody>;

export const category = z.object({ id: z.number().int(), category: z.string() });
export type Category = z.infer<typeof category>;

export const author = z.object({ id: z.number().int(), name: z.string() });
export type Author = z.infer<typeof author>;

/** A blog post as every API response carries it. */
export const post = z.object({
  id: z.number().int(),
  title: z.string(),
  slug: z.string(),
  content: z.string(),
  head_tag: z.string(),
  /** Site path under /media/, or null when the post has no banner. */
  banner_image: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  category: category.nullable(),
  author: author.nullable(),
  views: z.number().int(),
  /** Optimistic-concurrency version: send it back on update to detect stale edits. */
  version: z.number().int(),
});
export type Post = z.infer<typeof post>;

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
