import { objectCacheControl } from '@agency/shared/edge';
import type { SiteFiles } from '../domain/pages/ports';
import { pageObjectPath } from '../domain/pages/live';
import { siteBucket } from '../lib/env';
import { s3Client } from './clients';

/** The key without its leading slash: `/about` → `about/index.html`. */
const keyOf = (path: string) => pageObjectPath(path).slice(1);

/**
 * Published pages' HTML in the site bucket (SITE_BUCKET), beside the build's prerendered files and
 * with their Cache-Control (the deploy's, shared/src/edge/definition.ts).
 */
export class S3SiteFiles implements SiteFiles {
  async put(path: string, html: string): Promise<void> {
    const { PutObjectCommand } = await import('@aws-sdk/client-s3');
    const key = keyOf(path);
    await (
      await s3Client()
    ).send(
      new PutObjectCommand({
        Bucket: siteBucket(),
        Key: key,
        Body: html,
        ContentType: 'text/html; charset=utf-8',
        CacheControl: objectCacheControl(key),
      }),
    );
  }

  async remove(path: string): Promise<void> {
    const { DeleteObjectCommand } = await import('@aws-sdk/client-s3');
    await (
      await s3Client()
    ).send(new DeleteObjectCommand({ Bucket: siteBucket(), Key: keyOf(path) }));
  }
}
