import type { S3Client } from '@aws-sdk/client-s3';
import {
  IMAGE_PREFIX,
  MEDIA_CACHE_CONTROL,
  MEDIA_LIMITS,
  imageKeys,
  mediaKeys,
  type Image,
} from '@agency/shared';
import type { ImageObject } from '../domain/image-variants';
import {
  UploadChangedError,
  type MediaObjects,
  type PresignedUpload,
  type UploadEdges,
  type UploadInfo,
} from '../domain/ports';
import { mediaBucket } from '../../../platform/env';
import { s3Client } from '../../../platform/aws/clients';

/**
 * The upload's file name travels as object metadata fixed by the form's policy (so confirm needs no
 * record of the form). URI-encoded: metadata is an HTTP header, and names are often not ASCII.
 */
export const FILENAME_FIELD = 'x-amz-meta-filename';
const FILENAME_META = 'filename';

const isMissing = (e: unknown) =>
  e instanceof Error &&
  (e.name === 'NoSuchKey' ||
    e.name === 'NotFound' ||
    // A range starting past the end of an empty object.
    e.name === 'InvalidRange');

/** S3's answer to `If-Match` naming another version of the object. */
const isChanged = (e: unknown) => e instanceof Error && e.name === 'PreconditionFailed';

function decodeFilename(value: string | undefined): string | null {
  if (!value) return null;
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** `bytes 0-4099/123456` → 123456. */
function totalOf(contentRange: string | undefined): number | null {
  const m = /\/(\d+)$/.exec(contentRange ?? '');
  return m ? Number(m[1]) : null;
}

async function bodyBytes(body: { transformToByteArray(): Promise<Uint8Array> } | undefined) {
  return body ? Buffer.from(await body.transformToByteArray()) : Buffer.alloc(0);
}

/** A whole object's bytes, or null when there is none. */
export async function objectBytes(
  client: S3Client,
  bucket: string,
  key: string,
): Promise<Buffer | null> {
  const { GetObjectCommand } = await import('@aws-sdk/client-s3');
  try {
    return await bodyBytes(
      (await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }))).Body,
    );
  } catch (e) {
    if (isMissing(e)) return null;
    throw e;
  }
}

/** Objects written at once: enough to keep the network busy, few enough to hold the memory down. */
const PUT_CONCURRENCY = 6;

/** Uploads (`uploads/<id>`) and processed images (`images/<id>/…`) in the media bucket. */
export class S3MediaObjects implements MediaObjects {
  constructor(
    private readonly client: () => Promise<S3Client> = s3Client,
    private readonly bucket: () => string = mediaBucket,
  ) {}

  async presignUpload(
    id: string,
    upload: { contentType: string; filename: string; maxBytes: number },
  ): Promise<PresignedUpload> {
    const { createPresignedPost } = await import('@aws-sdk/s3-presigned-post');
    const filename = encodeURIComponent(upload.filename);
    const expiresAt = new Date(Date.now() + MEDIA_LIMITS.uploadSeconds * 1000);
    // The bucket and key conditions (and the signature's) are added by createPresignedPost itself.
    const { url, fields } = await createPresignedPost(await this.client(), {
      Bucket: this.bucket(),
      Key: mediaKeys.upload(id),
      Conditions: [
        ['eq', '$Content-Type', upload.contentType],
        ['eq', `$${FILENAME_FIELD}`, filename],
        ['content-length-range', 1, upload.maxBytes],
      ],
      Fields: { 'Content-Type': upload.contentType, [FILENAME_FIELD]: filename },
      Expires: MEDIA_LIMITS.uploadSeconds,
    });
    return { url, fields, expiresAt: expiresAt.toISOString() };
  }

  async uploadInfo(id: string): Promise<UploadInfo | null> {
    const { HeadObjectCommand } = await import('@aws-sdk/client-s3');
    try {
      const out = await (
        await this.client()
      ).send(new HeadObjectCommand({ Bucket: this.bucket(), Key: mediaKeys.upload(id) }));
      return {
        size: out.ContentLength ?? 0,
        filename: decodeFilename(out.Metadata?.[FILENAME_META]),
      };
    } catch (e) {
      if (isMissing(e)) return null;
      throw e;
    }
  }

