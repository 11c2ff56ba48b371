import * as z from 'zod';
import { TAXONOMY_LIMITS } from '../constants';
import { author, category } from '../entities';
import { defineOperations } from './operation';
import { id } from './posts';

/**
 * A category or author name: trimmed, each run of white space inside made one space, 1–60
 * characters, no control or bidirectional-override characters (they would hide what the name says).
 */
export const taxonomyName = z
  .string()
  .transform((s) => s.trim().replace(/\s+/g, ' '))
  .pipe(
    z
      .string()
      .min(1, 'is required')
      .max(TAXONOMY_LIMITS.nameMax, `must be at most ${TAXONOMY_LIMITS.nameMax} characters`)
      .regex(
        /^[^\p{Cc}\u200e\u200f\u202a-\u202e\u2066-\u2069]*$/u,
        'may not hold control characters',
      ),
  );

const encodings = ['form', 'multipart', 'json'] as const;
const deleted = z.object({ message: z.string(), data: z.object({ id: z.number().int() }) });

/**
 * Managing categories and authors (admin only). They share the paths of the spec's lists
 * (`listCategories` and `listAuthors` in posts.ts): POST adds, PUT renames, DELETE removes.
 */
export const taxonomyOperations = defineOperations({
  createCategory: {
    resource: 'taxonomy',
    method: 'POST',
    path: '/api/user/category',
    auth: 'admin',
    summary: 'Add a category; names are unique whatever their case.',
    request: { encodings, body: z.object({ category: taxonomyName }) },
    status: 201,
    kind: 'json',
    response: z.object({ data: category }),
    errors: [400, 401, 403, 409, 415],
  },
  renameCategory: {
    resource: 'taxonomy',
    method: 'PUT',
    path: '/api/user/category',
    auth: 'admin',
    summary: 'Rename a category; its posts show the new name.',
    request: { encodings, body: z.object({ id, category: taxonomyName }) },
    status: 200,
    kind: 'json',
    response: z.object({ data: category }),
    errors: [400, 401, 403, 404, 409, 415],
  },
  deleteCategory: {
    resource: 'taxonomy',
    method: 'DELETE',
    path: '/api/user/category',
    auth: 'admin',
    summary: 'Delete a category no post uses (409 while one does).',
    request: { encodings, body: z.object({ id }) },
    status: 200,
    kind: 'json',
    response: deleted,
    errors: [400, 401, 403, 404, 409, 415],
  },
  createAuthor: {
    resource: 'taxonomy',
    method: 'POST',
    path: '/api/user/author',
    auth: 'admin',
    summary: 'Add an author; names are unique whatever their case.',
    request: { encodings, body: z.object({ name: taxonomyName }) },
    status: 201,
    kind: 'json',
    response: z.object({ data: author }),
    errors: [400, 401, 403, 409, 415],
  },
  renameAuthor: {
    resource: 'taxonomy',
    method: 'PUT',
    path: '/api/user/author',
    auth: 'admin',
    summary: 'Rename an author; their posts show the new name.',
    request: { encodings, body: z.object({ id, name: taxonomyName }) },
    status: 200,
    kind: 'json',
    response: z.object({ data: author }),
    errors: [400, 401, 403, 404, 409, 415],
  },
  deleteAuthor: {
    resource: 'taxonomy',
    method: 'DELETE',
    path: '/api/user/author',
    auth: 'admin',
    summary: 'Delete an author no post uses (409 while one does).',
    request: { encodings, body: z.object({ id }) },
    status: 200,
    kind: 'json',
    response: deleted,
    errors: [400, 401, 403, 404, 409, 415],
  },
});
