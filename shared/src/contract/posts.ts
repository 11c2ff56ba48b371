import * as z from 'zod';
import { POST_LIMITS } from '../constants';
import { author, category, pageOf, POST_STATUSES, WRITABLE_POST_STATUSES } from '../entities';
import { image, mediaId } from '../media';
import { post, postContentInput, postLink, revision, revisionSummary } from '../post-schema';
import { defineOperations, pageNumber } from './operation';

/** A record id as forms send it: a positive whole number. */
export const id = z.coerce
  .number({ error: 'must be a whole number' })
  .int('must be a whole number')
  .positive('must be positive');
const optionalId = z.preprocess((v) => (v === '' || v === 'null' ? undefined : v), id.optional());
const blankIsAbsent = (v: unknown) => (v === '' ? undefined : v);

/** Optional lifecycle fields: calls without them behave as the spec's (a new post is published now). */
const publication = {
  status: z.preprocess(
    blankIsAbsent,
    z.enum(WRITABLE_POST_STATUSES, { error: 'must be draft, scheduled or published' }).optional(),
  ),
  publish_at: z.preprocess(
    blankIsAbsent,
    z.iso
      .datetime({
        offset: true,
        error: 'must be an ISO 8601 date and time with a zone, e.g. 2030-05-01T09:30:00Z',
      })
      .optional(),
  ),
};

const version = z.preprocess(
  blankIsAbsent,
  z.coerce.number().int('must be a whole number').min(1).optional(),
);

/** The post a revision call is about, and its data in the answer. */
const postView = z.object({
  post,
  prev_post: postLink.nullable(),
  next_post: postLink.nullable(),
  /**
   * The library images the body shows inline, with their placeholders (the page paints each one's
   * blurred preview until it loads; the body's `<img>` tags carry only id, size and format).
   */
  inline_images: z.array(image).default([]),
});

/** A post as a save sends it: its content fields, what it points at, and its publication. */
const postFields = {
  ...postContentInput.shape,
  category_id: optionalId,
  author_id: optionalId,
  /**
   * An image of the media library (uploaded with `createUpload`/`confirmUpload`) to use as the
   * banner, instead of a `banner_image` file; `none` removes the banner.
   */
  banner_media: z.preprocess(blankIsAbsent, z.union([z.literal('none'), mediaId]).optional()),
  ...publication,
};

/** A call about one post by slug (the public page, its view count). */
const bySlug = {
  encodings: ['form', 'multipart', 'json'],
  body: z.object({
    slug: z.string().trim().min(1, 'is required').max(POST_LIMITS.slugMax, 'is too long'),
  }),
} as const;

/** A call about one post by id, in any body encoding. */
const byId = { encodings: ['form', 'multipart', 'json'], body: z.object({ id }) } as const;

/** What the Trash calls answer about the post they moved or deleted. */
const postGone = z.object({ message: z.string(), data: z.object({ id: z.number().int() }) });

/** An admin's look at one post by id (its preview, its revisions): its data, or 404. */
const adminRead = <P extends string, Q extends z.ZodObject, D extends z.ZodType>(
  path: P,
  summary: string,
  query: Q,
  data: D,
) =>
  ({
    module: 'posts',
    method: 'GET',
    path,
    auth: 'admin',
    access: 'staff',
    throttle: 'staff',
    summary,
    request: { encodings: [], query },
    status: 200,
    kind: 'json',
    response: z.object({ data }),
    errors: [400, 401, 403, 404],
  }) as const;

/** Every category or every author: the editor's choices (nothing to ask, so nothing to refuse). */
const everyOf = <P extends string, T extends z.ZodType>(path: P, item: T, what: string) =>
  ({
    ...adminRead(path, `Every ${what}.`, z.object({}), z.array(item)),
    module: 'taxonomy',
    request: { encodings: [] },
    errors: [401, 403],
  }) as const;

