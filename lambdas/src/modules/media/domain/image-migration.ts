import { createHash } from 'node:crypto';
import { BANNER_PREFIX, IMAGE_TYPES, MEDIA_LIMITS, type Image } from '@agency/shared';
import { DomainError } from '../../../platform/errors';
import { registerUpload } from './media';
import { imageOf } from './ports';
import {
  isLegacyBanner,
  type Cdn,
  type LibraryDeps,
  type MediaStore,
  type PostRecord,
  type PostStore,
  type WarnLog,
} from '../../posts/domain/ports';
import { claimImages, inlineAttributes, libraryBanner } from '../../posts/domain/references';
import type { JobMarkers } from '../../../platform/ports';
import { imageSources } from '@agency/shared/html-images';
import { isDataUrl, sanitizeContentRewritingImages } from '../../posts/domain/sanitize';

export interface MigrationDeps {
  posts: Pick<PostStore, 'listPage' | 'getPost' | 'replacePost' | 'listRevisions' | 'putRevision'>;
  media: MediaStore;
  library: LibraryDeps;
  cdn: Cdn;
  log: WarnLog;
  markers: JobMarkers;
}

export const MIGRATE_IMAGES_JOB = 'migrate-images';

/** What a run did, for the job's log line. */
export interface MigrationSummary {
  /** A run before this one finished the work (nothing was read). */
  skipped: boolean;
  /** Posts looked at, and those whose current version was rewritten. */
  posts: number;
  migrated_posts: number;
  /** Kept revisions rewritten. */
  migrated_revisions: number;
  /** Library images made from `data:` images and legacy banners (the same bytes make one image). */
  images_created: number;
  /** Legacy `banners/…` objects deleted once no version showed them. */
  legacy_banners_deleted: number;
  /** `data:` images that could not be moved (not an image, too large) and legacy banners whose object is gone: logged, left out. */
  dropped: number;
  /** Posts left for the next run: saved by someone on every attempt, a legacy banner the library refused, or failed (logged). */
  left: number;
}

const PAGE_SIZE = 25;
/** A post saved while the job works on it is read again this many times before the next run. */
const ATTEMPTS = 3;
/** Enough for the kept revisions (REVISIONS_KEPT) and one being trimmed. */
const REVISIONS_READ = 26;

const DATA_IMAGE = /^data:(image\/[a-z0-9.+-]+)?((?:;[^;,]*)*?);base64,(.*)$/is;

/**
 * The library id of an image's bytes: a UUID (v4-shaped, as `mediaId` wants) from their SHA-256.
 * The same picture in a post and its 25 revisions becomes one library image, and a run interrupted
 * after registering finds the image on the next run instead of making a second one.
 */
