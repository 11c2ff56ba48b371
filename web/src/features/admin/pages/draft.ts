import * as z from 'zod';
import {
  BLOCK_TYPE_NAMES,
  BLOCK_TYPES,
  blankFields,
  type BlockTypeName,
  type Field,
  type MergeConflict,
  type MergePathSegment,
  type PageContent,
  type PageStatus,
  SITE_SETTINGS_FIELDS,
} from '@agency/shared';
import type { AutosaveFormat } from '../ui/use-autosave';

/**
 * A page as the editor holds it while it is edited: the head's texts (empty for none) and the
 * blocks as their forms hold them, checked against the shared schema (`pageContent`) on save.
 */
const blockDraft = z.looseObject({
  id: z.string(),
  type: z.enum(BLOCK_TYPE_NAMES),
  hidden: z.boolean().optional(),
});
export type BlockDraft = z.output<typeof blockDraft>;

const pageDraft = z.object({
  title: z.string(),
  description: z.string(),
  keywords: z.string(),
  image: z.string(),
  // Defaults: a working copy kept before these fields existed still restores.
  shareTitle: z.string().default(''),
  shareDescription: z.string().default(''),
  canonical: z.string().default(''),
  noindex: z.boolean().default(false),
  breadcrumb: z.array(z.object({ name: z.string(), path: z.string() })),
  blocks: z.array(blockDraft),
});
export type PageDraft = z.output<typeof pageDraft>;

/** The editor's values of a page's draft. */
export const draftOf = (page: PageContent): PageDraft => ({
  title: page.title,
  description: page.description,
  keywords: page.keywords ?? '',
  image: page.image ?? '',
  shareTitle: page.shareTitle ?? '',
  shareDescription: page.shareDescription ?? '',
  canonical: page.canonical ?? '',
  noindex: page.noindex ?? false,
  breadcrumb: page.breadcrumb.map((c) => ({ ...c })),
  blocks: page.blocks.map((b) => ({ ...b })),
});

export const sameDraft = (a: PageDraft, b: PageDraft): boolean =>
  JSON.stringify(a) === JSON.stringify(b);

/** How the page editor's working copy is kept in this browser (one per page path). */
export const PAGE_AUTOSAVE: AutosaveFormat<PageDraft> = {
  prefix: 'agency:page-autosave:',
  read: (stored) => {
    const parsed = pageDraft.safeParse(stored);
    return parsed.success ? parsed.data : null;
  },
  same: sameDraft,
};

/** The status of a page in plain words. */
export const PAGE_STATUS_LABEL: Readonly<Record<PageStatus, string>> = {
  draft: 'Draft',
  published: 'Published',
  changed: 'Changes not published',
};

