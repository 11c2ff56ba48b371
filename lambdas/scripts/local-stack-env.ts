/**
 * What the operator commands (`npm run redirects:rebuild`, `npm run ops:repair-word-spaces`,
 * `npm run ops:migrate-images`) need to act on the running `npm start` stack instead of a deployed
 * stage: its stand-ins' endpoints (the file `npm start` writes in its data folder), their
 * credentials, and the local resources' names; and, for either, the site's pages from the web build.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as z from 'zod';
import { ENV_NAMES } from '@agency/shared';
import { readSitePagesFile, type SitePages } from '@agency/shared/edge';
import { workerFunction } from '../bundling/functions';
import { LOCAL_DISTRIBUTION_ID } from '../src/local/stand-ins/cloudfront-api';
import { LOCAL_CREDENTIALS, LOCAL_REGION } from '../src/local/stand-ins/credentials';
import { LOCAL_KVS_ARN } from '../src/local/stand-ins/key-value-store';
import { LOCAL_ENDPOINTS_FILE } from '../src/local/stand-ins/stand-ins';
import { LOCAL_NAMES } from '../src/local/provisioning/provision';

const endpointsFile = z.object({
  dynamodb: z.url(),
  s3: z.url(),
  lambda: z.url(),
  kvs: z.url(),
  cloudfront: z.url(),
});

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
/** The web build's list of the site's pages, which the CDK stack reads too. */
const SITE_PAGES = path.join(REPO_ROOT, 'web', 'dist-server', 'site-pages.json');

/** A command's arguments: `--local` and its `--data-dir` (default `.data`), nothing else. */
export function localArguments(
  args: readonly string[],
  usage: (message: string) => never,
): { local: boolean; dataDir: string } {
  const local = args.includes('--local');
  const at = args.indexOf('--data-dir');
  const dataDir = at === -1 ? '.data' : args[at + 1];
  if (!dataDir) usage('--data-dir needs a folder');
  const known = new Set(['--local', '--data-dir', dataDir]);
  const unknown = args.filter((a) => !known.has(a));
  if (unknown.length) usage(`Unknown argument: ${unknown.join(' ')}`);
  return { local, dataDir };
}

/** Point the environment at the local stack's stand-ins, read from the endpoints file `npm start` wrote. */
export function useLocalStack(dataDir: string, usage: (message: string) => never): void {
  const file = path.join(path.resolve(dataDir), LOCAL_ENDPOINTS_FILE);
  if (!existsSync(file))
    usage(`${file} does not exist: is \`npm start\` running on that data folder?`);
  const endpoints = endpointsFile.parse(JSON.parse(readFileSync(file, 'utf8')));
  Object.assign(process.env, {
    AWS_REGION: LOCAL_REGION,
    AWS_ACCESS_KEY_ID: LOCAL_CREDENTIALS.accessKeyId,
    AWS_SECRET_ACCESS_KEY: LOCAL_CREDENTIALS.secretAccessKey,
    AWS_ENDPOINT_URL_DYNAMODB: endpoints.dynamodb,
    AWS_ENDPOINT_URL_S3: endpoints.s3,
    // The image function runs in the `npm start` process, behind its Lambda API stand-in.
    AWS_ENDPOINT_URL_LAMBDA: endpoints.lambda,
    AWS_ENDPOINT_URL_CLOUDFRONT_KEYVALUESTORE: endpoints.kvs,
    AWS_ENDPOINT_URL_CLOUDFRONT: endpoints.cloudfront,
    [ENV_NAMES.contentTable]: LOCAL_NAMES.tables.content,
    [ENV_NAMES.mediaBucket]: LOCAL_NAMES.bucket,
    [ENV_NAMES.imageFunction]: workerFunction('process-image').name,
    [ENV_NAMES.redirectStoreArn]: LOCAL_KVS_ARN,
    [ENV_NAMES.distributionId]: LOCAL_DISTRIBUTION_ID,
  });
}

/**
 * Set `variable` to the web build's `paths` of the site's pages (as the CDK stack sets it from the
 * same build) where the environment does not set it already.
 */
export function useWebBuildPages(
  variable: string,
  paths: (pages: SitePages) => readonly string[],
  usage: (message: string) => never,
): void {
  if (process.env[variable]) return;
  if (!existsSync(SITE_PAGES))
    usage(`${variable} is not set and there is no web build (${SITE_PAGES}).`);
  process.env[variable] = JSON.stringify(paths(readSitePagesFile(SITE_PAGES)));
}

/**
 * Run a one-off operator command (`npm run <script> -- [--local [--data-dir <dir>]] [--again]`):
 * the local stack's environment when asked, the web build's rendered pages (what a rewritten post's
 * invalidation refreshes) where the environment does not name them, then `run`. Bad arguments exit
 * 2 with the usage; a failure prints its message and exits 1.
 */
export function runOneOff(
  script: string,
  run: (options: { again: boolean }) => Promise<void>,
): void {
  const usage = (message: string): never => {
    console.error(`${message}\nUsage: npm run ${script} -- [--local [--data-dir <dir>]] [--again]`);
    process.exit(2);
  };
  const main = async (): Promise<void> => {
    const args = process.argv.slice(2);
    const again = args.includes('--again');
    const { local, dataDir } = localArguments(
      args.filter((a) => a !== '--again'),
      usage,
    );
    if (local) useLocalStack(dataDir, usage);
    useWebBuildPages(ENV_NAMES.siteRenderedPaths, (pages) => pages.rendered, usage);
    await run({ again });
  };
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
