import { randomUUID } from 'node:crypto';
import { CloudFrontClient, CreateInvalidationCommand } from '@aws-sdk/client-cloudfront';
import type { Cdn } from '../domain/post-ports';
import { env } from '../lib/env';

let client: CloudFrontClient | undefined;

/** CloudFront invalidation of the site distribution; does nothing where none is configured (locally). */
export class CloudFrontCdn implements Cdn {
  constructor(
    private readonly make: () => CloudFrontClient = () =>
      (client ??= new CloudFrontClient({ maxAttempts: 2 })),
  ) {}

  async invalidate(paths: string[]): Promise<void> {
    const distributionId = env().DISTRIBUTION_ID;
    if (!distributionId || paths.length === 0) return;
    await this.make().send(
      new CreateInvalidationCommand({
        DistributionId: distributionId,
        InvalidationBatch: {
          CallerReference: randomUUID(),
          Paths: { Quantity: paths.length, Items: paths },
        },
      }),
    );
  }
}
