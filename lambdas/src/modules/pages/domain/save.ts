import { matchesPattern } from '@agency/shared/edge';
import { PAGE_REVISIONS_KEPT, type PageContent, type SitePage } from '@agency/shared';
import { DomainError, notFound, stale, taken } from '../../../platform/errors';
import {
  assertFits,
  cleanContent,
  contentOf,
  livingPage,
  presentPage,
  revisionOf,
} from './content';
import { assertLibraryImages, imageGone } from './library-images';
import type { PageActor, PageDeps, PageReason, PageRecord } from './ports';

const STALE = 'The page changed since you opened it. Reload it, then make your change again.';

/**
 * Replace a page's draft with `content`, keeping the version it replaces as a revision; 409 when
 * `version` is not the stored one. Revisions beyond the newest 25 are trimmed afterwards.
 */
async function saveDraft(
  deps: Pick<PageDeps, 'pages' | 'media' | 'log' | 'now'>,
  page: PageRecord,
  content: PageContent,
  version: number,
  reason: PageReason,
  actor: PageActor,
): Promise<SitePage> {
  if (version !== page.version) throw stale(STALE);
  assertFits(content);
  const images = await assertLibraryImages(deps.media, content);
  const next: PageRecord = {
    ...page,
    content,
    version: page.version + 1,
    reason,
    updated_at: (deps.now?.() ?? new Date()).toISOString(),
    updated_by: actor.username,
  };
  const outcome = await deps.pages.save(
    next,
    { version: page.version, site_version: page.site_version },
    revisionOf(page),
    images,
  );
  if (outcome === 'stale') throw stale(STALE);
  if (outcome !== 'written') throw imageGone(content, outcome.missing);
  try {
    await deps.pages.trimRevisions(page.path, PAGE_REVISIONS_KEPT);
  } catch (error) {
    deps.log.warn('trimming page revisions failed; the next save tries again', { error });
  }
  return presentPage(next);
}

/** Save a page's draft (head and blocks). */
export async function updatePage(
  deps: Pick<PageDeps, 'pages' | 'media' | 'log' | 'now'>,
  input: PageContent & { path: string; version: number },
  actor: PageActor,
): Promise<SitePage> {
  const { path, version, ...rest } = input;
  const content = cleanContent(rest);
  const page = await livingPage(deps.pages, path);
  return saveDraft(deps, page, content, version, 'save', actor);
}

/** Make a kept version the draft, as a new save. */
export async function restorePageRevision(
  deps: Pick<PageDeps, 'pages' | 'media' | 'log' | 'now'>,
  input: { path: string; revision: number; version: number },
  actor: PageActor,
): Promise<SitePage> {
  const page = await livingPage(deps.pages, input.path);
  const kept = await deps.pages.revision(input.path, input.revision);
  if (!kept) throw notFound('The revision');
  return saveDraft(deps, page, contentOf(kept), input.version, 'restore', actor);
}

/** Why a path is not free for a new page, or null. */
export async function takenBecause(
  deps: Pick<PageDeps, 'pages' | 'redirects' | 'addresses'>,
  path: string,
  existing: PageRecord | null,
): Promise<string | null> {
  if (existing && existing.retired_at === null) return 'is already the address of a page';
  if (await deps.redirects.isSource(path))
    return 'is redirected elsewhere; remove that redirect first';
  const slug = path.slice(1);
  if (!slug.includes('/') && (await deps.addresses.postSlug(slug)))
    return "is a post's address (its slug)";
  // A page the build lists is the site's own, unless it is this retired page's tombstone.
  if (!existing && deps.addresses.sitePatterns().some((p) => matchesPattern(p, path)))
    return 'is taken by the site itself';
  return null;
}

/** A new page at `path`: a draft copy of the page at `from` (its template). */
export async function createPage(
  deps: Pick<PageDeps, 'pages' | 'media' | 'redirects' | 'addresses' | 'now'>,
  input: { path: string; from: string; title?: string | undefined },
  actor: PageActor,
): Promise<SitePage> {
  const template = await deps.pages.get(input.from);
  if (!template || template.retired_at !== null)
    throw new DomainError('not-found', 'is not a page to copy', 'from');
  const existing = await deps.pages.get(input.path);
  const why = await takenBecause(deps, input.path, existing);
  if (why) throw taken(why, 'path');
  const title = input.title ?? template.content.title;
  // Its own trail (Home › this page), never the template's (Home › Services › PPC).
  const breadcrumb = [
    { name: 'Home', path: '/' },
    { name: title.slice(0, 80).trim(), path: input.path },
  ];
  const content = { ...template.content, title, breadcrumb };
  assertFits(content);
  // A single conditional put: checked before it only (a delete after it sees the page and refuses).
  await assertLibraryImages(deps.media, content);
  const now = (deps.now?.() ?? new Date()).toISOString();
  const record: PageRecord = {
    path: input.path,
    content,
    published: null,
    // Over a retired page's tombstone the count goes on, so its kept versions keep their numbers.
    version: (existing?.version ?? 0) + 1,
    published_version: null,
    reason: 'save',
    updated_at: now,
    updated_by: actor.username,
    published_at: null,
    site_version: existing?.site_version ?? 0,
    rendered_version: existing?.rendered_version ?? 0,
    retired_at: null,
    redirect_to: null,
  };
  if ((await deps.pages.create(record, existing?.version ?? null)) === 'exists')
    throw taken('is already the address of a page', 'path');
  return presentPage(record);
}
