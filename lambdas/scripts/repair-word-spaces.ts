#!/usr/bin/env node
/**
 * The one-off repair of posts stored with U+00A0 between words (lambdas/src/modules/posts/jobs/repair-word-spaces.ts),
 * as an operator runs it: after a restore from a backup older than the repair, say. It is no longer
 * work of any schedule or start. It marks itself done (`JOB#repair-word-spaces`); `--again` clears the
 * mark first, to repair data brought back since.
 *   npm run ops:repair-word-spaces -- --local [--data-dir <dir>] [--again]   the running `npm start` stack
 *   CONTENT_TABLE=… DISTRIBUTION_ID=… npm run ops:repair-word-spaces [-- --again]   a deployed stage,
 *     with the AWS credentials and region of the environment; SITE_RENDERED_PATHS defaults to the
 *     web build's rendered pages.
 * Prints what it repaired.
 */
import { runOneOff } from './local-stack-env';

runOneOff('ops:repair-word-spaces', async ({ again }) => {
  // Loaded once the environment is set: the adapters read it on first use.
  const { runRepairWordSpaces } = await import('../src/modules/posts/jobs/repair-word-spaces');
  const result = await runRepairWordSpaces({ again });
  console.log(
    result.skipped
      ? 'Word spaces: already repaired (run with --again after a restore).'
      : `Word spaces repaired in ${result.repaired} posts.`,
  );
});
