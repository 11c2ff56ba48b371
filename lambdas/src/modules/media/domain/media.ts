import { randomUUID } from 'node:crypto';
import {
  buildPath,
  IMAGE_TYPE_MESSAGE,
  MEDIA_LIMITS,
  originalPath,
  type MediaItem,
  type MediaUse,
} from '@agency/shared';
import {
  conflict,
  DomainError,
  notFound,
  tooLarge,
  unsupportedType,
} from '../../../platform/errors';
import { EDGE_BYTES, imageTypeOfEdges } from '../../posts/domain/banner';
import {
  imageOf,
  UPLOAD_CHANGED,
  UploadChangedError,
  type ImageProcessor,
  type MediaObjects,
  type MediaRecord,
  type MediaRepository,
} from './ports';
import { presentSiteUse, type SiteImageUse, type SiteImages } from './usage';
import type { PostStore } from '../../posts/domain/ports';
import { foldCase } from '../../../platform/search-form';

/** What registering an upload needs: the records, the bucket and the image function. */
export interface MediaDeps {
  media: MediaRepository;
  objects: MediaObjects;
  images: ImageProcessor;
  now?: () => Date;
}

/** The media library's calls also name the posts, pages and settings using an image. */
export interface MediaLibraryDeps extends MediaDeps {
  posts: Pick<PostStore, 'getPost'>;
  site: SiteImages;
}

/** Images per page of the library: a grid of thumbnails that fills a desktop screen. */
export const MEDIA_PAGE_SIZE = 24;

const MAX_MB = MEDIA_LIMITS.maxBytes / 1024 / 1024;
const clock = (deps: Pick<MediaDeps, 'now'>) => (deps.now ?? (() => new Date()))();

/**
 * The name a file is kept under: what follows the last slash (a browser sends only that, a script
 * may send a path) without control characters. It is data only, never part of a key.
 */
export function cleanFilename(filename: string): string {
  const base = filename.split(/[\\/]/).pop() ?? '';
  const clean = base.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return clean || 'image';
}

/**
 * Refusals concern the `file` and name the one the admin picked in their sentence ("file
 * photo.jpg: …"), so a batch of uploads says which one failed.
 */
const FILE_FIELD = 'file';
const fileSubject = (filename: string) => `${FILE_FIELD} ${filename}`;

/** The upload's form was posted again while it was being confirmed: nothing is made of either. */
const replaced = (subject: string) =>
  new DomainError(
    'conflict',
    'was replaced while it was being confirmed: upload it again',
    FILE_FIELD,
    { code: 'stale', subject },
  );

/**
 * A presigned POST for one image straight to the bucket, under a fresh id. The size the browser
 * announces is checked here so a too-large photo is refused before it is sent; the policy enforces
 * the limit again on the bytes themselves.
 */
export async function createUpload(
  deps: Pick<MediaDeps, 'objects'>,
  input: { filename: string; contentType: string; size: number },
  newId: () => string = randomUUID,
): Promise<{ id: string; url: string; fields: Record<string, string>; expires_at: string }> {
  const filename = cleanFilename(input.filename);
  if (input.size > MEDIA_LIMITS.maxBytes)
    throw tooLarge(`must be at most ${MAX_MB} MB`, FILE_FIELD, fileSubject(filename));
  const id = newId();
  const form = await deps.objects.presignUpload(id, {
    contentType: input.contentType,
    filename,
    maxBytes: MEDIA_LIMITS.maxBytes,
  });
  return { id, url: form.url, fields: form.fields, expires_at: form.expiresAt };
}

/**
 * Turn `uploads/<id>` into a library image: at most 20 MB, an accepted image type by its bytes
 * (no markup at either end), then the image function writes its variants, the record is
 * registered and the upload deleted. Anything refused is deleted and answered 413/415 naming the
 * file. Registering the same id again returns the image already registered. The direct upload
 * (confirm), the spec's multipart banner and the migration job all come through here.
 *
 * An upload form stays valid for five minutes, so its key can receive other bytes at any time:
 * the bytes checked are pinned (their ETag, first confirmation wins) and the image function makes
 * variants of exactly those; once registered, an id is never processed again. What `/media/`
 * caches for a year is therefore always the image that was checked and registered.
 */
