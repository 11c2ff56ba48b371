import { randomUUID } from 'node:crypto';
import {
  buildPath,
  IMAGE_TYPE_MESSAGE,
  MEDIA_LIMITS,
  originalPath,
  type MediaItem,
} from '@agency/shared';
import { conflict, DomainError, notFound, tooLarge, unsupportedType } from '../lib/errors';
import { EDGE_BYTES, imageTypeOfEdges } from './banner';
import {
  imageOf,
  UPLOAD_CHANGED,
  UploadChangedError,
  type ImageProcessor,
  type MediaObjects,
  type MediaRecord,
  type MediaRepository,
} from './media-ports';
import type { PostStore } from './post-ports';

/** What registering an upload needs: the records, the bucket and the image function. */
export interface MediaDeps {
  media: MediaRepository;
  objects: MediaObjects;
  images: ImageProcessor;
  now?: () => Date;
}

/** The media library's calls also name the posts using an image. */
export interface MediaLibraryDeps extends MediaDeps {
  posts: Pick<PostStore, 'getPost'>;
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

function toItem(
  record: MediaRecord,
  posts: Map<number, { id: number; title: string; slug: string }>,
): MediaItem {
  const image = imageOf(record);
  return {
    ...image,
    src: originalPath(image),
    filename: record.filename,
    bytes: record.bytes,
    created_at: record.created_at,
    created_by: record.created_by,
    used_by: record.used_by.flatMap((id) => {
      const post = posts.get(id);
      return post ? [post] : [];
    }),
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
  return toItem(record, await postsUsing(deps, [record]));
}

/** A page of the library, newest first, each image with the posts that show it. */
export async function listMedia(
  deps: Pick<MediaLibraryDeps, 'media' | 'posts'>,
  page: number,
): Promise<{ results: MediaItem[]; next: string | null; previous: string | null }> {
  const { items, hasNext } = await deps.media.listPage(page, MEDIA_PAGE_SIZE);
  const posts = await postsUsing(deps, items);
  return {
    results: items.map((r) => toItem(r, posts)),
    next: hasNext ? buildPath('listMedia', {}, { page: page + 1 }) : null,
    previous: page > 1 ? buildPath('listMedia', {}, { page: page - 1 }) : null,
  };
}

async function inUse(deps: Pick<MediaLibraryDeps, 'posts'>, record: MediaRecord): Promise<Error> {
  const posts = [...(await postsUsing(deps, [record])).values()];
  const names = posts.map((p) => `“${p.title}” (post ${p.id}, /blog/${p.slug})`);
  // A post deleted a moment ago may still be listed in used_by: say so rather than name nothing.
  const list = names.length > 0 ? names.join(', ') : `${record.used_by.length} post(s)`;
  return conflict(`is used by ${list}: remove it from them first`, 'id', 'in-use');
}

/**
 * Delete an image no post uses: its record (in one conditional write, so a post claiming it at the
 * same moment wins) and then all its objects. 409 names the posts using it.
 */
export async function deleteMedia(
  deps: Pick<MediaLibraryDeps, 'media' | 'objects' | 'posts'>,
  id: string,
): Promise<{ id: string }> {
  const record = await deps.media.get(id);
  if (!record) throw notFound('The image');
  if (record.used_by.length > 0) throw await inUse(deps, record);
  const outcome = await deps.media.deleteUnused(id);
  if (outcome === 'missing') throw notFound('The image');
  if (outcome === 'in-use') {
    const now = await deps.media.get(id);
    throw await inUse(deps, now ?? record);
  }
  // Record first: an object left by a failure here is unreferenced, never a record without images.
  await deps.objects.deleteImage(record);
  return { id };
}

/**
 * Images a post purged for good no longer claims (its transaction gave the claims back): delete each
 * one nothing else uses, record first, then its objects. Returns the ids deleted.
 */
export async function deleteUnusedImages(
  deps: Pick<MediaDeps, 'media' | 'objects'>,
  ids: Iterable<string>,
): Promise<string[]> {
  const deleted: string[] = [];
  for (const id of new Set(ids)) {
    const record = await deps.media.get(id);
    if (!record || record.used_by.length > 0) continue;
    if ((await deps.media.deleteUnused(id)) !== 'deleted') continue;
    await deps.objects.deleteImage(record);
    deleted.push(id);
  }
  return deleted;
}
