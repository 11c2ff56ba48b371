import { isSpecPage, type SitePage } from '@agency/shared';
import { conflict, DomainError, forbidden, stale, taken } from '../../../platform/errors';
import { livingPage, presentPage } from './content';
import { makeLive, retirePage } from './live';
import type { PageActor, PageDeps, PageRecord } from './ports';
import { takenBecause } from './save';

/** A breadcrumb's entries naming the page's old address name its new one. */
const movedTrail = <T extends { breadcrumb: { name: string; path: string }[] }>(
  content: T,
  from: string,
  to: string,
): T => ({
  ...content,
  breadcrumb: content.breadcrumb.map((c) => (c.path === from ? { ...c, path: to } : c)),
});

/**
 * Move a page to a new address (admins: it puts an address on the site). The page goes on at `to`
 * as it was (draft, live copy and status); if it was live it is published there, and its old
 * address is retired with a 301 to the new one through the redirect graph (redirects to the old
 * address collapse onto the new), as a post's slug change does; both addresses are invalidated. The
 * specification's own pages stay where they are (409). Kept versions stay with the old address.
 */
export async function movePage(
  deps: PageDeps,
  input: { path: string; to: string; version: number },
  actor: PageActor,
): Promise<SitePage> {
  if (actor.role !== 'admin')
    throw forbidden('Moving a page puts a new address on the site, which an admin does.');
  if (isSpecPage(input.path))
    throw conflict(
      "is one of the site's own pages (menus, other pages and search engines lead there): edit it, but it cannot move",
      'path',
      'conflict',
    );
  if (input.to === input.path)
    throw new DomainError('invalid', 'is the address the page has already', 'to');
  const page = await livingPage(deps.pages, input.path);
  if (input.version !== page.version)
    throw stale('The page changed since you opened it. Reload it, then move it again.');
  const existing = await deps.pages.get(input.to);
  const why = await takenBecause(deps, input.to, existing);
  if (why) throw taken(why, 'to');
  const now = (deps.now?.() ?? new Date()).toISOString();
  const version = (existing?.version ?? 0) + 1;
  const live = page.published !== null;
  const moved: PageRecord = {
    ...page,
    path: input.to,
    content: movedTrail(page.content, page.path, input.to),
    published: page.published && movedTrail(page.published, page.path, input.to),
    version,
    // The status goes along: live as drafted, or live with changes not published.
    published_version: !live ? null : page.published_version === page.version ? version : 0,
    reason: 'save',
    updated_at: now,
    updated_by: actor.username,
    site_version: (existing?.site_version ?? 0) + 1,
    rendered_version: existing?.rendered_version ?? 0,
    retired_at: null,
    redirect_to: null,
  };
  if ((await deps.pages.create(moved, existing?.version ?? null)) === 'exists')
    throw taken('is already the address of a page', 'to');
  if (live) await makeLive(deps, moved);
  // The old address: a 301 to the new one when it was live, else simply gone.
  await retirePage(deps, { path: page.path, ...(live ? { redirect_to: input.to } : {}) });
  return presentPage(moved);
}
