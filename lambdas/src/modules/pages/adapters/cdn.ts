import { randomUUID } from 'node:crypto';
import type { CloudFrontClient } from '@aws-sdk/client-cloudfront';
import { pathsToInvalidate } from '../domain/cache-paths';
import type { PageCdn } from '../domain/ports';
import type { Cdn } from '../../posts/domain/ports';
import { distributionId as configuredDistribution, siteRenderedPaths } from '../../../platform/env';
import { cachedClient } from '../../../platform/aws/clients';

const cloudFrontClient = cachedClient(async (): Promise<CloudFrontClient> => {
  const { CloudFrontClient } = await import('@aws-sdk/client-cloudfront');
  return new CloudFrontClient({ maxAttempts: 2 });
});

/**
 * CloudFront invalidation of the site distribution: the pages that show the given posts, from the
 * render function's patterns (SITE_RENDERED_PATHS), or the paths a page write names. Locally it
 * goes to the CloudFront stand-in (DISTRIBUTION_ID is LOCAL_DISTRIBUTION_ID), which empties the
 * edge server's cache; it does nothing only where DISTRIBUTION_ID says there is no CDN (`none`).
 * The SDK module loads on first use: only writers of what the site shows (posts, pages, categories,
 * and the jobs that publish or rewrite them) invalidate, and the other functions never load it.
 */
export class CloudFrontCdn implements Cdn, PageCdn {
  constructor(private readonly make: () => Promise<CloudFrontClient> = cloudFrontClient) {}

  async invalidate(slugs: string[]): Promise<void> {
    if (!configuredDistribution()) return;
    await this.invalidatePaths(pathsToInvalidate(slugs, siteRenderedPaths()));
  }

  /** Invalidate exactly these paths (patterns with a trailing `*` allowed, as CloudFront takes them). */
  async invalidatePaths(paths: readonly string[]): Promise<void> {
    const distributionId = configuredDistribution();
    if (!distributionId || paths.length === 0) return;
    const { CreateInvalidationCommand } = await import('@aws-sdk/client-cloudfront');
    await (
      await this.make()
    ).send(
      new CreateInvalidationCommand({
        DistributionId: distributionId,
        InvalidationBatch: {
          CallerReference: randomUUID(),
          Paths: { Quantity: paths.length, Items: [...paths] },
        },
      }),
    );
  }
}
