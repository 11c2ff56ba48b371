import * as z from 'zod';
import {
  BANNER_PREFIX,
  image,
  postContent,
  postStatus,
  type Author,
  type Category,
  type PostStatus,
} from '@agency/shared';
import type { ViewStats } from '../../leads/domain/ports';
import type { ImageProcessor, MediaObjects, MediaRepository } from '../../media/domain/ports';
import type { SiteImages } from '../../media/domain/usage';
import type { PostFilter } from './search';

/** What a post and each of its revisions point at: the banner by object key, category and author by id. */
const storedReferences = {
  /**
   * Object key of the banner as served (`images/<id>/original.<format>`, or `banners/<uuid>.<ext>`
   * for one stored before the media library), or null.
   */
  banner_key: z.string().nullable(),
  /** The banner as a processed image of the media library; absent or null for none or a legacy banner. */
  banner: image.nullable().optional(),
  category_id: z.number().int().nullable(),
  author_id: z.number().int().nullable(),
};

/**
 * A post as stored: its content fields (shared `postContent`), references by id, banner by object
 * key, no view count (that lives apart).
 */
export const postRecord = z.object({
  id: z.number().int(),
  ...postContent.shape,
  ...storedReferences,
  created_at: z.string(),
  updated_at: z.string(),
  version: z.number().int(),
  status: postStatus,
  /** ISO 8601 UTC; null for a draft without a planned time. */
  publish_at: z.string().nullable(),
  /**
   * When the post was last public, kept while it is a draft, scheduled or trashed, so publishing it
   * again keeps its date; absent or null for a post never unpublished since it was kept.
   */
  published_at: z.string().nullable().optional(),
  /** When a trashed post was moved to the Trash (its purge is TRASH_DAYS later); null otherwise. */
  trashed_at: z.string().nullable().optional(),
  /** Who saved this version (the admin's user name); null for versions saved before it was kept. */
  updated_by: z.string().nullable(),
});
/** Content fields with a default (added after posts were first stored) may be absent. */
export type PostRecord = z.input<typeof postRecord>;

/** A kept earlier version of a post: its own item, so each stays within DynamoDB's item size limit. */
export const revisionRecord = z.object({
  post_id: z.number().int(),
  /** The version number the post had with this content. */
  revision: z.number().int(),
  ...postContent.shape,
  ...storedReferences,
  status: postStatus,
  publish_at: z.string().nullable(),
  saved_at: z.string(),
  saved_by: z.string().nullable(),
});
export type RevisionRecord = z.input<typeof revisionRecord>;

/**
 * Which posts a list shows: `live` (the public list: published, by publication time), `all` (every
 * status) or one status.
 */
export type ListView = 'live' | 'all' | PostStatus;

/** Where a post sits (or will sit) in the public list: its publication time and id. */
export interface ListPosition {
  publish_at: string;
  id: number;
}

export type UpdateOutcome = 'updated' | 'stale' | 'missing';

/** A category or author a post points at. */
export interface TaxonRef {
  kind: TaxonomyKind;
  id: number;
}

/**
 * One post write, made as one DynamoDB transaction: the post, its slug guard, the usage counts of
 * its category and author, the claims on the library images it shows and the revision it keeps all
 * change together, or (refused, or the function stopped half-way) none of them does.
 */
export interface PostWrite {
  /** The post as it will be stored. */
  post: PostRecord;
  /** The stored version it replaces (refused as stale otherwise); null to create it (refused if the id exists). */
  replaces: number | null;
  /** A slug to take for the post (refused while another post holds it) and one it gives up. */
  slug?: { claim?: string | undefined; release?: string | undefined } | undefined;
  /** The replaced version, kept as a revision. */
  revision?: RevisionRecord | undefined;
  /** Categories and authors counted one more (refused when gone) and one fewer (skipped when gone). */
  references?: { claim: TaxonRef[]; release: TaxonRef[] } | undefined;
  /** Library images the post shows, claimed for it (refused when gone from the library). */
  images?: string[] | undefined;
}

/** Why a write was refused: nothing of it was written. */
export type WriteRefusal =
  | { reason: 'stale' | 'missing' | 'exists' | 'slug' }
  | { reason: 'reference'; ref: TaxonRef }
  | { reason: 'image'; id: string };

export type WriteOutcome = { written: true } | { written: false; refused: WriteRefusal };

/** Deleting a trashed post for good, as one transaction with everything that hangs off it. */
export interface PostPurge {
  /** The post as read: the delete is refused unless it is still this version, in the Trash. */
  post: PostRecord;
  /** Its kept revisions. */
  revisions: number[];
  /** Library images it or its revisions showed: its claims on them are given back. */
  images: string[];
}

