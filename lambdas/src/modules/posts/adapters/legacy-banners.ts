import { isLegacyBanner, type MediaStore } from '../domain/ports';
import { mediaBucket } from '../../../platform/env';
import { s3Client } from '../../../platform/aws/clients';
import { objectBytes } from '../../media/adapters/media-objects';

/** Only ever our own objects: a stored key outside the prefix is a bug, not something to touch. */
function bannerKey(key: string): string {
  if (!isLegacyBanner(key)) throw new Error(`refusing ${key}: not a banner key`);
  return key;
}

/**
 * Banners stored before the media library, under `banners/` (the S3 SDK loads on first use: reads
 * never need it). New banners are library images (`images/…`).
 */
export class S3MediaStore implements MediaStore {
  async getBanner(key: string): Promise<Buffer | null> {
    return objectBytes(await s3Client(), mediaBucket(), bannerKey(key));
  }

  async deleteBanner(key: string): Promise<void> {
    const { DeleteObjectCommand } = await import('@aws-sdk/client-s3');
    await (
      await s3Client()
    ).send(new DeleteObjectCommand({ Bucket: mediaBucket(), Key: bannerKey(key) }));
  }
}
