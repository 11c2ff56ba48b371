#!/usr/bin/env node
/**
 * Make the redirect KeyValueStore equal the table of record (lambdas/src/jobs/rebuild-redirects.ts):
 *   npm run redirects:rebuild -- --local            the running `npm start` stack (its data folder: .data)
 *   npm run redirects:rebuild -- --local --data-dir /path/to/data
 *   CONTENT_TABLE=… REDIRECT_STORE_ARN=… npm run redirects:rebuild    a deployed stage, with the AWS
 *     credentials and region of the environment; SITE_PAGE_PATHS defaults to the web build's pages.
 * Prints what it changed.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ENV_NAMES } from '@agency/shared';
import { readSitePagesFile, sitePagePatterns } from '@agency/shared/edge';
import * as z from 'zod';
import { LOCAL_KVS_ARN } from '../src/local/stand-ins/key-value-store';
import { LOCAL_ENDPOINTS_FILE } from '../src/local/stand-ins/stand-ins';
import { LOCAL_NAMES } from '../src/local/provisioning/provision';
import { LOCAL_CREDENTIALS, LOCAL_REGION } from '../src/local/stand-ins/credentials';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const SITE_PAGES = path.join(REPO_ROOT, 'web', 'dist-server', 'site-pages.json');

const endpointsFile = z.object({ dynamodb: z.url(), kvs: z.url() });

function usage(message: string): never {
  console.error(`${message}\nUsage: npm run redirects:rebuild -- [--local [--data-dir <dir>]]`);
  process.exit(2);
}

/** Point the environment at the local stack's stand-ins, read from the endpoints file `npm start` wrote. */
function useLocalStack(dataDir: string): void {
  const file = path.join(path.resolve(dataDir), LOCAL_ENDPOINTS_FILE);
  if (!existsSync(file))
    usage(`${file} does not exist: is \`npm start\` running on that data folder?`);
  const endpoints = endpointsFile.parse(JSON.parse(readFileSync(file, 'utf8')));
  Object.assign(process.env, {
    AWS_REGION: LOCAL_REGION,
    AWS_ACCESS_KEY_ID: LOCAL_CREDENTIALS.accessKeyId,
    AWS_SECRET_ACCESS_KEY: LOCAL_CREDENTIALS.secretAccessKey,
    AWS_ENDPOINT_URL_DYNAMODB: endpoints.dynamodb,
    AWS_ENDPOINT_URL_CLOUDFRONT_KEYVALUESTORE: endpoints.kvs,
    [ENV_NAMES.contentTable]: LOCAL_NAMES.tables.content,
    [ENV_NAMES.redirectStoreArn]: LOCAL_KVS_ARN,
  });
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const local = args.includes('--local');
  const at = args.indexOf('--data-dir');
  const dataDir = at === -1 ? '.data' : args[at + 1];
  if (!dataDir) usage('--data-dir needs a folder');
  const known = new Set(['--local', '--data-dir', dataDir]);
  const unknown = args.filter((a) => !known.has(a));
  if (unknown.length) usage(`Unknown argument: ${unknown.join(' ')}`);
  if (local) useLocalStack(dataDir);
  if (!process.env[ENV_NAMES.sitePagePaths]) {
    if (!existsSync(SITE_PAGES))
      usage(`${ENV_NAMES.sitePagePaths} is not set and there is no web build (${SITE_PAGES}).`);
    process.env[ENV_NAMES.sitePagePaths] = JSON.stringify(
      sitePagePatterns(readSitePagesFile(SITE_PAGES)),
    );
  }
  // Loaded once the environment is set: the adapters read it on first use.
  const { runRebuildRedirects } = await import('../src/jobs/rebuild-redirects');
  const result = await runRebuildRedirects();
  console.log(
    `Redirect store rebuilt: ${result.redirects} redirects; ${result.put} keys written, ${result.deleted} deleted; ${result.dropped} redirects of live addresses removed.`,
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
