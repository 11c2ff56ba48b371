/**
 * Every Lambda function the project ships, and where its bundle is built: the one list that the
 * bundler (`npm run build -w lambdas`), the CDK stack, the local stack (`LOCAL_HANDLERS=bundles`),
 * `bench:api` and `deploy:check` read. Exported as `@agency/lambdas/functions`.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  handlerModule,
  kebabCase,
  operationNames,
  type ApiModule,
  type OperationName,
} from '@agency/shared';

/** The lambdas package folder. */
export const LAMBDAS_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** Where the bundles are written: `<DIST_DIR>/<function>/index.mjs` (+ `.map`). */
export const DIST_DIR = path.join(LAMBDAS_ROOT, 'dist');
/** File and export every bundle's Lambda handler is: `index.mjs`, `handler`. */
export const BUNDLE_FILE = 'index.mjs';
export const LAMBDA_HANDLER = 'index.handler';

/** A job EventBridge runs on a schedule: everything the CDK stack and the local stack need of it. */
export interface ScheduledJobSpec {
  /** How often it runs in AWS, in minutes (the local stack divides it by LOCAL_JOB_SPEEDUP). */
  everyMinutes: number;
  /** The function's timeout, in seconds (below the interval: runs must not pile up). */
  timeoutSeconds: number;
  /** The function's description (CloudWatch alarms and the console name it). */
  description: string;
  /** The EventBridge rule's description. */
  ruleDescription: string;
  /**
   * The export the local stack runs on its interval; default `handler`, the Lambda's own entry
   * (a job whose handler adds work meant for AWS only, metrics or a one-off, names its core).
   */
  localRun?: string;
  /**
   * Also run by each deploy that changes it (a CDK Trigger on the same function, after what the
   * stack says it needs), as `npm start` runs it at every start.
   */
  atDeploy?: true;
}

/**
 * The jobs EventBridge runs on a schedule (`src/modules/<module>/jobs/<name>.ts`), each one's schedule written here
 * only: the CDK stack makes its function, rule and alarms from this entry (infra/lib/constructs/
 * scheduled-job.ts, its grants in its module's grants.ts, named in SCHEDULED_JOB_GRANTS of src/modules/grants.ts), and `npm start` runs it
 * on an interval (src/local/jobs/scheduled-jobs.ts). The design uses no DynamoDB streams.
 */
export const SCHEDULED_JOBS = {
  'retry-lead-emails': {
    everyMinutes: 5,
    timeoutSeconds: 120,
    description: 'Re-sends lead e-mails and webhook calls that failed, every 5 minutes.',
    ruleDescription: 'Retry lead e-mails and webhook calls that have not been sent.',
    localRun: 'retryPendingLeadEmails',
  },
  'remind-unanswered-leads': {
    everyMinutes: 5,
    timeoutSeconds: 120,
    description:
      'Names to the team, once, each lead nobody answered 10 hours after it arrived, every 5 minutes.',
    ruleDescription: 'Remind the team of leads unanswered for 10 hours.',
    localRun: 'remindUnanswered',
  },
  'publish-scheduled-posts': {
    // A post goes live within this long of its time.
    everyMinutes: 1,
    timeoutSeconds: 50,
    description:
      'Publishes scheduled posts whose time has come, and makes live the page changes the site does not show yet, every minute.',
    ruleDescription: 'Publish scheduled posts that are due; finish page publishes.',
    localRun: 'publishScheduledPosts',
  },
  'roll-up-analytics': {
    // The dashboard shows a minute's visits within about a minute and a quarter of its end.
    everyMinutes: 1,
    timeoutSeconds: 50,
    description:
      'Rolls each closed minute of raw analytics hits up into the per-day roll-ups, exactly once and in order, every minute.',
    ruleDescription: 'Roll the closed minutes of analytics hits up into the dashboard roll-ups.',
    localRun: 'rollUpAnalytics',
  },
  'purge-trash': {
    everyMinutes: 60,
    timeoutSeconds: 120,
    description: 'Deletes for good the posts trashed more than 30 days ago, every hour.',
    ruleDescription: 'Purge posts trashed more than 30 days ago, with their unused images.',
    localRun: 'purgeTrash',
  },
  'rebuild-redirects': {
    // A store write the API could not make after the table took the change (the edge's API
    // unreachable a moment) is made within the hour, without a deploy.
    everyMinutes: 60,
    timeoutSeconds: 900,
    description: "Makes the edge's redirect store equal the redirects table of record.",
    ruleDescription: "Make the edge's redirect store equal the redirects table of record.",
    localRun: 'runRebuildRedirects',
    atDeploy: true,
  },
} as const satisfies Record<string, ScheduledJobSpec>;
export type ScheduledJobName = keyof typeof SCHEDULED_JOBS;
export const SCHEDULED_JOB_NAMES = Object.keys(SCHEDULED_JOBS) as ScheduledJobName[];

