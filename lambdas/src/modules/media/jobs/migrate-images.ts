import { DynamoJobMarkers } from '../../../platform/aws/job-markers';
import { postDeps } from '../../posts/deps';
import { migrateImages, type MigrationSummary } from '../domain/image-migration';
import { logger } from '../../../platform/logger';

/**
 * One-off: images stored before the media library (`data:` images in post bodies, `banners/…`
 * banners) move into it. An operator runs it (`npm run ops:migrate-images`,
 * lambdas/scripts/migrate-images.ts), never a deploy, a schedule or `npm start`: once a run has
 * moved everything it marks itself done, and `again` moves what a restore or an import of old posts
 * brought back.
 */
export async function runMigrateImages(
  options: { again?: boolean } = {},
): Promise<MigrationSummary> {
  const log = logger.child({ job: 'migrate-images' });
  const summary = await migrateImages(
    { ...postDeps(log), markers: new DynamoJobMarkers() },
    options,
  );
  log.info('images migration run', { ...summary });
  return summary;
}
