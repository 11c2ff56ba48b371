import type {
  PageContent,
  PageRevision,
  PageRevisionSummary,
  SiteSettings,
  TitleCard,
} from '@agency/shared';
import type { WarnLog } from '../../posts/domain/ports';
import type { RedirectRefusal } from '../../redirects/domain/redirects';
import type { LibraryLookup } from './library-images';

/**
 * Marketing pages: the ports the use cases of this folder take (modules/pages/deps.ts gives the
 * AWS ones). DynamoDB holds the table of record; the site bucket, the edge's KeyValueStore and the
 * CDN hold what visitors get, made equal to it after each change (and by the every-minute job when
 * a change could not be made live at once: `rendered_version` lags `site_version`).
 */

/** What made a version: a save of the editor, a publish, a restore of a kept version. */
export type PageReason = PageRevisionSummary['reason'];

/** A page as stored. */
export interface PageRecord {
  path: string;
  /** The draft. */
  content: PageContent;
  /** The live copy; null before the first publish and once retired. */
  published: PageContent | null;
  /** Counts every save of the draft; a save naming another answers 409. */
  version: number;
  /** The draft version that is live (null: never published, or retired). */
  published_version: number | null;
  reason: PageReason;
  updated_at: string;
  updated_by: string | null;
  published_at: string | null;
  /** Counts the changes of what the site must show at this path (each publish, the retirement). */
  site_version: number;
  /** The `site_version` the site shows: behind it, the every-minute job makes it live. */
  rendered_version: number;
  /** Set once retired: the record stays as a tombstone (the build may still list the path). */
  retired_at: string | null;
  /** Where a retired page's address leads (a 301), or null (404). */
  redirect_to: string | null;
  /** When the every-minute job publishes the draft (null or absent: not scheduled). */
  publish_at?: string | null;
}

/** The table of record of pages and their kept versions (modules/pages/adapters/page-store.ts). */
export interface PageStore {
  /** The page at `path`, retired ones included. */
  get(path: string): Promise<PageRecord | null>;
  /** Every page, retired ones included, by path. */
  all(): Promise<PageRecord[]>;
  /**
   * Write a new page at a free path: none stored there, or a retired one whose `version` is still
   * `over` (its tombstone, replaced). `exists` when someone else was first.
   */
  create(record: PageRecord, over: number | null): Promise<'written' | 'exists'>;
  /**
   * Move a page in one transaction: `moved` written as `create` writes (`exists` when its address
   * was taken meanwhile), and the page it comes from replaced by `retired` if its stored `version`
   * and `site_version` are still `expect`'s (and not retired): `stale` otherwise, and nothing is
   * written. Two moves of one page at once: one moves it, the other changes nothing.
   */
  move(
    moved: PageRecord,
    over: number | null,
    retired: PageRecord,
    expect: { version: number; site_version: number },
  ): Promise<'written' | 'exists' | 'stale'>;
  /**
   * Replace the page whose stored `version` and `site_version` are still `expect`'s (and not
   * retired), keeping `revision` beside it in the same transaction; `stale` otherwise. With
   * `images`, the library images the page shows: the same transaction checks each still exists
   * (`missing` names one that does not).
   */
  save(
    record: PageRecord,
    expect: { version: number; site_version: number },
    revision: PageRevision | null,
    images?: readonly string[],
  ): Promise<'written' | 'stale' | { missing: string }>;
  /** Record that the site shows `siteVersion` of the page (never moves it back). */
  markRendered(path: string, siteVersion: number): Promise<void>;
  /** Kept versions, newest first. */
  revisions(path: string): Promise<PageRevisionSummary[]>;
  revision(path: string, revision: number): Promise<PageRevision | null>;
  /** Delete kept versions beyond the newest `keep`. */
  trimRevisions(path: string, keep: number): Promise<void>;
}

/** The site settings as stored. */
export interface SettingsRecord {
  settings: SiteSettings;
  version: number;
  updated_at: string | null;
  updated_by: string | null;
  /** The `version` every page on the site was rendered with. */
  rendered_version: number;
}

