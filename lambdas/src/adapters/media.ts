import { isLegacyBanner, type MediaStore } from '../domain/post-ports';
import { mediaBucket } from '../lib/env';
import { s3Client } from './clients';

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
    const { GetObjectCommand, NoSuchKey } = await import('@aws-sdk/client-s3');
    try {
      const out = await (
        await s3Client()
      ).send(new GetObjectCommand({ Bucket: mediaBucket(), Key: bannerKey(key) }));
      return out.Body ? Buffer.from(await out.Body.transformToByteArray()) : null;
    } catch (error) {
      if (error instanceof NoSuchKey || (error instanceof Error && error.name === 'NoSuchKey'))
        return null;
      throw error;
    }
  }

  async deleteBanner(key: string): Promise<void> {
    const { DeleteObjectCommand } = await import('@aws-sdk/client-s3');
    await (
      await s3Client()
    ).send(new DeleteObjectCommand({ Bucket: mediaBucket(), Key: bannerKey(key) }));
  }
}
