import { DeleteObjectsCommand, ListObjectsV2Command, type S3Client } from '@aws-sdk/client-s3';
import { MEDIA_LIMITS, UPLOAD_PREFIX } from '@agency/shared';
import { startJobLoop, type JobLoop } from './job-loop';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface UploadExpiryOptions {
  s3: S3Client;
  bucket: string;
  /** The time to judge ages by (tests move it forward instead of waiting a day). */
  now?: Date;
}

/**
 * What the media bucket's lifecycle rule does in AWS: delete every object under `uploads/` older
 * than MEDIA_LIMITS.unconfirmedDays. An upload is confirmed within minutes or never (a closed tab,
 * a refused file left by a crash), so nothing younger is touched. Returns the keys deleted.
 */
export async function expireUploads({ s3, bucket, now = new Date() }: UploadExpiryOptions) {
  const cutoff = now.getTime() - MEDIA_LIMITS.unconfirmedDays * DAY_MS;
  const expired: string[] = [];
  let token: string | undefined;
  do {
    const page = await s3.send(
      new ListObjectsV2Command({ Bucket: bucket, Prefix: UPLOAD_PREFIX, ContinuationToken: token }),
    );
    for (const o of page.Contents ?? [])
      if (o.Key && o.LastModified && o.LastModified.getTime() <= cutoff) expired.push(o.Key);
    token = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (token);
  // DeleteObjects takes at most 1000 keys.
  for (let i = 0; i < expired.length; i += 1000)
    await s3.send(
      new DeleteObjectsCommand({
        Bucket: bucket,
        Delete: { Objects: expired.slice(i, i + 1000).map((Key) => ({ Key })), Quiet: true },
      }),
    );
  return { deleted: expired };
}

/** The local stand-in of the lifecycle rule: expire unconfirmed uploads every `intervalMs` (hourly). */
export function startUploadExpiryJob(
  options: Omit<UploadExpiryOptions, 'now'>,
  intervalMs = 60 * 60 * 1000,
): JobLoop {
  return startJobLoop({
    label: 'unconfirmed upload expiry',
    intervalMs,
    run: () => expireUploads(options),
  });
}
