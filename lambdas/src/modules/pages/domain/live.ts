import { contract, isSpecPage, pageContentBytes, type SitePage } from '@agency/shared';
import { badGateway, conflict, DomainError, forbidden, stale } from '../../../platform/errors';
import { matchesPattern, pageObjectPath } from '@agency/shared/edge';
import { assertFits, livingPage, presentPage, publishable } from './content';
import type {
  PageActor,
  PageDeps,
  PageRecord,
  PageToRender,
  RenderedDocument,
  RenderedFrom,
  SettingsRecord,
} from './ports';
import { assertLibraryImages, imageGone } from './library-images';

/**
 * Making pages live: the table of record is written first (conditionally), then the site follows
 * (render, the bucket, the edge's page entry, the CDN). When the site cannot follow, the change is
 * kept and the caller hears 502; the every-minute job (`healPages`) finishes it, since the page's
 * `rendered_version` still lags its `site_version`. Each HTML object says what it was rendered from
 * (the page's `site_version`, the settings' `version`); every writer checks the records again after
 * its put (`settle`), and the job compares each live page's object with them.
 */

/** The most pages per render call. */
const RENDER_BATCH = 10;

/**
 * The most page content (as stored) per render call, so each answer stays under Lambda's 6 MB
 * payload: a page's HTML weighs up to about 8.5 times its content (text full of characters HTML
 * escapes, drawn once as markup and once in the page's data; measured in
 * lambdas/test/pages/page-size.test.ts), so a call takes at most 512 KB of it, and one page at
 * the limit (150 KB) always fits alone.
 */
const RENDER_BATCH_BYTES = 512 * 1024;

/** The pages in render calls: at most RENDER_BATCH and RENDER_BATCH_BYTES each (one page at least). */
function renderBatches<T extends PageToRender>(pages: readonly T[]): T[][] {
  const batches: T[][] = [];
  let batch: T[] = [];
  let bytes = 0;
  for (const page of pages) {
    const size = pageContentBytes(page);
    if (batch.length > 0 && (batch.length === RENDER_BATCH || bytes + size > RENDER_BATCH_BYTES)) {
      batches.push(batch);
      batch = [];
      bytes = 0;
    }
    batch.push(page);
    bytes += size;
  }
  // The first call also brings the fixed pages: there is one even without live pages.
  batches.push(batch);
  return batches;
}

/**
 * The most renders of one page a writer does in a row when the records keep moving under it (see
 * `settle`); past them the every-minute job, which compares each object with the records, finishes.
 */
const SETTLE_ROUNDS = 5;

export const NOT_LIVE_YET =
  'is saved, but putting it on the site failed; it goes live by itself within a minute';

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

/** A live page as the render function takes it (a copy published before hidden blocks were left out of live copies loses them here too). */
const toRender = (r: PageRecord & { published: NonNullable<PageRecord['published']> }) =>
  ({
    path: r.path,
    ...r.published,
    blocks: r.published.blocks.filter((b) => !b.hidden),
  }) satisfies PageToRender;

async function currentSettings(deps: Pick<PageDeps, 'settings'>): Promise<SettingsRecord> {
  const stored = await deps.settings.getSettings();
  if (!stored) throw new Error('no site settings are stored: seed them first');
  return stored;
}

const isLive = (
  p: PageRecord | null,
): p is PageRecord & { published: NonNullable<PageRecord['published']> } =>
  p !== null && p.retired_at === null && p.published !== null;

/** Whether HTML rendered `from` shows what the page's record and the settings say now. */
const showsLatest = (from: RenderedFrom, page: PageRecord, settings: SettingsRecord): boolean =>
  from.site !== null && from.site >= page.site_version && from.settings >= settings.version;

/**
 * The render function's documents, with the share cards their heads name drawn first, so the HTML
 * put names a card that is there. A card is a link preview's picture, not the page: when the image
 * function fails, the pages go live all the same (a preview without its picture until the page is
 * published again) and the failure is logged here and alarms as the image function's error.
 */
async function renderDocuments(
  deps: Pick<PageDeps, 'renderer' | 'cards' | 'log'>,
  ...args: Parameters<PageDeps['renderer']['render']>
): Promise<RenderedDocument[]> {
  const documents = await deps.renderer.render(...args);
  const cards = documents.flatMap((d) => (d.card ? [d.card] : []));
  if (cards.length > 0)
    await deps.cards.draw(cards).catch((error: unknown) => {
      deps.log.warn('share cards not drawn: the pages go live without their preview picture', {
        paths: documents.filter((d) => d.card).map((d) => d.path),
        error,
      });
    });
  return documents;
}

