import { gunzipSync } from 'node:zlib';
import { GetObjectCommand } from '@aws-sdk/client-s3';
import type { S3Event } from 'aws-lambda';
import { notFoundDeps } from '../deps';
import { s3Client } from '../../../platform/aws/clients';
import { CLOUDFRONT_LOG_PREFIX } from '../domain/access-log';
import { recordAccessLog, type AccessLogSummary } from '../domain/not-found-log';
import { logger } from '../../../platform/logger';

const log = logger.child({ worker: 'record-not-found' });

/** An S3 event's object key as it is stored (the event's key is URL-encoded, spaces as `+`). */
export const eventObjectKey = (key: string): string => decodeURIComponent(key.replace(/\+/g, ' '));

/**
 * The 404 log's job: the access-log bucket invokes it (asynchronously) for each CloudFront log file
 * it receives under `cloudfront/`; the file's GET and HEAD requests answered 404 for a site address
 * are counted into the 404 log, each file once (a retried event counts nothing again). A failure is
 * retried by Lambda, then lands in the failure queue, which raises an alarm.
 */
export const handler = async (event: S3Event): Promise<AccessLogSummary[]> => {
  const s3 = await s3Client();
  const deps = notFoundDeps();
  const summaries: AccessLogSummary[] = [];
  for (const record of event.Records) {
    const bucket = record.s3.bucket.name;
    const key = eventObjectKey(record.s3.object.key);
    if (!key.startsWith(CLOUDFRONT_LOG_PREFIX) || !key.endsWith('.gz')) {
      log.warn('not a CloudFront log file; left alone', { key });
      continue;
    }
    const object = await s3.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
    const bytes = await object.Body?.transformToByteArray();
    const text = bytes ? gunzipSync(bytes).toString('utf8') : '';
    const summary = await recordAccessLog(deps, key, text);
    log.info('access log counted into the 404 log', { key, ...summary });
    summaries.push(summary);
  }
  return summaries;
};
