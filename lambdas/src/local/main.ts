/**
 * `npm start`: the whole system on one machine. Starts the AWS stand-ins, creates what is missing
 * (tables, bucket, user pool, admin, categories, authors), serves the site, API and media on one
 * port like CloudFront does, seeds sample posts on the first run, counts leads from before the
 * dashboard, retries pending lead deliveries (e-mail, webhook) and publishes scheduled posts when
 * their time comes. The one-offs (images from before the media library, word spaces) are operators'
 * commands run beside it (`npm run ops:migrate-images -- --local`, lambdas/scripts/).
 */
import { access, writeFile } from 'node:fs/promises';
import type { Server } from 'node:http';
import path from 'node:path';
import * as z from 'zod';
import { ADMIN_SESSION, LOCAL_STACK } from '@agency/shared';
import { logger, type Logger } from '../platform/logger';
import { applyLocalEnvironment, localEnvironment } from './provisioning/environment';
import {
  functionModule,
  handlerMode,
  LAMBDAS_SRC,
  loadHandlerExport,
  requireBundles,
} from './functions/handler-modules';
import {
  allowBrowserUploads,
  LOCAL_NAMES,
  provision,
  standInClients,
} from './provisioning/provision';
import { builtRenderHandlerLoader, renderHandlerLoader } from './functions/render';
import type { JobLoop } from './jobs/job-loop';
import { startScheduledJobs } from './jobs/scheduled-jobs';
import { LOCAL_JOB_SPEEDUP, triggerFunction } from '../../bundling/functions';
import { startUploadExpiryJob } from './jobs/upload-expiry-job';
import { seedPosts } from './seed/seed';
import { seedLocalPages } from './seed/seed-pages';
import { deployBuiltSite } from './site-deploy';
import { builtPagePaths, builtRenderedPaths, createLocalServer } from './edge-server/server';
import { EdgeCache } from './edge-server/edge-cache';
import { LocalAccessLog } from './edge-server/access-log';
import { LOCAL_DISTRIBUTION_ID } from './stand-ins/cloudfront-api';
import { LOCAL_ENDPOINTS_FILE, startStandIns, type StandIns } from './stand-ins/stand-ins';

const REPO_ROOT = path.resolve(LAMBDAS_SRC, '..', '..');

/** Settings of the local stack; every one has a default, so `npm start` needs none. */
const settingsSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(LOCAL_STACK.port),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('.data'),
  ADMIN_EMAIL: z.email().default('admin@example.com'),
  ADMIN_PASSWORD: z.string().min(8).default('Admin-Passw0rd!2024'),
  /** Public address; by default the address the server listens on. */
  SITE_URL: z.url().optional(),
  MAIL_FROM: z.string().min(3).default('no-reply@example.com'),
  /** Comma-separated agency recipients of lead e-mails (the SES stand-in's inbox shows them). */
  MAIL_TO: z.string().min(3).default('sales@example.com'),
  WEB_DIST: z
    .string()
    .min(1)
    .default(path.join(REPO_ROOT, 'web', 'dist')),
  RENDER_HANDLER: z
    .string()
    .min(1)
    .default(path.join(REPO_ROOT, 'web', 'src', 'server', 'render-handler.ts')),
  /**
   * How much faster than in AWS the scheduled jobs run (LOCAL_JOB_SPEEDUP of the job list: every
   * 5 minutes there is every 30 s here); raise it to see scheduled posts go live sooner.
   */
  JOB_SPEEDUP: z.coerce.number().positive().default(LOCAL_JOB_SPEEDUP),
  /**
   * API Gateway's limits per route class (prod's API_LIMITS): `off` only for benchmarks that
   * measure what the functions themselves can take.
   */
  API_THROTTLE: z.enum(['prod', 'off']).default('prod'),
  /** Life of admin access tokens; shorten it to watch the browser renew them (AWS: one hour). */
  ADMIN_TOKEN_TTL_SECONDS: z.coerce.number().int().min(5).default(ADMIN_SESSION.accessTokenSeconds),
  /**
   * The lead webhook (`npm run webhook:receive` is one to try): its URL and the key that signs
   * each body. Unset: no webhook. Checked by the same schemas as the deployed functions' settings.
   */
  LEAD_WEBHOOK_URL: z.string().optional(),
  LEAD_WEBHOOK_SECRET: z.string().optional(),
  /** Minimum fill time of the enquiry form in ms; 0 turns the check off while trying the form. */
  LEAD_MIN_FILL_MS: z.coerce.number().int().nonnegative().optional(),
  /** "true": every staff account enrols TOTP at its first sign-in before anything else (prod's requireMfa). */
  REQUIRE_MFA: z.enum(['true', 'false']).default('false'),
  /** "false" skips the sample posts. */
  SEED: z.enum(['true', 'false']).default('true'),
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error']).default('info'),
});

