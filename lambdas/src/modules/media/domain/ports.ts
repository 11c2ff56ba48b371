import type { FallbackFormat, Image, TitleCard } from '@agency/shared';
import { foldCase } from '../../../platform/search-form';

/**
 * The media library's ports: image records (the content table), image objects (the media bucket)
 * and the image function that turns an upload into variants. Implementations: `adapters/media-*.ts`.
 */

/** An image of the library as stored (pk `MEDIA#<id>`, sk `MEDIA` in the content table). */
export interface MediaRecord {
  id: string;
  width: number;
  height: number;
  format: FallbackFormat;
  placeholder: string;
  /** Name of the file as uploaded, and its size in bytes. */
  filename: string;
  bytes: number;
  created_at: string;
  /** Who uploaded it (the admin's user name), or null for images the migration job made. */
  created_by: string | null;
  /** Ids of the posts whose current version or kept revisions show it. */
  used_by: number[];
  /** Its description, which blocks get when it is chosen ('' or absent: none yet). */
  alt?: string;
}

/** What the library's list keeps: a search text, and used or unused images. */
export interface MediaFilter {
  /** In search form (`foldCase`): found in the file name or the description. */
  q?: string | undefined;
  /**
   * `used`: claimed by a post or among `siteIds` (shown by pages or the settings); `unused`: neither.
   */
  used?: { used: boolean; siteIds: readonly string[] } | undefined;
}

/** What the search looks in: the file name and the description. */
export const mediaSearchText = (r: Pick<MediaRecord, 'filename' | 'alt'>): string =>
  foldCase(`${r.filename}\n${r.alt ?? ''}`);

export const imageOf = (r: MediaRecord): Image => ({
  id: r.id,
  width: r.width,
  height: r.height,
  format: r.format,
  placeholder: r.placeholder,
});

export interface MediaRepository {
  /** Register an image; never overwrites (false when the id exists). */
  put(record: MediaRecord): Promise<boolean>;
  get(id: string): Promise<MediaRecord | null>;
  getMany(ids: readonly string[]): Promise<Map<string, MediaRecord>>;
  /** Images `(page-1)*size` …, newest first, of those `filter` keeps. */
  listPage(
    page: number,
    size: number,
    filter?: MediaFilter,
  ): Promise<{ items: MediaRecord[]; hasNext: boolean }>;
  /** Set the image's description (and its search text); null when there is no such image. */
  setAlt(id: string, alt: string): Promise<MediaRecord | null>;
  /** Record that `postId` shows the image, atomically and only while it exists; false when it does not. */
  claim(id: string, postId: number): Promise<boolean>;
  /** `postId` no longer shows the image; returns the record afterwards, or null when it is gone. */
  release(id: string, postId: number): Promise<MediaRecord | null>;
  /** Delete the record if no post uses it, in one conditional write. */
  deleteUnused(id: string): Promise<'deleted' | 'in-use' | 'missing'>;
  /**
   * Pin the upload's bytes (their ETag) to the id before they are processed: true when this ETag
   * is pinned now (first, or again by a retry), false when other bytes were pinned first.
   */
  pinUpload(id: string, etag: string): Promise<boolean>;
  /** Drop the pin of an upload that was refused (and deleted): nothing was made of it. */
  unpinUpload(id: string): Promise<void>;
}

/** A presigned POST: the browser sends `fields` then the file to `url`. */
export interface PresignedUpload {
  url: string;
  fields: Record<string, string>;
  expiresAt: string;
}

/** The first and last bytes of an upload (signature and polyglot checks), its size and ETag. */
export interface UploadEdges {
  head: Buffer;
  tail: Buffer;
  size: number;
  /** Which bytes these are: the image function is asked to process exactly them. */
  etag: string;
}

/** The upload's bytes changed while they were being read (posted again with its form). */
export class UploadChangedError extends Error {
  constructor(id: string) {
    super(`upload ${id} changed while it was read`);
    this.name = 'UploadChangedError';
  }
}

/** What the bucket knows of an upload before its bytes are read. */
export interface UploadInfo {
  size: number;
  /** The file name the presigned form fixed (null for uploads stored another way). */
  filename: string | null;
}

export interface MediaObjects {
  /**
   * A POST form for `uploads/<id>`: exactly that key, that Content-Type and that file name
   * (metadata), 1 byte to `maxBytes`.
   */
  presignUpload(
    id: string,
    upload: { contentType: string; filename: string; maxBytes: number },
  ): Promise<PresignedUpload>;
  /** The upload's size and file name, or null when there is none (never uploaded, or expired). */
  uploadInfo(id: string): Promise<UploadInfo | null>;
  /**
   * The first and last `edge` bytes of one version of the upload (throws `UploadChangedError` when
   * it is replaced between the two reads), or null when there is none.
   */
  readUploadEdges(id: string, edge: number): Promise<UploadEdges | null>;
  /** Store bytes as an upload (the spec's multipart `banner_image` takes this path). */
  putUpload(id: string, bytes: Buffer, contentType: string): Promise<void>;
  deleteUpload(id: string): Promise<void>;
  /** Delete every object of a processed image (`images/<id>/…`, by `imageKeys`: no listing needed). */
  deleteImage(image: Pick<Image, 'id' | 'width' | 'format'>): Promise<void>;
}

/** Ask the image function to turn `uploads/<id>` into `images/<id>/…` (it never deletes the upload). */
export interface ProcessImageRequest {
  id: string;
  /** Process only these bytes (the ETag the confirmation checked); anything else is refused. */
  etag?: string;
}

/** The image function's answer when the upload is no longer the bytes the caller checked. */
export const UPLOAD_CHANGED = 'changed after it was checked';

/** What the image function answers: the processed image, or why the bytes are not an image it can read. */
export type ProcessImageResult = { ok: true; image: Image } | { ok: false; error: string };

export interface ImageProcessor {
  process(request: ProcessImageRequest): Promise<ProcessImageResult>;
}

/**
 * Ask the image function to draw the share cards of these titles that are not in the media bucket
 * yet (`cards/<key>.jpg`, shared `titleCardKey`); it answers how many it drew.
 */
export interface DrawTitleCardsRequest {
  action: 'drawTitleCards';
  cards: TitleCard[];
}
export type DrawTitleCardsResult = { ok: true; drawn: number } | { ok: false; error: string };

/** The most cards one call draws (a render call's pages, with the fixed pages). */
export const TITLE_CARDS_PER_CALL = 500;