export const postOperations = defineOperations({
  listPosts: {
    module: 'posts',
    method: 'GET',
    path: '/api/user/post/list',
    auth: 'public',
    access: 'staff',
    throttle: 'public-read',
    adminView: true,
    summary:
      'A page of published posts, newest first; an admin token lists every status (filter with `status`) and may search (`q`) and filter by `category_id`, `author_id`.',
    request: {
      encodings: [],
      query: z.object({
        page: pageNumber,
        status: z.preprocess(
          blankIsAbsent,
          z
            .enum(['all', ...POST_STATUSES], {
              error: 'must be all, draft, scheduled, published or trashed',
            })
            .optional(),
        ),
        /**
         * Admins only: words the title, slug or meta description must all hold (any case, accents
         * ignored), and a category or author; each narrows the list, which pages as without them.
         */
        q: z
          .string()
          .trim()
          .max(POST_LIMITS.searchMax, `must be at most ${POST_LIMITS.searchMax} characters`)
          .optional()
          .transform((v) => (v ? v : undefined)),
        category_id: optionalId,
        author_id: optionalId,
      }),
    },
    status: 200,
    kind: 'json',
    response: pageOf(post),
    errors: [400, 401, 403],
  },
  getPost: {
    module: 'posts',
    method: 'POST',
    path: '/api/user/post/get',
    auth: 'public',
    access: 'staff',
    throttle: 'public-read',
    adminView: true,
    summary:
      'One published post by slug, with the previous and next posts; an admin token finds drafts and scheduled posts too.',
    request: bySlug,
    status: 200,
    kind: 'json',
    response: z.object({ data: postView }),
    errors: [400, 401, 403, 404],
  },
  getPublishedPost: {
    module: 'posts',
    method: 'GET',
    path: '/api/user/post/get',
    auth: 'public',
    throttle: 'public-read',
    summary:
      "One published post by slug, with the previous and next posts: getPost's public answer as a GET the edge caches by slug (never a draft, scheduled or trashed post).",
    request: { encodings: [], query: bySlug.body },
    status: 200,
    kind: 'json',
    response: z.object({ data: postView }),
    errors: [400, 404],
  },
  createPost: {
    module: 'posts',
    method: 'POST',
    path: '/api/user/post/create',
    auth: 'admin',
    access: 'staff',
    audit: { label: 'Post created', target: { noun: 'post', key: 'id' } },
    throttle: 'staff',
    summary: 'Create a post; the banner image is optional; without `status` it is published now.',
    request: {
      encodings: ['multipart', 'form'],
      body: z.object(postFields),
      files: { banner_image: { required: false } },
    },
    status: 201,
    kind: 'json',
    response: z.object({ data: post }),
    errors: [400, 401, 403, 409, 413, 415],
  },
  updatePost: {
    module: 'posts',
    method: 'PUT',
    path: '/api/user/post/update',
    auth: 'admin',
    access: 'staff',
    audit: { label: 'Post updated', target: { noun: 'post', key: 'id' } },
    throttle: 'staff',
    summary:
      'Update a post, keeping the version it replaces as a revision; a new banner replaces the old; a stale `version` answers 409; without `status` the post keeps its own.',
    request: {
      encodings: ['multipart', 'form'],
      body: z.object({ id, ...postFields, version }),
      files: { banner_image: { required: false } },
    },
    status: 200,
    kind: 'json',
    response: z.object({ data: post }),
    errors: [400, 401, 403, 404, 409, 413, 415],
  },
  deletePost: {
    module: 'posts',
    method: 'DELETE',
    path: '/api/user/post/delete',
    auth: 'admin',
    access: 'staff',
    audit: { label: 'Post moved to Trash', target: { noun: 'post', key: 'id' } },
    throttle: 'staff',
    summary:
      'Move a post to the Trash (status `trashed`): off every public page at once, restorable with `untrashPost` for 30 days, then purged.',
    request: byId,
    status: 200,
    kind: 'json',
    response: postGone,
    errors: [400, 401, 403, 404],
  },
  untrashPost: {
    module: 'posts',
    method: 'POST',
    path: '/api/user/post/untrash',
    auth: 'admin',
    access: 'staff',
    audit: { label: 'Post restored from Trash', target: { noun: 'post', key: 'id' } },
    throttle: 'staff',
    summary:
      'Restore a post from the Trash as a draft (as WordPress does): nothing goes public again without a Publish.',
    request: byId,
    status: 200,
    kind: 'json',
    response: z.object({ data: post }),
    errors: [400, 401, 403, 404, 409],
  },
  purgePost: {
    module: 'posts',
    method: 'DELETE',
    path: '/api/user/post/trash',
    auth: 'admin',
    // Trashing can be undone for 30 days; purging cannot, so it is the admins' alone.
    access: 'admins',
    audit: { label: 'Post deleted for good', target: { noun: 'post', key: 'id' } },
    throttle: 'staff',
    summary:
      'Delete a trashed post for good now: its slug, view counter, revisions and the images no other post uses (admins only).',
    request: byId,
    status: 200,
    kind: 'json',
    response: postGone,
    errors: [400, 401, 403, 404, 409],
  },
  increaseView: {
    module: 'posts',
    method: 'PUT',
    path: '/api/user/post/increase-view',
    auth: 'public',
    throttle: 'counting',
    summary: 'Count one view of a post.',
    request: bySlug,
    status: 200,
    kind: 'json',
    response: z.object({ data: z.object({ views: z.number().int() }) }),
    errors: [400, 404],
  },
  previewPost: adminRead(
    '/api/user/post/preview',
    'Any post by id, drafts and scheduled ones too, with the neighbours it will have once public; never cached, noindex.',
    z.object({ id }),
    postView,
  ),
  listRevisions: adminRead(
    '/api/user/post/revisions',
    'The kept earlier versions of a post (the last 25), newest first.',
    z.object({ id }),
    z.array(revisionSummary),
  ),
  getRevision: adminRead(
    '/api/user/post/revision',
    'One kept version of a post in full (to compare it with the current one).',
    z.object({ id, revision: id }),
    revision,
  ),
  restoreRevision: {
    module: 'posts',
    method: 'POST',
    path: '/api/user/post/restore',
    auth: 'admin',
    access: 'staff',
    audit: { label: 'Revision restored', target: { noun: 'post', key: 'id' } },
    throttle: 'staff',
    summary:
      'Make a kept version the current one, as a new update (the replaced version is kept too); a stale `version` answers 409.',
    request: {
      encodings: ['form', 'multipart', 'json'],
      body: z.object({ id, revision: id, version }),
    },
    status: 200,
    kind: 'json',
    response: z.object({ data: post }),
    errors: [400, 401, 403, 404, 409],
  },
  listCategories: everyOf('/api/user/category', category, 'category'),
  listAuthors: everyOf('/api/user/author', author, 'author'),
});
