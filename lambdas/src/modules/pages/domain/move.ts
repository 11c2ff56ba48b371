import { isSpecPage, type SitePage } from '@agency/shared';
import {
  badGateway,
  conflict,
  DomainError,
  forbidden,
  stale,
  taken,
} from '../../../platform/errors';
import { livingPage, presentPage } from './content';
import { makeLive, NOT_LIVE_YET } from './live';
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
 * The new record and the old one's retirement are one write: of two moves of one page sent at
 * once, one moves it and the other is refused (409) having changed nothing.
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
  // The old address: a 301 to the new one when it was live, else simply gone. The redirect is
  // checked before anything is written (a loop, the edge store's room): once written it must hold.
  if (live) {
    const refused = await deps.redirects.check(page.path, input.to);
    if (refused) throw new DomainError(refused.kind, refused.reason, 'to', { code: refused.code });
  }
  const retired: PageRecord = {
    ...page,
    published: null,
    published_version: null,
    retired_at: now,
    redirect_to: live ? input.to : null,
    publish_at: null,
    site_version: page.site_version + 1,
  };
  const outcome = await deps.pages.move(moved, existing?.version ?? null, retired, {
    version: page.version,
    site_version: page.site_version,
  });
  if (outcome === 'exists') throw taken('is already the address of a page', 'to');
  if (outcome === 'stale')
    throw stale('The page changed meanwhile. Reload it, then move it again.');
  try {
    if (live) await makeLive(deps, moved);
    await makeLive(deps, retired);
  } catch (error) {
    // Both records are written; the every-minute job finishes what the site lacks.
    deps.log.warn('a page move is saved but not live yet; the publish job retries it', {
      path: page.path,
      to: input.to,
      error,
    });
    throw badGateway(`The move of ${page.path} to ${input.to} ${NOT_LIVE_YET}.`);
  }
  return presentPage(moved);
}