/**
 * How much faster `npm start` runs the scheduled jobs than AWS does (every 5 minutes there is every
 * 30 s locally), so what they do shows within seconds while trying the site.
 */
export const LOCAL_JOB_SPEEDUP = 10;

/**
 * Jobs run once per deploy rather than on a schedule: `backfill-lead-stats` during each deploy that
 * changes it; `seed-pages` stores the web build's marketing pages and site settings
 * (`seed-pages.json`, shipped beside its bundle) where the table has none. (A scheduled job may run
 * at deploys too: `atDeploy`, the redirect store's rebuild. The one-offs, the word-space repair and
 * the image migration, are operators' commands, `lambdas/scripts/`: no function.)
 */
export const DEPLOY_JOBS = ['backfill-lead-stats', 'seed-pages'] as const;
export type JobName = ScheduledJobName | (typeof DEPLOY_JOBS)[number];
/** Every job the stack deploys (`src/modules/<module>/jobs/<name>.ts`). */
export const JOBS: readonly JobName[] = [...SCHEDULED_JOB_NAMES, ...DEPLOY_JOBS];

/**
 * Functions that other functions invoke through the Lambda API (`src/modules/<module>/workers/<name>.ts`): neither
 * behind the API nor scheduled. The image function runs sharp, a native module, so it ships its
 * Linux arm64 build and runs on arm64.
 */
export const WORKERS = ['process-image'] as const;
export type WorkerName = (typeof WORKERS)[number];

/**
 * Functions another AWS service invokes on an event (`src/modules/<module>/workers/<name>.ts`): `staff-scopes`, the
 * user pool's pre token generation trigger, adds each staff group's scope to access tokens
 * (shared/src/access.ts); Cognito waits for it on every sign-in and refresh, so it stays small and
 * has no permission at all. `mail-events` takes SES's bounce and complaint events from SNS and
 * marks bounced lead e-mails on their leads; `alarm-webhook` copies the stage's alarm topic to the
 * lead webhook's Slack-compatible channel; `record-not-found` counts the 404s of each CloudFront
 * access-log file the access-log bucket receives into the 404 log; `rotate-origin-secret`, Secrets
 * Manager's rotation function of the origin secret, moves CloudFront's origin header to the next value;
 * `check-restore`, on AWS Backup's event that a test restore completed, checks the restored table or
 * bucket and reports the verdict on the restore job.
 */
export const TRIGGERS = [
  'staff-scopes',
  'mail-events',
  'alarm-webhook',
  'record-not-found',
  'rotate-origin-secret',
  'check-restore',
] as const;
export type TriggerName = (typeof TRIGGERS)[number];

/**
 * Functions a stage has only when a setting asks for them (`alarm-webhook`: `-c
 * alarmsToWebhook=true`; `check-restore`: `protectData`, the stages whose data is backed up):
 * built always, shipped at most once.
 */
export const STAGE_OPTIONAL_FUNCTIONS: ReadonlySet<string> = new Set<TriggerName>([
  'alarm-webhook',
  'check-restore',
]);

/**
 * The module each job, worker and trigger belongs to: its code is
 * `src/modules/<module>/jobs/<name>.ts` (jobs) or `src/modules/<module>/workers/<name>.ts`.
 */
export const FUNCTION_MODULES = {
  'retry-lead-emails': 'lead-delivery',
  'remind-unanswered-leads': 'lead-delivery',
  'publish-scheduled-posts': 'posts',
  'purge-trash': 'posts',
  'roll-up-analytics': 'analytics',
  'rebuild-redirects': 'redirects',
  'backfill-lead-stats': 'dashboard',
  'seed-pages': 'pages',
  'process-image': 'media',
  'staff-scopes': 'accounts',
  'mail-events': 'lead-delivery',
  'alarm-webhook': 'alarms',
  'record-not-found': 'not-found',
  'rotate-origin-secret': 'system',
  'check-restore': 'system',
} as const satisfies Record<JobName | WorkerName | TriggerName, ApiModule>;

