import type { Author, Category } from '@agency/shared';
import type { CheckedImage } from './banner';

/** A post as stored: references by id, banner by object key, no view count (that lives apart). */
export interface PostRecord {
  id: number;
  title: string;
  slug: string;
  content: string;
  head_tag: string;
  /** Object key under the media bucket (`banners/<uuid>.<ext>`), or null. */
  banner_key: string | null;
  created_at: string;
  updated_at: string;
  category_id: number | null;
  author_id: number | null;
  version: number;
}

export type UpdateOutcome = 'updated' | 'stale' | 'missing';

/** Posts, slug guards and view counters. The DynamoDB implementation is `adapters/post-store.ts`. */
export interface PostStore {
  /** A fresh post id from an atomic counter. */
  nextPostId(): Promise<number>;
  /**
   * Claim `slug` for `postId` as a pending guard. False when another post holds it (or is
   * in the middle of taking it). Expired pending guards and guards of vanished posts are taken over.
   */
  reserveSlug(slug: string, postId: number): Promise<boolean>;
  /** Mark the guard committed; false when the guard is no longer ours (it expired and was taken). */
  commitSlug(slug: string, postId: number): Promise<boolean>;
  /** Remove the guard if `postId` still holds it. */
  releaseSlug(slug: string, postId: number): Promise<void>;
  /** The post id holding a committed guard on `slug`, or null. */
  slugOwner(slug: string): Promise<number | null>;
  /** Write a new post; false when the id already exists (never overwrites). */
  putPost(post: PostRecord): Promise<boolean>;
  getPost(id: number): Promise<PostRecord | null>;
  /** Replace a post if its stored version is `expectedVersion`. */
  replacePost(post: PostRecord, expectedVersion: number): Promise<UpdateOutcome>;
  /** Delete a post; returns it as it was when deleted, or null when it did not exist. */
  deletePost(id: number): Promise<PostRecord | null>;
  /** Posts `(page-1)*size` … newest first; `hasNext` when more follow. */
  listPage(page: number, size: number): Promise<{ items: PostRecord[]; hasNext: boolean }>;
  /** The nearest older and newer posts by creation time. */
  neighbours(post: PostRecord): Promise<{ older: PostRecord | null; newer: PostRecord | null }>;
  /** View counts of posts (absent = 0). */
  views(ids: number[]): Promise<Map<number, number>>;
  /** Count one view atomically; returns the new count. */
  addView(id: number): Promise<number>;
  deleteViews(id: number): Promise<void>;
}

export type TaxonomyKind = 'category' | 'author';

/** Categories and authors, as posts read and reference them. */
export interface TaxonomyStore {
  categories(): Promise<Category[]>;
  authors(): Promise<Author[]>;
  category(id: number): Promise<Category | null>;
  author(id: number): Promise<Author | null>;
  /**
   * Count one more post using the category or author, atomically and only while it exists; false
   * when it does not. Deleting one refuses while its count is above zero.
   */
  claim(kind: TaxonomyKind, id: number): Promise<boolean>;
  /** Count one post fewer (never below zero; nothing when it no longer exists). */
  release(kind: TaxonomyKind, id: number): Promise<void>;
}

/** Banner objects in the media bucket. */
export interface MediaStore {
  /** Store a checked image; returns its object key. */
  putBanner(image: CheckedImage): Promise<string>;
  deleteBanner(key: string): Promise<void>;
}

/** The CDN in front of the site: drop cached copies of pages a write changed. */
export interface Cdn {
  invalidate(paths: string[]): Promise<void>;
}

/** Where logs of best-effort steps go. */
export interface WarnLog {
  warn(msg: string, fields?: Record<string, unknown>): void;
}

export interface PostDeps {
  posts: PostStore;
  taxonomy: TaxonomyStore;
  media: MediaStore;
  cdn: Cdn;
  log: WarnLog;
  now?: () => Date;
}
