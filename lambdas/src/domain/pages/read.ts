import type {
  LivePageLink,
  PageRevision,
  PageRevisionSummary,
  SitePage,
  SitePageSummary,
} from '@agency/shared';
import { notFound } from '../../lib/errors';
import { livingPage, presentPage, presentSummary } from './content';
import type { PageStore } from './ports';

/** Every page that is not retired, by path. */
export async function listPages(pages: PageStore): Promise<SitePageSummary[]> {
  return (await pages.all()).filter((p) => p.retired_at === null).map(presentSummary);
}

export async function getPage(pages: PageStore, path: string): Promise<SitePage> {
  return presentPage(await livingPage(pages, path));
}

/** The published pages, as the sitemap lists them. */
export async function listLivePages(pages: PageStore): Promise<LivePageLink[]> {
  return (await pages.all()).flatMap((p) =>
    p.retired_at === null && p.published !== null && p.published_at !== null
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
