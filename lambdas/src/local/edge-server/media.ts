import { Readable } from 'node:stream';
import { GetObjectCommand, NoSuchKey, type S3Client } from '@aws-sdk/client-s3';

export interface MediaReply {
  status: 200 | 304 | 404;
  headers: Record<string, string>;
  body: Readable | null;
}

/** Objects without their own Cache-Control: banner keys are unique per upload, so they never change. */
const DEFAULT_CACHE = 'public, max-age=31536000, immutable';

/**
 * What CloudFront's `/media/*` behaviour does against the media bucket: the object with its content
 * type, cache-control and ETag; 304 when the client already has that ETag; 404 when missing.
 */
export async function getMedia(
  s3: S3Client,
  bucket: string,
  key: string,
  ifNoneMatch?: string,
): Promise<MediaReply> {
  if (!key || key.includes('..') || key.startsWith('/'))
    return { status: 404, headers: {}, body: null };
  let object;
  try {
    object = await s3.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
  } catch (error) {
    if (error instanceof NoSuchKey || (error instanceof Error && error.name === 'NoSuchKey'))
      return { status: 404, headers: {}, body: null };
    throw error;
  }
  const headers: Record<string, string> = {
    'content-type': object.ContentType ?? 'application/octet-stream',
    'cache-control': object.CacheControl ?? DEFAULT_CACHE,
  };
  if (object.ETag) headers.etag = object.ETag;
  if (object.LastModified) headers['last-modified'] = object.LastModified.toUTCString();
  const body = object.Body instanceof Readable ? object.Body : null;
  if (
    object.ETag &&
    ifNoneMatch &&
    ifNoneMatch.split(',').some((t) => t.trim() === object.ETag || t.trim() === '*')
  ) {
    body?.destroy();
    return { status: 304, headers, body: null };
  }
  if (object.ContentLength !== undefined) headers['content-length'] = String(object.ContentLength);
  return { status: 200, headers, body };
}
