import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import { workerFunction } from '@agency/lambdas/functions';
import { Construct } from 'constructs';
import { applyGrants, type GrantTargets } from '../apply-grants';
import { IMAGE_FUNCTION_GRANTS } from '../grants';
import { AgencyFunction } from './agency-function';

/** The image function (`lambdas/src/modules/media/workers/process-image.ts`). */
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
  /** What the grants refer to. */
  targets: Omit<GrantTargets, 'images'>;
  protectData: boolean;
  logRetentionDays: number;
}

/**
 * The image function, which turns an upload into its variants (sharp, arm64 binary, invoked
 * synchronously by the upload confirmation and the post writers). Moving images from before the
 * media library into it is an operator's command (`npm run ops:migrate-images`), not the stack's.
 */
export class Images extends Construct {
  readonly processFunction: AgencyFunction;

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
  }
}