/** Posts, slug guards and view counters. The DynamoDB implementation is `modules/posts/adapters/post-store.ts`. */
export interface PostStore {
  /** A fresh post id from an atomic counter. */
  nextPostId(): Promise<number>;
  /** Create or replace a post with what hangs off it, all or nothing (see PostWrite). */
  writePost(write: PostWrite): Promise<WriteOutcome>;
  /**
   * Delete a trashed post with its slug guard, view counter, revisions and image claims, all or
   * nothing: `stale` when it changed since it was read (restored, say), `missing` when it is gone.
   */
  purgePost(purge: PostPurge): Promise<'purged' | 'stale' | 'missing'>;
  /** The post id holding a committed guard on `slug`, or null. */
  slugOwner(slug: string): Promise<number | null>;
  getPost(id: number): Promise<PostRecord | null>;
  /** Replace a post alone if its stored version is `expectedVersion` (data migrations; writes use writePost). */
  replacePost(post: PostRecord, expectedVersion: number): Promise<UpdateOutcome>;
  /**
   * Posts `(page-1)*size` … of a view, newest first; `hasNext` when more follow. The live view reads
   * only published posts (a sparse index), so hidden ones never cost a public page anything.
   */
  listPage(
    page: number,
    size: number,
    view?: ListView,
    /** Only the posts passing it (modules/posts/domain/search.ts), paged as the whole list is. */
    filter?: PostFilter,
  ): Promise<{ items: PostRecord[]; hasNext: boolean }>;
  /** The nearest older and newer published posts around a place in the public list. */
  neighbours(at: ListPosition): Promise<{ older: PostRecord | null; newer: PostRecord | null }>;
  /** Scheduled posts whose time is at or before `now` (ISO), earliest first, at most `limit`. */
  duePosts(now: string, limit: number): Promise<PostRecord[]>;
  /** Publish a scheduled post if it is still scheduled for the same time; false otherwise. */
  publishDue(post: PostRecord): Promise<boolean>;
  /** Trashed posts moved to the Trash at or before `before` (ISO), oldest first, at most `limit`. */
  trashedBefore(before: string, limit: number): Promise<PostRecord[]>;
  /** Keep an earlier version alone (data migrations; writes keep it in writePost). */
  putRevision(revision: RevisionRecord): Promise<void>;
  /** The newest `limit` kept versions of a post, newest first. */
  listRevisions(postId: number, limit: number): Promise<RevisionRecord[]>;
  getRevision(postId: number, revision: number): Promise<RevisionRecord | null>;
  /** Delete the kept versions numbered `upTo` or lower (trimming); returns what was deleted. */
  deleteRevisions(postId: number, upTo: number): Promise<RevisionRecord[]>;
  /** View counts of posts (absent = 0). */
  views(ids: number[]): Promise<Map<number, number>>;
  /** Count one view atomically; returns the new count. */
  addView(id: number): Promise<number>;
}

export type TaxonomyKind = 'category' | 'author';

/** Categories and authors, as posts read and reference them. */
export interface TaxonomyStore {
  categories(): Promise<Category[]>;
  authors(): Promise<Author[]>;
  category(id: number): Promise<Category | null>;
  author(id: number): Promise<Author | null>;
}

/** Whether a key is a banner object stored before the media library (`banners/`). */
export const isLegacyBanner = (key: string | null): key is string =>
  key !== null && key.startsWith(BANNER_PREFIX);

/**
 * Banner objects stored before the media library (`banners/<uuid>.<ext>`): still served while posts
 * or revisions show them, read once to move them into the library, deleted when nothing shows them.
 */
export interface MediaStore {
  /** The object's bytes, or null when it does not exist. */
  getBanner(key: string): Promise<Buffer | null>;
  deleteBanner(key: string): Promise<void>;
}

/** The media library as posts use it: image records, their objects, and the image function. */
export interface LibraryDeps {
  media: MediaRepository;
  objects: MediaObjects;
  images: ImageProcessor;
  /** The pages and settings, so an image a purged post gave back is kept while a page shows it. */
  site?: SiteImages;
}

/**
 * The CDN in front of the site: drop cached copies of the pages that show these posts (which pages
 * those are is the page registry's: modules/pages/domain/cache-paths.ts).
 */
export interface Cdn {
  invalidate(slugs: string[]): Promise<void>;
}

/** Where logs of best-effort steps go. */
export interface WarnLog {
  warn(msg: string, fields?: Record<string, unknown>): void;
}

/**
 * A post's address and the redirects (modules/redirects/domain/redirects.ts): a published post's new slug redirects
 * its old address (301), and a post live at an address drops a redirect from it.
 */
export interface PostRedirects {
  renamed(oldSlug: string, newSlug: string): Promise<void>;
  live(slug: string): Promise<void>;
}

/** Who viewed a post, as the request shows it: hashed for the day, never stored. */
export interface ViewCaller {
  ip: string;
  /** Request headers, names lower-case. */
  headers: Readonly<Record<string, string | undefined>>;
}

/** Whether a view counts: once per visitor and post a day, never for bots or DNT/GPC (analytics' rules). */
export interface PostViewers {
  counts(postId: number, caller: ViewCaller, at: Date): Promise<boolean>;
}

export interface PostDeps {
  posts: PostStore;
  /** Absent where no redirects are kept (unit tests of other rules). */
  redirects?: PostRedirects;
  taxonomy: TaxonomyStore;
  media: MediaStore;
  library: LibraryDeps;
  cdn: Cdn;
  /** Views per post per day, for the dashboard (beside the spec's total in `posts`). */
  viewStats: ViewStats;
  log: WarnLog;
  now?: () => Date;
  /**
   * Told of each post write once it is made, with the version it replaced (`after` null: the post
   * is gone), so a handler can say in the audit trail what the call did (published, trashed…).
   */
  saved?: (before: PostRecord, after: PostRecord | null) => void;
}

/** What the scheduled publishing job needs. */
export type PublishDeps = Pick<PostDeps, 'posts' | 'cdn' | 'log' | 'now' | 'redirects'>;

/** What the Trash needs: purging deletes a post with its views, revisions and unused images. */
export type TrashDeps = Pick<
  PostDeps,
  'posts' | 'taxonomy' | 'media' | 'library' | 'cdn' | 'log' | 'now' | 'saved'
>;
