import { sitePagePatterns } from '@agency/shared/edge';
import {
  CfnOutput,
  CfnResource,
  FileSystem,
  NestedStack,
  Stack,
  type StackProps,
} from 'aws-cdk-lib';
import { Construct } from 'constructs';
import type { StageConfig } from '../config';
import { AccessLogs } from '../constructs/access-logs';
import { Api } from '../constructs/api';
import { Auth } from '../constructs/auth';
import { Backup } from '../constructs/backup';
import { SiteCanary } from '../constructs/canary';
import { Data } from '../constructs/data';
import {
  addDeployJob,
  configureTriggerProvider,
  runAtDeploy,
  type DeployJob,
} from '../constructs/deploy-job';
import { applySiteGrants } from '../apply-grants';
import { SEED_PAGES_GRANTS } from '../grants';
import { Images } from '../constructs/images';
import { LeadStats } from '../constructs/lead-stats';
import { Mail } from '../constructs/mail';
import { Media } from '../constructs/media';
import { Monitoring } from '../constructs/monitoring';
import { NotFoundLog } from '../constructs/not-found-log';
import { OriginRotation } from '../constructs/origin-rotation';
import { Render } from '../constructs/render';
import { SCHEDULED_JOBS, ScheduledJob, type ScheduledJobName } from '../constructs/scheduled-job';
import { Site, type WebBuild } from '../constructs/site';
import { OUTPUTS } from '../names';

export { OUTPUTS };

export interface SiteStackProps extends StackProps {
  config: StageConfig;
  /** The web build, when it exists. */
  web: WebBuild | undefined;
  /** The stage's WAF web ACL (us-east-1), when `waf` is on. */
  webAclArn?: string;
}

/**
 * HTTP API routes of the pages the render handler answers, from the site pages' edge patterns:
 * `/blog/*` (CloudFront: `/blog/` and anything under it) is `/blog/{proxy+}`, so a deeper path
 * still reaches the handler, which answers its own not-found page.
 */
export const renderRoutes = (web: WebBuild | undefined): string[] =>
  (web?.pages.rendered ?? []).map((p) => (p.endsWith('/*') ? `${p.slice(0, -1)}{proxy+}` : p));

/**
 * The origins whose pages may post upload forms to the media bucket: the site's domains. Without a
 * custom domain the site's address is its distribution's `*.cloudfront.net` name, which the bucket
 * cannot name (the distribution has the bucket as an origin, so each would wait for the other);
 * CORS only decides whether a page may read the bucket's answer, and the presigned form, which the
 * admin-only API signs per upload, is what lets anyone write.
 */
export const uploadOrigins = (domain: StageConfig['domain']): string[] =>
  domain ? domain.names.map((name) => `https://${name}`) : ['https://*.cloudfront.net'];

/**
 * Run a deploy job at each deploy that ships another build of `bundleDir` too, not only when the
 * job's own function changes: its Trigger carries the bundle's fingerprint, and a changed property
 * is an update, which the trigger provider runs the job for.
 */
export function runWithEachBuild(job: DeployJob, bundleDir: string): void {
  const resource = job.trigger.node.defaultChild?.node.defaultChild;
  if (!(resource instanceof CfnResource)) throw new Error('the trigger has no resource');
  resource.addPropertyOverride('Build', FileSystem.fingerprint(bundleDir));
}

/** The whole system for one stage: data, media and the image function, auth, mail, API, render handler, jobs (lead deliveries, scheduled posts, lead statistics backfill) and site. */
export class SiteStack extends Stack {
  readonly data: Data;
  readonly media: Media;
  readonly images: Images;
  readonly auth: Auth;
  readonly mail: Mail;
  /**
   * The HTTP API, its routes and integrations in this stack; its operations' functions in a nested
   * stack of their own (`api.functionsStack`), which what waits for the API (`executeAfter`) waits
   * for too.
   */
  readonly api: Api;
  readonly render: Render;
  readonly jobs: Record<ScheduledJobName, ScheduledJob>;
  readonly leadStats: LeadStats;
  /** The deploy-time rebuild of the edge's redirect store from DynamoDB. */
  readonly redirectRebuild: DeployJob;
  /**
   * The deploy-time job of the marketing pages: the seed stored where the table has none, then
   * every live page and the fixed pages rendered with the new build into the site bucket.
   */
  readonly pageRender: DeployJob;
  readonly site: Site;
  /** The 404 log's job, run on each CloudFront log file the access-log bucket receives. */
  readonly notFoundLog: NotFoundLog;
  /** The nested stack of the stage's alarms, dashboard and budget. */
  readonly operations: NestedStack;
  readonly monitoring: Monitoring;
  /** AWS Backup's plan, restore test and alarms of the stage's data (protectData stages only). */
  readonly backup?: Backup;

