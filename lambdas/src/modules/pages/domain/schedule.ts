import type { SitePage } from '@agency/shared';
import { DomainError, forbidden, stale } from '../../../platform/errors';
import { livingPage, presentPage, publishable } from './content';
import type { PageActor, PageDeps, PageRecord } from './ports';

/**
 * Schedule the page's draft to be published at `publish_at` (the every-minute job does it), or
 * without one take the schedule away. The draft must be publishable now (400 naming an empty field),
 * the time in the future; a page never published is scheduled by an admin, as its first publish
 * is. The draft's version is unchanged: the editor saves on as before.
 */
export async function schedulePage(
  deps: Pick<PageDeps, 'pages' | 'now'>,
  input: { path: string; version: number; publish_at?: string | undefined },
  actor: PageActor,
): Promise<SitePage> {
  const page = await livingPage(deps.pages, input.path);
  if (input.version !== page.version)
    throw stale('The page changed since you opened it. Reload it, then schedule it again.');
  const at = input.publish_at ?? null;
  if (at !== null) {
    if (page.published === null && actor.role !== 'admin')
      throw forbidden(
        'This page has never been published: its first publish puts a new address on the site, which an admin does.',
      );
    const now = (deps.now?.() ?? new Date()).getTime();
    if (Date.parse(at) <= now)
      throw new DomainError('invalid', 'must be in the future', 'publish_at');
    publishable(page.content);
  }
  const next: PageRecord = {
    ...page,
    publish_at: at === null ? null : new Date(at).toISOString(),
  };
  const outcome = await deps.pages.save(
    next,
    { version: page.version, site_version: page.site_version },
    null,
  );
  if (outcome === 'stale') throw stale('The page changed meanwhile. Reload it, then try again.');
  return presentPage(next);
}
