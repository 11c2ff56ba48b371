import { isDeepStrictEqual } from 'node:util';
import {
  BLOCK_TYPES,
  pageContentTooLarge,
  pageDraftContent,
  quillLists,
  richTextPaths,
  liveContent,
  type Field,
  type PageContent,
  type PageRevision,
  type PageStatus,
  type SitePage,
  type SitePageSummary,
} from '@agency/shared';
import { invalid, notFound } from '../../../platform/errors';
import { sanitizeContent } from '../../posts/domain/sanitize';
import type { PageRecord, PageStore } from './ports';

/**
 * Where a page stands: never published, live as drafted, or live with later changes. A draft saved
 * back to what visitors see (a revision restored, an edit undone) is "published" again.
 */
export function pageStatus(r: PageRecord): PageStatus {
  if (r.published === null) return 'draft';
  if (r.published_version === r.version) return 'published';
  const live = liveContent(r.content);
  return live.success && isDeepStrictEqual(canonical(live.data), canonical(r.published))
    ? 'published'
    : 'changed';
}

/** Content as JSON keeps it: absent and undefined keys alike. */
const canonical = (c: PageContent): unknown => JSON.parse(JSON.stringify(c));

/** Content with `keywords` and `image` present (undefined when empty), as the answers' schemas type them. */
const withHeadKeys = (c: PageContent) => ({ ...c, keywords: c.keywords, image: c.image });

/** A page as the admin gets it. */
export const presentPage = (r: PageRecord): SitePage => ({
  ...withHeadKeys(r.content),
  path: r.path,
  status: pageStatus(r),
  version: r.version,
  updated_at: r.updated_at,
  updated_by: r.updated_by,
  published_at: r.published_at,
  publish_at: r.publish_at ?? null,
  published: r.published && withHeadKeys(r.published),
});

export const presentSummary = (r: PageRecord): SitePageSummary => ({
  path: r.path,
  title: r.content.title,
  status: pageStatus(r),
  version: r.version,
  updated_at: r.updated_at,
  updated_by: r.updated_by,
  published_at: r.published_at,
  publish_at: r.publish_at ?? null,
  retired_at: r.retired_at,
  redirect_to: r.redirect_to,
});

/** The page at `path` that is not retired, or 404. */
export async function livingPage(pages: PageStore, path: string): Promise<PageRecord> {
  const page = await pages.get(path);
  if (!page || page.retired_at !== null) throw notFound('The page');
  return page;
}

function setAt(target: unknown, path: (string | number)[], value: string): void {
  let at: unknown = target;
  for (const key of path.slice(0, -1)) at = Reflect.get(at as object, key);
  Reflect.set(at as object, path[path.length - 1] as string | number, value);
}

function getAt(source: unknown, path: (string | number)[]): unknown {
  let at: unknown = source;
  for (const key of path)
    at = at === null || typeof at !== 'object' ? undefined : Reflect.get(at, key);
  return at;
}

/**
 * The content as stored: validated by the contract already, its rich-text fields sanitised as post
 * bodies are (no scripts, handlers or script URLs) and their lists written as lists (`quillLists`:
 * Quill's own format keeps bullets in an `<ol>`), so the pages draw stored text as it is. A draft
 * may leave fields empty (shared page-draft.ts); `publishable` asks for them.
 */
export function cleanContent(input: PageContent): PageContent {
  const content: PageContent = structuredClone(pageDraftContent.parse(input));
  content.blocks.forEach((block) => {
    const fields = BLOCK_TYPES[block.type].fields as Readonly<Record<string, Field>>;
    for (const path of richTextPaths(fields, block as unknown as Record<string, unknown>)) {
      const value = getAt(block, path);
      if (typeof value !== 'string') continue;
      // Left empty by sanitising: a draft keeps it empty, publishing asks for it.
      setAt(block, path, quillLists(sanitizeContent(value)).trim());
    }
  });
  return content;
}

/**
 * Refuse content too large to store (400 at `blocks`, which hold nearly all of a page's weight):
 * past PAGE_CONTENT_MAX_BYTES the record with its live copy, or a kept version, would not fit one
 * DynamoDB item. Checked on every save, create, restore and publish.
 */
export function assertFits(content: PageContent): void {
  const why = pageContentTooLarge(content);
  if (why) throw invalid('blocks', why);
}

/** The revision that keeps a record's draft as it was. */
export const revisionOf = (r: PageRecord): PageRevision => ({
  ...withHeadKeys(r.content),
  revision: r.version,
  title: r.content.title,
  saved_at: r.updated_at,
  saved_by: r.updated_by,
  reason: r.reason,
});

/** A revision's content alone. */
export function contentOf(rev: PageRevision): PageContent {
  const { revision: _r, saved_at: _a, saved_by: _b, reason: _c, ...content } = rev;
  return pageDraftContent.parse(content);
}

/**
 * The live copy a draft publishes as (shared `liveContent`: hidden blocks left out, the rest
 * complete), or 400 naming the first empty field as `blocks.<i>.<field>`.
 */
export function publishable(draft: PageContent): PageContent {
  const live = liveContent(draft);
  if (live.success) return live.data;
  const [first] = live.issues;
  throw invalid(first ? first.path.join('.') : 'blocks', first?.message ?? 'is incomplete');
}