const moduleFile = (name: keyof typeof FUNCTION_MODULES, folder: 'jobs' | 'workers'): string =>
  path.join(LAMBDAS_ROOT, 'src', 'modules', FUNCTION_MODULES[name], folder, `${name}.ts`);

/** The render function's name: the web app's server entry, answering blog pages, sitemap and RSS. */
export const RENDER = 'render';

export type LambdaFunction =
  | { kind: 'operation'; name: string; operation: OperationName; entry: string }
  | { kind: 'job'; name: JobName; entry: string }
  | { kind: 'trigger'; name: TriggerName; entry: string }
  | {
      kind: 'worker';
      name: WorkerName;
      entry: string;
      /** The processor the function runs on: its native modules are shipped built for it. */
      architecture: 'arm64';
      /**
       * Packages left out of the bundle and shipped in its `node_modules/` instead, with their
       * platform builds for `architecture` (native code esbuild cannot bundle).
       */
      nativeModules: readonly string[];
      /** Packages of files the code reads at run time (the share cards' font), shipped as they are. */
      dataPackages: readonly string[];
    }
  | {
      kind: 'render';
      name: typeof RENDER;
      /** The web package's server entry (`web/src/server/render-handler.ts`), built by Vite first. */
      entry: string;
      /** The web package folder: its Vite config and its build (`dist/spa.html`, `dist/.vite/manifest.json`). */
      webRoot: string;
    };

/** The function of a contract operation: `createPost` → `create-post`, from `src/modules/posts/handlers/create-post.ts`. */
export function operationFunction(
  operation: OperationName,
): LambdaFunction & { kind: 'operation' } {
  return {
    kind: 'operation',
    name: kebabCase(operation),
    operation,
    entry: path.join(LAMBDAS_ROOT, 'src', `${handlerModule(operation)}.ts`),
  };
}

export function jobFunction(name: JobName): LambdaFunction & { kind: 'job' } {
  return { kind: 'job', name, entry: moduleFile(name, 'jobs') };
}

export function workerFunction(name: WorkerName): LambdaFunction & { kind: 'worker' } {
  return {
    kind: 'worker',
    name,
    entry: moduleFile(name, 'workers'),
    architecture: 'arm64',
    nativeModules: ['sharp'],
    dataPackages: ['@fontsource/open-sans'],
  };
}

export function triggerFunction(name: TriggerName): LambdaFunction & { kind: 'trigger' } {
  return { kind: 'trigger', name, entry: moduleFile(name, 'workers') };
}

// The render function is the web app's code: the workspaces sit side by side, and the bundler only
// reads web's files (lambdas source never imports web).
const WEB_ROOT = path.resolve(LAMBDAS_ROOT, '..', 'web');

export const renderFunction: LambdaFunction & { kind: 'render' } = {
  kind: 'render',
  name: RENDER,
  entry: path.join(WEB_ROOT, 'src', 'server', 'render-handler.ts'),
  webRoot: WEB_ROOT,
};

/** One function per contract operation, the deployed jobs, the workers, the user pool's triggers, and the render function. */
export const FUNCTIONS: readonly LambdaFunction[] = [
  ...operationNames.map(operationFunction),
  ...JOBS.map(jobFunction),
  ...WORKERS.map(workerFunction),
  ...TRIGGERS.map(triggerFunction),
  renderFunction,
];

/** The folder a function's bundle is built into (what `lambda.Code.fromAsset` uploads). */
export const bundleDir = (name: string, dist = DIST_DIR): string => path.join(dist, name);
export const bundleFile = (name: string, dist = DIST_DIR): string =>
  path.join(bundleDir(name, dist), BUNDLE_FILE);

/** A bundle that has not been built: names it and the command that builds it. */
export class MissingBundleError extends Error {
  override readonly name = 'MissingBundleError';
  constructor(
    readonly fn: string,
    readonly file: string,
  ) {
    super(
      `The ${fn} Lambda bundle is missing (${file}): run \`npm run build\` (web build, then \`npm run build -w lambdas\`) first.`,
    );
  }
}

/** The folder of a built bundle; throws MissingBundleError when it has not been built. */
export function builtBundleDir(name: string, dist = DIST_DIR): string {
  const file = bundleFile(name, dist);
  if (!existsSync(file)) throw new MissingBundleError(name, file);
  return bundleDir(name, dist);
}
