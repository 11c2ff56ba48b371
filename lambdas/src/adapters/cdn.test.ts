import { CloudFrontClient, CreateInvalidationCommand } from '@aws-sdk/client-cloudfront';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, describe, expect, it } from 'vitest';
import { NO_DISTRIBUTION } from '@agency/shared';
import { resetEnv } from '../lib/env';
import { CloudFrontCdn } from './cdn';

const cf = mockClient(CloudFrontClient);

afterEach(() => {
  cf.reset();
  delete process.env.DISTRIBUTION_ID;
  resetEnv();
});

describe('CloudFrontCdn', () => {
  it('does nothing where the configuration says there is no distribution (locally)', async () => {
    process.env.DISTRIBUTION_ID = NO_DISTRIBUTION;
    resetEnv();
    await new CloudFrontCdn().invalidate(['/blog*']);
    expect(cf.commandCalls(CreateInvalidationCommand)).toHaveLength(0);
  });

  it('fails naming DISTRIBUTION_ID when it is not set, rather than skipping the invalidation', async () => {
    delete process.env.DISTRIBUTION_ID;
    resetEnv();
    await expect(new CloudFrontCdn().invalidate(['/blog*'])).rejects.toThrow(
      'DISTRIBUTION_ID is not set',
    );
    expect(cf.commandCalls(CreateInvalidationCommand)).toHaveLength(0);
  });

  it('invalidates the given paths on the configured distribution', async () => {
    process.env.DISTRIBUTION_ID = 'E123';
    resetEnv();
    cf.on(CreateInvalidationCommand).resolves({});
    await new CloudFrontCdn().invalidate(['/blog*', '/rss.xml']);
    const input = cf.commandCalls(CreateInvalidationCommand)[0]?.args[0].input;
    expect(input).toMatchObject({
      DistributionId: 'E123',
      InvalidationBatch: { Paths: { Quantity: 2, Items: ['/blog*', '/rss.xml'] } },
    });
    expect(input?.InvalidationBatch?.CallerReference).toBeTruthy();
  });
});
