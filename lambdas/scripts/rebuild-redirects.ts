#!/usr/bin/env node
/**
 * Make the redirect KeyValueStore equal the table of record (lambdas/src/modules/redirects/jobs/rebuild-redirects.ts):
 *   npm run redirects:rebuild -- --local            the running `npm start` stack (its data folder: .data)
 *   npm run redirects:rebuild -- --local --data-dir /path/to/data
 *   CONTENT_TABLE=… REDIRECT_STORE_ARN=… npm run redirects:rebuild    a deployed stage, with the AWS
 *     credentials and region of the environment; SITE_PAGE_PATHS defaults to the web build's pages.
 * Prints what it changed.
 */
import { ENV_NAMES } from '@agency/shared';
import { sitePagePatterns } from '@agency/shared/edge';
import { localArguments, useLocalStack, useWebBuildPages } from './local-stack-env';

function usage(message: string): never {
  console.error(`${message}\nUsage: npm run redirects:rebuild -- [--local [--data-dir <dir>]]`);
  process.exit(2);
}

async function main(): Promise<void> {
  const { local, dataDir } = localArguments(process.argv.slice(2), usage);
  if (local) useLocalStack(dataDir, usage);
  useWebBuildPages(ENV_NAMES.sitePagePaths, sitePagePatterns, usage);
  // Loaded once the environment is set: the adapters read it on first use.
  const { runRebuildRedirects } = await import('../src/modules/redirects/jobs/rebuild-redirects');
  const result = await runRebuildRedirects();
  console.log(
    `Redirect store rebuilt: ${result.redirects} redirects; ${result.put} keys written, ${result.deleted} deleted; ${result.dropped} redirects of live addresses removed.`,
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
