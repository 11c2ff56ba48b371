import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import { acknowledge } from '../nag';
import * as s3 from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';

export interface AccessLogsProps {
  protectData: boolean;
  /** Days access logs are kept. */
  retentionDays: number;
}

/** The bucket that receives S3 server access logs of the site and media buckets and CloudFront's standard logs. */
export class AccessLogs extends Construct {
  readonly bucket: s3.Bucket;

  constructor(scope: Construct, id: string, props: AccessLogsProps) {
    super(scope, id);
    this.bucket = new s3.Bucket(this, 'Bucket', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      encryption: s3.BucketEncryption.S3_MANAGED,
      // CloudFront standard logging writes with an ACL, so this bucket must accept object-writer ACLs.
      objectOwnership: s3.ObjectOwnership.OBJECT_WRITER,
      // S3 server access logs are allowed by bucket policy (@aws-cdk/aws-s3:serverAccessLogsUseBucketPolicy),
      // but the canned ACL stays: CloudFront added its log-delivery grant to this bucket's ACL, and dropping
      // AccessControl from a deployed bucket lets CloudFormation reset that ACL, which can remove the grant
      // and stop CloudFront's logs (CDK's notice on the flag says the same for CloudFront logging buckets).
      accessControl: s3.BucketAccessControl.LOG_DELIVERY_WRITE,
      lifecycleRules: [{ expiration: Duration.days(props.retentionDays) }],
      removalPolicy: props.protectData ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
      autoDeleteObjects: !props.protectData,
    });
    acknowledge(
      this.bucket,
      'AwsSolutions-S1',
      'This is the access-log bucket itself; logging it into itself would loop.',
    );
  }
}
