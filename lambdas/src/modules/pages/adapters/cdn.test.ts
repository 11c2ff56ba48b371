import { CloudFrontClient, CreateInvalidationCommand } from '@aws-sdk/client-cloudfront';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, describe, expect, it } from 'vitest';
import { contract, NO_DISTRIBUTION } from '@agency/shared';
import { resetEnv } from '../../../platform/env';
import { CloudFrontCdn } from './cdn';

const cf = mockClient(CloudFrontClient);

afterEach(() => {
  cf.reset();
  delete process.env.DISTRIBUTION_ID;
  delete process.env.SITE_RENDERED_PATHS;
  resetEnv();
});

describe('CloudFrontCdn', () => {
  it('does nothing where the configuration says there is no distribution (locally)', async () => {
    process.env.DISTRIBUTION_ID = NO_DISTRIBUTION;
    resetEnv();
    await new CloudFrontCdn().invalidate(['a-post']);
    expect(cf.commandCalls(CreateInvalidationCommand)).toHaveLength(0);
  });

  it('fails naming DISTRIBUTION_ID when it is not set, rather than skipping the invalidation', async () => {
    delete process.env.DISTRIBUTION_ID;
    resetEnv();
    await expect(new CloudFrontCdn().invalidate(['a-post'])).rejects.toThrow(
      'DISTRIBUTION_ID is not set',
    );
    expect(cf.commandCalls(CreateInvalidationCommand)).toHaveLength(0);
  });

  it('fails naming SITE_RENDERED_PATHS when it is not set, rather than guessing the pages', async () => {
    process.env.DISTRIBUTION_ID = 'E123';
    resetEnv();
    await expect(new CloudFrontCdn().invalidate(['a-post'])).rejects.toThrow(
      'SITE_RENDERED_PATHS is not set',
    );
  });

  it("invalidates the posts' pages, from the rendered patterns, on the configured distribution", async () => {
    process.env.DISTRIBUTION_ID = 'E123';
    process.env.SITE_RENDERED_PATHS = JSON.stringify(['/blog', '/blog/*', '/rss.xml']);
    resetEnv();
    cf.on(CreateInvalidationCommand).resolves({});
    await new CloudFrontCdn().invalidate(['a-post']);
    const input = cf.commandCalls(CreateInvalidationCommand)[0]?.args[0].input;
    expect(input).toMatchObject({
      DistributionId: 'E123',
      InvalidationBatch: {
        Paths: {
          Quantity: 5,
          Items: [
            '/blog*',
            '/rss.xml',
            `${contract.listPosts.path}*`,
            `${contract.getPublishedPost.path}*`,
            '/blog/a-post',
          ],
        },
      },
    });
    expect(input?.InvalidationBatch?.CallerReference).toBeTruthy();
  });

  it('invalidates exactly the paths a page change names', async () => {
    process.env.DISTRIBUTION_ID = 'E123';
    resetEnv();
    cf.on(CreateInvalidationCommand).resolves({});
    await new CloudFrontCdn().invalidatePaths(['/about', '/about/index.html']);
    const input = cf.commandCalls(CreateInvalidationCommand)[0]?.args[0].input;
    expect(input?.InvalidationBatch?.Paths).toEqual({
      Quantity: 2,
      Items: ['/about', '/about/index.html'],
    });
  });
});
