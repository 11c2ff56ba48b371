import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import * as events from 'aws-cdk-lib/aws-events';
import * as targets from 'aws-cdk-lib/aws-events-targets';
import {
  jobFunction,
  SCHEDULED_JOBS as JOB_LIST,
  SCHEDULED_JOB_NAMES,
  type ScheduledJobName,
} from '@agency/lambdas/functions';
import { Construct } from 'constructs';
import { applyGrants, applySiteGrants, type GrantTargets, type SiteTarget } from '../apply-grants';
import { SCHEDULED_JOB_GRANTS, type FunctionGrants } from '../grants';
import { AgencyFunction } from './agency-function';

export type { ScheduledJobName };

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

/**
 * Construct ids of the jobs deployed before the ids derived from the job's name: changing them
 * would replace the deployed function and rule. A new job takes the derived ones.
 */
const FIRST_IDS: Partial<Record<ScheduledJobName, { id: string; scheduleId: string }>> = {
  'retry-lead-emails': { id: 'LeadJobs', scheduleId: 'RetrySchedule' },
  'publish-scheduled-posts': { id: 'PostJobs', scheduleId: 'PublishSchedule' },
  'purge-trash': { id: 'TrashJobs', scheduleId: 'PurgeTrashSchedule' },
};

const pascalCase = (name: string): string =>
  name.replace(/(^|-)([a-z0-9])/g, (_, _dash: string, c: string) => c.toUpperCase());

function jobSchedule(name: ScheduledJobName): JobSchedule {
  const job = JOB_LIST[name];
  const ids = FIRST_IDS[name] ?? { id: `${pascalCase(name)}Job`, scheduleId: 'Schedule' };
  return {
    ...ids,
    functionId: `${pascalCase(name)}Function`,
    description: job.description,
    scheduleDescription: job.ruleDescription,
    interval: Duration.minutes(job.everyMinutes),
    timeout: Duration.seconds(job.timeoutSeconds),
    grants: SCHEDULED_JOB_GRANTS[name],
  };
}

/**
 * The jobs EventBridge runs on a schedule, from the lambdas' job list (`@agency/lambdas/functions`,
 * where each job's schedule is written once) and the grants table.
 */
export const SCHEDULED_JOBS = Object.fromEntries(
  SCHEDULED_JOB_NAMES.map((name) => [name, jobSchedule(name)]),
) as Record<ScheduledJobName, JobSchedule>;

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
