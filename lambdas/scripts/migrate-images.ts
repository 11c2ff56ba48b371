#!/usr/bin/env node
/**
 * The one-off move of images stored before the media library into it
 * (lambdas/src/modules/media/jobs/migrate-images.ts), as an operator runs it: after a restore from a
 * backup older than the media library, or an import of old posts. It is no longer work of any deploy
 * or start. It marks itself done (`JOB#migrate-images`) once nothing is left; `--again` looks once
 * more past the mark, to move data brought back since.
 *   npm run ops:migrate-images -- --local [--data-dir <dir>] [--again]   the running `npm start` stack
 *   CONTENT_TABLE=… MEDIA_BUCKET=… IMAGE_FUNCTION=… DISTRIBUTION_ID=… npm run ops:migrate-images
 *     [-- --again]   a deployed stage, with the AWS credentials and region of the environment;
 *     SITE_RENDERED_PATHS defaults to the web build's rendered pages.
 * Prints what it moved.
 */
import { runOneOff } from './local-stack-env';

runOneOff('ops:migrate-images', async ({ again }) => {
  // Loaded once the environment is set: the adapters read it on first use.
  const { runMigrateImages } = await import('../src/modules/media/jobs/migrate-images');
  const s = await runMigrateImages({ again });
  if (s.skipped) {
    console.log('Images: already moved into the media library (run with --again after a restore).');
    return;
  }
  console.log(
    `Images: ${s.posts} posts read, ${s.migrated_posts} posts and ${s.migrated_revisions} revisions rewritten, ` +
      `${s.images_created} library images made, ${s.legacy_banners_deleted} old banners deleted, ${s.dropped} images left out.`,
  );
  // Only a run that leaves nothing sets the mark; --again also looks past a mark set before.
  if (s.left > 0) {
    console.log(`${s.left} posts left (see the log): run again with --again.`);
    process.exitCode = 1;
  }
});
