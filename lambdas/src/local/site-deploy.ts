import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { ListObjectsV2Command, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import {
  isBuildOnlyKey,
  objectCacheControl,
  readSitePagesFile,
  tablePageKeys,
  type SitePages,
} from '@agency/shared/edge';
import { contentTypeOf } from './edge-server/static-files';

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries
    .filter((e) => e.isFile())
    .map((e) => path.join(e.parentPath, e.name))
    .sort();
}

/** Every object of a bucket: its ETag by key. */
async function objectTags(s3: S3Client, bucket: string): Promise<Map<string, string>> {
  const tags = new Map<string, string>();
  let token: string | undefined;
  do {
    const out = await s3.send(
      new ListObjectsV2Command({ Bucket: bucket, ContinuationToken: token }),
    );
    for (const o of out.Contents ?? []) if (o.Key && o.ETag) tags.set(o.Key, o.ETag);
    token = out.IsTruncated ? out.NextContinuationToken : undefined;
  } while (token);
  return tags;
}

/**
 * Upload the web build to the site bucket as the deploy's bucket deployments do (CDK `DeployAssets`
 * and `DeployPages`): every file but the build's Brotli/gzip copies, its records (`.vite/`) and the
 * table's pages, hashed
 * assets immutable, the site's own unhashed pictures (`assets/img/`) an hour, the rest `no-cache`
 * (objectCacheControl), nothing pruned (pages published at runtime stay). Files
 * the bucket already holds unchanged are left alone. The local edge then answers the site from the
 * bucket alone, as CloudFront does.
 */
export async function deploySiteBuild(options: {
  s3: S3Client;
  bucket: string;
  webDist: string;
  pages: Pick<SitePages, 'prerendered' | 'notFound'>;
}): Promise<{ uploaded: number; unchanged: number }> {
  const root = path.resolve(options.webDist);
  const skipped = new Set(tablePageKeys(options.pages));
  const existing = await objectTags(options.s3, options.bucket);
  let uploaded = 0;
  let unchanged = 0;
  for (const file of await filesUnder(root)) {
    const key = path.relative(root, file).split(path.sep).join('/');
    if (isBuildOnlyKey(key) || skipped.has(key)) continue;
    const body = await readFile(file);
    const etag = `"${createHash('md5').update(body).digest('hex')}"`;
    if (existing.get(key) === etag) {
      unchanged++;
      continue;
    }
    await options.s3.send(
      new PutObjectCommand({
        Bucket: options.bucket,
        Key: key,
        Body: body,
        ContentType: contentTypeOf(key),
        CacheControl: objectCacheControl(key),
      }),
    );
    uploaded++;
  }
  return { uploaded, unchanged };
}

/**
 * `deploySiteBuild` of the build in `webDist` with the site pages the web build wrote beside it
 * (`dist-server/site-pages.json`); null when there is no build yet.
 */
export async function deployBuiltSite(options: {
  s3: S3Client;
  bucket: string;
  webDist: string;
}): Promise<{ uploaded: number; unchanged: number } | null> {
  const pagesFile = path.join(
    path.dirname(path.resolve(options.webDist)),
    'dist-server',
    'site-pages.json',
  );
  if (!existsSync(pagesFile) || !existsSync(options.webDist)) return null;
  return deploySiteBuild({ ...options, pages: readSitePagesFile(pagesFile) });
}