/** Render one live page with `settings` and put its HTML, saying what it was rendered from. */
async function renderAndPut(
  deps: PageDeps,
  page: PageRecord & { published: NonNullable<PageRecord['published']> },
  settings: SettingsRecord,
): Promise<RenderedFrom> {
  const [document] = await renderDocuments(deps, [toRender(page)], settings.settings);
  if (!document || document.path !== page.path)
    throw new Error(`the render function answered no document for ${page.path}`);
  const from = { site: page.site_version, settings: settings.version };
  await deps.files.put(page.path, document.html, from);
  return from;
}

/**
 * After a put of a page's HTML rendered `from`: read the page's record and the settings again
 * (consistent reads) and, while either moved past what was rendered, render the page again with the
 * newest and put that. Every record is written before its writer renders, so the writer whose put
 * lands last reads every record whose render landed before it: whatever the order of a page publish
 * and a settings publish racing, the object ends as the table says. A page retired meanwhile loses
 * the object this put brought back. Answers what the object was last rendered from (null: removed).
 */
async function settle(
  deps: PageDeps,
  path: string,
  rendered: RenderedFrom,
): Promise<RenderedFrom | null> {
  let from = rendered;
  for (let round = 0; ; round++) {
    const [page, settings] = await Promise.all([deps.pages.get(path), currentSettings(deps)]);
    if (!isLive(page)) {
      await deps.files.remove(path);
      return null;
    }
    if (showsLatest(from, page, settings)) return from;
    if (round === SETTLE_ROUNDS) {
      deps.log.warn('a page kept changing while it was rendered; the publish job finishes it', {
        path,
      });
      return from;
    }
    from = await renderAndPut(deps, page, settings);
  }
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
    const put = await renderAndPut(deps, { ...page, published: page.published }, settings);
    const shown = await settle(deps, page.path, put);
    if (shown === null) {
      // Retired meanwhile (this record was read before the retirement was written). Steps of the
      // retirement that came before this call's drop of the redirect are undone by it: a moved
      // page's old address would answer 404 for good, its record saying all is done. They are
      // taken again from the record as it is now; those that come later hold by themselves.
      const now = await deps.pages.get(page.path);
      if (now && !isLive(now)) await makeLive(deps, now);
      return;
    }
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
  images: readonly string[] = [],
): Promise<void> {
  const outcome = await deps.pages.save(
    next,
    { version: before.version, site_version: before.site_version },
    null,
    images,
  );
  if (outcome === 'stale') throw stale('The page changed meanwhile. Reload it, then try again.');
  if (outcome !== 'written') throw imageGone(next.published, outcome.missing);
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
  // A draft saved before the limit: its live copy beside it would not fit the record.
  assertFits(page.content);
  // Complete, without its hidden blocks: what visitors get (400 naming an empty field).
  const published = publishable(page.content);
  // Its library images still in the library (400 naming the field), checked again in the write.
  const images = await assertLibraryImages(deps.media, published);
  const now = (deps.now?.() ?? new Date()).toISOString();
  const next: PageRecord = {
    ...page,
    published,
    published_version: page.version,
    published_at: now,
    publish_at: null,
    reason: 'publish',
    site_version: page.site_version + 1,
  };
  await writeThenLive(deps, page, next, `The page ${page.path}`, images);
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
  if (isSpecPage(input.path))
    throw conflict(
      "is one of the site's own pages (menus, other pages and search engines lead there): edit it, but it cannot be retired",
      'path',
      'conflict',
    );
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
    publish_at: null,
    site_version: page.site_version + 1,
  };
  await writeThenLive(deps, page, next, `The retirement of ${page.path}`);
  return { path: next.path, redirect_to: next.redirect_to };
}

/**
 * Put the fixed pages' HTML rendered with `settings`; while the settings moved on meanwhile, render
 * and put them again with the newest (as `settle` does for a page).
 */
async function putFixedPages(
  deps: PageDeps,
  documents: readonly { path: string; html: string }[],
  settings: SettingsRecord,
): Promise<void> {
  let current = settings;
  let fixed = documents;
  for (let round = 0; ; round++) {
    for (const d of fixed)
      await deps.files.put(d.path, d.html, { site: null, settings: current.version });
    const latest = await currentSettings(deps);
    if (latest.version <= current.version || round === SETTLE_ROUNDS) return;
    current = latest;
    fixed = await renderDocuments(deps, [], current.settings, true);
  }
}

