import * as z from 'zod';
import { TAXONOMY_LIMITS } from '../constants';
import { author, category } from '../entities';
import { defineOperations, type Operation } from './operation';
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

/** Adding, renaming and deleting one kind of taxonomy at its path; `name` is its name field. */
function manageKind<
  const P extends string,
  const N extends z.ZodRawShape,
  S extends z.ZodType,
  const K extends string,
>(
  path: P,
  name: N,
  item: S,
  summary: { create: string; rename: string; remove: string },
  /** What the audit trail calls one ("category"), and the page its actions ("Category"). */
  noun: { name: K; label: string },
) {
  const op = <
    const M extends Operation['method'],
    B extends z.ZodObject,
    R extends z.ZodType,
    const C extends number,
    const E extends readonly number[],
  >(
    method: M,
    says: string,
    did: string,
    body: B,
    status: C,
    response: R,
    errors: E,
  ) =>
    ({
      module: 'taxonomy',
      method,
      path,
      auth: 'admin',
      access: 'staff',
      audit: { label: `${noun.label} ${did}`, target: { noun: noun.name, key: 'id' } },
      throttle: 'staff',
      summary: says,
      request: { encodings, body },
      status,
      kind: 'json',
      response,
      errors,
    }) as const satisfies Operation;
  const data = z.object({ data: item });
  return {
    create: op(
      'POST',
      summary.create,
      'created',
      z.object(name),
      201,
      data,
      [400, 401, 403, 409, 415],
    ),
    rename: op(
      'PUT',
      summary.rename,
      'renamed',
      z.object({ id, ...name }),
      200,
      data,
      [400, 401, 403, 404, 409, 415],
    ),
    remove: op(
      'DELETE',
      summary.remove,
      'deleted',
      z.object({ id }),
      200,
      deleted,
      [400, 401, 403, 404, 409, 415],
    ),
  };
}

const categories = manageKind(
  '/api/user/category',
  { category: taxonomyName },
  category,
  {
    create: 'Add a category; names are unique whatever their case.',
    rename: 'Rename a category; its posts show the new name.',
    remove: 'Delete a category no post uses (409 while one does).',
  },
  { name: 'category', label: 'Category' },
);
const authors = manageKind(
  '/api/user/author',
  { name: taxonomyName },
  author,
  {
    create: 'Add an author; names are unique whatever their case.',
    rename: 'Rename an author; their posts show the new name.',
    remove: 'Delete an author no post uses (409 while one does).',
  },
  { name: 'author', label: 'Author' },
);

/**
 * Managing categories and authors (admin only). They share the paths of the spec's lists
 * (`listCategories` and `listAuthors` in posts.ts): POST adds, PUT renames, DELETE removes.
 */
export const taxonomyOperations = defineOperations({
  createCategory: categories.create,
  renameCategory: categories.rename,
  deleteCategory: categories.remove,
  createAuthor: authors.create,
  renameAuthor: authors.rename,
  deleteAuthor: authors.remove,
});
