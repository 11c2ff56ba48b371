import type { AddressInfo } from 'node:net';
import { CloudFrontClient, CreateInvalidationCommand } from '@aws-sdk/client-cloudfront';
import { ENV_NAMES } from '@agency/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CloudFrontCdn } from '../../modules/pages/adapters/cdn';
import { resetEnv } from '../../platform/env';
import { LOCAL_CREDENTIALS } from './credentials';
import {
  createCloudFrontApi,
  LOCAL_DISTRIBUTION_ID,
  type CloudFrontStandIn,
} from './cloudfront-api';

let cdn: CloudFrontStandIn;
let endpoint: string;
let client: CloudFrontClient;
const seen: string[][] = [];

beforeAll(async () => {
  cdn = createCloudFrontApi();
  await new Promise<void>((resolve) => cdn.server.listen(0, '127.0.0.1', resolve));
  endpoint = `http://127.0.0.1:${(cdn.server.address() as AddressInfo).port}`;
  client = new CloudFrontClient({
    region: 'us-east-1',
    credentials: LOCAL_CREDENTIALS,
    endpoint,
    maxAttempts: 1,
  });
  cdn.onInvalidate((paths) => seen.push([...paths]));
});

afterAll(async () => {
  client.destroy();
  await new Promise((resolve) => cdn.server.close(resolve));
});

const invalidate = (
  paths: string[],
  callerReference = `ref-${Math.random()}`,
  id = LOCAL_DISTRIBUTION_ID,
) =>
  client.send(
    new CreateInvalidationCommand({
      DistributionId: id,
      InvalidationBatch: {
        CallerReference: callerReference,
        Paths: { Quantity: paths.length, Items: paths },
      },
    }),
  );

describe('the CloudFront stand-in, through the AWS SDK', () => {
  it('takes an invalidation as CloudFront answers it, and tells its listeners the paths', async () => {
    const answer = await invalidate(['/blog', '/blog/a&b*']);
    expect(answer.$metadata.httpStatusCode).toBe(201);
    expect(answer.Location).toMatch(
      new RegExp(`/distribution/${LOCAL_DISTRIBUTION_ID}/invalidation/I`),
    );
    expect(answer.Invalidation?.Status).toBe('Completed');
    expect(answer.Invalidation?.InvalidationBatch?.Paths?.Items).toEqual(['/blog', '/blog/a&b*']);
    expect(seen.at(-1)).toEqual(['/blog', '/blog/a&b*']);
    expect(cdn.invalidations().at(-1)?.paths).toEqual(['/blog', '/blog/a&b*']);
  });

  it('answers the first invalidation again for a repeated CallerReference with the same paths', async () => {
    const first = await invalidate(['/sitemap.xml'], 'same-ref');
    const again = await invalidate(['/sitemap.xml'], 'same-ref');
    expect(again.Invalidation?.Id).toBe(first.Invalidation?.Id);
    await expect(invalidate(['/rss.xml'], 'same-ref')).rejects.toMatchObject({
      name: 'InvalidationBatchAlreadyExists',
    });
  });

  it('refuses another distribution, a path without its slash and an empty batch, as CloudFront does', async () => {
    const before = cdn.invalidations().length;
    await expect(invalidate(['/x'], undefined, 'EOTHER')).rejects.toMatchObject({
      name: 'NoSuchDistribution',
      $metadata: { httpStatusCode: 404 },
    });
    await expect(invalidate(['blog'])).rejects.toMatchObject({ name: 'InvalidArgument' });
    await expect(invalidate([])).rejects.toMatchObject({ name: 'InconsistentQuantities' });
    expect(cdn.invalidations()).toHaveLength(before);
  });
});

describe('the functions’ CloudFront adapter against the stand-in', () => {
  const names = [
    ENV_NAMES.distributionId,
    ENV_NAMES.siteRenderedPaths,
    'AWS_ENDPOINT_URL_CLOUDFRONT',
    'AWS_ACCESS_KEY_ID',
    'AWS_SECRET_ACCESS_KEY',
    'AWS_REGION',
  ];
  const previous = new Map(names.map((n) => [n, process.env[n]]));
  afterEach(() => {
    for (const [name, value] of previous)
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    resetEnv();
  });

  it('reaches it by AWS_ENDPOINT_URL_CLOUDFRONT, as the local stack configures the functions', async () => {
    Object.assign(process.env, {
      [ENV_NAMES.distributionId]: LOCAL_DISTRIBUTION_ID,
      [ENV_NAMES.siteRenderedPaths]: JSON.stringify(['/blog', '/blog/*']),
      AWS_ENDPOINT_URL_CLOUDFRONT: endpoint,
      AWS_ACCESS_KEY_ID: LOCAL_CREDENTIALS.accessKeyId,
      AWS_SECRET_ACCESS_KEY: LOCAL_CREDENTIALS.secretAccessKey,
      AWS_REGION: 'us-east-1',
    });
    resetEnv();
    await new CloudFrontCdn().invalidatePaths(['/about', '/sitemap.xml']);
    expect(seen.at(-1)).toEqual(['/about', '/sitemap.xml']);
  });
});