/**
 * Render every live page and the web app's fixed pages with `settings` (the stored record), write
 * them, and refresh the whole distribution (the header and footer are on every page). A page
 * published meanwhile, or settings published meanwhile, are caught by `settle` after each put.
 */
export async function renderEverything(deps: PageDeps, settings: SettingsRecord): Promise<number> {
  const live = (await deps.pages.all()).filter(isLive);
  const byPath = new Map(live.map((p) => [p.path, p]));
  let written = 0;
  for (const [i, batch] of renderBatches(live.map(toRender)).entries()) {
    // The first call also brings the fixed pages (not-found, thank-you), which the web app names.
    const documents = await renderDocuments(deps, batch, settings.settings, i === 0);
    const fixed = documents.filter((d) => !byPath.has(d.path));
    for (const d of documents) {
      const page = byPath.get(d.path);
      if (!page) continue;
      const from = { site: page.site_version, settings: settings.version };
      await deps.files.put(d.path, d.html, from);
      await settle(deps, d.path, from);
      written++;
    }
    if (fixed.length > 0) await putFixedPages(deps, fixed, settings);
    written += fixed.length;
  }
  await deps.cdn.invalidatePaths(['/*']);
  return written;
}

/**
 * Whether the site bucket's HTML of a live page is older than its record or the settings: made
 * before its last publish or the last settings publish, missing, or not saying what it was rendered
 * from (written before objects said it: rendered again once).
 */
async function objectLags(
  deps: PageDeps,
  page: PageRecord,
  settings: SettingsRecord,
): Promise<boolean> {
  const from = await deps.files.renderedFrom(page.path);
  return from === null || from === 'unknown' || !showsLatest(from, page, settings);
}

/**
 * Publish each page whose scheduled time has come (its draft as it is then, as the publish button
 * would); one that cannot be published (left incomplete since) keeps its schedule and is logged.
 */
export async function publishDuePages(deps: PageDeps): Promise<number> {
  const now = (deps.now?.() ?? new Date()).getTime();
  let published = 0;
  for (const page of await deps.pages.all()) {
    if (page.retired_at !== null || !page.publish_at || Date.parse(page.publish_at) > now) continue;
    try {
      // Scheduling checked who may put the page live; the schedule is theirs.
      await publishPage(
        deps,
        { path: page.path },
        { username: page.updated_by ?? 'schedule', role: 'admin' },
      );
      published++;
    } catch (error) {
      deps.log.warn('a scheduled page could not be published; the next run tries again', {
        path: page.path,
        error,
      });
    }
  }
  return published;
}

/** What a run of the repair did. */
export interface HealSummary {
  /** Pages made live (their record lagged, or their object was older than the records). */
  pages: number;
  /** Whether the settings were rendered on every page again. */
  settings: boolean;
  /** Live pages whose object was found older than the records though the table said rendered. */
  stale: number;
  /** Of those, the ones still not fixed after this run (the alarm counts them with the table's). */
  staleLeft: number;
}

/**
 * The every-minute repair: settings whose pages were not all rendered again, then each page whose
 * site lags its record (a publish or retirement that could not be made live at once), then each
 * live page whose HTML object is older than its record or the settings (a lost race, a writer
 * stopped between its put and its check): the object's metadata is compared with the records.
 */
export async function healPages(deps: PageDeps): Promise<HealSummary> {
  await publishDuePages(deps);
  const stored = await deps.settings.getSettings();
  let settings = false;
  if (stored && stored.rendered_version < stored.version) {
    await renderEverything(deps, stored);
    await deps.settings.markSettingsRendered(stored.version);
    settings = true;
  }
  const latest = (await deps.settings.getSettings()) ?? stored;
  let pages = 0;
  let stale = 0;
  let staleLeft = 0;
  for (const page of await deps.pages.all()) {
    const lagging = page.rendered_version < page.site_version;
    let olderObject = false;
    try {
      if (!lagging && isLive(page) && latest)
        olderObject = await objectLags(deps, page, latest).catch((error: unknown) => {
          // Unreadable (S3 answers 403 for a missing key to a role that may not list): render it.
          deps.log.warn("a page's HTML could not be compared; rendering it again", {
            path: page.path,
            error,
          });
          return true;
        });
      if (!lagging && !olderObject) continue;
      if (olderObject) stale++;
      await makeLive(deps, page);
      pages++;
    } catch (error) {
      if (olderObject) staleLeft++;
      deps.log.warn('a page could not be made live; the next run tries again', {
        path: page.path,
        error,
      });
    }
  }
  return { pages, settings, stale, staleLeft };
}
