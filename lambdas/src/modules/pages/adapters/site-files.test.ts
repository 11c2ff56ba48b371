import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { DEFAULT_OBJECT_CACHE_CONTROL } from '@agency/shared/edge';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resetClients } from '../../../platform/aws/clients';
import { resetEnv } from '../../../platform/env';
import { S3SiteFiles } from './site-files';

const s3 = mockClient(S3Client);
const saved = { bucket: process.env.SITE_BUCKET, region: process.env.AWS_REGION };

beforeEach(() => {
  s3.reset();
  resetClients();
  process.env.SITE_BUCKET = 'site-bucket';
  process.env.AWS_REGION ??= 'eu-west-1';
  resetEnv();
});
afterEach(() => {
  s3.reset();
  for (const [name, value] of [
    ['SITE_BUCKET', saved.bucket],
    ['AWS_REGION', saved.region],
  ] as const)
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  resetEnv();
});

describe('published pages in the site bucket', () => {
  it('are written with the deploy’s Cache-Control, so the edge may serve them stale in an outage', async () => {
    s3.on(PutObjectCommand).resolves({});
    await new S3SiteFiles().put('/services/seo', '<!doctype html><title>SEO</title>', {
      site: 3,
      settings: 7,
    });
    const input = s3.commandCalls(PutObjectCommand)[0]?.args[0].input;
    expect(input).toMatchObject({
      Bucket: 'site-bucket',
      Key: 'services/seo/index.html',
      ContentType: 'text/html; charset=utf-8',
      CacheControl: DEFAULT_OBJECT_CACHE_CONTROL,
      Metadata: { 'site-version': '3', 'settings-version': '7' },
    });
  });
});
