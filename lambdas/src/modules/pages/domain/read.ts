import type {
  LivePageLink,
  PageListFilter,
  PageRevision,
  PageRevisionSummary,
  SitePage,
  SitePageSummary,
} from '@agency/shared';
import { notFound } from '../../../platform/errors';
import { livingPage, pageStatus, presentPage, presentSummary } from './content';
import type { PageStore } from './ports';
import { foldCase } from '../../../platform/search-form';

/** What the pages list asks for: text in a title or address, a status or the retired pages. */
export interface PageFilter {
  q?: string | undefined;
  status?: PageListFilter | undefined;
}

/**
 * The pages by path: the ones not retired (of `status` when named), or the retired ones, whose
 * title or address holds `q`. One query of the pages' index partition (every page, none of the
 * rest of the table), filtered here: a site has tens of pages, not thousands.
 */
export async function listPages(
  pages: PageStore,
  filter: PageFilter = {},
): Promise<SitePageSummary[]> {
  const q = filter.q ? foldCase(filter.q) : '';
  return (await pages.all())
    .filter((p) =>
      filter.status === 'retired'
        ? p.retired_at !== null
        : p.retired_at === null &&
          (!filter.status ||
            (filter.status === 'scheduled'
              ? Boolean(p.publish_at)
              : pageStatus(p) === filter.status)),
    )
    .filter((p) => !q || foldCase(`${p.content.title} ${p.path}`).includes(q))
    .map(presentSummary);
}

export async function getPage(pages: PageStore, path: string): Promise<SitePage> {
  return presentPage(await livingPage(pages, path));
}

/** The published pages, as the sitemap lists them. */
export async function listLivePages(pages: PageStore): Promise<LivePageLink[]> {
  return (await pages.all()).flatMap((p) =>
    // A page kept out of search results (noindex) is kept out of the sitemap too.
    p.retired_at === null && p.published !== null && p.published_at !== null && !p.published.noindex
      ? [{ path: p.path, title: p.published.title, published_at: p.published_at }]
      : [],
  );
}

export async function listPageRevisions(
  pages: PageStore,
  path: string,
): Promise<PageRevisionSummary[]> {
  await livingPage(pages, path);
  return pages.revisions(path);
}

export async function getPageRevision(
  pages: PageStore,
  path: string,
  revision: number,
): Promise<PageRevision> {
  await livingPage(pages, path);
  const found = await pages.revision(path, revision);
  if (!found) throw notFound('The revision');
  return found;
}
