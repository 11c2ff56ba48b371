import { CfnResource, Duration, RemovalPolicy, Stack } from 'aws-cdk-lib';
import type * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import * as logs from 'aws-cdk-lib/aws-logs';
import * as triggers from 'aws-cdk-lib/triggers';
import { jobFunction, workerFunction } from '@agency/lambdas/functions';
import { Construct } from 'constructs';
import { applyGrants, grantInvalidation, type GrantTargets } from '../apply-grants';
import { IMAGE_FUNCTION_GRANTS, MIGRATE_IMAGES_GRANTS } from '../grants';
import { acknowledge, nagArnOf } from '../nag';
import { AgencyFunction, retentionOf } from './agency-function';

/** The image function (`lambdas/src/workers/process-image.ts`) and the migration job (`lambdas/src/jobs/migrate-images.ts`). */
const IMAGE_FUNCTION = workerFunction('process-image');
const MIGRATE_IMAGES = jobFunction('migrate-images');

/**
 * Memory of the image function. Lambda gives CPU in proportion to memory (one vCPU at 1,769 MB,
 * about 1.7 at 3,008 MB), and libvips spreads resizing and the AVIF encoder over every core: a
 * 4000 × 3000 photo takes about 3.4 s on one core and 2 s on two (measured by the image function's
 * tests, README), so the larger size shortens the admin's wait on the upload confirmation (which
 * returns once the variants exist) for about the same cost per image. The memory itself is needed
 * too: a 20 MB JPEG may hold 48 megapixels, about 190 MB decoded, with several resized copies alive.
 */
export const IMAGE_FUNCTION_MEMORY_MB = 3008;
/** Room for the largest upload (20 MB, all variants in three formats); callers wait less (API Gateway's 30 s). */
export const IMAGE_FUNCTION_TIMEOUT = Duration.seconds(60);
/** The migration job may move many images; it runs within one Lambda invocation, at deploy. */
export const MIGRATE_IMAGES_TIMEOUT = Duration.minutes(15);

export interface ImagesProps {
  /** What the grants refer to (the image function is added here for the job). */
  targets: Omit<GrantTargets, 'images'>;
  protectData: boolean;
  logRetentionDays: number;
}

/**
 * The image function, which turns an upload into its variants (sharp, arm64 binary, invoked
 * synchronously by the upload confirmation and the post writers), and the job that moves images
 * from before the media library into it, run by CloudFormation once the stack is deployed.
 */
export class Images extends Construct {
  readonly processFunction: AgencyFunction;
  readonly migrateFunction: AgencyFunction;
  readonly migration: triggers.Trigger;

  constructor(scope: Construct, id: string, props: ImagesProps) {
    super(scope, id);
    const removalPolicy = props.protectData ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY;
    this.processFunction = new AgencyFunction(this, 'ProcessImageFunction', {
      bundle: IMAGE_FUNCTION.name,
      description:
        'Makes the responsive variants of an uploaded image (AVIF, WebP, JPEG/PNG; card; placeholder).',
      logRetentionDays: props.logRetentionDays,
      removalPolicy,
      memorySize: IMAGE_FUNCTION_MEMORY_MB,
      timeout: IMAGE_FUNCTION_TIMEOUT,
      environment: { LOG_LEVEL: 'info' },
    });
    applyGrants(this.processFunction, IMAGE_FUNCTION_GRANTS, props.targets);

    this.migrateFunction = new AgencyFunction(this, 'MigrateImagesFunction', {
      bundle: MIGRATE_IMAGES.name,
      description:
        'Moves data: images of post bodies and revisions, and pre-library banners, into the media library.',
      logRetentionDays: props.logRetentionDays,
      removalPolicy,
      timeout: MIGRATE_IMAGES_TIMEOUT,
      environment: { LOG_LEVEL: 'info' },
    });
    applyGrants(this.migrateFunction, MIGRATE_IMAGES_GRANTS, {
      ...props.targets,
      images: this.processFunction,
    });
    // A Trigger runs when it is created and whenever the job's code or configuration changes
    // (it follows the function's current version), so every deploy that ships new code runs it
    // once; the job is idempotent, and a deploy that changes nothing has nothing new to move, since
    // the API refuses data: images.
    this.migration = new triggers.Trigger(this, 'MigrateImages', {
      handler: this.migrateFunction,
      executeOnHandlerChange: true,
      invocationType: triggers.InvocationType.REQUEST_RESPONSE,
      timeout: MIGRATE_IMAGES_TIMEOUT,
      executeAfter: [this.processFunction],
    });
    this.configureTriggerProvider(props);
  }

  /** The migration refreshes the cached pages of the posts it rewrote. */
  connectSite(distribution: cloudfront.IDistribution): void {
    grantInvalidation(this.migrateFunction, distribution);
  }

  /**
   * CDK's trigger provider is a singleton function of the stack: give it a log group with the
   * stage's retention (like every function here) and acknowledge what cdk-nag finds in CDK's code.
   */
  private configureTriggerProvider(props: ImagesProps): void {
    const stack = Stack.of(this);
    const provider = stack.node.tryFindChild(
      'AWSCDK.TriggerCustomResourceProviderCustomResourceProvider',
    );
    if (!provider) throw new Error('the CDK trigger provider was not created');
    const handler = provider.node.tryFindChild('Handler');
    if (!(handler instanceof CfnResource))
      throw new Error('the CDK trigger provider has no Handler');
    const logGroup = new logs.LogGroup(this, 'TriggerProviderLogs', {
      retention: retentionOf(props.logRetentionDays),
      removalPolicy: props.protectData ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    });
    handler.addPropertyOverride('LoggingConfig', { LogGroup: logGroup.logGroupName });
    const reason =
      "CDK's trigger provider: invokes the image migration job once per deploy; its role and runtime are CDK's.";
    acknowledge(
      provider,
      'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
      reason,
    );
    acknowledge(
      provider,
      `AwsSolutions-IAM5[Resource::${nagArnOf(this.migrateFunction)}:*]`,
      'The trigger invokes the current version of the migration job, whose ARN ends in :<version>.',
    );
    acknowledge(provider, 'AwsSolutions-L1', reason);
  }
}
