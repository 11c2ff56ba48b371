import type { SitePage } from '@agency/shared';
import { notFound, stale } from '../../../platform/errors';
import { presentPage } from './content';
import { makeLive } from './live';
import type { PageActor, PageDeps, PageRecord } from './ports';

/**
 * Bring a retired page back (admins): its draft as it was, unpublished, for staff to review and
 * publish again; the redirect its retirement left goes, so its address answers as a draft's does
 * (404) until it is published. The record goes on from its tombstone, so its kept versions keep
 * their numbers.
 */
export async function restoreRetiredPage(
  deps: PageDeps,
  input: { path: string },
  actor: PageActor,
): Promise<SitePage> {
  const page = await deps.pages.get(input.path);
  if (!page || page.retired_at === null) throw notFound('The retired page');
  const next: PageRecord = {
    ...page,
    published: null,
    published_version: null,
    published_at: null,
    retired_at: null,
    redirect_to: null,
    version: page.version + 1,
    reason: 'restore',
    updated_at: (deps.now?.() ?? new Date()).toISOString(),
    updated_by: actor.username,
    site_version: page.site_version + 1,
  };
  if ((await deps.pages.create(next, page.version)) === 'exists')
    throw stale('The page changed meanwhile. Reload the list, then try again.');
  await deps.redirects.drop(page.path);
  try {
    await makeLive(deps, next);
  } catch (error) {
    // The record is back as a draft; the every-minute job finishes the site's side.
    deps.log.warn('a restored page is saved; its address is settled by the publish job', {
      path: page.path,
      error,
    });
  }
  return presentPage(next);
}
