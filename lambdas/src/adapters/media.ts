import { randomUUID } from 'node:crypto';
import type { CheckedImage } from '../domain/banner';
import type { MediaStore } from '../domain/post-ports';
import { mediaBucket } from '../lib/env';
import { s3Client } from './clients';

export const BANNER_PREFIX = 'banners/';
/** Keys are random and never reused, so a banner can be cached forever. */
export const BANNER_CACHE_CONTROL = 'public, max-age=31536000, immutable';

/** Banner images in the media bucket under `banners/` (the S3 SDK loads on first use: reads never need it). */
export class S3MediaStore implements MediaStore {
  async putBanner(image: CheckedImage): Promise<string> {
    const key = `${BANNER_PREFIX}${randomUUID()}.${image.ext}`;
    const { PutObjectCommand } = await import('@aws-sdk/client-s3');
    await (
      await s3Client()
    ).send(
      new PutObjectCommand({
        Bucket: mediaBucket(),
        Key: key,
        Body: image.bytes,
        ContentType: image.contentType,
        CacheControl: BANNER_CACHE_CONTROL,
        ContentLength: image.bytes.length,
      }),
    );
    return key;
  }

  async deleteBanner(key: string): Promise<void> {
    // Only ever our own objects: a stored key outside the prefix is a bug, not something to delete.
    if (!key.startsWith(BANNER_PREFIX))
      throw new Error(`refusing to delete ${key}: not a banner key`);
    const { DeleteObjectCommand } = await import('@aws-sdk/client-s3');
    await (await s3Client()).send(new DeleteObjectCommand({ Bucket: mediaBucket(), Key: key }));
  }
}
