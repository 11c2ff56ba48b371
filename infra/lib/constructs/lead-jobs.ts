import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import * as events from 'aws-cdk-lib/aws-events';
import * as targets from 'aws-cdk-lib/aws-events-targets';
import { jobFunction } from '@agency/lambdas/functions';
import { Construct } from 'constructs';
import { applyGrants, type GrantTargets } from '../apply-grants';
import { RETRY_JOB_GRANTS } from '../grants';
import { AgencyFunction } from './agency-function';

export interface LeadJobsProps {
  targets: GrantTargets;
  protectData: boolean;
  logRetentionDays: number;
}

/** How often leads whose e-mail failed are retried. */
export const RETRY_INTERVAL = Duration.minutes(5);

/** The scheduled job that re-sends lead e-mails that failed (the design uses no DynamoDB streams). */
export class LeadJobs extends Construct {
  readonly retryFunction: AgencyFunction;
  readonly schedule: events.Rule;

  constructor(scope: Construct, id: string, props: LeadJobsProps) {
    super(scope, id);
    this.retryFunction = new AgencyFunction(this, 'RetryLeadEmailsFunction', {
      bundle: jobFunction('retry-lead-emails').name,
      description: 'Re-sends lead e-mails that failed, every 5 minutes.',
      logRetentionDays: props.logRetentionDays,
      removalPolicy: props.protectData ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
      timeout: Duration.minutes(2),
      environment: { LOG_LEVEL: 'info' },
    });
    applyGrants(this.retryFunction, RETRY_JOB_GRANTS, props.targets);
    this.schedule = new events.Rule(this, 'RetrySchedule', {
      description: 'Retry lead e-mails that have not been sent.',
      schedule: events.Schedule.rate(RETRY_INTERVAL),
      targets: [new targets.LambdaFunction(this.retryFunction, { retryAttempts: 0 })],
    });
  }
}
