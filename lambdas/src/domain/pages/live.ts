import { contract, type SitePage, type SiteSettings } from '@agency/shared';
import { badGateway, conflict, DomainError, forbidden, stale } from '../../lib/errors';
import { matchesPattern } from '@agency/shared/edge';
import { livingPage, presentPage } from './content';
import type { PageActor, PageDeps, PageRecord, PageToRender } from './ports';

/**
 * Making pages live: the table of record is written first (conditionally), then the site follows
 * (render, the bucket, the edge's page entry, the CDN). When the site cannot follow, the change is
 * kept and the caller hears 502; the every-minute job (`healPages`) finishes it, since the page's
 * `rendered_version` still lags its `site_version`.
 */

/** Pages per render call: each answer stays well under Lambda's 6 MB payload. */
const RENDER_BATCH = 10;

const NOT_LIVE_YET =
  'is saved, but putting it on the site failed; it goes live by itself within a minute';

/** The bucket key a path's HTML has: `/` → `/index.html`, `/about` → `/about/index.html`. */
export const pageObjectPath = (path: string): string =>
  path === '/' ? '/index.html' : `${path}/index.html`;

/**
 * What to invalidate when the page at `path` changes: its address and its bucket key (the edge
 * rewrites the one to the other before the cache, so the key is what CloudFront caches; both are
 * named so neither reading of the cache key can leave a stale copy), the render function's own
 * exact paths (the sitemap lists pages) and the public list of live pages.
 */
export function pageInvalidationPaths(
  paths: readonly string[],
  rendered: readonly string[],
): string[] {
  return [
    ...new Set([
      ...paths.flatMap((p) => [p, pageObjectPath(p)]),
      ...rendered.filter((p) => !p.endsWith('/*') && /\.\w+$/.test(p)),
      contract.listLivePages.path,
    ]),
  ];
}

const toRender = (r: PageRecord & { published: NonNullable<PageRecord['published']> }) =>
  ({ path: r.path, ...r.published }) satisfies PageToRender;

async function currentSettings(deps: Pick<PageDeps, 'settings'>): Promise<SiteSettings> {
  const stored = await deps.settings.getSettings();
  if (!stored) throw new Error('no site settings are stored: seed them first');
  return stored.settings;
}

/** Make the site show what the record says of its path, then mark it rendered. */
export async function makeLive(deps: PageDeps, page: PageRecord): Promise<void> {
  const rendered = deps.addresses.renderedPatterns();
  if (page.retired_at !== null || page.published === null) {
    await deps.files.remove(page.path);
    if (page.redirect_to !== null) await deps.redirects.retire(page.path, page.redirect_to);
    else if (deps.addresses.sitePatterns().some((p) => matchesPattern(p, page.path)))
      // The build lists the path as prerendered: only an entry of the edge's can take it away.
      await deps.edge.set(page.path, 'gone');
    else await deps.edge.remove(page.path);
  } else {
    await deps.redirects.drop(page.path);
    const settings = await currentSettings(deps);
    const [document] = await deps.renderer.render(
      [toRender({ ...page, published: page.published })],
      settings,
    );
    if (!document || document.path !== page.path)
      throw new Error(`the render function answered no document for ${page.path}`);
    await deps.files.put(page.path, document.html);
    await deps.edge.set(page.path, 'page');
  }
  await deps.cdn.invalidatePaths(pageInvalidationPaths([page.path], rendered));
  await deps.pages.markRendered(page.path, page.site_version);
}

/** Write the record, then make it live; a failure after the write is a 502 saying it is kept. */
async function writeThenLive(
  deps: PageDeps,
  before: PageRecord,
  next: PageRecord,
  what: string,
): Promise<void> {
  const outcome = await deps.pages.save(
    next,
    { version: before.version, site_version: before.site_version },
    null,
  );
  if (outcome === 'stale') throw stale('The page changed meanwhile. Reload it, then try again.');
  try {
    await makeLive(deps, next);
  } catch (error) {
    deps.log.warn('a page change is saved but not live yet; the publish job retries it', {
      path: next.path,
      error,
    });
    throw badGateway(`${what} ${NOT_LIVE_YET}.`);
  }
}

