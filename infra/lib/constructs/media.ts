import { MEDIA_LIMITS, UPLOAD_PREFIX } from '@agency/shared';
import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import * as s3 from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';

export interface MediaProps {
  protectData: boolean;
  accessLogs: s3.IBucket;
  /** Origins whose pages may post an upload form to the bucket (the site's `https://…` addresses). */
  uploadOrigins: readonly string[];
}

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
          noncurrentVersionExpiration: Duration.days(30),
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

  /** The address the browser posts upload forms to (what a presigned POST's `url` is). */
  get uploadOrigin(): string {
    return `https://${this.bucket.bucketRegionalDomainName}`;
  }
}
