#!/usr/bin/env node
/**
 * Make the redirect KeyValueStore equal the table of record (lambdas/src/modules/redirects/jobs/rebuild-redirects.ts):
 *   npm run redirects:rebuild -- --local            the running `npm start` stack (its data folder: .data)
 *   npm run redirects:rebuild -- --local --data-dir /path/to/data
 *   CONTENT_TABLE=… REDIRECT_STORE_ARN=… npm run redirects:rebuild    a deployed stage, with the AWS
 *     credentials and region of the environment; SITE_PAGE_PATHS defaults to the web build's pages.
 * Prints what it changed.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ENV_NAMES } from '@agency/shared';
import { readSitePagesFile, sitePagePatterns } from '@agency/shared/edge';
import { localArguments, useLocalStack } from './local-stack-env';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const SITE_PAGES = path.join(REPO_ROOT, 'web', 'dist-server', 'site-pages.json');

function usage(message: string): never {
  console.error(`${message}\nUsage: npm run redirects:rebuild -- [--local [--data-dir <dir>]]`);
  process.exit(2);
}

async function main(): Promise<void> {
  const { local, dataDir } = localArguments(process.argv.slice(2), usage);
  if (local) useLocalStack(dataDir, usage);
  if (!process.env[ENV_NAMES.sitePagePaths]) {
    if (!existsSync(SITE_PAGES))
      usage(`${ENV_NAMES.sitePagePaths} is not set and there is no web build (${SITE_PAGES}).`);
    process.env[ENV_NAMES.sitePagePaths] = JSON.stringify(
      sitePagePatterns(readSitePagesFile(SITE_PAGES)),
    );
  }
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