export function contentId(bytes: Buffer): string {
  const h = createHash('sha256').update(bytes).digest();
  h[6] = ((h[6] ?? 0) & 0x0f) | 0x40;
  h[8] = ((h[8] ?? 0) & 0x3f) | 0x80;
  const hex = h.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** A version of a post as the job rewrites it (a post or a kept revision). */
type Version = Pick<PostRecord, 'content' | 'banner_key'> & { banner?: Image | null | undefined };

const needsMigration = (v: Version): boolean =>
  isLegacyBanner(v.banner_key) || imageSources(v.content).some(isDataUrl);
const unchanged = (v: Version, next: Version): boolean =>
  next.content === v.content && next.banner_key === v.banner_key;

const MIME_OF_EXT: Record<string, string> = Object.fromEntries(
  Object.entries(IMAGE_TYPES).map(([mime, ext]) => [ext, mime]),
);
/** A file name's extension for a declared type (the bytes decide what it really is). */
const extOf = (mime: string): string =>
  Object.entries(IMAGE_TYPES).find(([m]) => m === mime)?.[1] ?? 'img';

/**
 * Moves images stored before the media library into it: every `data:image/…;base64` image in a
 * post's content (current version and kept revisions) becomes a library image, its `<img>` rewritten
 * to `inlineSrc` with its intrinsic width and height, and a legacy `banners/…` banner becomes a
 * library banner; the legacy object is deleted once no version of the post shows it. The post is
 * written only if its version is still the one read (never over an author's save; it is read again),
 * and keeps its version and dates: it is a repair, not an edit. Idempotent: a version holding
 * neither is left alone, so a second run, or one after an interrupted run, finishes the work.
 *
 * A run that leaves nothing behind marks the job done, and later runs stop at that mark instead of
 * reading every post and revision again: since the API refuses `data:` images and new banners are
 * library images, nothing can need moving afterwards, unless a restore from an older backup or an
 * import of old posts brings such data back; `again` looks once more then.
 */
export async function migrateImages(
  deps: MigrationDeps,
  { again = false }: { again?: boolean } = {},
): Promise<MigrationSummary> {
  const summary: MigrationSummary = {
    skipped: false,
    posts: 0,
    migrated_posts: 0,
    migrated_revisions: 0,
    images_created: 0,
    legacy_banners_deleted: 0,
    dropped: 0,
    left: 0,
  };
  if (!again && (await deps.markers.isDone(MIGRATE_IMAGES_JOB)))
    return { ...summary, skipped: true };
  const known = new Map<string, Image>();

  /** The library image of these bytes: found by their id, or registered now; null when refused. */
  async function libraryImage(
    bytes: Buffer,
    contentType: string,
    filename: string,
    postId: number,
  ): Promise<Image | null> {
    const id = contentId(bytes);
    const cached = known.get(id);
    if (cached) return cached;
    const stored = await deps.library.media.get(id);
    if (stored) {
      known.set(id, imageOf(stored));
      return imageOf(stored);
    }
    if (bytes.length > MEDIA_LIMITS.maxBytes) {
      deps.log.warn('image refused: larger than the library takes', { postId, filename });
      return null;
    }
    await deps.library.objects.putUpload(id, bytes, contentType);
    try {
      const image = imageOf(await registerUpload(deps.library, { id, filename, actor: null }));
      known.set(id, image);
      summary.images_created += 1;
      return image;
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      deps.log.warn('image refused by the library', { postId, filename, reason: error.message });
      return null;
    }
  }

  /** The version with its images in the library, and the legacy banner key it no longer shows. */
  async function moved(
    postId: number,
    v: Version,
  ): Promise<{ version: Version; legacy: string | null }> {
    const images = new Map<string, Image | null>();
    let n = 0;
    for (const src of imageSources(v.content)) {
      if (!isDataUrl(src) || images.has(src)) continue;
      const m = DATA_IMAGE.exec(src.trim());
      n += 1;
      const bytes = m ? Buffer.from(m[3] ?? '', 'base64') : Buffer.alloc(0);
      const mime = m?.[1]?.toLowerCase() ?? 'image/png';
      // Not base64 (e.g. a percent-encoded SVG, which the sanitiser never let through anyway).
      if (bytes.length === 0) deps.log.warn('image refused: not a base64 data: image', { postId });
      const image =
        bytes.length > 0
          ? await libraryImage(bytes, mime, `post-${postId}-image-${n}.${extOf(mime)}`, postId)
          : null;
      // A picture the library refuses cannot be shown as it was either: it leaves the content.
      if (!image) summary.dropped += 1;
      images.set(src, image);
    }
    const content =
      images.size === 0
        ? v.content
        : sanitizeContentRewritingImages(v.content, (attribs) => {
            const src = attribs.src ?? '';
            if (!isDataUrl(src)) return attribs;
            const image = images.get(src);
            return image ? inlineAttributes(attribs, image) : null;
          });
    let banner = { banner_key: v.banner_key, banner: v.banner ?? null };
    let legacy: string | null = null;
    if (isLegacyBanner(v.banner_key)) {
      const key = v.banner_key;
      const bytes = await deps.media.getBanner(key);
      const ext = key.slice(key.lastIndexOf('.') + 1);
      const image = bytes
        ? await libraryImage(
            bytes,
            MIME_OF_EXT[ext] ?? 'image/png',
            key.slice(BANNER_PREFIX.length),
            postId,
          )
        : null;
      if (!bytes) {
        // The object is gone: the banner was already broken; the version shows none.
        deps.log.warn('legacy banner missing: removed from the post', { postId, key });
        summary.dropped += 1;
      }
      if (image) banner = libraryBanner(image);
      else if (!bytes) banner = { banner_key: null, banner: null };
      if (banner.banner_key !== key) legacy = key;
    }
    return { version: { content, ...banner }, legacy };
  }

  /**
   * Migrate the kept revisions of `post` that need it, noting the legacy banners they let go.
   * False when one still needs it afterwards (an image the library refused: a later run retries).
   */
  async function migrateRevisions(post: PostRecord, legacy: Set<string>): Promise<boolean> {
    let complete = true;
    for (const r of await deps.posts.listRevisions(post.id, REVISIONS_READ)) {
      if (r.revision >= post.version || !needsMigration(r)) continue;
      const m = await moved(r.post_id, r);
      complete &&= !needsMigration(m.version);
      if (unchanged(r, m.version)) continue;
      await claimImages(deps.library.media, r.post_id, m.version, []);
      // Revisions are never edited, only written once by saves: rewriting one races nothing.
      await deps.posts.putRevision({ ...r, ...m.version });
      if (m.legacy) legacy.add(m.legacy);
      summary.migrated_revisions += 1;
    }
    return complete;
  }

  /** Migrate one post and its revisions; `done` when nothing is left for a later run. */
  async function migratePost(listed: PostRecord): Promise<{ done: boolean; changed: boolean }> {
    const legacy = new Set<string>();
    let changed = false;
    let done = false;
    let post: PostRecord | null = listed;
    for (let attempt = 1; post && attempt <= ATTEMPTS; attempt += 1) {
      // Revisions first, and again after a concurrent save: it kept the version it replaced as one.
      const revisionsDone = await migrateRevisions(post, legacy);
      if (!needsMigration(post)) {
        done = revisionsDone;
        break;
      }
      const m = await moved(post.id, post);
      if (unchanged(post, m.version)) break;
      await claimImages(deps.library.media, post.id, m.version, []);
      const outcome = await deps.posts.replacePost({ ...post, ...m.version }, post.version);
      if (outcome === 'updated') {
        if (m.legacy) legacy.add(m.legacy);
        summary.migrated_posts += 1;
        changed = true;
        done = revisionsDone && !needsMigration(m.version);
        break;
      }
      // Saved meanwhile (that save went through the data: refusal): look at what it stored.
      post = outcome === 'stale' ? await deps.posts.getPost(listed.id) : null;
      if (!post) done = true;
    }
    if (legacy.size > 0) await deleteLegacy(listed.id, legacy);
    return { done, changed };
  }

  /** Delete legacy banner objects no version of the post shows any more (read again, after the writes). */
  async function deleteLegacy(postId: number, keys: Set<string>): Promise<void> {
    const post = await deps.posts.getPost(postId);
    const versions: Version[] = [
      ...(post ? [post] : []),
      ...(await deps.posts.listRevisions(postId, REVISIONS_READ)),
    ];
    for (const v of versions) if (v.banner_key) keys.delete(v.banner_key);
    for (const key of keys) {
      await deps.media.deleteBanner(key);
      summary.legacy_banners_deleted += 1;
    }
  }

  const slugs: string[] = [];
  for (let page = 1, more = true; more; page += 1) {
    // Every post, drafts and scheduled ones too: they are published later with what they hold.
    const { items, hasNext } = await deps.posts.listPage(page, PAGE_SIZE, 'all');
    more = hasNext;
    for (const listed of items) {
      summary.posts += 1;
      try {
        const { done, changed } = await migratePost(listed);
        if (!done) summary.left += 1;
        if (changed) slugs.push(listed.slug);
      } catch (error) {
        // One post's trouble (e.g. the image function down) must not stop the others.
        deps.log.warn('post images not migrated; the next run tries again', {
          error,
          postId: listed.id,
        });
        summary.left += 1;
      }
    }
  }
  if (slugs.length > 0) {
    try {
      await deps.cdn.invalidate(slugs);
    } catch (error) {
      deps.log.warn('cache invalidation failed', { error, slugs });
    }
  }
  if (summary.left === 0) await deps.markers.markDone(MIGRATE_IMAGES_JOB);
  return summary;
}
