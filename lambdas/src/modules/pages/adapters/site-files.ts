import { objectCacheControl, pageObjectKey } from '@agency/shared/edge';
import type { RenderedFrom, SiteFiles } from '../domain/ports';
import { siteBucket } from '../../../platform/env';
import { s3Client } from '../../../platform/aws/clients';

const keyOf = pageObjectKey;

/**
 * What an object was rendered from, as its user metadata (`x-amz-meta-site-version`,
 * `x-amz-meta-settings-version`; S3 lower-cases the names). A fixed page has no site version.
 */
const SITE_VERSION = 'site-version';
const SETTINGS_VERSION = 'settings-version';

const versionOf = (value: string | undefined): number | null =>
  value !== undefined && /^\d+$/.test(value) ? Number(value) : null;

const isMissing = (error: unknown): boolean => {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === 'NotFound' || e.name === 'NoSuchKey' || e.$metadata?.httpStatusCode === 404;
};

/**
 * Published pages' HTML in the site bucket (SITE_BUCKET), beside the build's prerendered files and
 * with their Cache-Control (the deploy's, objectCacheControl: DEFAULT_OBJECT_CACHE_CONTROL, so the
 * edge may serve a published page stale while it refreshes it or when the bucket fails), each saying
 * what it was rendered from.
 */
export class S3SiteFiles implements SiteFiles {
  async put(path: string, html: string, from: RenderedFrom): Promise<void> {
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
        Metadata: {
          [SETTINGS_VERSION]: String(from.settings),
          ...(from.site === null ? {} : { [SITE_VERSION]: String(from.site) }),
        },
      }),
    );
  }

  async renderedFrom(path: string): Promise<RenderedFrom | 'unknown' | null> {
    const { HeadObjectCommand } = await import('@aws-sdk/client-s3');
    try {
      const out = await (
        await s3Client()
      ).send(new HeadObjectCommand({ Bucket: siteBucket(), Key: keyOf(path) }));
      const settings = versionOf(out.Metadata?.[SETTINGS_VERSION]);
      if (settings === null) return 'unknown';
      return { site: versionOf(out.Metadata?.[SITE_VERSION]), settings };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async remove(path: string): Promise<void> {
    const { DeleteObjectCommand } = await import('@aws-sdk/client-s3');
    await (
      await s3Client()
    ).send(new DeleteObjectCommand({ Bucket: siteBucket(), Key: keyOf(path) }));
  }
}
