import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import { workerFunction } from '@agency/lambdas/functions';
import { Construct } from 'constructs';
import { applyGrants, applySiteGrants, type GrantTargets, type SiteTarget } from '../apply-grants';
import { IMAGE_FUNCTION_GRANTS, MIGRATE_IMAGES_GRANTS } from '../grants';
import { AgencyFunction } from './agency-function';
import { addDeployJob, type DeployJob } from './deploy-job';

/** The image function (`lambdas/src/modules/media/workers/process-image.ts`) and the migration job (`lambdas/src/modules/media/jobs/migrate-images.ts`). */
const IMAGE_FUNCTION = workerFunction('process-image');

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
  /** The migration job and the trigger that runs it at deploy. */
  readonly migration: DeployJob;

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

    this.migration = addDeployJob(this, {
      job: 'migrate-images',
      functionId: 'MigrateImagesFunction',
      triggerId: 'MigrateImages',
      description:
        'Moves data: images of post bodies and revisions, and pre-library banners, into the media library.',
      grants: MIGRATE_IMAGES_GRANTS,
      targets: { ...props.targets, images: this.processFunction },
      protectData: props.protectData,
      logRetentionDays: props.logRetentionDays,
    });
    // It moves images through the image function. A deploy that runs it again finds nothing new to
    // move, since the API refuses data: images.
    this.migration.trigger.executeAfter(this.processFunction);
  }

  /** The migration refreshes the cached pages of the posts it rewrote. */
  connectSite(site: SiteTarget): void {
    applySiteGrants(this.migration.fn, MIGRATE_IMAGES_GRANTS, site);
  }
}