/** A new block id: 1–40 letters, digits, - or _ (the shared schema's rule), unique enough for one page. */
export const newBlockId = (): string =>
  `b${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;

/** A block of this type with its blank values, as the "Add block" menu inserts it. */
export const newBlock = (type: BlockTypeName): BlockDraft => ({
  ...blankFields(BLOCK_TYPES[type].fields),
  id: newBlockId(),
  type,
});

/** The same block as a new one: its values deep-copied, a new id. */
export const duplicateBlock = (block: BlockDraft): BlockDraft => ({
  ...(structuredClone(block) as BlockDraft),
  id: newBlockId(),
});

/** The fields of a block's type. */
export const fieldsOfBlock = (block: BlockDraft): Readonly<Record<string, Field>> =>
  BLOCK_TYPES[block.type].fields;

const plain = (html: string): string =>
  html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/** The first text of a value of these fields (a block's title, a slide's first line): its summary. */
export function firstText(
  fields: Readonly<Record<string, Field>>,
  value: Readonly<Record<string, unknown>>,
): string {
  for (const [name, f] of Object.entries(fields)) {
    const v = value[name];
    const w = f.widget;
    if ((w.kind === 'text' || w.kind === 'richText') && typeof v === 'string' && v.trim())
      return plain(v);
    if (w.kind === 'strings' && Array.isArray(v)) {
      const s = v.find((x): x is string => typeof x === 'string' && x.trim() !== '');
      if (s) return plain(s);
    }
    if (w.kind === 'list' && Array.isArray(v)) {
      for (const item of v) {
        if (item && typeof item === 'object') {
          const t = firstText(w.fields, item as Record<string, unknown>);
          if (t) return t;
        }
      }
    }
    if (w.kind === 'group' && v && typeof v === 'object') {
      const t = firstText(w.fields, v as Record<string, unknown>);
      if (t) return t;
    }
  }
  return '';
}

/** A block's one-line summary: its first text, shortened. */
export function blockSummary(block: BlockDraft): string {
  const text = firstText(fieldsOfBlock(block), block);
  return text.length > 70 ? `${text.slice(0, 69)}…` : text;
}

/** A schema's message as a sentence people read ("is required" → "Is required."). */
export function sentence(message: string): string {
  const t = message.trim();
  const s = t.charAt(0).toUpperCase() + t.slice(1);
  return /[.!?]$/.test(s) ? s : `${s}.`;
}

/** Field errors by path (`blocks.3.items.1.answer`), from a schema's issues; the first per field. */
export function errorsOfIssues(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
  prefix: readonly (string | number)[] = [],
): Map<string, string> {
  const out = new Map<string, string>();
  for (const issue of issues) {
    const key = [...prefix, ...issue.path.map(String)].join('.');
    if (!out.has(key)) out.set(key, sentence(issue.message));
  }
  return out;
}

/** The indices of the blocks that have an error. */
export function blocksInError(errors: ReadonlyMap<string, string>): Set<number> {
  const out = new Set<number>();
  for (const key of errors.keys()) {
    const m = /^blocks\.(\d+)(\.|$)/.exec(key);
    if (m) out.add(Number(m[1]));
  }
  return out;
}

/** An array with the item at `from` moved to `to`. */
export function moveItem<T>(items: readonly T[], from: number, to: number): T[] {
  const out = [...items];
  const [moved] = out.splice(from, 1);
  if (moved !== undefined) out.splice(to, 0, moved);
  return out;
}

/** The head's field names in words, as the editor labels them. */
const HEAD_LABELS: Readonly<Record<string, string>> = {
  title: 'Title',
  description: 'Description',
  keywords: 'Keywords',
  image: 'Share image',
  shareTitle: 'Share title',
  shareDescription: 'Share description',
  canonical: 'Preferred address',
  noindex: 'Hide from search engines',
  breadcrumb: 'Breadcrumb',
};

/** The words of a path inside a value of these fields ("FAQ item 2 › Answer"). */
function fieldPathWords(
  fields: Readonly<Record<string, Field>> | null,
  path: readonly MergePathSegment[],
): string[] {
  const words: string[] = [];
  let at: Field | null = null;
  let current = fields;
  for (const seg of path) {
    if (typeof seg === 'string') {
      at = current?.[seg] ?? null;
      words.push(at?.label ?? seg);
      current = null;
      if (at?.widget.kind === 'group') current = at.widget.fields;
    } else {
      const w = at?.widget;
      const n = typeof seg === 'number' ? String(seg + 1) : seg.id;
      words.push(w?.kind === 'list' ? `${w.itemLabel} ${n}` : `Item ${n}`);
      if (w?.kind === 'list') current = w.fields;
    }
  }
  return words;
}

/** Where a merge conflict in a page is, in words ("Hero block “We build…” › Title"). */
export function pageConflictLabel(conflict: MergeConflict, blocks: readonly BlockDraft[]): string {
  const [first, second, ...rest] = conflict.path;
  if (first !== 'blocks')
    return (
      fieldPathWords(null, conflict.path)
        .map((w) => HEAD_LABELS[w] ?? w)
        .join(' › ') || 'The page'
    );
  if (second === '(order)') return 'Order of the blocks';
  const id = typeof second === 'object' ? second.id : null;
  const block = blocks.find((b) => b.id === id);
  if (!block) return 'A block';
  const summary = blockSummary(block);
  const name = `${BLOCK_TYPES[block.type].label} block${summary ? ` “${summary}”` : ''}`;
  return [name, ...fieldPathWords(fieldsOfBlock(block), rest)].join(' › ');
}

/** One side of a conflict in a page, in words: blocks by their names, values by their text. */
export function pageConflictValue(
  conflict: MergeConflict,
  side: 'ours' | 'theirs',
  blocks: readonly BlockDraft[],
  describe: (v: unknown) => string,
): string {
  const v = conflict[side];
  if (conflict.kind === 'order' && Array.isArray(v))
    return v
      .map((id, i) => {
        const block = blocks.find((b) => b.id === id);
        return `${i + 1}. ${block ? BLOCK_TYPES[block.type].label : 'Block'}${block && blockSummary(block) ? ` “${blockSummary(block)}”` : ''}`;
      })
      .join('\n');
  return describe(v);
}

/** Where a merge conflict in the site settings is, in words ("Offices › Office 1 › Phone"). */
export function settingsConflictLabel(conflict: MergeConflict): string {
  return fieldPathWords(SITE_SETTINGS_FIELDS, conflict.path).join(' › ') || 'The settings';
}