export async function registerUpload(
  deps: MediaDeps,
  input: { id: string; filename: string; actor: string | null },
): Promise<MediaRecord> {
  const filename = cleanFilename(input.filename);
  const subject = fileSubject(filename);
  const registered = await deps.media.get(input.id);
  if (registered) {
    // A retried confirm, or the form posted again since: those bytes are dropped, never processed.
    await deps.objects.deleteUpload(input.id);
    return registered;
  }
  let edges;
  try {
    edges = await deps.objects.readUploadEdges(input.id, EDGE_BYTES);
  } catch (error) {
    if (error instanceof UploadChangedError) throw replaced(subject);
    throw error;
  }
  if (!edges) {
    // A confirm racing a successful one finds the upload gone and the image there.
    const existing = await deps.media.get(input.id);
    if (existing) return existing;
    throw notFound(`The upload ${input.id}`);
  }
  const refuse = async (error: Error): Promise<never> => {
    await deps.objects.deleteUpload(input.id);
    throw error;
  };
  if (edges.size > MEDIA_LIMITS.maxBytes)
    return refuse(tooLarge(`must be at most ${MAX_MB} MB`, FILE_FIELD, subject));
  if (!(await imageTypeOfEdges(edges.head, edges.tail)))
    return refuse(unsupportedType(IMAGE_TYPE_MESSAGE, FILE_FIELD, subject));
  // Another confirmation pinned other bytes first (the form was posted again in between).
  if (!(await deps.media.pinUpload(input.id, edges.etag))) return refuse(replaced(subject));
  const processed = await deps.images.process({ id: input.id, etag: edges.etag });
  if (!processed.ok) {
    await deps.media.unpinUpload(input.id);
    return refuse(
      processed.error === UPLOAD_CHANGED
        ? replaced(subject)
        : unsupportedType(`${IMAGE_TYPE_MESSAGE} (${processed.error})`, FILE_FIELD, subject),
    );
  }
  const record: MediaRecord = {
    ...processed.image,
    filename,
    bytes: edges.size,
    created_at: clock(deps).toISOString(),
    created_by: input.actor,
    used_by: [],
  };
  const stored = await deps.media.put(record);
  await deps.objects.deleteUpload(input.id);
  // Two confirms of one upload racing: the first record stands.
  return stored ? record : ((await deps.media.get(input.id)) ?? record);
}

/** The posts using images, by id, for naming them (posts deleted since are left out). */
async function postsUsing(
  deps: Pick<MediaLibraryDeps, 'posts'>,
  records: readonly MediaRecord[],
): Promise<Map<number, { id: number; title: string; slug: string }>> {
  const ids = [...new Set(records.flatMap((r) => r.used_by))];
  const posts = await Promise.all(ids.map((id) => deps.posts.getPost(id)));
  return new Map(
    posts.flatMap((p) => (p ? [[p.id, { id: p.id, title: p.title, slug: p.slug }] as const] : [])),
  );
}

type PostNames = Map<number, { id: number; title: string; slug: string }>;

/** Every place showing the image: its posts, then the pages and settings of `site`. */
function usesOfRecord(
  record: MediaRecord,
  posts: PostNames,
  site: ReadonlyMap<string, SiteImageUse[]>,
): MediaUse[] {
  const postUses = record.used_by.map((id): MediaUse => {
    const post = posts.get(id);
    // A post deleted a moment ago may still be listed: say so rather than name nothing.
    return post
      ? { kind: 'post', title: post.title, ref: post.slug, copies: ['draft'] }
      : { kind: 'post', title: `Post ${id}`, ref: '', copies: ['draft'] };
  });
  return [...postUses, ...(site.get(record.id) ?? []).map(presentSiteUse)];
}

function toItem(
  record: MediaRecord,
  posts: PostNames,
  site: ReadonlyMap<string, SiteImageUse[]> = new Map(),
): MediaItem {
  const image = imageOf(record);
  return {
    ...image,
    src: originalPath(image),
    filename: record.filename,
    bytes: record.bytes,
    created_at: record.created_at,
    created_by: record.created_by,
    alt: record.alt ?? '',
    used_by: record.used_by.flatMap((id) => {
      const post = posts.get(id);
      return post ? [post] : [];
    }),
    uses: usesOfRecord(record, posts, site),
  };
}

/** Confirm a direct upload: register it under the file name its form fixed. */
export async function confirmUpload(
  deps: MediaLibraryDeps,
  input: { id: string; actor: string | null },
): Promise<MediaItem> {
  const info = await deps.objects.uploadInfo(input.id);
  const record = await registerUpload(deps, {
    id: input.id,
    filename: info?.filename ?? input.id,
    actor: input.actor,
  });
  // A new image: no page or settings can show it yet.
  return toItem(record, await postsUsing(deps, [record]));
}

/** What the library's list keeps: a search text, used or unused images. */
export interface MediaListQuery {
  page: number;
  q?: string | undefined;
  used?: 'used' | 'unused' | undefined;
}

/**
 * A page of the library, newest first, each image with every place that shows it. The pages and
 * settings are read once per call (one Query of the pages' index partition and one GetItem: a site
 * has 20–100 pages), the images of the page from the library's own index partition.
 */
