import { DynamoJobMarkers } from '../../../platform/aws/job-markers';
import { postDeps } from '../../posts/deps';
import { migrateImages, type MigrationSummary } from '../domain/image-migration';
import { logger } from '../../../platform/logger';

/**
 * Move images stored before the media library (`data:` images in post bodies, `banners/…` banners)
 * into it. Run once after each deploy (a CDK Trigger) and at every start of the local stack; once a
 * run has moved everything it marks itself done, and later runs do one read.
 */
export async function runMigrateImages(): Promise<MigrationSummary> {
  const log = logger.child({ job: 'migrate-images' });
  return migrateImages({ ...postDeps(log), markers: new DynamoJobMarkers() });
}

/** Lambda entry point of the job. */
export const handler = async (): Promise<MigrationSummary> => {
  const summary = await runMigrateImages();
  logger.info('images migration run', { job: 'migrate-images', ...summary });
  return summary;
};
