import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import * as events from 'aws-cdk-lib/aws-events';
import * as targets from 'aws-cdk-lib/aws-events-targets';
import { jobFunction } from '@agency/lambdas/functions';
import { Construct } from 'constructs';
import { applyGrants, applySiteGrants, type GrantTargets, type SiteTarget } from '../apply-grants';
import {
  PUBLISH_JOB_GRANTS,
  PURGE_TRASH_JOB_GRANTS,
  RETRY_JOB_GRANTS,
  type FunctionGrants,
} from '../grants';
import { AgencyFunction } from './agency-function';

/** What makes one scheduled job: its function, what it may do and how often it runs. */
export interface JobSchedule {
  /** Construct ids: kept as they were, so the deployed function and rule are never replaced. */
  id: string;
  functionId: string;
  scheduleId: string;
  description: string;
  scheduleDescription: string;
  interval: Duration;
  timeout: Duration;
  grants: FunctionGrants;
}

/** The jobs EventBridge runs on a schedule (the design uses no DynamoDB streams). */
export const SCHEDULED_JOBS = {
  'retry-lead-emails': {
    id: 'LeadJobs',
    functionId: 'RetryLeadEmailsFunction',
    scheduleId: 'RetrySchedule',
    description: 'Re-sends lead e-mails and webhook calls that failed, every 5 minutes.',
    scheduleDescription: 'Retry lead e-mails and webhook calls that have not been sent.',
    interval: Duration.minutes(5),
    timeout: Duration.minutes(2),
    grants: RETRY_JOB_GRANTS,
  },
  'publish-scheduled-posts': {
    id: 'PostJobs',
    functionId: 'PublishScheduledPostsFunction',
    scheduleId: 'PublishSchedule',
    description: 'Publishes scheduled posts whose time has come, every minute.',
    scheduleDescription: 'Publish scheduled posts that are due.',
    // A post goes live within this long of its time.
    interval: Duration.minutes(1),
    timeout: Duration.seconds(50),
    grants: PUBLISH_JOB_GRANTS,
  },
  'purge-trash': {
    id: 'TrashJobs',
    functionId: 'PurgeTrashFunction',
    scheduleId: 'PurgeTrashSchedule',
    description: 'Deletes for good the posts trashed more than 30 days ago, every hour.',
    scheduleDescription: 'Purge posts trashed more than 30 days ago, with their unused images.',
    interval: Duration.hours(1),
    timeout: Duration.minutes(2),
    grants: PURGE_TRASH_JOB_GRANTS,
  },
} as const satisfies Record<string, JobSchedule>;

export type ScheduledJobName = keyof typeof SCHEDULED_JOBS;

export interface ScheduledJobProps {
  job: ScheduledJobName;
  targets: GrantTargets;
  protectData: boolean;
  logRetentionDays: number;
}

/** One scheduled job: its function from the job's bundle, its grants, and the rule that runs it. */
export class ScheduledJob extends Construct {
  readonly fn: AgencyFunction;
  readonly schedule: events.Rule;
  /** How often the job runs (its alarm expects at least one run in twice this). */
  readonly interval: Duration;
  private readonly grants: FunctionGrants;

  constructor(scope: Construct, props: ScheduledJobProps) {
    const spec: JobSchedule = SCHEDULED_JOBS[props.job];
    super(scope, spec.id);
    this.grants = spec.grants;
    this.fn = new AgencyFunction(this, spec.functionId, {
      bundle: jobFunction(props.job).name,
      description: spec.description,
      logRetentionDays: props.logRetentionDays,
      removalPolicy: props.protectData ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
      timeout: spec.timeout,
      environment: { LOG_LEVEL: 'info' },
    });
    applyGrants(this.fn, spec.grants, props.targets);
    this.interval = spec.interval;
    this.schedule = new events.Rule(this, spec.scheduleId, {
      description: spec.scheduleDescription,
      schedule: events.Schedule.rate(spec.interval),
      targets: [new targets.LambdaFunction(this.fn, { retryAttempts: 0 })],
    });
  }

  /** Give the job what its grants say it needs of the site (cached pages, its address). */
  connectSite(site: SiteTarget): void {
    applySiteGrants(this.fn, this.grants, site);
  }
}