  constructor(scope: Construct, id: string, props: SiteStackProps) {
    super(scope, id, props);
    const { config } = props;
    const common = { protectData: config.protectData, logRetentionDays: config.logRetentionDays };

    const accessLogs = new AccessLogs(this, 'AccessLogs', {
      protectData: config.protectData,
      retentionDays: Math.max(config.logRetentionDays, 30),
    });
    this.data = new Data(this, 'Data', { protectData: config.protectData });
    this.media = new Media(this, 'Media', {
      protectData: config.protectData,
      accessLogs: accessLogs.bucket,
      uploadOrigins: uploadOrigins(config.domain),
    });
    this.mail = new Mail(this, 'Mail', config.mail);
    this.auth = new Auth(this, 'Auth', {
      ...common,
      requireMfa: config.requireMfa,
      mail: this.mail,
    });
    const baseTargets = {
      tables: this.data.tables,
      media: this.media.bucket,
      mail: this.mail,
      auth: this.auth,
      ...(config.leadWebhook ? { leadWebhook: config.leadWebhook } : {}),
    };
    this.images = new Images(this, 'Images', { ...common, targets: baseTargets });
    const targets = { ...baseTargets, images: this.images.processFunction };

    this.api = new Api(this, 'Api', {
      ...common,
      targets,
      auth: this.auth,
      limits: config.apiLimits,
    });
    // Leads are counted from the moment the new createLead runs; the backfill counts the ones
    // before it (each lead once), so it runs once the new API is in place.
    this.leadStats = new LeadStats(this, 'LeadStats', { ...common, targets });
    this.leadStats.backfill.trigger.executeAfter(this.api);
    this.pageRender = addDeployJob(new Construct(this, 'Pages'), {
      ...common,
      job: 'seed-pages',
      functionId: 'SeedFunction',
      triggerId: 'Seed',
      description:
        "Stores the build's marketing pages where the table has none, then renders every live page with the new build.",
      grants: SEED_PAGES_GRANTS,
      targets,
    });
    this.jobs = Object.fromEntries(
      (Object.keys(SCHEDULED_JOBS) as ScheduledJobName[]).map((job) => [
        job,
        new ScheduledJob(this, { ...common, job, targets }),
      ]),
    ) as Record<ScheduledJobName, ScheduledJob>;
    // The edge's redirect store made equal to the table of record at each deploy that changes the
    // job (its code, or the store or pages it is told), as well as every hour: a new or replaced
    // store starts full.
    const rebuild = this.jobs['rebuild-redirects'];
    this.redirectRebuild = { fn: rebuild.fn, trigger: runAtDeploy(rebuild, 'Rebuild', rebuild.fn) };
    // Kept under Images, where the provider's log group was first made, so it is not replaced.
    configureTriggerProvider(this.images, common, [
      this.leadStats.backfill,
      this.redirectRebuild,
      this.pageRender,
    ]);
    // The 404 log counts what the edge answered 404, from CloudFront's own logs (never a visitor's word).
    this.notFoundLog = new NotFoundLog(this, 'NotFoundLog', {
      ...common,
      accessLogs: accessLogs.bucket,
      targets,
    });
    this.render = new Render(this, 'Render', {
      ...common,
      routes: renderRoutes(props.web),
      api: this.api,
    });

    this.site = new Site(this, 'Site', {
      apiDomainName: this.api.domainName,
      originVerifyValue: this.api.originSecretValue(),
      media: this.media.bucket,
      uploadOrigin: this.media.uploadOrigin,
      accessLogs: accessLogs.bucket,
      web: props.web,
      protectData: config.protectData,
      logRetentionDays: config.logRetentionDays,
      priceClass: config.priceClass,
      domain: config.domain,
      ...(props.webAclArn ? { webAclArn: props.webAclArn } : {}),
    });
    // Functions that change what cached pages show may refresh them, and those that link to the
    // site know its address (their grants say which).
    const site = {
      distribution: this.site.distribution,
      url: this.site.url,
      redirectStore: this.site.redirectStore,
      pagePaths: props.web ? sitePagePatterns(props.web.pages) : [],
      renderedPaths: props.web?.pages.rendered ?? [],
      bucket: this.site.bucket,
      renderer: this.render.fn,
    };
    this.api.connectSite(site);
    // The origin secret rotates by itself: CloudFront's header is the rotation's to change.
    const originRotation = new OriginRotation(this, 'OriginRotation', {
      ...common,
      secret: this.api.originSecret,
      distribution: this.site.distribution,
      ...(props.webAclArn ? { webAclArn: props.webAclArn } : {}),
    });
    this.redirectRebuild.trigger.executeAfter(this.site.redirectStore, this.api);
    applySiteGrants(this.pageRender.fn, SEED_PAGES_GRANTS, site);
    // The pages are rendered by the new render function (the new build's markup and asset names),
    // once the build's other files and assets are in the bucket (which never writes these pages).
    this.pageRender.trigger.executeAfter(this.render);
    if (this.site.pagesDeployment) this.pageRender.trigger.executeAfter(this.site.pagesDeployment);
    runWithEachBuild(this.pageRender, this.render.fn.bundleDir);
    for (const job of Object.values(this.jobs)) job.connectSite(site);
    this.render.setSiteUrl(this.site.url);

    // Eyes on the stage: alarms to its alarm e-mails, the budget, the dashboard.
    const jobs = [
      ...Object.entries(this.jobs).map(([name, job]) => ({
        name,
        fn: job.fn,
        interval: job.interval,
      })),
    ];
    // A nested stack of its own, as the API's functions are (Api.functionsStack): each stack keeps
    // room under CloudFormation's 500 resources a stack.
    this.operations = new NestedStack(this, 'Operations', {
      description: `Alarms, dashboard and budget of ${config.stackName}.`,
    });
    const mailEvents = this.mail.handleEvents(this.operations, { ...common, targets: baseTargets });
    // Daily backups with a weekly restore test where the data is kept (prod); dev's is disposable.
    if (config.protectData)
      this.backup = new Backup(this.operations, 'Backup', {
        stackName: config.stackName,
        tables: this.data.backedUp,
        bucket: this.media.bucket,
        logRetentionDays: config.logRetentionDays,
        ...(config.backupCopyRegion ? { copyRegion: config.backupCopyRegion } : {}),
      });
    this.monitoring = new Monitoring(this.operations, 'Monitoring', {
      stackName: config.stackName,
      alarmEmails: config.operations.alarmEmails,
      monthlyBudgetUsd: config.operations.monthlyBudgetUsd,
      api: this.api,
      requestFunctions: [
        ...[...this.api.functions].map(([name, fn]) => ({ name, fn })),
        { name: 'render', fn: this.render.fn },
        { name: 'staff-scopes', fn: this.auth.staffScopes },
      ],
      backgroundFunctions: [
        ...jobs,
        { name: 'process-image', fn: this.images.processFunction },
        { name: 'mail-events', fn: mailEvents.worker },
        { name: 'record-not-found', fn: this.notFoundLog.fn },
        { name: 'rotate-origin-secret', fn: originRotation.fn },
        ...(this.backup ? [{ name: 'check-restore', fn: this.backup.checkFunction }] : []),
      ],
      asyncFunctions: [
        // A scheduled job's next run is its retry.
        ...jobs.map(({ name, fn }) => ({ name, fn, retryAttempts: 0 })),
        { name: 'process-image', fn: this.images.processFunction, retryAttempts: 2 },
        { name: 'mail-events', fn: mailEvents.worker, retryAttempts: 2 },
        { name: 'record-not-found', fn: this.notFoundLog.fn, retryAttempts: 2 },
      ],
      scheduledJobs: jobs,
      tables: this.data.tables,
      mail: this.mail,
      ...(config.operations.alarmsToWebhook
        ? { webhookCopy: { ...common, targets: baseTargets } }
        : {}),
    });
    this.auth.setSiteUrl(this.site.url);
    this.backup?.alarmTo(this.monitoring.topic);
    // Prod's synthetic visitor: the home page, a post, the enquiry challenge and sign-in every 5
    // minutes (dev runs the same checks after each deploy only).
    if (config.stage === 'prod')
      new SiteCanary(this.operations, 'Canary', {
        siteUrl: this.site.url,
        topic: this.monitoring.topic,
        stackName: config.stackName,
        protectData: config.protectData,
      });

    new CfnOutput(this, OUTPUTS.siteUrl, {
      value: this.site.url,
      description: 'Public address of the site.',
    });
    // No output of the execute-api address: the API answers only through CloudFront (one door in).
    new CfnOutput(this, OUTPUTS.userPoolId, {
      value: this.auth.userPool.userPoolId,
      description: 'Cognito user pool of the admins.',
    });
    new CfnOutput(this, OUTPUTS.userPoolClientId, {
      value: this.auth.client.userPoolClientId,
      description: 'App client the admin login uses.',
    });
    new CfnOutput(this, OUTPUTS.distributionId, {
      value: this.site.distribution.distributionId,
      description: 'CloudFront distribution of the site.',
    });
  }
}
