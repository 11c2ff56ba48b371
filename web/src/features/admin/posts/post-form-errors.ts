import { POST_CONTENT_FIELDS, POST_CONTENT_LABELS } from '@agency/shared';
import { ApiError } from '../../../lib/api-client';

/** Fields of the post form an API error can point at: every content field, then the others. */
export const POST_FIELDS = [
  ...POST_CONTENT_FIELDS,
  'category_id',
  'author_id',
  'banner_image',
  'publish_at',
] as const;
export type PostField = (typeof POST_FIELDS)[number];

/** The post form's fields by the API's names, with the labels the editor shows them under. */
export const FIELD_LABELS: Record<PostField, string> = {
  ...POST_CONTENT_LABELS,
  category_id: 'Category',
  author_id: 'Author',
  banner_image: 'Banner image',
  publish_at: 'Publish at',
};

const isPostField = (name: string | undefined): name is PostField =>
  POST_FIELDS.some((f) => f === name);

/** Where a failed save is shown: next to a field, as a stale-edit notice, or as a general message. */
export type SaveProblem =
  | { kind: 'field'; field: PostField; message: string }
  | { kind: 'stale'; message: string }
  | { kind: 'general'; message: string };

/**
 * Decide where a failed create/update is shown, by the API's `field` and `code` (never by its
 * words). A field's message is the API's sentence without the field's name ("Is already taken."),
 * shown at that field under its label.
 */
export function classifySaveError(err: unknown): SaveProblem {
  if (!(err instanceof ApiError))
    return { kind: 'general', message: 'Something went wrong. Please try again.' };
  const { message } = err;
  if (err.code === 'stale') return { kind: 'stale', message };
  // The banner is sent as a library image (`banner_media`); the form shows it at the banner input.
  const field = err.field === 'banner_media' ? 'banner_image' : err.field;
  if (isPostField(field)) return { kind: 'field', field, message };
  return { kind: 'general', message };
}
