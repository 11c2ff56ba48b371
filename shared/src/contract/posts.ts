import * as z from 'zod';
import { POST_LIMITS } from '../constants';
import { author, category, pageOf, post, postLink } from '../entities';
import { defineOperations } from './operation';

/** A record id as forms send it: a positive whole number. */
export const id = z.coerce
  .number({ error: 'must be a whole number' })
  .int('must be a whole number')
  .positive('must be positive');
const optionalId = z.preprocess((v) => (v === '' || v === 'null' ? undefined : v), id.optional());
const slug = z
  .string()
  .trim()
  .min(1, 'is required')
  .max(POST_LIMITS.slugMax, 'is too long')
  .regex(
    /^[\p{Ll}\p{Lo}\p{N}]+(?:-[\p{Ll}\p{Lo}\p{N}]+)*$/u,
    'may hold only lower-case letters, digits and single hyphens',
  );

const postFields = {
  title: z.string().trim().min(1, 'is required').max(POST_LIMITS.titleMax, 'is too long'),
  slug,
  category_id: optionalId,
  author_id: optionalId,
  content: z.string().max(POST_LIMITS.contentMaxBytes, 'is too long').default(''),
  head_tag: z.string().max(POST_LIMITS.headTagMax, 'is too long').default(''),
};

export const postOperations = defineOperations({
  listPosts: {
    resource: 'post',
    method: 'GET',
    path: '/api/user/post/list',
    auth: 'public',
    summary: 'A page of posts, newest first.',
    request: {
      encodings: [],
      query: z.object({
        page: z.coerce
          .number({ error: 'must be a whole number' })
          .int('must be a whole number')
          .min(1, 'must be 1 or more')
          .max(100_000, 'is too large')
          .default(1),
      }),
    },
    status: 200,
    kind: 'json',
    response: pageOf(post),
    errors: [400],
  },
  getPost: {
    resource: 'post',
    method: 'POST',
    path: '/api/user/post/get',
    auth: 'public',
    summary: 'One post by slug, with the previous and next posts.',
    request: {
      encodings: ['form', 'multipart', 'json'],
      body: z.object({
        slug: z.string().trim().min(1, 'is required').max(POST_LIMITS.slugMax, 'is too long'),
      }),
    },
    status: 200,
    kind: 'json',
    response: z.object({
      data: z.object({ post, prev_post: postLink.nullable(), next_post: postLink.nullable() }),
    }),
    errors: [400, 404],
  },
  createPost: {
    resource: 'post',
    method: 'POST',
    path: '/api/user/post/create',
    auth: 'admin',
    summary: 'Create a post; the banner image is optional.',
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
    resource: 'post',
    method: 'PUT',
    path: '/api/user/post/update',
    auth: 'admin',
    summary: 'Update a post; a new banner replaces the old; a stale `version` answers 409.',
    request: {
      encodings: ['multipart', 'form'],
      body: z.object({
        id,
        ...postFields,
        version: z.preprocess(
          (v) => (v === '' ? undefined : v),
          z.coerce.number().int('must be a whole number').min(1).optional(),
        ),
      }),
      files: { banner_image: { required: false } },
    },
    status: 200,
    kind: 'json',
    response: z.object({ data: post }),
    errors: [400, 401, 403, 404, 409, 413, 415],
  },
  deletePost: {
    resource: 'post',
    method: 'DELETE',
    path: '/api/user/post/delete',
    auth: 'admin',
    summary: 'Delete a post, its slug, its view counter and its banner.',
    request: { encodings: ['form', 'multipart', 'json'], body: z.object({ id }) },
    status: 200,
    kind: 'json',
    response: z.object({ message: z.string(), data: z.object({ id: z.number().int() }) }),
    errors: [400, 401, 403, 404],
  },
  increaseView: {
    resource: 'post',
    method: 'PUT',
    path: '/api/user/post/increase-view',
    auth: 'public',
    summary: 'Count one view of a post.',
    request: {
      encodings: ['form', 'multipart', 'json'],
      body: z.object({
        slug: z.string().trim().min(1, 'is required').max(POST_LIMITS.slugMax, 'is too long'),
      }),
    },
    status: 200,
    kind: 'json',
    response: z.object({ data: z.object({ views: z.number().int() }) }),
    errors: [400, 404],
  },
  listCategories: {
    resource: 'post',
    method: 'GET',
    path: '/api/user/category',
    auth: 'admin',
    summary: 'Every category.',
    request: { encodings: [] },
    status: 200,
    kind: 'json',
    response: z.object({ data: z.array(category) }),
    errors: [401, 403],
  },
  listAuthors: {
    resource: 'post',
    method: 'GET',
    path: '/api/user/author',
    auth: 'admin',
    summary: 'Every author.',
    request: { encodings: [] },
    status: 200,
    kind: 'json',
    response: z.object({ data: z.array(author) }),
    errors: [401, 403],
  },
});