/**
 * Publish the draft. A page that has never been live puts a new address on the site: only an admin
 * does that (403 naming why); an editor may publish again what an admin put live.
 */
export async function publishPage(
  deps: PageDeps,
  input: { path: string; version?: number | undefined },
  actor: PageActor,
): Promise<SitePage> {
  const page = await livingPage(deps.pages, input.path);
  if (input.version !== undefined && input.version !== page.version)
    throw stale('The page changed since you opened it. Reload it, then publish again.');
  if (page.published === null && actor.role !== 'admin')
    throw forbidden(
      'This page has never been published: its first publish puts a new address on the site, which an admin does.',
    );
  const now = (deps.now?.() ?? new Date()).toISOString();
  const next: PageRecord = {
    ...page,
    published: page.content,
    published_version: page.version,
    published_at: now,
    reason: 'publish',
    site_version: page.site_version + 1,
  };
  await writeThenLive(deps, page, next, `The page ${page.path}`);
  return presentPage(next);
}

/**
 * Retire a page (admins): it leaves the site, the sitemap and the list of pages; with `redirect_to`
 * its address answers a 301 there, else 404. The home page stays.
 */
export async function retirePage(
  deps: PageDeps,
  input: { path: string; redirect_to?: string | undefined },
): Promise<{ path: string; redirect_to: string | null }> {
  if (input.path === '/')
    throw conflict('is the home page, which cannot be retired', 'path', 'conflict');
  if (input.redirect_to === input.path)
    throw new DomainError('invalid', 'must be another address than the page itself', 'redirect_to');
  const page = await livingPage(deps.pages, input.path);
  if (input.redirect_to !== undefined) {
    // Refused before anything is saved: once saved, the redirect could never be made.
    const refused = await deps.redirects.check(page.path, input.redirect_to);
    if (refused)
      throw new DomainError(refused.kind, refused.reason, 'redirect_to', { code: refused.code });
  }
  const now = (deps.now?.() ?? new Date()).toISOString();
  const next: PageRecord = {
    ...page,
    published: null,
    published_version: null,
    retired_at: now,
    redirect_to: input.redirect_to ?? null,
    site_version: page.site_version + 1,
  };
  await writeThenLive(deps, page, next, `The retirement of ${page.path}`);
  return { path: next.path, redirect_to: next.redirect_to };
}

/**
 * Render every live page and the web app's fixed pages with `settings`, write them, and refresh the whole
 * distribution (the header and footer are on every page).
 */
export async function renderEverything(deps: PageDeps, settings: SiteSettings): Promise<number> {
  const live = (await deps.pages.all()).flatMap((p) =>
    p.retired_at === null && p.published !== null
      ? [toRender({ ...p, published: p.published })]
      : [],
  );
  let written = 0;
  for (let i = 0; i === 0 || i < live.length; i += RENDER_BATCH) {
    const batch = live.slice(i, i + RENDER_BATCH);
    // The first call also brings the fixed pages (not-found, thank-you), which the web app names.
    const documents = await deps.renderer.render(batch, settings, i === 0);
    for (const d of documents) {
      await deps.files.put(d.path, d.html);
      written++;
    }
  }
  await deps.cdn.invalidatePaths(['/*']);
  return written;
}

/**
 * The every-minute repair: settings whose pages were not all rendered again, then each page whose
 * site lags its record (a publish or retirement that could not be made live at once).
 */
export async function healPages(deps: PageDeps): Promise<{ pages: number; settings: boolean }> {
  const stored = await deps.settings.getSettings();
  let settings = false;
  if (stored && stored.rendered_version < stored.version) {
    await renderEverything(deps, stored.settings);
    await deps.settings.markSettingsRendered(stored.version);
    settings = true;
  }
  let pages = 0;
  for (const page of await deps.pages.all()) {
    if (page.rendered_version >= page.site_version) continue;
    try {
      await makeLive(deps, page);
      pages++;
    } catch (error) {
      deps.log.warn('a page could not be made live; the next run tries again', {
        path: page.path,
        error,
      });
    }
  }
  return { pages, settings };
}