  /**
   * Two ranged reads of one version (the second pinned to the first's ETag): a 20 MB photo is never
   * loaded whole to check its signature, and head and tail are never of two different posts.
   */
  async readUploadEdges(id: string, edge: number): Promise<UploadEdges | null> {
    const { GetObjectCommand } = await import('@aws-sdk/client-s3');
    const client = await this.client();
    const key = mediaKeys.upload(id);
    let head: Buffer;
    let size: number;
    let etag: string;
    try {
      const out = await client.send(
        new GetObjectCommand({ Bucket: this.bucket(), Key: key, Range: `bytes=0-${edge - 1}` }),
      );
      head = await bodyBytes(out.Body);
      // A store that ignores Range answers 200 with the whole object: its length is the size.
      size = totalOf(out.ContentRange) ?? out.ContentLength ?? head.length;
      if (!out.ETag) throw new Error(`upload ${id} came without an ETag`);
      etag = out.ETag;
    } catch (e) {
      if (isMissing(e)) return null;
      throw e;
    }
    if (size <= edge) return { head, tail: head, size, etag };
    try {
      const out = await client.send(
        new GetObjectCommand({
          Bucket: this.bucket(),
          Key: key,
          Range: `bytes=-${edge}`,
          IfMatch: etag,
        }),
      );
      return { head: head.subarray(0, edge), tail: await bodyBytes(out.Body), size, etag };
    } catch (e) {
      if (isChanged(e) || isMissing(e)) throw new UploadChangedError(id);
      throw e;
    }
  }

  /**
   * The whole upload (the image function decodes it), or null when there is none; with `etag`,
   * 'changed' when the upload is now other bytes than those.
   */
  async readUpload(id: string, etag?: string): Promise<Buffer | 'changed' | null> {
    const { GetObjectCommand } = await import('@aws-sdk/client-s3');
    const client = await this.client();
    try {
      const out = await client.send(
        new GetObjectCommand({ Bucket: this.bucket(), Key: mediaKeys.upload(id), IfMatch: etag }),
      );
      return await bodyBytes(out.Body);
    } catch (e) {
      if (isMissing(e)) return null;
      if (etag && isChanged(e)) return 'changed';
      throw e;
    }
  }

  /**
   * Whether an object is at `key` (HEAD). S3 answers a missing key 404 only to a caller that may
   * list the bucket: the image function may (`mediaList`), so a 403 here is a real refusal.
   */
  async exists(key: string): Promise<boolean> {
    const { HeadObjectCommand } = await import('@aws-sdk/client-s3');
    try {
      await (await this.client()).send(new HeadObjectCommand({ Bucket: this.bucket(), Key: key }));
      return true;
    } catch (e) {
      if (isMissing(e)) return false;
      throw e;
    }
  }

  /** Write objects (an image's under `images/<id>/`, a title's card), immutable for a year. */
  async putImageObjects(objects: readonly ImageObject[]): Promise<void> {
    const { PutObjectCommand } = await import('@aws-sdk/client-s3');
    const client = await this.client();
    const queue = [...objects];
    const worker = async () => {
      for (let next = queue.shift(); next; next = queue.shift())
        await client.send(
          new PutObjectCommand({
            Bucket: this.bucket(),
            Key: next.key,
            Body: next.body,
            ContentType: next.contentType,
            ContentLength: next.body.length,
            CacheControl: MEDIA_CACHE_CONTROL,
          }),
        );
    };
    await Promise.all(Array.from({ length: PUT_CONCURRENCY }, worker));
  }

  async putUpload(id: string, bytes: Buffer, contentType: string): Promise<void> {
    const { PutObjectCommand } = await import('@aws-sdk/client-s3');
    await (
      await this.client()
    ).send(
      new PutObjectCommand({
        Bucket: this.bucket(),
        Key: mediaKeys.upload(id),
        Body: bytes,
        ContentType: contentType,
        ContentLength: bytes.length,
      }),
    );
  }

  async deleteUpload(id: string): Promise<void> {
    const { DeleteObjectCommand } = await import('@aws-sdk/client-s3');
    await (
      await this.client()
    ).send(new DeleteObjectCommand({ Bucket: this.bucket(), Key: mediaKeys.upload(id) }));
  }

  async deleteImage(image: Pick<Image, 'id' | 'width' | 'format'>): Promise<void> {
    const keys = imageKeys(image);
    // Only ever an image's own objects: a key outside its folder would be a bug, not something to delete.
    if (keys.some((k) => !k.startsWith(`${IMAGE_PREFIX}${image.id}/`)))
      throw new Error(`refusing to delete image ${image.id}: a key is outside its folder`);
    const { DeleteObjectsCommand } = await import('@aws-sdk/client-s3');
    const out = await (
      await this.client()
    ).send(
      new DeleteObjectsCommand({
        Bucket: this.bucket(),
        Delete: { Objects: keys.map((Key) => ({ Key })), Quiet: true },
      }),
    );
    // DeleteObjects answers 200 even when some keys failed; a missing key is not a failure.
    const failed = (out.Errors ?? []).filter((e) => e.Code !== 'NoSuchKey');
    if (failed.length > 0)
      throw new Error(
        `deleting image ${image.id} failed for ${failed.map((e) => `${e.Key} (${e.Code})`).join(', ')}`,
      );
  }
}
