import * as z from 'zod';
import { BLOCK_TYPES, MAX_BLOCKS, pageBlock, type PageBlock } from './page-blocks';

/**
 * Drafts and live copies of a page's blocks, from one declaration (page-blocks.ts). A block is
 * checked by its strict schema on every save; each problem found is either incompleteness (a field
 * of the block's type left empty: blank text, no choice, an empty list, fewer items than needed) or
 * a safety problem (a refused link scheme, an over-long text, a malformed id, an unknown type). A
 * draft keeps incomplete blocks as they are and refuses only safety problems; publishing needs the
 * visible blocks complete, and hidden blocks never reach the live copy (so they never block it).
 */

type Issue = z.core.$ZodIssue;

const isEmpty = (v: unknown): boolean =>
  v === undefined ||
  v === null ||
  (typeof v === 'string' && v.trim() === '') ||
  (Array.isArray(v) && v.length === 0);

function valueAt(source: unknown, path: readonly PropertyKey[]): unknown {
  let at: unknown = source;
  for (const key of path)
    at =
      at === null || typeof at !== 'object' ? undefined : (at as Record<PropertyKey, unknown>)[key];
  return at;
}

/** Whether `issue` (found in `value`) only says something is not filled in yet. */
function onlyIncomplete(value: unknown, issue: Issue): boolean {
  if (issue.code === 'too_small') return true;
  if (issue.code === 'invalid_union')
    // A choice of shapes (a button's link or scroll target): incomplete when one shape only lacks values.
    return issue.errors.some((branch) =>
      branch.every((i) => onlyIncomplete(valueAt(value, issue.path), i)),
    );
  return isEmpty(valueAt(value, issue.path));
}

/**
 * Whether a block's issue is incompleteness: it lies in a field the block's type declares (never
 * its id, type or flags) and only says that something is missing there.
 */
function isIncompleteBlockIssue(block: unknown, issue: Issue): boolean {
  const type = valueAt(block, ['type']);
  const field = issue.path[0];
  if (typeof type !== 'string' || !Object.hasOwn(BLOCK_TYPES, type)) return false;
  if (typeof field !== 'string') return false;
  const fields = BLOCK_TYPES[type as keyof typeof BLOCK_TYPES].fields as Record<string, unknown>;
  return Object.hasOwn(fields, field) && onlyIncomplete(block, issue);
}

/**
 * A block as a draft keeps it: checked in full when complete; else kept as sent when every
 * problem is only a missing value (completed before publishing), refused naming each safety problem.
 */
const draftBlock = z.unknown().transform((input, ctx): PageBlock => {
  const strict = pageBlock.safeParse(input);
  if (strict.success) return strict.data as PageBlock;
  const unsafe = strict.error.issues.filter((i) => !isIncompleteBlockIssue(input, i));
  if (unsafe.length === 0) return structuredClone(input) as PageBlock;
  for (const issue of unsafe)
    ctx.addIssue({ code: 'custom', message: issue.message, path: [...issue.path], input });
  return z.NEVER;
});

/** A draft's blocks: safety checked, complete or not. */
export const pageDraftBlocks = z
  .array(draftBlock, { error: 'must be a list of blocks' })
  .max(MAX_BLOCKS, `must have at most ${MAX_BLOCKS} blocks`);

/**
 * The live copy of a draft's blocks: the visible ones, each complete. The problems name
 * `blocks.<index>.<field>` by the block's place in the draft (where the editor shows it).
 */
export function liveBlocks(
  blocks: readonly unknown[],
): { success: true; data: PageBlock[] } | { success: false; issues: Issue[] } {
  const data: PageBlock[] = [];
  const issues: Issue[] = [];
  blocks.forEach((block, i) => {
    if (valueAt(block, ['hidden']) === true) return;
    const checked = pageBlock.safeParse(block);
    if (checked.success) data.push(checked.data as PageBlock);
    else
      for (const issue of checked.error.issues)
        issues.push({ ...issue, path: ['blocks', i, ...issue.path] });
  });
  return issues.length > 0 ? { success: false, issues } : { success: true, data };
}
