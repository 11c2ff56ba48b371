import { MEDIA_LIMITS, UPLOAD_PREFIX } from '@agency/shared';
import { Duration, RemovalPolicy, Stack } from 'aws-cdk-lib';
import * as s3 from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';

export interface MediaProps {
  protectData: boolean;
  accessLogs: s3.IBucket;
  /** Origins whose pages may post an upload form to the bucket (the site's `https://…` addresses). */
  uploadOrigins: readonly string[];
}

/** Days an object's old versions are kept (a deleted or overwritten image can be restored meanwhile). */
export const MEDIA_OLD_VERSION_DAYS = 30;

/** How long a browser may keep the answer to an upload's preflight. */
export const UPLOAD_PREFLIGHT_MAX_AGE_SECONDS = 3_600;

/**
 * The private, versioned bucket of images, readable only through CloudFront (OAC, added by Site).
 * The admin's browser posts uploads straight to it with a presigned form (CORS below); uploads
 * nobody confirmed expire, and so do the versions a confirmed upload leaves behind when deleted,
 * since a raw upload still carries its EXIF (GPS position, camera) until the image function strips it.
 */
export class Media extends Construct {
  readonly bucket: s3.Bucket;

  constructor(scope: Construct, id: string, props: MediaProps) {
    super(scope, id);
    const unconfirmed = Duration.days(MEDIA_LIMITS.unconfirmedDays);
    this.bucket = new s3.Bucket(this, 'Bucket', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      encryption: s3.BucketEncryption.S3_MANAGED,
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_ENFORCED,
      versioned: true,
      lifecycleRules: [
        {
          // What a deleted image leaves behind stays restorable this long (README, Restore).
          id: 'ExpireOldVersions',
          noncurrentVersionExpiration: Duration.days(MEDIA_OLD_VERSION_DAYS),
          // A delete marker with no version left behind it is removed too.
          expiredObjectDeleteMarker: true,
          abortIncompleteMultipartUploadAfter: Duration.days(1),
        },
        {
          id: 'ExpireUnconfirmedUploads',
          prefix: UPLOAD_PREFIX,
          expiration: unconfirmed,
          noncurrentVersionExpiration: unconfirmed,
        },
      ],
      cors: [
        {
          // Only the browser's form upload; everything else goes through the API or CloudFront.
          allowedMethods: [s3.HttpMethods.POST],
          allowedOrigins: [...props.uploadOrigins],
          // The form is multipart/form-data; a progress listener makes the browser ask first.
          allowedHeaders: ['content-type'],
          maxAge: UPLOAD_PREFLIGHT_MAX_AGE_SECONDS,
        },
      ],
      serverAccessLogsBucket: props.accessLogs,
      serverAccessLogsPrefix: 'media-bucket/',
      removalPolicy: props.protectData ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
      autoDeleteObjects: !props.protectData,
    });
  }

  /**
   * The address the browser posts upload forms to: the origin of the `url` the SDK's presigned POST
   * names, virtual-hosted and regional in every region (us-east-1 included, where a bucket's
   * "regional domain name" may be spelled the legacy global way).
   */
  get uploadOrigin(): string {
    const stack = Stack.of(this);
    return `https://${this.bucket.bucketName}.s3.${stack.region}.${stack.urlSuffix}`;
  }
}