export interface SettingsStore {
  getSettings(): Promise<SettingsRecord | null>;
  /** Write when the stored version is still `expect` (0: none stored); `stale` otherwise. */
  putSettings(record: SettingsRecord, expect: number): Promise<'written' | 'stale'>;
  markSettingsRendered(version: number): Promise<void>;
}

/** A page as the render function takes it: its path and content. */
export type PageToRender = { path: string } & PageContent;

/** The render function (web/src/server/render-handler.ts), asked directly: complete HTML documents. */
/** A complete HTML document, with the card drawn from a title its head names (if it names one). */
export interface RenderedDocument {
  path: string;
  html: string;
  card?: TitleCard | undefined;
}

export interface PageRenderer {
  render(
    pages: PageToRender[],
    settings: SiteSettings,
    withFixedPages?: boolean,
  ): Promise<RenderedDocument[]>;
}

/**
 * The share cards drawn from titles (the image function): each drawn into the media bucket once,
 * before any HTML naming it is put.
 */
export interface TitleCards {
  draw(cards: readonly TitleCard[]): Promise<void>;
}

/**
 * What an HTML object was rendered from: the page's `site_version` (null for the fixed pages, which
 * have no record) and the settings' `version`. Kept with the object, so the every-minute job can
 * tell an object older than the records.
 */
export interface RenderedFrom {
  site: number | null;
  settings: number;
}

/** The site bucket's HTML of a path (`/` → `index.html`, `/about` → `about/index.html`). */
export interface SiteFiles {
  put(path: string, html: string, from: RenderedFrom): Promise<void>;
  /**
   * What the object at `path` was rendered from: null when there is no object, `unknown` when it
   * does not say (written before objects said, or by the build).
   */
  renderedFrom(path: string): Promise<RenderedFrom | 'unknown' | null>;
  remove(path: string): Promise<void>;
}

/** The CDN's cached copies. */
export interface PageCdn {
  invalidatePaths(paths: readonly string[]): Promise<void>;
}

/** The edge's page entries in its KeyValueStore (EDGE_PAGE_VALUES), keyed by path like redirects. */
export interface PageEdge {
  set(path: string, value: 'page' | 'gone'): Promise<void>;
  remove(path: string): Promise<void>;
}

/** What pages do with redirects (the redirect domain's rules). */
export interface PageRedirects {
  /** Whether `path` is a redirect's source. */
  isSource(path: string): Promise<boolean>;
  /**
   * Why a retired page's address could not lead to `to` now (a loop, a source the site keeps, past
   * the edge store's room), asked before anything is saved; null when it could.
   */
  check(from: string, to: string): Promise<RedirectRefusal | null>;
  /** A retired page's address leads to `to` (301), collapsed like any redirect. */
  retire(from: string, to: string): Promise<void>;
  /** `path` is a live page now: a redirect from it goes. */
  drop(path: string): Promise<void>;
}

/** What else answers at a site path. */
export interface PageAddresses {
  /** Whether a post (of any status) has this slug. */
  postSlug(slug: string): Promise<boolean>;
  /** The build's own page paths as edge patterns (SITE_PAGE_PATHS). */
  sitePatterns(): readonly string[];
  /** The patterns the render function answers (SITE_RENDERED_PATHS): the sitemap is one. */
  renderedPatterns(): readonly string[];
}

export interface PageDeps {
  pages: PageStore;
  /** The media library's records: a save showing an image deleted meanwhile is refused. */
  media: LibraryLookup;
  settings: SettingsStore;
  renderer: PageRenderer;
  cards: TitleCards;
  files: SiteFiles;
  cdn: PageCdn;
  edge: PageEdge;
  redirects: PageRedirects;
  addresses: PageAddresses;
  log: WarnLog;
  now?: () => Date;
}

/** Who makes a change: their name for the record, their role for the first publish. */
export interface PageActor {
  username: string;
  role: 'admin' | 'editor';
}
