import { ApiError } from '../../lib/api-client';

/** Fields of the post form an API error can point at. */
export const POST_FIELDS = [
  'title',
  'slug',
  'category_id',
  'author_id',
  'content',
  'head_tag',
  'meta_description',
  'banner_image',
  'publish_at',
] as const;
export type PostField = (typeof POST_FIELDS)[number];

export const FIELD_LABELS: Record<PostField, string> = {
  title: 'Title',
  slug: 'Slug',
  category_id: 'Category',
  author_id: 'Author',
  content: 'Content',
  head_tag: 'Header tag',
  meta_description: 'Meta description',
  banner_image: 'Banner image',
  publish_at: 'Publish time',
};

const isPostField = (name: string | undefined): name is PostField =>
  POST_FIELDS.some((f) => f === name);

/** Where a failed save is shown: next to a field, as a stale-edit notice, or as a general message. */
export type SaveProblem =
  | { kind: 'field'; field: PostField; message: string }
  | { kind: 'stale'; message: string }
  | { kind: 'general'; message: string };

/** "slug: is taken" → "Slug is taken"; other sentences pass through. */
function fieldSentence(field: PostField, message: string): string {
  const named = [field, field === 'banner_image' ? 'banner_media' : field].find((f) =>
    message.startsWith(`${f}: `),
  );
  const rest = named === undefined ? null : message.slice(named.length + 2);
  return rest === null ? message : `${FIELD_LABELS[field]} ${rest}`;
}

/** Decide where a failed create/update is shown. */
export function classifySaveError(err: unknown): SaveProblem {
  if (!(err instanceof ApiError))
    return { kind: 'general', message: 'Something went wrong. Please try again.' };
  const { status, message } = err;
  // The banner is sent as a library image (`banner_media`); the form shows it at the banner input.
  const field = err.field === 'banner_media' ? 'banner_image' : err.field;
  if (status === 409) {
    const aboutSlug =
      field === 'slug' ||
      (field === undefined &&
        /slug/i.test(message) &&
        !/changed|modified|version|someone/i.test(message));
    if (aboutSlug) return { kind: 'field', field: 'slug', message: fieldSentence('slug', message) };
    return { kind: 'stale', message };
  }
  if (status === 413 || status === 415) {
    return {
      kind: 'field',
      field: 'banner_image',
      message: fieldSentence('banner_image', message),
    };
  }
  if (isPostField(field)) return { kind: 'field', field, message: fieldSentence(field, message) };
  if (status === 400) {
    if (/head/i.test(message)) return { kind: 'field', field: 'head_tag', message };
    const named = POST_FIELDS.find((f) => new RegExp(`\\b${f}\\b`).test(message));
    if (named) return { kind: 'field', field: named, message };
  }
  return { kind: 'general', message };
}
