import { createHash } from 'node:crypto';
import { imageKeys, mediaKeys, type Image } from '@agency/shared';
import {
  mediaSearchText,
  UPLOAD_CHANGED,
  type ImageProcessor,
  type MediaFilter,
  type MediaObjects,
  type MediaRecord,
  type MediaRepository,
  type ProcessImageRequest,
  type ProcessImageResult,
  type UploadInfo,
} from '../../src/modules/media/domain/ports';
import {
  usesOf,
  type SiteImages,
  type SiteItem,
  type SiteSnapshot,
  type SiteVersions,
} from '../../src/modules/media/domain/usage';

/** The media records in memory, with the repository's conditional semantics (for domain tests). */
export class MemoryMediaRepository implements MediaRepository {
  readonly records = new Map<string, MediaRecord>();
  /** The ETag pinned to each id. */
  readonly pins = new Map<string, string>();

  async pinUpload(id: string, etag: string): Promise<boolean> {
    const pinned = this.pins.get(id);
    if (pinned !== undefined && pinned !== etag) return false;
    this.pins.set(id, etag);
    return true;
  }
  async unpinUpload(id: string): Promise<void> {
    this.pins.delete(id);
  }

  async put(record: MediaRecord): Promise<boolean> {
    if (this.records.has(record.id)) return false;
    this.records.set(record.id, { ...record, used_by: [...record.used_by] });
    return true;
  }
  async get(id: string): Promise<MediaRecord | null> {
    const r = this.records.get(id);
    return r ? { ...r, used_by: [...r.used_by] } : null;
  }
  async getMany(ids: readonly string[]): Promise<Map<string, MediaRecord>> {
    const found = new Map<string, MediaRecord>();
    for (const id of ids) {
      const r = await this.get(id);
      if (r) found.set(id, r);
    }
    return found;
  }
  async listPage(page: number, size: number, filter: MediaFilter = {}) {
    const site = new Set(filter.used?.siteIds ?? []);
    const all = [...this.records.values()]
      .filter((r) => !filter.q || mediaSearchText(r).includes(filter.q))
      .filter((r) => !filter.used || (r.used_by.length > 0 || site.has(r.id)) === filter.used.used)
      .sort((a, b) => `${b.created_at}#${b.id}`.localeCompare(`${a.created_at}#${a.id}`));
    const items = all.slice((page - 1) * size, page * size);
    return { items, hasNext: all.length > page * size };
  }
  async setAlt(id: string, alt: string): Promise<MediaRecord | null> {
    const r = this.records.get(id);
    if (!r) return null;
    r.alt = alt;
    return this.get(id);
  }
  async claim(id: string, postId: number): Promise<boolean> {
    const r = this.records.get(id);
    if (!r) return false;
    if (!r.used_by.includes(postId)) r.used_by = [...r.used_by, postId].sort((a, b) => a - b);
    return true;
  }
  async release(id: string, postId: number): Promise<MediaRecord | null> {
    const r = this.records.get(id);
    if (!r) return null;
    r.used_by = r.used_by.filter((p) => p !== postId);
    return this.get(id);
  }
  async deleteUnused(id: string): Promise<'deleted' | 'in-use' | 'missing'> {
    const r = this.records.get(id);
    if (!r) return 'missing';
    if (r.used_by.length > 0) return 'in-use';
    this.records.delete(id);
    return 'deleted';
  }
}

/** An ETag as S3 gives a single-part object: the quoted MD5 of its bytes. */
export const etagOf = (bytes: Buffer) => `"${createHash('md5').update(bytes).digest('hex')}"`;

/** A bucket in memory: keys to bytes and upload metadata. */
export class MemoryMediaObjects implements MediaObjects {
  readonly objects = new Map<string, { bytes: Buffer; filename: string | null }>();