function readSettings() {
  const parsed = settingsSchema.safeParse(process.env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid local settings: ${problems}`);
  }
  return parsed.data;
}

const exists = (file: string) =>
  access(file).then(
    () => true,
    () => false,
  );

/** Render the stored live pages with this build (the local side of the deploy's seed-pages job). */
async function renderPagesOfEarlierStart(log: Logger): Promise<void> {
  try {
    const [{ renderLivePages }, { pageDeps }] = await Promise.all([
      import('../modules/pages/jobs/seed-pages'),
      import('../modules/pages/deps'),
    ]);
    const rendered = await renderLivePages(pageDeps(log));
    log.info('marketing pages rendered with this build', { rendered });
  } catch (error) {
    log.warn('the stored pages could not be rendered with this build; publish them again', {
      error,
    });
  }
}

function listen(server: Server, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      const address = server.address();
      resolve(address !== null && typeof address !== 'string' ? address.port : port);
    });
  });
}

/**
 * What the start banner says of the webhook: its origin only (the path of a Slack URL is its
 * secret), and whether bodies are signed.
 */
function webhookLine(url: string | undefined, secret: string | undefined): string {
  if (!url) return 'none (set LEAD_WEBHOOK_URL; `npm run webhook:receive` is one to try)';
  return `${new URL(url).origin}/…   (${secret ? 'signed with LEAD_WEBHOOK_SECRET' : 'unsigned: no LEAD_WEBHOOK_SECRET'})`;
}

async function main(): Promise<void> {
  const settings = readSettings();
  // LOCAL_HANDLERS=bundles: the functions run from the bundles that deploy (built by `npm run build`).
  const bundles = handlerMode() === 'bundles';
  if (bundles) requireBundles();
  const dataDir = path.resolve(settings.DATA_DIR);
  const log = logger.child({ service: 'local' });

  let standIns: StandIns | undefined;
  let server: Server | undefined;
  let jobs: JobLoop[] = [];
  let expiry: ReturnType<typeof startUploadExpiryJob> | undefined;
  let accessLog: LocalAccessLog | undefined;
  let stopping = false;
  const shutdown = async (code: number) => {
    if (stopping) return;
    stopping = true;
    await Promise.all(jobs.map((job) => job.stop()));
    await expiry?.stop();
    if (server) {
      // The requests logged so far still reach the access-log bucket and the 404 log.
      await accessLog?.stop();
      const s = server;
      await new Promise<void>((resolve) => {
        s.close(() => resolve());
        s.closeAllConnections();
      });
    }
    await standIns
      ?.stop()
      .catch((error: unknown) => log.error('stopping the stand-ins failed', { error }));
    process.exit(code);
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (stopping) process.exit(1); // a second Ctrl-C: do not wait
      process.stdout.write('\nStopping…\n');
      void shutdown(0);
    });
  }

  try {
    standIns = await startStandIns({ dataDir, host: settings.HOST, mailFrom: settings.MAIL_FROM });
    const provisioned = await provision({
      dataDir,
      standIns,
      admin: { email: settings.ADMIN_EMAIL, password: settings.ADMIN_PASSWORD },
      accessTokenTtlSeconds: settings.ADMIN_TOKEN_TTL_SECONDS,
    });

    const clients = standInClients(standIns.endpoints);
    const renderHandler = bundles
      ? builtRenderHandlerLoader()
      : renderHandlerLoader({
          entry: settings.RENDER_HANDLER,
          outDir: path.join(dataDir, 'render'),
          webRoot: path.join(REPO_ROOT, 'web'),
        });
    // The edge function's `cf.kvs()` reads the store the API writes through the KeyValueStore API.
    const redirectStore = standIns.redirectStore;
    const edgeCache = new EdgeCache();
    // CloudFront's standard logs: a file every few seconds in the access-log bucket, each one
    // handed to the 404 log's job as the bucket's event notification does in AWS.
    const recordNotFound = functionModule(triggerFunction('record-not-found'));
    accessLog = new LocalAccessLog({
      s3: clients.s3,
      bucket: LOCAL_NAMES.accessLogBucket,
      distributionId: LOCAL_DISTRIBUTION_ID,
      notify: async (event) => (await loadHandlerExport(recordNotFound))(event, {}),
    }).start();
    // The build in the site bucket, as the deploy's bucket deployments put it there (the table's
    // pages are rendered into it below): the edge answers the site from the bucket alone.
    try {
      const deployed = await deployBuiltSite({
        s3: clients.s3,
        bucket: LOCAL_NAMES.siteBucket,
        webDist: settings.WEB_DIST,
      });
      if (deployed?.uploaded) log.info('web build uploaded to the site bucket', deployed);
    } catch (error) {
      log.warn('uploading the web build to the site bucket failed; the next start tries again', {
        error,
      });
    }
    server = createLocalServer({
      webDist: settings.WEB_DIST,
      media: {
        s3: clients.s3,
        bucket: LOCAL_NAMES.bucket,
        uploadOrigin: new URL(standIns.endpoints.s3).origin,
      },
      renderHandler,
      redirects: (key) => redirectStore.get(key),
      siteBucket: { s3: clients.s3, bucket: LOCAL_NAMES.siteBucket },
      cache: edgeCache,
      accessLog,
      ...(settings.API_THROTTLE === 'off' ? { throttle: null } : {}),
    });
    // What the functions invalidate (a post published, a page re-rendered) leaves the edge's cache,
    // as it leaves CloudFront's.
    standIns.cdn.onInvalidate((paths) => edgeCache.invalidate(paths));
    // The page writers invoke the render function through the Lambda API: the same one, built once.
    standIns.setRenderFunction(async () => {
      const render = await renderHandler();
      return render && ((event) => render(event as Parameters<typeof render>[0]));
    });
    const port = await listen(server, settings.PORT, settings.HOST);
    const localUrl = `http://${settings.HOST.includes(':') ? `[${settings.HOST}]` : settings.HOST}:${port}`;
    const shownUrl =
      settings.SITE_URL ?? (settings.HOST === '127.0.0.1' ? `http://localhost:${port}` : localUrl);
    // The user pool's e-mails link to the site at this address, as the stage's pool does to its own.
    standIns.setSiteUrl(shownUrl);
    // Now that the port is known, the one complete environment, handed over before any handler
    // runs: the listen promise settles in a microtask, ahead of any request's I/O callback.
    applyLocalEnvironment(
      localEnvironment({
        endpoints: standIns.endpoints,
        provisioned,
        mail: { from: settings.MAIL_FROM, to: settings.MAIL_TO },
        requireMfa: settings.REQUIRE_MFA === 'true',
        site: { url: shownUrl, apiOrigin: localUrl, webDist: settings.WEB_DIST },
        pagePaths: builtPagePaths(settings.WEB_DIST),
        renderedPaths: builtRenderedPaths(settings.WEB_DIST),
        leads: {
          ...(settings.LEAD_WEBHOOK_URL ? { webhookUrl: settings.LEAD_WEBHOOK_URL } : {}),
          ...(settings.LEAD_WEBHOOK_SECRET ? { webhookSecret: settings.LEAD_WEBHOOK_SECRET } : {}),
          ...(settings.LEAD_MIN_FILL_MS !== undefined
            ? { minFillMs: settings.LEAD_MIN_FILL_MS }
            : {}),
        },
      }),
    );

    // The admin uploads images straight to the bucket (the S3 stand-in's address) from the site's pages.
    await allowBrowserUploads(standIns.endpoints, [shownUrl, localUrl]);

    // The marketing pages and site settings of the web build, where the table has none (the
    // deploy's seed-pages job in AWS); before the rebuild, which writes their edge entries, and before the sample posts,
    // which take a while: the site's pages are there moments after the server answers.
    try {
      const result = await seedLocalPages(REPO_ROOT);
      if (result.pages || result.settings) {
        log.info('marketing pages seeded', { ...result });
        // Rendered into the site bucket, as the deploy's seed-pages job renders what it seeded.
        await renderPagesOfEarlierStart(log);
      }
      // Pages of an earlier start were published with an earlier build, whose scripts this build
      // replaced: render them again, as each deploy's seed-pages job does (in the background; until
      // it is done they are served as they were).
      else void renderPagesOfEarlierStart(log);
    } catch (error) {
      log.warn('seeding the marketing pages failed; the next start tries again', { error });
    }

    const marker = path.join(dataDir, 'seeded');
    if (settings.SEED === 'true' && !(await exists(marker))) {
      try {
        const result = await seedPosts({
          baseUrl: localUrl,
          adminEmail: settings.ADMIN_EMAIL,
          adminPassword: settings.ADMIN_PASSWORD,
        });
        await writeFile(marker, `${new Date().toISOString()}\n`);
        log.info(
          result.seeded ? 'sample posts created' : 'sample posts skipped',
          result.seeded ? { posts: result.created } : { reason: result.reason },
        );
      } catch (error) {
        log.warn('sample posts could not be created; the next start tries again', { error });
      }
    }

    // The redirect store equals the table of record, as after each deploy in AWS; the endpoints
    // file lets the operators' commands (`npm run redirects:rebuild -- --local`, `ops:…`) reach
    // this stack's stand-ins later.
    try {
      await writeFile(
        path.join(dataDir, LOCAL_ENDPOINTS_FILE),
        `${JSON.stringify(standIns.endpoints, null, 2)}\n`,
      );
      const { runRebuildRedirects } = await import('../modules/redirects/jobs/rebuild-redirects');
      const result = await runRebuildRedirects();
      if (result.put || result.deleted || result.dropped)
        log.info('redirect store rebuilt', { ...result });
    } catch (error) {
      log.warn('rebuilding the redirect store failed; the next start tries again', { error });
    }

    // Leads stored before the dashboard's aggregates are counted into them, as after each deploy
    // in AWS; each lead once, so later starts find nothing new.
    try {
      const { runBackfillLeadStats } =
        await import('../modules/dashboard/jobs/backfill-lead-stats');
      const result = await runBackfillLeadStats();
      if (result.failed)
        log.warn('some leads were not counted; the next start tries again', { ...result });
    } catch (error) {
      log.warn('lead statistics backfill failed; the next start tries again', { error });
    }

    // The scheduled jobs of the job list, each JOB_SPEEDUP times as often as its rule runs in AWS.
    jobs = startScheduledJobs(settings.JOB_SPEEDUP);
    expiry = startUploadExpiryJob({ s3: clients.s3, bucket: LOCAL_NAMES.bucket });
    void expiry.runNow(); // uploads left while the stack was down
    // Build the blog renderer now rather than on the first blog request (it takes a few seconds).
    void renderHandler();
    if (!(await exists(settings.WEB_DIST)))
      log.warn(
        'web/dist is missing: run `npm run build -w web` for the site (the API works without it)',
      );
    process.stdout.write(
      [
        '',
        '  Agency site is running',
        `  Site:         ${shownUrl}/`,
        `  API:          ${shownUrl}/api   (health: ${shownUrl}/api/health)`,
        `  Admin:        ${shownUrl}/creative-login`,
        `  Admin login:  ${settings.ADMIN_EMAIL} / ${settings.ADMIN_PASSWORD}`,
        `  Mail inbox:   ${standIns.sesInboxUrl}   (e-mails the site sent, JSON at ${standIns.endpoints.ses}/store)`,
        '                team invitations and password reset codes land there too',
        `  Lead webhook: ${webhookLine(settings.LEAD_WEBHOOK_URL, settings.LEAD_WEBHOOK_SECRET)}`,
        `  Data folder:  ${dataDir}`,
        '  Ctrl-C stops everything.',
        '',
      ].join('\n'),
    );
  } catch (error) {
    log.error('the local stack could not start', { error });
    await shutdown(1);
  }
}

void main();
