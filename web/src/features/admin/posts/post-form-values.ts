import {
  BLANK_POST_CONTENT,
  postContent,
  slugify,
  type Post,
  type PostFormValues,
} from '@agency/shared';
import type { ShownBanner } from './banner-input';
import type { PostField } from './post-form-errors';
import { formatLocal, zoneLabel } from '../ui/publish-time';

/** What a save asks for: keep the post's state (`update`), or make it a draft, scheduled or published. */
export type Intent = 'update' | 'draft' | 'schedule' | 'publish';

/**
 * The form's values: the shared `postFormValues` (every content field, category and author), and
 * the banner chosen since the form was loaded, as JSON (`BannerChoice`), or '' for none: kept in
 * the working copy so a crash after a long upload does not lose which image was chosen.
 */
export type Values = PostFormValues & { banner: string };

/** The message shown under each field in error. */
export type Errors = Partial<Record<PostField, string>>;

/** What the next save sends about the banner (an image id or `none`) and what the form shows. */
export interface BannerChoice {
  media: string;
  shown: ShownBanner | null;
}

/** The banner choice a working copy kept, or null when it kept none (or an unreadable one). */
export const readChoice = (json: string): BannerChoice | null => {
  if (!json) return null;
  try {
    return JSON.parse(json) as BannerChoice;
  } catch {
    return null;
  }
};

/** The values of a new post's form. */
export const EMPTY_VALUES: Values = {
  ...BLANK_POST_CONTENT,
  category_id: '',
  author_id: '',
  banner: '',
};

/** A post's content fields, category and author as the form (and a save) holds them. */
export const fieldsOf = (p: Post): PostFormValues => ({
  ...postContent.parse(p),
  category_id: p.category ? String(p.category.id) : '',
  author_id: p.author ? String(p.author.id) : '',
});

/** A stored post as the form's values, with no banner chosen since. */
export const valuesOf = (p: Post): Values => ({ ...fieldsOf(p), banner: '' });

/** Whether the form shows something the stored post does not have (the banner choice aside). */
export const differs = (a: Values, b: Values): boolean =>
  (Object.keys(a) as (keyof Values)[]).some((k) => k !== 'banner' && a[k] !== b[k]);

/**
 * Whether the slug still follows the title: never once the post is published (its address is out
 * there), nor once the author has typed a slug of their own (one that is not the title's).
 */
export const slugFollowsTitle = (v: Values, status: Post['status'] | undefined): boolean =>
  status !== 'published' && v.slug === slugify(v.title);

/** The banner a stored post has, as the form shows it. */
export const bannerOf = (p: Post | undefined): ShownBanner | null =>
  p?.banner_image ? { image: p.banner, path: p.banner_image } : null;

/** What the success popup says after a save with `intent` (`was`: the post before it, if stored). */
export function successMessage(
  intent: Intent,
  isNew: boolean,
  was: Post | null,
  saved: Post,
): string {
  switch (intent) {
    case 'publish':
      return isNew ? 'New blog added' : 'Published. It is on the blog now.';
    case 'draft':
      return was?.status === 'published'
        ? 'Unpublished: saved as a draft.'
        : 'Draft saved. It is not on the blog.';
    case 'schedule':
      return `Scheduled for ${formatLocal(saved.publish_at ?? '')} (${zoneLabel()}).`;
    case 'update':
      return 'Blog Updated.';
  }
}