  async presignUpload(
    id: string,
    upload: { contentType: string; filename: string; maxBytes: number },
  ) {
    return {
      url: 'memory://media',
      fields: { key: mediaKeys.upload(id), 'Content-Type': upload.contentType },
      expiresAt: new Date(0).toISOString(),
    };
  }
  async uploadInfo(id: string): Promise<UploadInfo | null> {
    const o = this.objects.get(mediaKeys.upload(id));
    return o ? { size: o.bytes.length, filename: o.filename } : null;
  }
  async readUploadEdges(id: string, edge: number) {
    const o = this.objects.get(mediaKeys.upload(id));
    if (!o) return null;
    return {
      head: o.bytes.subarray(0, edge),
      tail: o.bytes.subarray(Math.max(0, o.bytes.length - edge)),
      size: o.bytes.length,
      etag: etagOf(o.bytes),
    };
  }
  async putUpload(id: string, bytes: Buffer): Promise<void> {
    this.objects.set(mediaKeys.upload(id), { bytes, filename: null });
  }
  async deleteUpload(id: string): Promise<void> {
    this.objects.delete(mediaKeys.upload(id));
  }
  async deleteImage(image: Pick<Image, 'id' | 'width' | 'format'>): Promise<void> {
    for (const key of imageKeys(image)) this.objects.delete(key);
  }
}

/**
 * The image function's port in memory: answers what `answer` says for an id, records each call,
 * and writes the keys a processed image has (so deletion can be checked).
 */
export class MemoryImageProcessor implements ImageProcessor {
  readonly calls: string[] = [];
  constructor(
    private readonly objects: MemoryMediaObjects,
    private readonly answer: (id: string) => ProcessImageResult = (id) => ({
      ok: true,
      image: {
        id,
        width: 800,
        height: 600,
        format: 'jpg',
        placeholder: 'data:image/webp;base64,AA',
      },
    }),
  ) {}
  async process({ id, etag }: ProcessImageRequest): Promise<ProcessImageResult> {
    this.calls.push(id);
    // As the image function reads the upload with If-Match: other bytes than the pinned ones are refused.
    const upload = this.objects.objects.get(mediaKeys.upload(id));
    if (etag && upload && etagOf(upload.bytes) !== etag)
      return { ok: false, error: UPLOAD_CHANGED };
    const result = this.answer(id);
    if (result.ok)
      for (const key of imageKeys(result.image))
        this.objects.objects.set(key, { bytes: Buffer.from(key), filename: null });
    return result;
  }
}

/**
 * Pages and settings in memory, as raw stored items (for domain tests): a delete is refused as
 * `changed` when one was changed after the versions it read (`changeBeforeDelete` simulates a save
 * racing the delete).
 */
export class MemorySiteImages implements SiteImages {
  readonly items = new Map<string, SiteItem & { version: number }>();
  constructor(private readonly media: MemoryMediaRepository) {}
  /** Run once, between a delete's read and its transaction. */
  changeBeforeDelete: (() => void) | null = null;

  set(item: SiteItem): void {
    const key = `${item.kind}:${item.ref}`;
    this.items.set(key, { ...item, version: (this.items.get(key)?.version ?? 0) + 1 });
  }
  async read(): Promise<SiteSnapshot> {
    const items = [...this.items.values()];
    return {
      uses: usesOf(items),
      versions: {
        pages: items
          .filter((i) => i.kind === 'page')
          .map((i) => ({ path: i.ref, version: i.version, site_version: 0 })),
        settings: this.items.get('settings:')?.version ?? null,
      },
    };
  }
  async deleteUnlessChanged(
    id: string,
    versions: SiteVersions,
  ): Promise<'deleted' | 'changed' | 'in-use' | 'missing'> {
    const change = this.changeBeforeDelete;
    this.changeBeforeDelete = null;
    change?.();
    const now = await this.read();
    const same =
      now.versions.settings === versions.settings &&
      now.versions.pages.length === versions.pages.length &&
      now.versions.pages.every((p) =>
        versions.pages.some((v) => v.path === p.path && v.version === p.version),
      );
    if (!same) return 'changed';
    return this.media.deleteUnused(id);
  }
}
