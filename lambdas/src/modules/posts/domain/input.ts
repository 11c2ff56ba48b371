import * as z from 'zod';
import { plainLine, postContent, type PostContent } from '@agency/shared';
import { invalid } from '../../../platform/errors';
import type { PostDeps } from './ports';
import { libraryContent } from './references';
import type { PublicationInput } from './publishing';
import { refuseDataImages, sanitizeHeadTag, sanitizeTitle } from './sanitize';

/**
 * A save as the contract hands it over: the content fields (a spec client never sends the newer
 * ones, and then they are blank), the category and author, the banner and the publication.
 */
export type PostInput = z.input<typeof postContent> &
  PublicationInput & {
    category_id?: number | undefined;
    author_id?: number | undefined;
    /** A library image id for the banner, or `none` to remove it. */
    banner_media?: string | undefined;
  };

export type UpdateInput = PostInput & { id: number; version?: number | undefined };

/**
 * The content fields as stored: each field with a rule for what it may hold goes through it (the
 * body `content`, already sanitised, is given); the others are plain text, escaped wherever shown.
 */
export const cleanContent = (written: PostContent, content: string): PostContent => ({
  ...written,
  title: sanitizeTitle(written.title),
  content,
  head_tag: sanitizeHeadTag(written.head_tag),
  meta_description: plainLine(written.meta_description),
});

/** Sanitised fields, with category and author checked to exist (400 naming the field otherwise). */
export async function prepare(deps: PostDeps, input: PostInput) {
  const [category, author] = await Promise.all([
    input.category_id !== undefined ? deps.taxonomy.category(input.category_id) : null,
    input.author_id !== undefined ? deps.taxonomy.author(input.author_id) : null,
  ]);
  if (input.category_id !== undefined && !category)
    throw invalid('category_id', 'is not an existing category');
  if (input.author_id !== undefined && !author)
    throw invalid('author_id', 'is not an existing author');
  const written = postContent.parse(input);
  if (!sanitizeTitle(written.title)) throw invalid('title', 'is required', 'required');
  refuseDataImages(written.content);
  return {
    ...cleanContent(written, await libraryContent(deps.library.media, written.content)),
    category_id: input.category_id ?? null,
    author_id: input.author_id ?? null,
  };
}
