/**
 * The local stack's S3 buckets (on s3rver): media, the published site and the edge's access logs,
 * as the CDK stack has them, and the media bucket's CORS rule that lets the admin upload straight
 * from the browser. s3rver has no lifecycle rules: the media bucket's expiry of stale uploads runs
 * as a local job instead (jobs/upload-expiry-job.ts).
 */
import {
  CreateBucketCommand,
  HeadBucketCommand,
  PutBucketCorsCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { LOCAL_CREDENTIALS, LOCAL_REGION } from '../stand-ins/credentials';
import type { StandIns } from '../stand-ins/stand-ins';
import { LOCAL_NAMES } from './local-names';

async function ensureBucket(s3: S3Client, bucket: string): Promise<void> {
  try {
    await s3.send(new HeadBucketCommand({ Bucket: bucket }));
  } catch {
    await s3.send(new CreateBucketCommand({ Bucket: bucket }));
  }
}

/** Create the media, site and access-log buckets where missing; a kept bucket keeps its objects. */
export async function ensureBuckets(s3: S3Client): Promise<void> {
  await ensureBucket(s3, LOCAL_NAMES.bucket);
  await ensureBucket(s3, LOCAL_NAMES.siteBucket);
  await ensureBucket(s3, LOCAL_NAMES.accessLogBucket);
}

/**
 * Let pages of these origins POST upload forms to the media bucket (the admin's direct uploads), as
 * the bucket's CORS rule does in AWS. Set once the site's address is known; replaces any rule.
 */
export async function allowBrowserUploads(
  endpoints: Pick<StandIns['endpoints'], 's3'>,
  origins: readonly string[],
): Promise<void> {
  const s3 = new S3Client({
    region: LOCAL_REGION,
    credentials: LOCAL_CREDENTIALS,
    endpoint: endpoints.s3,
    forcePathStyle: true,
  });
  try {
    await s3.send(
      new PutBucketCorsCommand({
        Bucket: LOCAL_NAMES.bucket,
        CORSConfiguration: {
          CORSRules: [
            {
              AllowedOrigins: [...new Set(origins)],
              AllowedMethods: ['POST'],
              AllowedHeaders: ['*'],
              MaxAgeSeconds: 3600,
            },
          ],
        },
      }),
    );
  } finally {
    s3.destroy();
  }
}