export async function listMedia(
  deps: Pick<MediaLibraryDeps, 'media' | 'posts' | 'site'>,
  query: MediaListQuery,
): Promise<{ results: MediaItem[]; next: string | null; previous: string | null }> {
  const { page } = query;
  const site = await deps.site.read(false);
  const { items, hasNext } = await deps.media.listPage(page, MEDIA_PAGE_SIZE, {
    q: query.q ? foldCase(query.q) : undefined,
    used: query.used ? { used: query.used === 'used', siteIds: [...site.uses.keys()] } : undefined,
  });
  const posts = await postsUsing(deps, items);
  const link = (n: number) =>
    buildPath(
      'listMedia',
      {},
      { ...(query.q ? { q: query.q } : {}), ...(query.used ? { used: query.used } : {}), page: n },
    );
  return {
    results: items.map((r) => toItem(r, posts, site.uses)),
    next: hasNext ? link(page + 1) : null,
    previous: page > 1 ? link(page - 1) : null,
  };
}

/** How a use reads in a refusal: `the post “Title” (/blog/slug)`, `the page “Home” (/, live)`. */
function describeUse(use: MediaUse): string {
  const copies = use.copies.length > 0 ? `, ${use.copies.join(' and ')}` : '';
  switch (use.kind) {
    case 'post':
      return use.ref ? `the post “${use.title}” (/blog/${use.ref})` : `the post ${use.title}`;
    case 'page':
      return `the page “${use.title}” (${use.ref}${copies})`;
    case 'settings':
      return `the site settings (${use.copies.join(' and ')})`;
  }
}

function inUse(uses: readonly MediaUse[]): Error {
  return conflict(
    `is used by ${uses.map(describeUse).join(', ')}: remove it there first`,
    'id',
    'in-use',
  );
}

/** Times a delete reads the pages again when one changed between its read and its write. */
const DELETE_ROUNDS = 5;

/**
 * Delete an image nothing uses: no post claims it, no page (draft, live copy or retired, hidden
 * blocks included) and no site settings show it. 409 names every use.
 *
 * Posts claim an image on its record in their own transactions, so the record's delete is
 * conditional on no claim. Pages and settings hold no claim: the delete reads each of them
 * strongly consistently, and deletes the record in one transaction with a check that every page
 * and the settings are still at the version it read. A page saved with the image in between makes
 * the transaction fail; the pages are read again and the image is refused as in use. So a save that
 * races a delete either comes first (and is seen) or comes after the record is gone.
 */
export async function deleteMedia(
  deps: Pick<MediaLibraryDeps, 'media' | 'objects' | 'posts' | 'site'>,
  id: string,
): Promise<{ id: string }> {
  for (let round = 1; ; round++) {
    const record = await deps.media.get(id);
    if (!record) throw notFound('The image');
    const site = await deps.site.read(true);
    const uses = usesOfRecord(record, await postsUsing(deps, [record]), site.uses);
    if (uses.length > 0) throw inUse(uses);
    const outcome = await deps.site.deleteUnlessChanged(id, site.versions);
    if (outcome === 'missing') throw notFound('The image');
    if (outcome === 'deleted') {
      // Record first: an object left by a failure here is unreferenced, never a record without images.
      await deps.objects.deleteImage(record);
      return { id };
    }
    // Claimed by a post, or a page changed: read again, and name the uses found then.
    if (round >= DELETE_ROUNDS)
      throw conflict('was changed by others while it was being deleted: try again', 'id', 'stale');
  }
}

/** Set the description of an image: blocks that choose it afterwards get it as their alt text. */
export async function updateMediaAlt(
  deps: Pick<MediaLibraryDeps, 'media' | 'posts' | 'site'>,
  input: { id: string; alt: string },
): Promise<MediaItem> {
  const record = await deps.media.setAlt(input.id, input.alt);
  if (!record) throw notFound('The image');
  const [posts, site] = await Promise.all([postsUsing(deps, [record]), deps.site.read(false)]);
  return toItem(record, posts, site.uses);
}

/**
 * Images a post purged for good no longer claims (its transaction gave the claims back): delete each
 * one nothing else uses (no post claims it; with `site`, no page or settings show it, checked as
 * `deleteMedia` checks), record first, then its objects. Returns the ids deleted.
 */
export async function deleteUnusedImages(
  deps: Pick<MediaDeps, 'media' | 'objects'> & { site?: SiteImages | undefined },
  ids: Iterable<string>,
): Promise<string[]> {
  const deleted: string[] = [];
  const unique = [...new Set(ids)];
  if (unique.length === 0) return deleted;
  for (const id of unique) {
    const record = await deps.media.get(id);
    if (!record || record.used_by.length > 0) continue;
    if (deps.site) {
      // Read per image: the transaction checks the pages are still as read.
      const site = await deps.site.read(true);
      if (site.uses.has(id)) continue;
      if ((await deps.site.deleteUnlessChanged(id, site.versions)) !== 'deleted') continue;
    } else if ((await deps.media.deleteUnused(id)) !== 'deleted') continue;
    await deps.objects.deleteImage(record);
    deleted.push(id);
  }
  return deleted;
}
