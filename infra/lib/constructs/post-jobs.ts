import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import type * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import * as events from 'aws-cdk-lib/aws-events';
import * as targets from 'aws-cdk-lib/aws-events-targets';
import { jobFunction } from '@agency/lambdas/functions';
import { Construct } from 'constructs';
import { applyGrants, grantInvalidation, type GrantTargets } from '../apply-grants';
import { PUBLISH_JOB_GRANTS } from '../grants';
import { AgencyFunction } from './agency-function';

export interface PostJobsProps {
  targets: GrantTargets;
  protectData: boolean;
  logRetentionDays: number;
}

/** How often scheduled posts are looked at: a post goes live within this long of its time. */
export const PUBLISH_INTERVAL = Duration.minutes(1);

/** The per-minute job that publishes scheduled posts whose time has come (no one needs to act). */
export class PostJobs extends Construct {
  readonly publishFunction: AgencyFunction;
  readonly schedule: events.Rule;

  constructor(scope: Construct, id: string, props: PostJobsProps) {
    super(scope, id);
    this.publishFunction = new AgencyFunction(this, 'PublishScheduledPostsFunction', {
      bundle: jobFunction('publish-scheduled-posts').name,
      description: 'Publishes scheduled posts whose time has come, every minute.',
      logRetentionDays: props.logRetentionDays,
      removalPolicy: props.protectData ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
      timeout: Duration.seconds(50),
      environment: { LOG_LEVEL: 'info' },
    });
    applyGrants(this.publishFunction, PUBLISH_JOB_GRANTS, props.targets);
    this.schedule = new events.Rule(this, 'PublishSchedule', {
      description: 'Publish scheduled posts that are due.',
      schedule: events.Schedule.rate(PUBLISH_INTERVAL),
      targets: [new targets.LambdaFunction(this.publishFunction, { retryAttempts: 0 })],
    });
  }

  /** Let the job drop the cached pages of the posts it publishes. */
  connectSite(distribution: cloudfront.IDistribution): void {
    grantInvalidation(this.publishFunction, distribution);
  }
}
